import { and, eq, sql } from 'drizzle-orm';
import { apiMessage } from '@shared/domain/messages';
import type { DailyLogView } from '@shared/contracts/tracking';
import { monthKey, type YearMonth } from '@shared/domain/calendar';
import type { DayStatus } from '@shared/domain/constants';
import { summariseMonth } from '@shared/domain/month-summary';
import { isCompleted } from '@shared/domain/streaks';
import { memberships } from '@shared/schema/communities';
import { dailyLogs } from '@shared/schema/tracking';
import { type Executor, preparedPerDatabase } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { notFound } from '../../http/errors';
import { monthLocked } from './locks';
import { withheldFrom, withoutKeys } from './private-disciplines';

type Month = YearMonth;

export const NOT_YOUR_LOG_MESSAGE = apiMessage('Only the owner can change a daily log.');

export async function assertMemberOf(db: Executor, communityId: string, userId: string, message = apiMessage('Member not found.')): Promise<void> {
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

/** A month's log as the API answers it (an empty month without a row). */
export function toLogView(
  userId: string,
  communityId: string,
  period: Month,
  row: { dayStatus: Record<string, Record<string, DayStatus>>; monthlyCompletions: Record<string, boolean>; updatedAt: Date } | undefined,
  isLocked: boolean,
  withheld: readonly string[] = [],
): DailyLogView {
  const dayStatus = withoutKeys(row?.dayStatus ?? {}, withheld);
  return {
    userId,
    communityId,
    month: period.month,
    year: period.year,
    entries: entriesFor(dayStatus, period),
    dayStatus,
    monthlyCompletions: withoutKeys(row?.monthlyCompletions ?? {}, withheld),
    isLocked,
    // When the last save was would tell a viewer a secret discipline was just marked; they never save this log.
    updatedAt: withheld.length > 0 ? null : (row?.updatedAt.toISOString() ?? null),
    withheldKeys: [...withheld],
  };
}

/** A month and its lock in one prepared query: the lock is read from a one-row FROM, the log joined to it. */
const monthStatement = preparedPerDatabase((db) => {
  const [communityId, year, month] = [sql.placeholder('communityId'), sql.placeholder('year'), sql.placeholder('month')];
  return db
    .select({ isLocked: monthLocked(communityId, { year, month }), dayStatus: dailyLogs.dayStatus, monthlyCompletions: dailyLogs.monthlyCompletions, updatedAt: dailyLogs.updatedAt })
    .from(sql`(SELECT 1) AS one`)
    .leftJoin(dailyLogs, and(eq(dailyLogs.userId, sql.placeholder('userId')), eq(dailyLogs.communityId, communityId), eq(dailyLogs.year, year), eq(dailyLogs.month, month)))
    .prepare('month_log');
});

export async function getDailyLog(db: Executor, context: CommunityContext, userId: string, period: Month): Promise<DailyLogView> {
  const communityId = context.community.id;
  const withheld = await withheldFrom(db, context, userId);
  const [row] = await monthStatement(db).execute({ userId, communityId, year: period.year, month: period.month });
  const { isLocked, ...log } = row!;
  const stored = log.dayStatus && log.monthlyCompletions && log.updatedAt ? { dayStatus: log.dayStatus, monthlyCompletions: log.monthlyCompletions, updatedAt: log.updatedAt } : undefined;
  return toLogView(userId, communityId, period, stored, isLocked, withheld);
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
