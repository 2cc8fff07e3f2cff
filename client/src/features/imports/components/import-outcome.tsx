import type { ImportResult } from '@shared/contracts/imports';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The toast after an import: what it did in one line; a file imported again says that nothing changed. */
export function importSummary(outcome: ImportResult): string {
  const imported =
    outcome.importedCount > 0 && outcome.changedCount === 0
      ? `Nothing changed: ${outcome.importedCount === 1 ? 'its member was' : `its ${outcome.importedCount} members were`} already up to date.`
      : `${plural(outcome.importedCount, 'member', 'members')} imported.`;
  const members = outcome.alreadyMembers.length ? ` ${plural(outcome.alreadyMembers.length, 'row is a member', 'rows are members')} already: their own log is kept.` : '';
  const refused = outcome.errors.length ? ` ${plural(outcome.errors.length, 'row needs', 'rows need')} fixing.` : '';
  const cells = outcome.refusedCells.length ? ` ${plural(outcome.refusedCells.length, 'cell was', 'cells were')} left out.` : '';
  return `${imported}${members}${refused}${cells}`;
}

/** Step 4 of the import wizard: what was imported, who was already a member, and what needs fixing. */
export function ImportOutcome({ id, result }: { id: string; result: ImportResult }) {
  const unchanged = result.importedCount > 0 && result.changedCount === 0;
  return (
    <div className="grid gap-4">
      <p className="text-lg">
        {unchanged
          ? `Nothing changed: ${result.importedCount === 1 ? 'its member was' : `its ${result.importedCount} members were`} already up to date.`
          : `${plural(result.importedCount, 'member', 'members')} imported${result.createdCount ? `, ${result.createdCount} of them new` : ''}.`}
      </p>
      <OutcomeList
        id={`${id}-members`}
        title={`${plural(result.alreadyMembers.length, 'row is a member', 'rows are members')} already`}
        label="Rows of members already here"
        items={result.alreadyMembers.map((row) => ({ key: String(row.row), where: `Row ${row.row}:`, what: row.email }))}
        next="They have their own account here, and their own log is kept: nothing in those rows needs fixing."
      />
      <OutcomeList
        id={`${id}-refused`}
        title={`${plural(result.errors.length, 'row was', 'rows were')} not imported`}
        tone="destructive"
        label="Rows not imported"
        items={result.errors.map((problem) => ({ key: `${problem.row}-${problem.message}`, where: `Row ${problem.row}:`, what: problem.message }))}
        next="Correct those rows in the file and import it again: rows already imported stay as they are."
      />
      <OutcomeList
        id={`${id}-cells`}
        title={`${plural(result.refusedCells.length, 'cell was', 'cells were')} left out`}
        label="Cells left out"
        items={result.refusedCells.map((cell) => ({ key: `${cell.row}-${cell.column}`, where: `Row ${cell.row}, “${cell.column}”:`, what: cell.message }))}
        next="Those members were imported without these cells. Correct the cells in the file and import it again to add them."
      />
      {!result.errors.length && !result.refusedCells.length && !unchanged ? (
        <p className="text-sm text-muted-foreground">Every row was imported. The members appear in the list with their history.</p>
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
