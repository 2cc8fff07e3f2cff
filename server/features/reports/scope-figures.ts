import { sql, type SQL } from 'drizzle-orm';
import type { CompletionBand, MemberCompletion } from '@shared/contracts/reports';
import type { YearMonth } from '@shared/domain/calendar';
import { daysInMonth } from '@shared/domain/calendar';
import { progressPercent } from '@shared/domain/progress';
import { type Executor, rowsOf } from '../../db/client';
import { decodeCursor, encodeCursor, isSortText, UUID_PATTERN } from '../../http/cursor';

/**
 * The figures of a report's scope (the community, or one subgroup) for one month, read from the month
 * summaries stored beside each log (completed_count, discipline_days), never from the logs: Postgres adds
 * them up, so a congregation of 2,000 costs two small queries, like a subgroup of 20.
 *
 * Who counts: every member who can check in, and an imported record awaiting a claim only in a month its
 * imported history has a log in (it cannot check in, so it is never a member whose numbers fell to 0%).
 * A member's percent per discipline is progressPercent's half-up rounding done in integers:
 * (200 * days + total) / (2 * total) = round(100 * days / total).
 */

/** Members of the scope with their month's summary: a member without a log that month has zeros. */
function scopeRows(communityId: string, subgroupId: string | null, period: YearMonth): SQL {
  return sql`
    SELECT m.user_id, u.display_name, u.search_name, coalesce(d.completed_count, 0) AS done, d.discipline_days
    FROM memberships m
    JOIN users u ON u.id = m.user_id
    LEFT JOIN daily_logs d ON d.community_id = m.community_id AND d.year = ${period.year} AND d.month = ${period.month} AND d.user_id = m.user_id
    WHERE m.community_id = ${communityId}
      ${subgroupId === null ? sql`` : sql`AND m.subgroup_id = ${subgroupId}`}
      AND (NOT u.is_imported OR d.user_id IS NOT NULL)`;
}

/** The order of discipline_days: the daily keys sorted (shared/domain/month-summary.ts). */
const summaryOrder = (dailyKeys: readonly string[]) => [...dailyKeys].sort();

/** Completion bands of the distribution chart: 0-9 %, 10-19 %, ..., 90-100 %. */
export const BAND_COUNT = 10;

export interface ScopeTotals {
  members: number;
  /** Per daily discipline, the mean of the members' rounded percents. */
  disciplinePercents: Map<string, number>;
  distribution: CompletionBand[];
}

/** How many members the scope has, each discipline's mean percent and how many members fall in each band, in one query. */
export async function scopeTotals(db: Executor, communityId: string, subgroupId: string | null, period: YearMonth, dailyKeys: readonly string[]): Promise<ScopeTotals> {
  const days = daysInMonth(period.year, period.month);
  const total = Math.max(1, dailyKeys.length * days);
  const [row] = rowsOf<{ members: number; discipline_sums: string | null; bands: string | null }>(
    await db.execute(sql`
      WITH scope AS (${scopeRows(communityId, subgroupId, period)})
      SELECT
        (SELECT count(*)::int FROM scope) AS members,
        (SELECT string_agg(i || ':' || percent_sum, ',') FROM (
          SELECT i, sum((200 * kept + ${days}::int) / (2 * ${days}::int)) AS percent_sum
          FROM scope, unnest(scope.discipline_days) WITH ORDINALITY AS per_discipline (kept, i)
          GROUP BY i) AS sums) AS discipline_sums,
        (SELECT string_agg(band || ':' || members, ',') FROM (
          SELECT least((200 * done + ${total}::int) / (2 * ${total}::int) / 10, ${BAND_COUNT - 1}) AS band, count(*) AS members
          FROM scope GROUP BY 1) AS bands) AS bands`),
  );
  const members = row?.members ?? 0;
  const sums = new Map((row?.discipline_sums ?? '').split(',').filter(Boolean).map((pair) => pair.split(':').map(Number) as [number, number]));
  const bands = new Map((row?.bands ?? '').split(',').filter(Boolean).map((pair) => pair.split(':').map(Number) as [number, number]));
  return {
    members,
    disciplinePercents: new Map(summaryOrder(dailyKeys).map((key, index) => [key, members === 0 ? 0 : Math.round((sums.get(index + 1) ?? 0) / members)])),
    distribution: Array.from({ length: BAND_COUNT }, (_, band) => ({ from: band * 10, to: band === BAND_COUNT - 1 ? 100 : band * 10 + 9, members: bands.get(band) ?? 0 })),
  };
}

/** Members shown per page of the report's member table. */
export const REPORT_PAGE_SIZE = 50;

/** Where a page ends: the last member's kept days, sort name and id (the table's order). */
const readCursor = (cursor: string) =>
  decodeCursor(cursor, ([done, name, id, ...rest]) =>
    // At most 30 daily disciplines of 31 days.
    rest.length === 0 && Number.isInteger(done) && (done as number) >= 0 && (done as number) <= 930 && isSortText(name) && typeof id === 'string' && UUID_PATTERN.test(id)
      ? { done: done as number, name, id }
      : null,
  );

/**
 * One page of the scope's members, most faithful first (then by name), each with their percent overall and
 * per discipline: keyset paging on (kept days, sort name, id), so a page costs the same wherever it is.
 */
export async function scopeMembersPage(
  db: Executor,
  communityId: string,
  subgroupId: string | null,
  period: YearMonth,
  dailyKeys: readonly string[],
  cursor: string | undefined,
): Promise<{ members: MemberCompletion[]; nextCursor: string | null }> {
  const after = cursor === undefined ? null : readCursor(cursor);
  const rows = rowsOf<{ user_id: string; display_name: string; search_name: string; done: number; discipline_days: number[] | null }>(
    await db.execute(sql`
      WITH scope AS (${scopeRows(communityId, subgroupId, period)})
      SELECT * FROM scope
      ${after === null ? sql`` : sql`WHERE done < ${after.done} OR (done = ${after.done} AND (search_name, user_id) > (${after.name}, ${after.id}::uuid))`}
      ORDER BY done DESC, search_name, user_id
      LIMIT ${REPORT_PAGE_SIZE + 1}`),
  );
  const page = rows.slice(0, REPORT_PAGE_SIZE);
  const summaryIndex = new Map(summaryOrder(dailyKeys).map((key, index) => [key, index]));
  const last = page.at(-1);
  return {
    members: page.map((row) => ({
      userId: row.user_id,
      displayName: row.display_name,
      completionPercent: progressPercent(row.done, dailyKeys.length, period.year, period.month),
      byDiscipline: Object.fromEntries(dailyKeys.map((key) => [key, progressPercent(row.discipline_days?.[summaryIndex.get(key)!] ?? 0, 1, period.year, period.month)])),
    })),
    nextCursor: rows.length > REPORT_PAGE_SIZE && last ? encodeCursor([last.done, last.search_name, last.user_id]) : null,
  };
}
