import { sql } from 'drizzle-orm';
import type { DashboardQuery, DashboardView } from '@shared/contracts/dashboard';
import type { DayStatus } from '@shared/domain/constants';
import { TARGET_KEYS } from '@shared/domain/disciplines';
import { guidancePanels } from '@shared/schema/communities';
import { dailyLogs, userDisciplineTargets } from '@shared/schema/tracking';
import { type Executor, preparedPerDatabase } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { toCommunityView } from '../communities/service';
import { toGuidanceView } from '../guidance/service';
import { toLogView } from '../tracking/daily-logs';
import { communityDisciplines } from '../tracking/disciplines';
import { monthLocked } from '../tracking/locks';
import { streaksFromLogs, streakWindow } from '../tracking/streaks';
import { type TargetValues, toTargetsView } from '../tracking/targets';

type DayStatuses = Record<string, Record<string, DayStatus>>;
/** A month of one's log as the statement packs it: updatedAt in ms since the epoch (JSON has no dates). */
type PackedMonth = { year: number; month: number; dayStatus: DayStatuses; monthlyCompletions: Record<string, boolean>; updatedAt: number };
type PackedTargets = TargetValues & { year: number; month: number };
type PackedGuidance = { sections: unknown[]; contentMarkdown: string; updatedAt: number };

const epochMs = (column: unknown) => sql`floor(extract(epoch FROM ${column}) * 1000)::bigint`;

/**
 * Everything the dashboard shows of one's own, in one prepared statement (issue 25: four queries, each
 * a round trip and a turn of the server's one thread, cost the call half the ceiling): whether the month
 * is locked, the months a streak can reach with the period's month among them, the targets in force
 * (that month's, else the latest earlier ones) and the community's guidance. Each part is then shaped by
 * the same function its own endpoint uses.
 */
const ownDataStatement = preparedPerDatabase((db) => {
  const [userId, communityId, year, month] = [sql.placeholder('userId'), sql.placeholder('communityId'), sql.placeholder('year'), sql.placeholder('month')];
  const monthIndex = sql`${dailyLogs.year} * 12 + ${dailyLogs.month} - 1`;
  const months = sql<PackedMonth[]>`(
    SELECT coalesce(json_agg(json_build_object('year', ${dailyLogs.year}, 'month', ${dailyLogs.month}, 'dayStatus', ${dailyLogs.dayStatus},
      'monthlyCompletions', ${dailyLogs.monthlyCompletions}, 'updatedAt', ${epochMs(dailyLogs.updatedAt)})), '[]')
    FROM ${dailyLogs}
    WHERE ${dailyLogs.userId} = ${userId} AND ${dailyLogs.communityId} = ${communityId}
      AND (${monthIndex} BETWEEN ${sql.placeholder('from')} AND ${sql.placeholder('to')} OR (${dailyLogs.year} = ${year} AND ${dailyLogs.month} = ${month})))`;
  const targetFields = sql.join(
    TARGET_KEYS.map((key) => sql`${sql.raw(`'${key}'`)}, ${userDisciplineTargets[key]}`),
    sql`, `,
  );
  const targets = sql<PackedTargets | null>`(
    SELECT json_build_object('year', ${userDisciplineTargets.year}, 'month', ${userDisciplineTargets.month}, ${targetFields})
    FROM ${userDisciplineTargets}
    WHERE ${userDisciplineTargets.userId} = ${userId} AND ${userDisciplineTargets.communityId} = ${communityId}
      AND (${userDisciplineTargets.year} < ${year} OR (${userDisciplineTargets.year} = ${year} AND ${userDisciplineTargets.month} <= ${month}))
    ORDER BY ${userDisciplineTargets.year} DESC, ${userDisciplineTargets.month} DESC
    LIMIT 1)`;
  const guidance = sql<PackedGuidance | null>`(
    SELECT json_build_object('sections', ${guidancePanels.sections}, 'contentMarkdown', ${guidancePanels.contentMarkdown}, 'updatedAt', ${epochMs(guidancePanels.updatedAt)})
    FROM ${guidancePanels} WHERE ${guidancePanels.communityId} = ${communityId} LIMIT 1)`;
  return db
    .select({ isLocked: monthLocked(communityId, { year, month }), months, targets, guidance })
    .from(sql`(SELECT 1) AS one`)
    .prepare('dashboard_own_data');
});

/** The dashboard's own data for the signed-in member: exactly what its separate endpoints answer. */
export async function dashboardOwnData(db: Executor, context: CommunityContext, query: DashboardQuery): Promise<DashboardView> {
  const { community, userId } = context;
  const period = { year: query.year, month: query.month };
  // The period's month may lie outside the streak window: the streaks read only the window, as their own endpoint does.
  const window = streakWindow(query.date);
  const [disciplines, [row]] = await Promise.all([
    communityDisciplines(db, community),
    ownDataStatement(db).execute({ userId, communityId: community.id, year: period.year, month: period.month, ...window }),
  ]);
  const { isLocked, months, targets, guidance } = row!;
  const shown = months.find((log) => log.year === period.year && log.month === period.month);
  const streakMonths = months.filter((log) => log.year * 12 + log.month - 1 >= window.from && log.year * 12 + log.month - 1 <= window.to);
  return {
    community: toCommunityView(community),
    disciplines,
    dailyLog: toLogView(userId, community.id, period, shown && { ...shown, updatedAt: new Date(Number(shown.updatedAt)) }, isLocked),
    targets: toTargetsView(userId, targets ?? undefined),
    streaks: streaksFromLogs(userId, query.date, disciplines, streakMonths, community.graceDays),
    guidance: toGuidanceView(guidance ? { ...guidance, updatedAt: new Date(Number(guidance.updatedAt)) } : undefined),
  };
}
