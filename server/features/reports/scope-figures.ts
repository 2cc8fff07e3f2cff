import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CompletionBand, MemberCompletion } from '@shared/contracts/reports';
import type { YearMonth } from '@shared/domain/calendar';
import { daysInMonth } from '@shared/domain/calendar';
import { progressPercent } from '@shared/domain/progress';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import { dailyLogs } from '@shared/schema/tracking';
import { type Executor, preparedPerDatabase } from '../../db/client';
import { decodeCursor, encodeCursor, isSortText, UUID_PATTERN } from '../../http/cursor';
import { type CountedDisciplines, type CountedShape, countedShape, keptDays, preparedPerShape } from '../tracking/counted-disciplines';
import { latestSaveOfMonth } from '../tracking/month-summaries';

/**
 * The figures of a report's scope (the community, or one subgroup) for one month, read from the month
 * summaries stored beside each log (completed_count, discipline_days), never from the logs: Postgres adds
 * them up in two prepared statements, the same for a congregation of 2,000 as for a subgroup of 20.
 *
 * Who counts: every member who can check in, and an imported record awaiting a claim only in a month its
 * imported history has a log in (it cannot check in, so it is never a member whose numbers fell to 0%).
 * A member's percent per discipline is progressPercent's half-up rounding done in integers:
 * (200 * days + total) / (2 * total) = round(100 * days / total).
 */

type ScopeKind = 'community' | 'subgroup';

/**
 * The scope's members joined to their month's summary (read from daily_logs_community_month_idx alone),
 * with the given columns: a member without a log that month has zeros. Placeholders: communityId, year,
 * month, and subgroupId for a subgroup.
 */
function scopeSelect<Selection extends Record<string, unknown>>(db: Executor, kind: ScopeKind, selection: Selection, narrower?: SQL) {
  return db
    .select(selection as never)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(
      dailyLogs,
      and(
        eq(dailyLogs.communityId, memberships.communityId),
        eq(dailyLogs.year, sql.placeholder('year')),
        eq(dailyLogs.month, sql.placeholder('month')),
        eq(dailyLogs.userId, memberships.userId),
      ),
    )
    .where(
      and(
        eq(memberships.communityId, sql.placeholder('communityId')),
        kind === 'subgroup' ? eq(memberships.subgroupId, sql.placeholder('subgroupId')) : undefined,
        sql`(NOT ${users.isImported} OR ${dailyLogs.userId} IS NOT NULL)`,
        narrower,
      ),
    )
    .$dynamic();
}

/** Completion bands of the distribution chart: 0-9 %, 10-19 %, ..., 90-100 %. */
export const BAND_COUNT = 10;

export interface ScopeTotals {
  members: number;
  /** Per daily discipline, the mean of the members' rounded percents. */
  disciplinePercents: Map<string, number>;
  distribution: CompletionBand[];
}

/** The totals' statement for one shape of counted disciplines: one pass over the scope, every figure an aggregate. Placeholders: days, total. */
function buildTotalsStatement(db: Executor, kind: ScopeKind, shape: CountedShape) {
  const days = sql`${sql.placeholder('days')}::int`;
  const total = sql`${sql.placeholder('total')}::int`;
  const band = sql`least((200 * ${keptDays(shape)} + ${total}) / (2 * ${total}) / 10, ${BAND_COUNT - 1})`;
  const selection: Record<string, SQL.Aliased<number>> = { members: sql<number>`count(*)::int`.as('members') };
  for (const position of shape.positions) {
    selection[`discipline${position}`] = sql<number>`coalesce(sum((200 * coalesce(${dailyLogs.disciplineDays}[${sql.raw(String(position))}], 0) + ${days}) / (2 * ${days})), 0)::int`.as(`discipline${position}`);
  }
  for (let index = 0; index < BAND_COUNT; index++) selection[`band${index}`] = sql<number>`(count(*) FILTER (WHERE ${band} = ${sql.raw(String(index))}))::int`.as(`band${index}`);
  return scopeSelect(db, kind, selection).prepare(`report_totals_${kind}_${shape.name}`);
}

const totalsStatement = preparedPerShape(buildTotalsStatement);

/** How many members the scope has, each shown discipline's mean percent and how many members fall in each band, in one query. */
export async function scopeTotals(db: Executor, communityId: string, subgroupId: string | null, period: YearMonth, counted: CountedDisciplines): Promise<ScopeTotals> {
  const days = daysInMonth(period.year, period.month);
  const kind: ScopeKind = subgroupId === null ? 'community' : 'subgroup';
  const shape = countedShape(counted);
  const [row] = (await totalsStatement(db, kind, shape).execute({
    communityId,
    subgroupId: subgroupId ?? undefined,
    year: period.year,
    month: period.month,
    days,
    total: Math.max(1, shape.positions.length * days),
  })) as unknown as Record<string, number>[];
  const members = row?.members ?? 0;
  return {
    members,
    disciplinePercents: new Map(shape.positions.map((position) => [shape.order[position - 1]!, members === 0 ? 0 : Math.round((row?.[`discipline${position}`] ?? 0) / members)])),
    distribution: Array.from({ length: BAND_COUNT }, (_, band) => ({ from: band * 10, to: band === BAND_COUNT - 1 ? 100 : band * 10 + 9, members: row?.[`band${band}`] ?? 0 })),
  };
}

/** The most discipline-days a month can hold: 30 daily disciplines on 31 days. */
const MAX_KEPT_DAYS = 930;

/** The month's latest save in the community (latestSaveOfMonth), as text. */
const monthSavedStatement = preparedPerDatabase((db) =>
  db
    .select({ savedAt: latestSaveOfMonth(sql.placeholder('communityId'), sql.placeholder('year'), sql.placeholder('month')) })
    .from(sql`(SELECT 1) AS one`)
    .prepare('report_month_saved'),
);

export async function monthSavedAt(db: Executor, communityId: string, period: YearMonth): Promise<string> {
  const [row] = await monthSavedStatement(db).execute({ communityId, year: period.year, month: period.month });
  return row!.savedAt;
}

/** Members shown per page of the report's member table. */
export const REPORT_PAGE_SIZE = 50;

/** Where a page ends: the last member's kept days, sort name and id (the table's order). */
const readCursor = (cursor: string) =>
  decodeCursor(cursor, ([done, name, id, ...rest]) =>
    rest.length === 0 && Number.isInteger(done) && (done as number) >= 0 && (done as number) <= MAX_KEPT_DAYS && isSortText(name) && typeof id === 'string' && UUID_PATTERN.test(id)
      ? { done: done as number, name, id }
      : null,
  );

/** A page after the cursor's member (placeholders afterDone, afterName, afterId), one more row than shown to tell whether more follow. */
const pageStatement = preparedPerShape((db: Executor, kind: ScopeKind, shape: CountedShape) => {
  const done = keptDays(shape);
  return scopeSelect(
    db,
    kind,
    { userId: memberships.userId, displayName: users.displayName, searchName: users.searchName, done, disciplineDays: dailyLogs.disciplineDays },
    sql`(${done} < ${sql.placeholder('afterDone')}::int OR (${done} = ${sql.placeholder('afterDone')}::int AND (${users.searchName}, ${memberships.userId}) > (${sql.placeholder('afterName')}::text, ${sql.placeholder('afterId')}::uuid)))`,
  )
    .orderBy(sql`${done} DESC`, users.searchName, memberships.userId)
    .limit(REPORT_PAGE_SIZE + 1)
    .prepare(`report_members_${kind}_${shape.name}`);
});

/**
 * One page of the scope's members, most faithful first (then by name), each with their percent overall and
 * per discipline: keyset paging on (kept days, sort name, id), so a page costs the same wherever it is.
 */
export async function scopeMembersPage(
  db: Executor,
  communityId: string,
  subgroupId: string | null,
  period: YearMonth,
  counted: CountedDisciplines,
  cursor: string | undefined,
): Promise<{ members: MemberCompletion[]; nextCursor: string | null }> {
  const after = cursor === undefined ? null : readCursor(cursor);
  const kind: ScopeKind = subgroupId === null ? 'community' : 'subgroup';
  const shape = countedShape(counted);
  const rows = (await pageStatement(db, kind, shape).execute({
    communityId,
    subgroupId: subgroupId ?? undefined,
    year: period.year,
    month: period.month,
    // The first page starts above every member: no one keeps more than 30 disciplines on 31 days.
    afterDone: after?.done ?? MAX_KEPT_DAYS + 1,
    afterName: after?.name ?? '',
    afterId: after?.id ?? '00000000-0000-0000-0000-000000000000',
  })) as { userId: string; displayName: string; searchName: string; done: number; disciplineDays: number[] | null }[];
  const page = rows.slice(0, REPORT_PAGE_SIZE);
  const summaryIndex = new Map(shape.order.map((key, index) => [key, index]));
  const last = page.at(-1);
  return {
    members: page.map((row) => ({
      userId: row.userId,
      displayName: row.displayName,
      completionPercent: progressPercent(row.done, counted.shownKeys.length, period.year, period.month),
      byDiscipline: Object.fromEntries(counted.shownKeys.map((key) => [key, progressPercent(row.disciplineDays?.[summaryIndex.get(key)!] ?? 0, 1, period.year, period.month)])),
    })),
    nextCursor: rows.length > REPORT_PAGE_SIZE && last ? encodeCursor([last.done, last.searchName, last.userId]) : null,
  };
}
