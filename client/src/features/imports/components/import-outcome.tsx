import type { ImportResult } from '@shared/contracts/imports';
import { type Translate, translateMessage, useT } from '@/i18n';

/** 'Nothing changed: its 4 members were already up to date.' */
const unchangedText = (count: number, t: Translate) =>
  t('{count, plural, one {Nothing changed: its member was already up to date.} other {Nothing changed: its # members were already up to date.}}', { count });

/** The toast after an import: what it did, a sentence each; a file imported again says that nothing changed. */
export function importSummary(outcome: ImportResult, t: Translate): string {
  const sentences = [
    outcome.importedCount > 0 && outcome.changedCount === 0
      ? unchangedText(outcome.importedCount, t)
      : t('{count, plural, one {# member imported.} other {# members imported.}}', { count: outcome.importedCount }),
    outcome.alreadyMembers.length
      ? t('{count, plural, one {# row is a member already: their own log is kept.} other {# rows are members already: their own log is kept.}}', { count: outcome.alreadyMembers.length })
      : null,
    outcome.errors.length ? t('{count, plural, one {# row needs fixing.} other {# rows need fixing.}}', { count: outcome.errors.length }) : null,
    outcome.refusedCells.length ? t('{count, plural, one {# cell was left out.} other {# cells were left out.}}', { count: outcome.refusedCells.length }) : null,
  ];
  return sentences.filter((sentence) => sentence !== null).join(' ');
}

/** Step 4 of the import wizard: what was imported, who was already a member, and what needs fixing. */
export function ImportOutcome({ id, result }: { id: string; result: ImportResult }) {
  const t = useT();
  const unchanged = result.importedCount > 0 && result.changedCount === 0;
  return (
    <div className="grid gap-4">
      <p className="text-lg">
        {unchanged
          ? unchangedText(result.importedCount, t)
          : result.createdCount
            ? t('{count, plural, one {# member imported, {created} of them new.} other {# members imported, {created} of them new.}}', { count: result.importedCount, created: result.createdCount })
            : t('{count, plural, one {# member imported.} other {# members imported.}}', { count: result.importedCount })}
      </p>
      <OutcomeList
        id={`${id}-members`}
        title={t('{count, plural, one {# row is a member already} other {# rows are members already}}', { count: result.alreadyMembers.length })}
        label={t('Rows of members already here')}
        items={result.alreadyMembers.map((row) => ({ key: String(row.row), where: t('Row {row}:', { row: row.row }), what: row.email }))}
        next={t('They have their own account here, and their own log is kept: nothing in those rows needs fixing.')}
      />
      <OutcomeList
        id={`${id}-refused`}
        title={t('{count, plural, one {# row was not imported} other {# rows were not imported}}', { count: result.errors.length })}
        tone="destructive"
        label={t('Rows not imported')}
        items={result.errors.map((problem) => ({ key: `${problem.row}-${problem.message}`, where: t('Row {row}:', { row: problem.row }), what: translateMessage(problem.message) }))}
        next={t('Correct those rows in the file and import it again: rows already imported stay as they are.')}
      />
      <OutcomeList
        id={`${id}-cells`}
        title={t('{count, plural, one {# cell was left out} other {# cells were left out}}', { count: result.refusedCells.length })}
        label={t('Cells left out')}
        items={result.refusedCells.map((cell) => ({ key: `${cell.row}-${cell.column}`, where: t('Row {row}, “{column}”:', { row: cell.row, column: cell.column }), what: translateMessage(cell.message) }))}
        next={t('Those members were imported without these cells. Correct the cells in the file and import it again to add them.')}
      />
      {!result.errors.length && !result.refusedCells.length && !unchanged ? (
        <p className="text-sm text-muted-foreground">{t('Every row was imported. The members appear in the list with their history.')}</p>
      ) : null}
    </div>
  );
}

/** One part of the outcome: a heading, its rows (scrolling when long) and what to do next; nothing when empty. */
function OutcomeList({ id, title, tone, label, items, next }: { id: string; title: string; tone?: 'destructive'; label: string; items: { key: string; where: string; what: string }[]; next: string }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h3 id={id} className={tone === 'destructive' ? 'font-semibold text-destructive' : 'font-semibold'}>
        {title}
      </h3>
      <ul className="grid max-h-60 gap-1 overflow-y-auto rounded-lg border border-border p-3 text-sm" tabIndex={0} aria-label={label}>
        {items.map((item) => (
          <li key={item.key} className="[overflow-wrap:anywhere]">
            <span className="font-medium">{item.where}</span> {item.what}
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">{next}</p>
    </section>
  );
}
