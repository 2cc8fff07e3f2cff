import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { CsvPreview, ImportResult, ImportRowError } from '@shared/contracts/imports';
import { PREVIEW_ROWS } from '@shared/contracts/imports';
import { latestDateOnEarth, type YearMonth } from '@shared/domain/calendar';
import type { DayStatus, Role } from '@shared/domain/constants';
import { FIXED_TARGET_VALUES, TARGET_KEYS, type TargetKey } from '@shared/domain/disciplines';
import { nameKey } from '@shared/domain/identity';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import { dailyLogs, userDisciplineTargets } from '@shared/schema/tracking';
import type { Database, Executor } from '../../db/client';
import { type CommunityContext, lockCommunityRow } from '../../http/community-context';
import { recordAudit } from '../audit/service';
import { logContent, mergeDayStatus } from '../tracking/daily-logs';
import { listDisciplines } from '../tracking/disciplines';
import { importFields, type MappedColumn, resolveMapping, suggestMapping } from './csv-import';
import { type CsvRow, parseCsv, valuesOf, yieldToEventLoop } from './csv-parse';
import { ADMIN_ROLE_IN_FILE_MESSAGE, type ImportRow, isAdminRole, type RowRefusal, rowReader } from './csv-rows';

/**
 * The CSV import (DECISIONS.md "Imported members and claiming"): one row per member, matched by e-mail,
 * else by display name, so importing a file twice changes nothing. Everything is written in one
 * transaction, a few statements per batch of rows whatever the file's size.
 */

export const NOT_A_MEMBER_MESSAGE = 'belongs to an account that is not a member of this community; invite them with a code instead';

/** Rows per statement: well under Postgres's 65,535 parameters with the widest row (targets, 15 columns). */
const BATCH = 500;

function batches<T>(items: readonly T[], size = BATCH): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

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

interface MatchedUser {
  id: string;
  email: string | null;
  displayName: string;
  isImported: boolean;
}

/** A row with the person it is about: an existing user (with their membership here, if any) or a new imported member. */
type Resolved = ImportRow & { user: MatchedUser | null; membership: { id: string; roles: Role[] } | null; userId?: string };

const emailText = (row: ImportRow) => (row.email ? `"${row.email}"` : `The name "${row.displayName}"`);

/** Same statuses, cell by cell (key order aside). */
function sameStatuses(a: Record<string, Record<string, DayStatus>>, b: Record<string, Record<string, DayStatus>>): boolean {
  const disciplines = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const discipline of disciplines) {
    const left = a[discipline] ?? {};
    const right = b[discipline] ?? {};
    const days = new Set([...Object.keys(left), ...Object.keys(right)]);
    for (const day of days) if (left[day] !== right[day]) return false;
  }
  return true;
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
  const refuse = (row: { sheetRow: number }, message: string) => errors.push({ row: row.sheetRow, message });
  const readable: ImportRow[] = [];
  for (const read of await readRows(rows, columns, period, latestDateOnEarth(now))) {
    if ('message' in read) refuse(read, read.message);
    else readable.push(read);
  }

  const result = await db.transaction(async (tx) => {
    // One import (or membership change) at a time per community: a second import of the same file waits and then finds everyone.
    await lockCommunityRow(tx, communityId, 'change');
    const resolved = await resolveRows(tx, communityId, readable, refuse);
    const created = await createImportedMembers(tx, resolved, refuse);
    const imported = resolved.filter((row) => row.userId !== undefined);
    await writeMemberships(tx, communityId, imported);
    const dailyKeys = disciplines.filter((discipline) => discipline.isDailyGrid).map((discipline) => discipline.key);
    await writeLogs(tx, communityId, period, imported, dailyKeys, now);
    await writeTargets(tx, communityId, period, imported, now);
    const summary = { importedCount: imported.length, createdCount: created, errorCount: errors.length };
    await recordAudit(tx, {
      actorId: context.userId,
      communityId,
      entity: 'import',
      entityId: communityId,
      action: 'csv',
      diff: { month: period.month, year: period.year, rows: rows.length, ...summary },
    });
    return summary;
  });
  errors.sort((a, b) => a.row - b.row);
  return { importedCount: result.importedCount, createdCount: result.createdCount, errors };
}

/**
 * Finds the person of each row: by e-mail, else by display name (ignoring case). Refuses a row that names a
 * real account outside this community, a name held by someone with another e-mail, a person already named
 * by an earlier row, a new member without a name, and an admin role the member does not hold.
 */
async function resolveRows(tx: Executor, communityId: string, rows: ImportRow[], refuse: (row: ImportRow, message: string) => void): Promise<Resolved[]> {
  const emails = [...new Set(rows.flatMap((row) => (row.email ? [row.email] : [])))];
  // One spelling per name; Postgres lowers both sides, as its unique index on lower(display_name) does.
  const names = [...new Map(rows.flatMap((row) => (row.displayName ? [[nameKey(row.displayName), row.displayName] as const] : []))).values()];
  const found: MatchedUser[] = [];
  const lookups = Math.max(Math.ceil(emails.length / BATCH), Math.ceil(names.length / BATCH));
  for (let i = 0; i < lookups; i++) {
    const someEmails = emails.slice(i * BATCH, (i + 1) * BATCH);
    const someNames = names.slice(i * BATCH, (i + 1) * BATCH);
    found.push(
      ...(await tx
        .select({ id: users.id, email: users.email, displayName: users.displayName, isImported: users.isImported })
        .from(users)
        .where(
          or(
            someEmails.length > 0 ? inArray(users.email, someEmails) : undefined,
            someNames.length > 0 ? sql`lower(${users.displayName}) IN (${sql.join(someNames.map((name) => sql`lower(${name})`), sql`, `)})` : undefined,
          ),
        )
        // A claim deleting one of them waits for this import (and this import does not see a user claimed meanwhile).
        .for('share')),
    );
  }
  // An imported record and the real account of the same person may share an e-mail until it is claimed:
  // the file keeps writing to the imported record, so importing it again changes nothing.
  const byEmail = new Map(
    [...found].sort((a, b) => Number(a.isImported) - Number(b.isImported)).flatMap((user) => (user.email ? [[user.email, user] as const] : [])),
  );
  const byName = new Map(found.map((user) => [nameKey(user.displayName), user] as const));

  const membershipsByUser = new Map<string, { id: string; roles: Role[] }>();
  for (const ids of batches([...new Set(found.map((user) => user.id))])) {
    const rowsHere = await tx
      .select({ id: memberships.id, userId: memberships.userId, roles: memberships.roles })
      .from(memberships)
      .where(and(eq(memberships.communityId, communityId), inArray(memberships.userId, ids)));
    for (const membership of rowsHere) membershipsByUser.set(membership.userId, { id: membership.id, roles: membership.roles });
  }

  const resolved: Resolved[] = [];
  // Who each earlier row was about (a user id, or the e-mail and name of a member still to create).
  const seen = new Map<string, number>();
  const remember = (keys: string[], row: ImportRow) => keys.forEach((key) => seen.set(key, row.sheetRow));
  for (const row of rows) {
    let user = row.email ? byEmail.get(row.email) : undefined;
    if (!user && row.displayName) {
      const holder = byName.get(nameKey(row.displayName));
      if (holder && row.email && holder.email && holder.email !== row.email) {
        refuse(row, `The name "${row.displayName}" belongs to another account (with a different e-mail)`);
        continue;
      }
      user = holder;
    }
    const keys = user ? [`user:${user.id}`] : [row.email ? `email:${row.email}` : '', row.displayName ? `name:${nameKey(row.displayName)}` : ''].filter(Boolean);
    const earlier = keys.map((key) => seen.get(key)).find((sheetRow) => sheetRow !== undefined);
    if (earlier !== undefined) {
      refuse(row, `The same member as row ${earlier}: each member takes one row`);
      continue;
    }
    const membership = user ? (membershipsByUser.get(user.id) ?? null) : null;
    if (user && !user.isImported && !membership) {
      refuse(row, `${emailText(row)} ${NOT_A_MEMBER_MESSAGE}`);
      continue;
    }
    // An admin role in a file is refused, unless the member already holds it here (an export read back in).
    if (isAdminRole(row.role) && !membership?.roles.includes(row.role!)) {
      refuse(row, ADMIN_ROLE_IN_FILE_MESSAGE);
      continue;
    }
    if (!user && !row.displayName) {
      refuse(row, `${emailText(row)} is not a member yet: a new member needs a name (map the display-name column or fill it in)`);
      continue;
    }
    remember(keys, row);
    resolved.push({ ...row, user: user ?? null, membership, userId: user?.id });
  }
  return resolved;
}

/** Creates the new people as imported members (no password, cannot sign in); returns how many. */
async function createImportedMembers(tx: Executor, rows: Resolved[], refuse: (row: ImportRow, message: string) => void): Promise<number> {
  const fresh = rows.filter((row) => row.user === null);
  let created = 0;
  for (const batch of batches(fresh)) {
    const inserted = await tx
      .insert(users)
      .values(batch.map((row) => ({ email: row.email, displayName: row.displayName!, isImported: true, passwordHash: null })))
      // Someone who signed up with this e-mail or name since the rows were matched: that row is refused, not the file.
      .onConflictDoNothing()
      .returning({ id: users.id, displayName: users.displayName });
    const ids = new Map(inserted.map((user) => [nameKey(user.displayName), user.id]));
    for (const row of batch) {
      const id = ids.get(nameKey(row.displayName!));
      if (id) {
        row.userId = id;
        created++;
      } else {
        refuse(row, `${emailText(row)} was taken by a new account during the import; import the file again`);
      }
    }
  }
  // An imported member found by name, without an e-mail on file, takes the row's e-mail (so they can claim at sign-up).
  for (const row of rows) {
    if (row.user?.isImported && row.user.email === null && row.email) {
      await tx
        .update(users)
        .set({ email: row.email })
        .where(and(eq(users.id, row.user.id), isNull(users.email), sql`NOT EXISTS (SELECT 1 FROM ${users} AS holder WHERE holder.email = ${row.email})`));
    }
  }
  return created;
}

/**
 * New and matched imported members become members here (the row's role, Member when blank); an imported
 * member's role follows the file. A real account's roles never change through an import.
 */
async function writeMemberships(tx: Executor, communityId: string, rows: Resolved[]): Promise<void> {
  const joining = rows.filter((row) => row.membership === null);
  for (const batch of batches(joining)) {
    await tx
      .insert(memberships)
      .values(batch.map((row) => ({ userId: row.userId!, communityId, roles: [row.role ?? 'Member'] as Role[] })))
      .onConflictDoNothing();
  }
  for (const row of rows) {
    const membership = row.membership;
    if (!membership || !row.user?.isImported || row.role === null || isAdminRole(row.role)) continue;
    const onlyMemberRoles = membership.roles.every((role) => role === 'Member' || role === 'Commander');
    if (onlyMemberRoles && (membership.roles.length !== 1 || membership.roles[0] !== row.role)) {
      await tx.update(memberships).set({ roles: [row.role] }).where(eq(memberships.id, membership.id));
    }
  }
}

/**
 * Merges each row's statuses into the member's month like a save does (per discipline and day). Rows are
 * created first and read locked, so a save made meanwhile is merged, not overwritten; only months whose
 * statuses change are written (a second import of the same file writes nothing).
 */
async function writeLogs(tx: Executor, communityId: string, period: YearMonth, rows: Resolved[], dailyKeys: readonly string[], now: Date): Promise<void> {
  const withStatuses = rows.filter((row) => Object.keys(row.statuses).length > 0);
  for (const batch of batches(withStatuses)) {
    const ids = batch.map((row) => row.userId!);
    await tx
      .insert(dailyLogs)
      .values(ids.map((userId) => ({ userId, communityId, year: period.year, month: period.month })))
      .onConflictDoNothing();
    const stored = await tx
      .select({ userId: dailyLogs.userId, dayStatus: dailyLogs.dayStatus })
      .from(dailyLogs)
      .where(and(eq(dailyLogs.communityId, communityId), eq(dailyLogs.year, period.year), eq(dailyLogs.month, period.month), inArray(dailyLogs.userId, ids)))
      .for('update');
    const storedByUser = new Map(stored.map((log) => [log.userId, log.dayStatus]));
    const changed = batch.flatMap((row) => {
      const before = storedByUser.get(row.userId!) ?? {};
      const dayStatus = mergeDayStatus(before, row.statuses);
      return sameStatuses(before, dayStatus) ? [] : [{ userId: row.userId!, communityId, year: period.year, month: period.month, ...logContent(dayStatus, period, dailyKeys), updatedAt: now }];
    });
    if (changed.length === 0) continue;
    await tx
      .insert(dailyLogs)
      .values(changed)
      .onConflictDoUpdate({
        target: [dailyLogs.userId, dailyLogs.communityId, dailyLogs.year, dailyLogs.month],
        set: {
          dayStatus: sql`excluded.day_status`,
          entries: sql`excluded.entries`,
          completedCount: sql`excluded.completed_count`,
          dayMarks: sql`excluded.day_marks`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}

/**
 * The row's targets for the import month: given cells replace what is stored, blank cells keep it, and
 * monthly retreat and the hour of silence are 'Yes' as in every saved target. Unchanged rows are not written.
 */
async function writeTargets(tx: Executor, communityId: string, period: YearMonth, rows: Resolved[], now: Date): Promise<void> {
  const withTargets = rows.filter((row) => Object.keys(row.targets).length > 0);
  for (const batch of batches(withTargets)) {
    const ids = batch.map((row) => row.userId!);
    const stored = await tx
      .select()
      .from(userDisciplineTargets)
      .where(
        and(
          eq(userDisciplineTargets.communityId, communityId),
          eq(userDisciplineTargets.year, period.year),
          eq(userDisciplineTargets.month, period.month),
          inArray(userDisciplineTargets.userId, ids),
        ),
      )
      .for('update');
    const storedByUser = new Map(stored.map((targets) => [targets.userId, targets]));
    const changed = batch.flatMap((row) => {
      const before = storedByUser.get(row.userId!);
      const values = Object.fromEntries(TARGET_KEYS.map((key) => [key, key in row.targets ? (row.targets[key] ?? null) : (before?.[key] ?? null)])) as Record<TargetKey, string | null>;
      Object.assign(values, FIXED_TARGET_VALUES);
      if (before && TARGET_KEYS.every((key) => before[key] === values[key])) return [];
      return [{ userId: row.userId!, communityId, year: period.year, month: period.month, ...values, updatedAt: now }];
    });
    if (changed.length === 0) continue;
    await tx
      .insert(userDisciplineTargets)
      .values(changed)
      .onConflictDoUpdate({
        target: [userDisciplineTargets.userId, userDisciplineTargets.communityId, userDisciplineTargets.year, userDisciplineTargets.month],
        set: {
          ...Object.fromEntries(TARGET_KEYS.map((key) => [key, sql.raw(`excluded.${userDisciplineTargets[key].name}`)])),
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}
