import type { CsvPreview, ImportAlreadyMember, ImportCellError, ImportResult, ImportRowError } from '@shared/contracts/imports';
import { PREVIEW_ROWS } from '@shared/contracts/imports';
import { latestDateOnEarth, type YearMonth } from '@shared/domain/calendar';
import type { Database, Executor } from '../../db/client';
import { type CommunityContext, lockCommunityRow } from '../../http/community-context';
import { recordAudit } from '../audit/service';
import { listDisciplines } from '../tracking/disciplines';
import { importFields, type MappedColumn, resolveMapping, suggestMapping } from './csv-import';
import { type CsvRow, parseCsv, valuesOf, yieldToEventLoop } from './csv-parse';
import { cellProblem, type ImportRow, problemsMessage, type RowRefusal, rowReader } from './csv-rows';
import { createImportedMembers, resolveRows } from './import-matching';
import { writeLogs, writeMemberships, writeTargets } from './import-writes';

/**
 * The CSV import (DECISIONS.md "Imported members and claiming"): one row per member, matched within the
 * importing community (import-matching.ts), so importing a file twice changes nothing. Everything is
 * written in one transaction, a few statements per batch of rows whatever the file's size.
 */

export async function previewCsv(db: Executor, context: CommunityContext, csvData: string): Promise<CsvPreview> {
  const disciplines = await listDisciplines(db, context.community.id);
  const { headers, rows } = await parseCsv(csvData);
  return {
    totalRows: rows.length,
    headers,
    preview: rows.slice(0, PREVIEW_ROWS).map((row) => valuesOf(headers, row)),
    suggestedMapping: suggestMapping(headers, disciplines),
    fields: importFields(disciplines),
  };
}

export interface ImportInput {
  csvData: string;
  columnMapping: Record<string, string>;
  importMonth: number;
  importYear: number;
}

/** Cells read between two turns of the event loop (a few milliseconds' work). */
const CELLS_PER_TURN = 10_000;

async function readRows(rows: readonly CsvRow[], columns: readonly MappedColumn[], period: YearMonth, latestToday: string): Promise<(ImportRow | RowRefusal)[]> {
  const read = rowReader(columns, period, latestToday);
  const result: (ImportRow | RowRefusal)[] = [];
  let cells = 0;
  for (const row of rows) {
    result.push(read(row));
    cells += columns.length;
    if (cells >= CELLS_PER_TURN) {
      cells = 0;
      await yieldToEventLoop();
    }
  }
  return result;
}

export async function importCsv(db: Database, context: CommunityContext, input: ImportInput, now: Date): Promise<ImportResult> {
  const communityId = context.community.id;
  const period: YearMonth = { year: input.importYear, month: input.importMonth };
  const disciplines = await listDisciplines(db, communityId);
  const { headers, rows } = await parseCsv(input.csvData);
  const columns = resolveMapping(input.columnMapping, headers, disciplines);

  const errors: ImportRowError[] = [];
  // A row refused after it was read names its refused cells too, so one pass over the file finds every problem.
  const refuse = (row: ImportRow, message: string) => errors.push({ row: row.sheetRow, message: problemsMessage([message, ...row.refusedCells.map(cellProblem)]) });
  const alreadyMembers: ImportAlreadyMember[] = [];
  const readable: ImportRow[] = [];
  for (const read of await readRows(rows, columns, period, latestDateOnEarth(now))) {
    if ('message' in read) errors.push({ row: read.sheetRow, message: read.message });
    else readable.push(read);
  }

  const result = await db.transaction(async (tx) => {
    // One import (or membership change) at a time per community: a second import of the same file waits and then finds everyone.
    await lockCommunityRow(tx, communityId, 'change', { openOnly: true });
    const resolved = await resolveRows(tx, communityId, readable, refuse, (row) => alreadyMembers.push({ row: row.sheetRow, email: row.email! }));
    const created = await createImportedMembers(tx, communityId, resolved, refuse);
    const imported = resolved.filter((row) => row.userId !== undefined);
    const dailyKeys = disciplines.filter((discipline) => discipline.isDailyGrid).map((discipline) => discipline.key);
    const changed = new Set([
      // Records found by name that the file gave an e-mail (createImportedMembers wrote it).
      ...imported.filter((row) => row.user?.email === null && row.email).map((row) => row.userId!),
      ...(await writeMemberships(tx, communityId, imported, context.userId)),
      ...(await writeLogs(tx, communityId, period, imported, dailyKeys, now)),
      ...(await writeTargets(tx, communityId, period, imported, now)),
    ]);
    const refusedCells = imported.flatMap((row) => row.refusedCells.map((cell) => ({ row: row.sheetRow, ...cell })));
    const summary = { importedCount: imported.length, createdCount: created, changedCount: changed.size, errorCount: errors.length, refusedCellCount: refusedCells.length };
    await recordAudit(tx, {
      actorId: context.userId,
      communityId,
      entity: 'import',
      entityId: communityId,
      action: 'csv',
      diff: { month: period.month, year: period.year, rows: rows.length, ...summary },
    });
    return { ...summary, refusedCells };
  });
  errors.sort((a, b) => a.row - b.row);
  const refusedCells: ImportCellError[] = result.refusedCells.sort((a, b) => a.row - b.row);
  alreadyMembers.sort((a, b) => a.row - b.row);
  return { importedCount: result.importedCount, createdCount: result.createdCount, changedCount: result.changedCount, errors, refusedCells, alreadyMembers };
}
