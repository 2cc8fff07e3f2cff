import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { dateInTimeZone, daysInMonth, type IsoDate, parseIsoDate, shiftMonth, type YearMonth } from '@shared/domain/calendar';
import { summariseMonth } from '@shared/domain/month-summary';
import { memberships, subgroups } from '@shared/schema/communities';
import { dailyLogs } from '@shared/schema/tracking';
import { type Executor, preparedPerDatabase, rowsOf } from '../../db/client';
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

export interface MemberFigures {
  totalMembers: number;
  totalCommanders: number;
  /** Mean monthly progress of the members this month: the admin Overview's Avg. Completion. */
  avgCompletion: number;
}

/**
 * The Overview's member figures in one pass over the memberships, with each member's month read from the
 * stored counts (an index-only scan of daily_logs_community_month_idx). Each member's percent is
 * progressPercent's half-up rounding done in integers: (200 * done + total) / (2 * total) = round(100 * done / total).
 */
export async function memberFigures(db: Executor, context: CommunityContext, dailyCount: number, now: Date): Promise<MemberFigures> {
  const { year, month } = parseIsoDate(dateInTimeZone(now, context.community.timeZone));
  const total = Math.max(1, dailyCount * daysInMonth(year, month));
  const result = await db.execute(sql`
    SELECT
      count(*)::int AS members,
      (count(*) FILTER (WHERE 'Commander' = ANY(member.roles)))::int AS commanders,
      coalesce(sum((200 * coalesce(log.completed_count, 0) + ${total}::int) / (2 * ${total}::int)), 0)::int AS percent_sum
    FROM memberships AS member
    LEFT JOIN ${dailyLogs} AS log ON log.community_id = member.community_id AND log.year = ${year} AND log.month = ${month} AND log.user_id = member.user_id
    WHERE member.community_id = ${context.community.id}`);
  const [row] = rowsOf<{ members: number; commanders: number; percent_sum: number }>(result);
  const members = row?.members ?? 0;
  return {
    totalMembers: members,
    totalCommanders: row?.commanders ?? 0,
    avgCompletion: members === 0 || dailyCount === 0 ? 0 : Math.round(row!.percent_sum / members),
  };
}

/** The statement behind memberSummaries (prepared: planning it cost Postgres twice what running it did). */
const memberSummariesStatement = preparedPerDatabase((db) => {
  const subgroupMemberIds = db
    .select({ userId: memberships.userId })
    .from(subgroups)
    .innerJoin(memberships, and(eq(memberships.subgroupId, subgroups.id), eq(memberships.communityId, subgroups.communityId)))
    .where(and(eq(subgroups.communityId, sql.placeholder('communityId')), eq(subgroups.commanderId, sql.placeholder('commanderId'))));
  const monthNumber = sql`${dailyLogs.year} * 12 + ${dailyLogs.month}`;
  return db
    .select({
      userId: dailyLogs.userId,
      year: dailyLogs.year,
      month: dailyLogs.month,
      dayMarks: dailyLogs.dayMarks,
      completedCount: dailyLogs.completedCount,
      updatedAt: dailyLogs.updatedAt,
    })
    .from(dailyLogs)
    .where(
      and(
        eq(dailyLogs.communityId, sql.placeholder('communityId')),
        inArray(dailyLogs.userId, subgroupMemberIds),
        or(sql`${monthNumber} BETWEEN ${sql.placeholder('from')} AND ${sql.placeholder('to')}`, sql`${monthNumber} = ${sql.placeholder('period')}`),
      ),
    )
    .prepare('member_summaries');
});

export interface MemberSummary {
  lastUpdated: string;
  /** Months with a log, enough of them for the streak, last week and the period (see memberSummaries). */
  months: { year: number; month: number; dayMarks: string; completedCount: number }[];
}

/**
 * The month summaries the commander statistics need for the members of a commander's subgroups, in one query read from an index
 * alone (daily_logs_member_summary_idx): the STREAK_MONTHS up to today, which a streak can reach, and
 * the period's. lastUpdated is the latest save of any of them. (Asking Postgres to leave out the months
 * before each member's latest broken one returned half the rows but cost four times as much to plan and
 * run: these rows are small.)
 */
export async function memberSummaries(
  db: Executor,
  community: Pick<CommunityContext['community'], 'id'>,
  commanderId: string,
  today: IsoDate,
  period: YearMonth,
): Promise<Map<string, MemberSummary>> {
  const newest = parseIsoDate(today);
  const oldest = shiftMonth(newest, -(STREAK_MONTHS - 1));
  const monthNumber = ({ year, month }: YearMonth) => year * 12 + month;
  const rows = await memberSummariesStatement(db).execute({
    communityId: community.id,
    commanderId,
    from: monthNumber(oldest),
    to: monthNumber(newest),
    period: monthNumber(period),
  });
  const byUser = new Map<string, MemberSummary>();
  for (const row of rows) {
    const updatedAt = row.updatedAt.toISOString();
    const summary = byUser.get(row.userId) ?? { lastUpdated: updatedAt, months: [] };
    if (updatedAt > summary.lastUpdated) summary.lastUpdated = updatedAt;
    summary.months.push({ year: row.year, month: row.month, dayMarks: row.dayMarks ?? '', completedCount: row.completedCount });
    byUser.set(row.userId, summary);
  }
  return byUser;
}
