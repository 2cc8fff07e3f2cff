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
      {result.alreadyMembers.length ? (
        <section aria-labelledby={`${id}-members`} className="grid gap-2">
          <h3 id={`${id}-members`} className="font-semibold">
            {plural(result.alreadyMembers.length, 'row is a member', 'rows are members')} already
          </h3>
          <ul className="grid max-h-60 gap-1 overflow-y-auto rounded-lg border border-border p-3 text-sm" tabIndex={0} aria-label="Rows of members already here">
            {result.alreadyMembers.map((row) => (
              <li key={row.row} className="[overflow-wrap:anywhere]">
                <span className="font-medium">Row {row.row}:</span> {row.email}
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">They have their own account here, and their own log is kept: nothing in those rows needs fixing.</p>
        </section>
      ) : null}
      {result.errors.length ? (
        <section aria-labelledby={`${id}-refused`} className="grid gap-2">
          <h3 id={`${id}-refused`} className="font-semibold text-destructive">
            {plural(result.errors.length, 'row was', 'rows were')} not imported
          </h3>
          <ul className="grid max-h-60 gap-1 overflow-y-auto rounded-lg border border-border p-3 text-sm" tabIndex={0} aria-label="Rows not imported">
            {result.errors.map((problem) => (
              <li key={`${problem.row}-${problem.message}`}>
                <span className="font-medium">Row {problem.row}:</span> {problem.message}
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">Correct those rows in the file and import it again: rows already imported stay as they are.</p>
        </section>
      ) : null}
      {result.refusedCells.length ? (
        <section aria-labelledby={`${id}-cells`} className="grid gap-2">
          <h3 id={`${id}-cells`} className="font-semibold">
            {plural(result.refusedCells.length, 'cell was', 'cells were')} left out
          </h3>
          <ul className="grid max-h-60 gap-1 overflow-y-auto rounded-lg border border-border p-3 text-sm" tabIndex={0} aria-label="Cells left out">
            {result.refusedCells.map((cell) => (
              <li key={`${cell.row}-${cell.column}`} className="break-words">
                <span className="font-medium">
                  Row {cell.row}, “{cell.column}”:
                </span>{' '}
                {cell.message}
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">Those members were imported without these cells. Correct the cells in the file and import it again to add them.</p>
        </section>
      ) : null}
      {!result.errors.length && !result.refusedCells.length && !unchanged ? (
        <p className="text-sm text-muted-foreground">Every row was imported. The members appear in the list with their history.</p>
      ) : null}
    </div>
  );
}
