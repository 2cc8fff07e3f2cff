import { and, eq, sql } from 'drizzle-orm';
import type { CompletionGoalsBody, DailyLogView, SaveDailyLogBody } from '@shared/contracts/tracking';
import { compareDates, daysInMonth, isoDate, latestDateOnEarth, monthKey, type YearMonth } from '@shared/domain/calendar';
import type { DayStatus } from '@shared/domain/constants';
import { MONTHLY_GOAL_KEYS } from '@shared/domain/disciplines';
import { summariseMonth } from '@shared/domain/month-summary';
import { isCompleted } from '@shared/domain/streaks';
import { memberships } from '@shared/schema/communities';
import { dailyLogs } from '@shared/schema/tracking';
import type { Database, Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { listDisciplines } from './disciplines';
import { lockStateForSave, monthLocked } from './locks';

type Month = YearMonth;

export const NOT_YOUR_LOG_MESSAGE = 'Only the owner can change a daily log.';

export async function assertMemberOf(db: Executor, communityId: string, userId: string, message = 'Member not found.'): Promise<void> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.communityId, communityId), eq(memberships.userId, userId)))
    .limit(1);
  if (!row) throw notFound(message);
}

/** entries (discipline -> 'YYYY-MM' -> day -> completed) follow from the statuses, so they never disagree. */
export function entriesFor(dayStatus: Record<string, Record<string, DayStatus>>, period: Month): DailyLogView['entries'] {
  const key = monthKey(period.year, period.month);
  return Object.fromEntries(
    Object.entries(dayStatus).map(([discipline, days]) => [
      discipline,
      { [key]: Object.fromEntries(Object.entries(days).map(([day, status]) => [day, isCompleted(status)])) },
    ]),
  );
}

function toLogView(
  userId: string,
  communityId: string,
  period: Month,
  row: { dayStatus: Record<string, Record<string, DayStatus>>; monthlyCompletions: Record<string, boolean>; updatedAt: Date } | undefined,
  isLocked: boolean,
): DailyLogView {
  const dayStatus = row?.dayStatus ?? {};
  return {
    userId,
    communityId,
    month: period.month,
    year: period.year,
    entries: entriesFor(dayStatus, period),
    dayStatus,
    monthlyCompletions: row?.monthlyCompletions ?? {},
    isLocked,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function getDailyLog(db: Executor, context: CommunityContext, userId: string, period: Month): Promise<DailyLogView> {
  const communityId = context.community.id;
  if (userId !== context.userId) await assertMemberOf(db, communityId, userId);
  // The month and its lock in one query: the lock is read from a one-row FROM, the log joined to it.
  const [row] = await db
    .select({ isLocked: monthLocked(communityId, period), dayStatus: dailyLogs.dayStatus, monthlyCompletions: dailyLogs.monthlyCompletions, updatedAt: dailyLogs.updatedAt })
    .from(sql`(SELECT 1) AS one`)
    .leftJoin(dailyLogs, and(eq(dailyLogs.userId, userId), eq(dailyLogs.communityId, communityId), eq(dailyLogs.year, period.year), eq(dailyLogs.month, period.month)));
  const { isLocked, ...log } = row!;
  return toLogView(userId, communityId, period, log.dayStatus && log.monthlyCompletions && log.updatedAt ? { dayStatus: log.dayStatus, monthlyCompletions: log.monthlyCompletions, updatedAt: log.updatedAt } : undefined, isLocked);
}

/**
 * What a daily log row stores for a month's statuses: the statuses, the entries that follow from them and
 * the month's summary over the community's daily disciplines. Every write of day_status goes through here.
 */
export function logContent(dayStatus: Record<string, Record<string, DayStatus>>, period: Month, dailyKeys: readonly string[]) {
  return { dayStatus, entries: entriesFor(dayStatus, period), ...summariseMonth(dayStatus, dailyKeys, period.year, period.month) };
}

/**
 * The stored statuses of a month with `changes` merged in per discipline and day ('Blank' clears a cell):
 * how a save, an import and a claim combine marks without losing any other. Returns a new object.
 */
export function mergeDayStatus(stored: Record<string, Record<string, DayStatus>>, changes: Record<string, Record<string, DayStatus>>): Record<string, Record<string, DayStatus>> {
  const dayStatus = structuredClone(stored);
  for (const [discipline, days] of Object.entries(changes)) {
    const merged = { ...dayStatus[discipline] };
    for (const [day, status] of Object.entries(days)) {
      if (status === 'Blank') delete merged[day];
      else merged[day] = status;
    }
    if (Object.keys(merged).length > 0) dayStatus[discipline] = merged;
    else delete dayStatus[discipline];
  }
  return dayStatus;
}

/** The month's row, created if missing and locked for this transaction, so concurrent saves queue up. */
async function lockedLogRow(tx: Executor, userId: string, communityId: string, period: Month) {
  const locking = () =>
    tx
      .select()
      .from(dailyLogs)
      .where(and(eq(dailyLogs.userId, userId), eq(dailyLogs.communityId, communityId), eq(dailyLogs.year, period.year), eq(dailyLogs.month, period.month)))
      .for('update');
  const [existing] = await locking();
  if (existing) return existing;
  await tx.insert(dailyLogs).values({ userId, communityId, year: period.year, month: period.month }).onConflictDoNothing();
  const [created] = await locking();
  return created!;
}

export const JOIN_TO_TRACK_MESSAGE = 'Join this community with an invitation code to track your own disciplines here.';

/**
 * Only the owner writes their log, and only in a community they belong to: a SuperAdmin or InstitutionAdmin
 * who administers a community without being a member of it can read it but keeps no log there.
 */
function assertOwner(context: CommunityContext, userId: string | undefined) {
  if (userId !== undefined && userId !== context.userId) throw forbidden(NOT_YOUR_LOG_MESSAGE);
  if (!context.membership) throw forbidden(JOIN_TO_TRACK_MESSAGE);
}

/**
 * Merges the given cells into the stored month, per discipline and day, so two tabs or devices never
 * erase each other's marks. 'Blank' clears a cell. Future days and unknown disciplines are refused.
 */
export async function saveDailyLog(db: Database, context: CommunityContext, input: SaveDailyLogBody, now: Date): Promise<DailyLogView> {
  assertOwner(context, input.userId);
  const communityId = context.community.id;
  const period = { year: input.year, month: input.month };
  const templates = await listDisciplines(db, communityId);
  const disciplines = new Set(templates.map((d) => d.key));
  const dailyKeys = templates.filter((d) => d.isDailyGrid).map((d) => d.key);
  const latestToday = latestDateOnEarth(now);
  const fields: Record<string, string> = {};
  for (const [discipline, days] of Object.entries(input.dayStatus)) {
    if (!disciplines.has(discipline)) fields[`dayStatus.${discipline}`] = 'This community does not track that discipline';
    for (const day of Object.keys(days)) {
      if (Number(day) > daysInMonth(period.year, period.month)) fields[`dayStatus.${discipline}.${day}`] = 'That day is not in the month';
      else if (compareDates(isoDate(period.year, period.month, Number(day)), latestToday) > 0) fields[`dayStatus.${discipline}.${day}`] = 'Future days cannot be set';
    }
  }
  if (Object.keys(fields).length > 0) throw badRequest('Some days could not be saved.', fields);
  if (Object.keys(input.dayStatus).length === 0) return getDailyLog(db, context, context.userId, period);

  const { saved, isLocked } = await db.transaction(async (tx) => {
    const isLocked = await lockStateForSave(tx, context, period);
    const row = await lockedLogRow(tx, context.userId, communityId, period);
    const dayStatus = mergeDayStatus(row.dayStatus, input.dayStatus);
    const [updated] = await tx
      .update(dailyLogs)
      .set({ ...logContent(dayStatus, period, dailyKeys), updatedAt: now })
      .where(eq(dailyLogs.id, row.id))
      .returning({ dayStatus: dailyLogs.dayStatus, monthlyCompletions: dailyLogs.monthlyCompletions, updatedAt: dailyLogs.updatedAt });
    return { saved: updated!, isLocked };
  });
  return toLogView(context.userId, communityId, period, saved, isLocked);
}

export async function setCompletionGoals(db: Database, context: CommunityContext, input: CompletionGoalsBody, now: Date): Promise<DailyLogView> {
  if (input.userId !== context.userId) throw forbidden('Only the member can update their own completion goals.');
  assertOwner(context, input.userId);
  const communityId = context.community.id;
  const period = { year: input.year, month: input.month };
  if (compareDates(isoDate(period.year, period.month, 1), latestDateOnEarth(now)) > 0) {
    throw badRequest('Goals for a future month cannot be marked yet.', { month: 'Future months cannot be marked' });
  }
  const monthlyCompletions = Object.fromEntries(MONTHLY_GOAL_KEYS.map((key) => [key, input[key]]));
  const { saved, isLocked } = await db.transaction(async (tx) => {
    const isLocked = await lockStateForSave(tx, context, period);
    const row = await lockedLogRow(tx, context.userId, communityId, period);
    const [updated] = await tx
      .update(dailyLogs)
      .set({ monthlyCompletions, updatedAt: now })
      .where(eq(dailyLogs.id, row.id))
      .returning({ dayStatus: dailyLogs.dayStatus, monthlyCompletions: dailyLogs.monthlyCompletions, updatedAt: dailyLogs.updatedAt });
    return { saved: updated!, isLocked };
  });
  return toLogView(context.userId, communityId, period, saved, isLocked);
}

