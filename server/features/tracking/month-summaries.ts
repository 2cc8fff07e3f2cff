import { and, eq, isNotNull, isNull, ne, sql, type SQLWrapper } from 'drizzle-orm';
import { type IsoDate, parseIsoDate, shiftMonth, type YearMonth } from '@shared/domain/calendar';
import { summariseMonth } from '@shared/domain/month-summary';
import { users } from '@shared/schema/auth';
import { memberships, subgroups } from '@shared/schema/communities';
import { dailyLogs } from '@shared/schema/tracking';
import { type Executor, preparedPerDatabase } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { STREAK_MONTHS } from './member-streaks';

/**
 * The month summaries kept beside each daily log (completed_count, day_marks: shared/domain/month-summary.ts)
 * and the figures read from them. Summaries of many members read these small columns, never the logs.
 */

const WRITE_BATCH = 500;

type Summarised = { id: string; completedCount: number; dayMarks: string; disciplineDays: number[] };

async function writeSummaries(tx: Executor, summaries: Summarised[]): Promise<void> {
  for (let start = 0; start < summaries.length; start += WRITE_BATCH) {
    const values = summaries.slice(start, start + WRITE_BATCH).map((row) => sql`(${row.id}::uuid, ${row.completedCount}::int, ${row.dayMarks}::text, ${`{${row.disciplineDays.join(',')}}`}::int[])`);
    await tx.execute(sql`
      UPDATE ${dailyLogs} AS log SET completed_count = summary.completed_count, day_marks = summary.day_marks, discipline_days = summary.discipline_days
      FROM (VALUES ${sql.join(values, sql`, `)}) AS summary (id, completed_count, day_marks, discipline_days)
      WHERE log.id = summary.id`);
  }
}

async function summariseRows(tx: Executor, communityId: string, dailyKeys: readonly string[], onlyUnsummarised: boolean): Promise<number> {
  const rows = await tx
    .select({ id: dailyLogs.id, year: dailyLogs.year, month: dailyLogs.month, dayStatus: dailyLogs.dayStatus })
    .from(dailyLogs)
    .where(and(eq(dailyLogs.communityId, communityId), onlyUnsummarised ? isNull(dailyLogs.disciplineDays) : undefined));
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
 * Summarises the logs the app did not summarise itself: written before the summaries (or their per-discipline
 * days) existed, or straight into the table by a restore or a bulk load (at start-up; a no-op once done). A log
 * with no statuses needs none: a null summary reads as a blank month.
 */
export async function summariseUnsummarised(db: Executor, dailyKeysOf: (db: Executor, communityId: string) => Promise<string[]>): Promise<number> {
  const pending = await db
    .selectDistinct({ communityId: dailyLogs.communityId })
    .from(dailyLogs)
    .where(and(isNull(dailyLogs.disciplineDays), ne(dailyLogs.dayStatus, sql`'{}'::jsonb`)));
  let summarised = 0;
  for (const { communityId } of pending) summarised += await summariseRows(db, communityId, await dailyKeysOf(db, communityId), true);
  // Every summarised row was rewritten, so no page of daily_logs is all-visible any more: the commander statistics'
  // index-only scans would fetch each row from the table until autovacuum came by (a subgroup's statistics took 8 ms
  // instead of 3 after a bulk load, issue 40). Vacuuming now sets the visibility map and the planner's statistics.
  if (summarised > 0) await db.execute(sql`VACUUM (ANALYZE) ${dailyLogs}`);
  return summarised;
}

/**
 * One member's months packed into one string by Postgres (building hundreds of small rows a request cost
 * the server more than the rest of the call): "latest save (ms since the epoch);" then
 * "year*12+month,completed_count,day_marks" per month, in no particular order (the readers look months up),
 * joined by ';' (marks hold neither separator). The months are those from..to, and the period's.
 */
function packedMonths() {
  const monthNumber = sql`${dailyLogs.year} * 12 + ${dailyLogs.month}`;
  return sql<string | null>`(
    SELECT floor(extract(epoch FROM max(${dailyLogs.updatedAt})) * 1000)::bigint || ';'
      || string_agg(${monthNumber} || ',' || ${dailyLogs.completedCount} || ',' || coalesce(${dailyLogs.dayMarks}, ''), ';')
    FROM ${dailyLogs}
    WHERE ${dailyLogs.communityId} = ${sql.placeholder('communityId')} AND ${dailyLogs.userId} = ${memberships.userId}
      AND (${monthNumber} BETWEEN ${sql.placeholder('from')} AND ${sql.placeholder('to')} OR ${monthNumber} = ${sql.placeholder('period')}))`;
}

/**
 * Implied by the join on the subgroup, and said for the planner: while most of a congregation is in no subgroup
 * (a first subgroup of 60 among 20,000), it took the join to match every membership, hashed all 20,000 users
 * for 60 of them and answered in 9 ms instead of 0.7 (EXPLAIN ANALYZE, issue 40's bench). With the memberships
 * narrowed to those in a subgroup first, it estimates the subgroup's size and probes users by id.
 */
export const subgroupMembersOnly = isNotNull(memberships.subgroupId);

/** The statement behind subgroupSummaries, prepared (planning it cost Postgres more than running it). */
const subgroupSummariesStatement = preparedPerDatabase((db) =>
  db
    .select({ id: users.id, displayName: users.displayName, isImported: users.isImported, joinedAt: memberships.createdAt, packedMonths: packedMonths() })
    .from(subgroups)
    .innerJoin(memberships, and(eq(memberships.subgroupId, subgroups.id), eq(memberships.communityId, subgroups.communityId)))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(subgroups.communityId, sql.placeholder('communityId')),
        eq(subgroups.commanderId, sql.placeholder('commanderId')),
        ne(memberships.userId, sql.placeholder('commanderId')),
        subgroupMembersOnly,
      ),
    )
    .orderBy(sql`lower(${users.displayName})`)
    .prepare('subgroup_summaries'),
);

/** The members of one subgroup (its commander too when assigned to it) with their months: the reports' streaks. */
const subgroupMemberSummariesStatement = preparedPerDatabase((db) =>
  db
    .select({ id: users.id, displayName: users.displayName, isImported: users.isImported, joinedAt: memberships.createdAt, packedMonths: packedMonths() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.communityId, sql.placeholder('communityId')), eq(memberships.subgroupId, sql.placeholder('subgroupId'))))
    .prepare('subgroup_member_summaries'),
);

export interface MemberSummary {
  /** The latest save of any of the months read; null without one. */
  lastUpdated: string | null;
  /** Months with a log, enough of them for the streak, last week and the period (see subgroupSummaries). */
  months: { year: number; month: number; dayMarks: string; completedCount: number }[];
}

/** Reads packedMonths (above) with indexOf and slice: fifty members of thirteen months each, on every call. */
function unpackMonths(packed: string | null): MemberSummary {
  if (!packed) return { lastUpdated: null, months: [] };
  let start = packed.indexOf(';');
  const lastUpdated = new Date(Number(packed.slice(0, start))).toISOString();
  const months: MemberSummary['months'] = [];
  while (start < packed.length) {
    const countAt = packed.indexOf(',', start + 1);
    const marksAt = packed.indexOf(',', countAt + 1);
    let end = packed.indexOf(';', marksAt + 1);
    if (end === -1) end = packed.length;
    const index = Number(packed.slice(start + 1, countAt)) - 1;
    months.push({ year: Math.floor(index / 12), month: (index % 12) + 1, completedCount: Number(packed.slice(countAt + 1, marksAt)), dayMarks: packed.slice(marksAt + 1, end) });
    start = end;
  }
  return { lastUpdated, months };
}

/**
 * The members of the subgroups a commander leads (the commander not included), ordered by name, each with
 * the month summaries the commander statistics need, in one query read from indexes (the summaries from
 * daily_logs_member_summary_idx alone): the STREAK_MONTHS up to today, which a streak can reach, and the
 * period's. (Asking Postgres to leave out the months before each member's latest broken one returned
 * half the months but cost four times as much to plan and run: these rows are small.)
 */
export async function subgroupSummaries(db: Executor, community: Pick<CommunityContext['community'], 'id'>, commanderId: string, today: IsoDate, period: YearMonth) {
  const rows = await subgroupSummariesStatement(db).execute({ communityId: community.id, commanderId, ...streakMonths(today), period: monthNumber(period) });
  return rows.map(({ packedMonths, ...member }) => ({ member, summary: unpackMonths(packedMonths) }));
}

/**
 * The members of one subgroup, each with the STREAK_MONTHS of summaries up to today that a streak can
 * reach; an imported record awaiting a claim only when it has some.
 */
export async function subgroupMemberSummaries(db: Executor, communityId: string, subgroupId: string, today: IsoDate) {
  const months = streakMonths(today);
  const rows = await subgroupMemberSummariesStatement(db).execute({ communityId, subgroupId, ...months, period: months.to });
  return rows
    .filter((row) => !row.isImported || row.packedMonths !== null)
    .map(({ packedMonths, id, displayName, isImported, joinedAt }) => ({ member: { id, displayName, isImported, joinedAt }, summary: unpackMonths(packedMonths) }));
}

const monthNumber = ({ year, month }: YearMonth) => year * 12 + month;

/** The months a streak as of `today` can reach, as month numbers. */
function streakMonths(today: IsoDate): { from: number; to: number } {
  const newest = parseIsoDate(today);
  return { from: monthNumber(shiftMonth(newest, -(STREAK_MONTHS - 1))), to: monthNumber(newest) };
}

/**
 * The month's latest save in a community, as text ('never' without one), from one probe of
 * daily_logs_community_month_saved_idx: what a congregation's kept figures are checked against.
 */
export function latestSaveOfMonth(communityId: SQLWrapper, year: SQLWrapper, month: SQLWrapper) {
  return sql<string>`coalesce((SELECT max(${dailyLogs.updatedAt})::text FROM ${dailyLogs} WHERE ${dailyLogs.communityId} = ${communityId} AND ${dailyLogs.year} = ${year} AND ${dailyLogs.month} = ${month}), 'never')`;
}
