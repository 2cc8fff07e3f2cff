import { and, eq, inArray, sql } from 'drizzle-orm';
import type { YearMonth } from '@shared/domain/calendar';
import type { DayStatus, Role } from '@shared/domain/constants';
import { FIXED_TARGET_VALUES, TARGET_KEYS, type TargetKey } from '@shared/domain/disciplines';
import { memberships } from '@shared/schema/communities';
import { dailyLogs, userDisciplineTargets } from '@shared/schema/tracking';
import type { Executor } from '../../db/client';
import { lockStanding, releaseLeadsBeyondStanding } from '../subgroups/leads';
import { logContent, mergeDayStatus } from '../tracking/daily-logs';
import { yieldToEventLoop } from './csv-parse';
import { isAdminRole } from './csv-rows';
import type { Resolved } from './import-matching';

/**
 * What an import writes for the imported members its rows resolved to (import-matching.ts): memberships,
 * day statuses and targets. Only the community's own imported records reach here, never a real account.
 * A few statements per batch of rows, whatever the file's size.
 */

/** Rows per statement: well under Postgres's 65,535 parameters with the widest row (targets, 15 columns). */
export const BATCH = 500;

/**
 * The items a batch at a time, with a turn of the event loop after each. On PGlite a transaction's statements
 * never wait for I/O, so without the turns a large import would hold up every other request until it commits.
 */
export async function* inBatches<T>(items: readonly T[], size = BATCH): AsyncGenerator<T[]> {
  for (let start = 0; start < items.length; start += size) {
    yield items.slice(start, start + size);
    await yieldToEventLoop();
  }
}

/** Statements of one row each between two turns of the event loop. */
export const ROWS_PER_TURN = 20;

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

/**
 * New imported members become members here (the row's role, Member when blank); a member's role follows the file.
 * Answers the members whose membership this changed.
 */
export async function writeMemberships(tx: Executor, communityId: string, rows: Resolved[], actorId: string): Promise<string[]> {
  const joining = rows.filter((row) => row.membership === null);
  for await (const batch of inBatches(joining)) {
    await tx
      .insert(memberships)
      .values(batch.map((row) => ({ userId: row.userId!, communityId, roles: [row.role ?? 'Member'] as Role[] })))
      .onConflictDoNothing();
  }
  const changing = rows.filter(({ membership, role }) => {
    if (!membership || role === null || isAdminRole(role)) return false;
    const onlyMemberRoles = membership.roles.every((held) => held === 'Member' || held === 'Commander');
    return onlyMemberRoles && (membership.roles.length !== 1 || membership.roles[0] !== role);
  });
  for await (const batch of inBatches(changing, ROWS_PER_TURN)) {
    for (const row of batch) {
      const demoted = row.role === 'Member';
      // The person before their membership (the community's row is the import's already): the order of lockStanding.
      if (demoted) await lockStanding(tx, row.userId!);
      await tx.update(memberships).set({ roles: [row.role!] }).where(eq(memberships.id, row.membership!.id));
      if (demoted) await releaseLeadsBeyondStanding(tx, row.userId!, actorId);
    }
  }
  return [...joining, ...changing].map((row) => row.userId!);
}

/**
 * Merges each row's statuses into the member's month like a save does (per discipline and day). Rows are
 * created first and read locked, so a save made meanwhile is merged, not overwritten; only months whose
 * statuses change are written (a second import of the same file writes nothing). Answers the members whose month changed.
 */
export async function writeLogs(tx: Executor, communityId: string, period: YearMonth, rows: Resolved[], dailyKeys: readonly string[], now: Date): Promise<string[]> {
  const withStatuses = rows.filter((row) => Object.keys(row.statuses).length > 0);
  const written: string[] = [];
  for await (const batch of inBatches(withStatuses)) {
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
    written.push(...changed.map((log) => log.userId));
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
          disciplineDays: sql`excluded.discipline_days`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
  return written;
}

/**
 * The row's targets for the import month: given cells replace what is stored, blank cells keep it, and
 * monthly retreat and the hour of silence are 'Yes' as in every saved target. Unchanged rows are not written.
 * Answers the members whose targets changed.
 */
export async function writeTargets(tx: Executor, communityId: string, period: YearMonth, rows: Resolved[], now: Date): Promise<string[]> {
  const withTargets = rows.filter((row) => Object.keys(row.targets).length > 0);
  const written: string[] = [];
  for await (const batch of inBatches(withTargets)) {
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
    written.push(...changed.map((targets) => targets.userId));
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
  return written;
}
