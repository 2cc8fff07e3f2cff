import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { dateInTimeZone, daysInMonth, type IsoDate, parseIsoDate, type YearMonth } from '@shared/domain/calendar';
import { summariseMonth } from '@shared/domain/month-summary';
import { dailyLogs } from '@shared/schema/tracking';
import { type Executor, rowsOf } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { STREAK_MONTHS } from './member-streaks';

/**
 * The month summaries kept beside each daily log (completed_count, day_marks: shared/domain/month-summary.ts)
 * and the figures read from them. Summaries of many members read these small columns, never the logs.
 */

const WRITE_BATCH = 500;

type Summarised = { id: string; completedCount: number; dayMarks: string };

async function writeSummaries(tx: Executor, summaries: Summarised[]): Promise<void> {
  for (let start = 0; start < summaries.length; start += WRITE_BATCH) {
    const values = summaries.slice(start, start + WRITE_BATCH).map((row) => sql`(${row.id}::uuid, ${row.completedCount}::int, ${row.dayMarks}::text)`);
    await tx.execute(sql`
      UPDATE ${dailyLogs} AS log SET completed_count = summary.completed_count, day_marks = summary.day_marks
      FROM (VALUES ${sql.join(values, sql`, `)}) AS summary (id, completed_count, day_marks)
      WHERE log.id = summary.id`);
  }
}

async function summariseRows(tx: Executor, communityId: string, dailyKeys: readonly string[], onlyUnsummarised: boolean): Promise<number> {
  const rows = await tx
    .select({ id: dailyLogs.id, year: dailyLogs.year, month: dailyLogs.month, dayStatus: dailyLogs.dayStatus })
    .from(dailyLogs)
    .where(and(eq(dailyLogs.communityId, communityId), onlyUnsummarised ? isNull(dailyLogs.dayMarks) : undefined));
  await writeSummaries(
    tx,
    rows.map((row) => ({ id: row.id, ...summariseMonth(row.dayStatus, dailyKeys, row.year, row.month) })),
  );
  return rows.length;
}

/** Summarises every log of the community again: its daily disciplines changed. Run in that change's transaction. */
export async function resummariseCommunity(tx: Executor, communityId: string, dailyKeys: readonly string[]): Promise<void> {
  await summariseRows(tx, communityId, dailyKeys, false);
}

/**
 * Summarises the logs written before the summaries existed (at start-up; a no-op once done). A log with no
 * statuses needs none: a null summary reads as a blank month.
 */
export async function summariseUnsummarised(db: Executor, dailyKeysOf: (db: Executor, communityId: string) => Promise<string[]>): Promise<number> {
  const pending = await db
    .selectDistinct({ communityId: dailyLogs.communityId })
    .from(dailyLogs)
    .where(and(isNull(dailyLogs.dayMarks), ne(dailyLogs.dayStatus, sql`'{}'::jsonb`)));
  let summarised = 0;
  for (const { communityId } of pending) summarised += await summariseRows(db, communityId, await dailyKeysOf(db, communityId), true);
  return summarised;
}

/**
 * Mean monthly progress of the community's members this month (the admin Overview's Avg. Completion), in
 * one aggregate over the stored counts. Each member's percent is progressPercent's half-up rounding done in
 * integers: (200 * done + total) / (2 * total) = round(100 * done / total).
 */
export async function averageCompletion(db: Executor, context: CommunityContext, dailyCount: number, now: Date): Promise<number> {
  if (dailyCount === 0) return 0;
  const { year, month } = parseIsoDate(dateInTimeZone(now, context.community.timeZone));
  const total = dailyCount * daysInMonth(year, month);
  const result = await db.execute(sql`
    SELECT count(*)::int AS members, coalesce(sum((200 * coalesce(log.completed_count, 0) + ${total}::int) / (2 * ${total}::int)), 0)::int AS percent_sum
    FROM memberships AS member
    LEFT JOIN ${dailyLogs} AS log ON log.user_id = member.user_id AND log.community_id = member.community_id AND log.year = ${year} AND log.month = ${month}
    WHERE member.community_id = ${context.community.id}`);
  const [row] = rowsOf<{ members: number; percent_sum: number }>(result);
  if (!row || row.members === 0) return 0;
  return Math.round(row.percent_sum / row.members);
}

export interface MemberSummary {
  lastUpdated: string | null;
  /** Months with a log, enough of them for the streak, last week and the period (see memberSummaries). */
  months: { year: number; month: number; dayMarks: string; completedCount: number }[];
}

/**
 * The month summaries the commander statistics need for these members, in one query: the period's and, of
 * the STREAK_MONTHS up to today, those a streak can still reach. A streak walking back from today stops in
 * the latest earlier month with a day that breaks it (a blank or an explicit No, a tired or sick day when
 * grace days are off), so months before that one are left in the database. lastUpdated is the latest save
 * of any of the months.
 */
export async function memberSummaries(
  db: Executor,
  community: Pick<CommunityContext['community'], 'id' | 'graceDays'>,
  userIds: readonly string[],
  today: IsoDate,
  period: YearMonth,
): Promise<Map<string, MemberSummary>> {
  const current = parseIsoDate(today);
  const toIndex = ({ year, month }: YearMonth) => year * 12 + month - 1;
  const newest = toIndex(current);
  const oldest = newest - (STREAK_MONTHS - 1);
  const breaking = community.graceDays ? '[.N]' : '[.NG]';
  const result = await db.execute(sql`
    WITH logs AS (
      SELECT user_id, year, month, year * 12 + month - 1 AS month_index, coalesce(day_marks, '') AS day_marks, completed_count, updated_at
      FROM ${dailyLogs}
      WHERE community_id = ${community.id}
        AND user_id IN (${sql.join(userIds.map((id) => sql`${id}::uuid`), sql`, `)})
        AND (year * 12 + month - 1 BETWEEN ${oldest} AND ${newest} OR (year = ${period.year} AND month = ${period.month}))
    ), reach AS (
      SELECT *,
        max(updated_at) OVER (PARTITION BY user_id) AS last_updated,
        max(month_index) FILTER (WHERE month_index BETWEEN ${oldest} AND ${newest - 1} AND (day_marks = '' OR day_marks ~ ${breaking})) OVER (PARTITION BY user_id) AS last_break
      FROM logs
    )
    SELECT user_id, year, month, day_marks, completed_count, last_updated FROM reach
    WHERE month_index >= coalesce(last_break, ${oldest}) OR (year = ${period.year} AND month = ${period.month})`);
  const byUser = new Map<string, MemberSummary>();
  for (const row of rowsOf<{ user_id: string; year: number; month: number; day_marks: string; completed_count: number; last_updated: Date | string }>(result)) {
    const summary = byUser.get(row.user_id) ?? { lastUpdated: new Date(row.last_updated).toISOString(), months: [] };
    summary.months.push({ year: row.year, month: row.month, dayMarks: row.day_marks, completedCount: row.completed_count });
    byUser.set(row.user_id, summary);
  }
  return byUser;
}
