import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import { apiMessage } from '@shared/domain/messages';
import type { MemberStreak, MonthPoint, ReportMembersPage, ReportsView } from '@shared/contracts/reports';
import { shiftMonth, type YearMonth } from '@shared/domain/calendar';
import { streakFromMarks } from '@shared/domain/month-summary';
import { progressPercent } from '@shared/domain/progress';
import { can, isCommander } from '@shared/domain/roles';
import { subgroups } from '@shared/schema/communities';
import { dailyLogs } from '@shared/schema/tracking';
import type { Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { forbidden } from '../../http/errors';
import { communityDisciplines } from '../tracking/disciplines';
import { communityToday } from '../tracking/member-streaks';
import { subgroupMemberSummaries } from '../tracking/month-summaries';
import { congregationFigures } from '../../db/congregation-cache';
import { monthSavedAt, scopeMembersPage, scopeTotals } from './scope-figures';
import { countedDisciplines } from '../tracking/counted-disciplines';
import { streaksOverShown } from '../tracking/streaks';

export const COMMUNITY_SCOPE_FORBIDDEN = apiMessage("Only admins can see the whole community's reports.");
/** The trend: the chosen month and the 11 before it. */
export const TREND_MONTHS = 12;

type Scope = ReportsView['scope'];

/** Daily logs of these months (matched on year and month, so the (community, year, month) index applies). */
const inMonths = (months: readonly YearMonth[]): SQL => or(...months.map((m) => and(eq(dailyLogs.year, m.year), eq(dailyLogs.month, m.month))))!;

const byName = (a: { displayName: string; userId: string }, b: { displayName: string; userId: string }) =>
  a.displayName.localeCompare(b.displayName, 'en', { sensitivity: 'base' }) || a.userId.localeCompare(b.userId);

/** Whose numbers the viewer sees: admins the community unless they ask for their subgroup; others their subgroup. */
function resolveScope(context: CommunityContext, requested: 'community' | 'subgroup' | undefined, ownSubgroupId: string | null): { scope: Scope; subgroupId: string | null } {
  const admin = can(context, 'reports:read');
  if (requested === 'community' && !admin) throw forbidden(COMMUNITY_SCOPE_FORBIDDEN);
  if (admin && requested !== 'subgroup') return { scope: 'community', subgroupId: null };
  return ownSubgroupId ? { scope: 'subgroup', subgroupId: ownSubgroupId } : { scope: 'none', subgroupId: null };
}

/**
 * The viewer's subgroup and its commander: the one they are assigned to, else the first (by name) they lead
 * as its commander, so a commander who is not a member of their own subgroup still sees it.
 */
async function viewerSubgroup(db: Executor, context: CommunityContext): Promise<{ id: string; commanderId: string | null } | null> {
  const assigned = context.membership?.subgroupId ?? null;
  const [row] = await db
    .select({ id: subgroups.id, commanderId: subgroups.commanderId })
    .from(subgroups)
    .where(and(eq(subgroups.communityId, context.community.id), assigned ? eq(subgroups.id, assigned) : eq(subgroups.commanderId, context.userId)))
    .orderBy(asc(subgroups.name))
    .limit(1);
  return row ?? null;
}

async function subgroupName(db: Executor, communityId: string, subgroupId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: subgroups.name })
    .from(subgroups)
    .where(and(eq(subgroups.id, subgroupId), eq(subgroups.communityId, communityId)))
    .limit(1);
  return row?.name ?? null;
}

/**
 * The report's scope for this viewer and query, and the daily disciplines it counts: those kept in secret
 * only for admins and the commander of the subgroup shown (their members' care circle, issue 26).
 */
async function reportFrame(db: Executor, context: CommunityContext, query: { month: number; year: number; scope?: 'community' | 'subgroup' | undefined }) {
  const ownSubgroup = await viewerSubgroup(db, context);
  const dailyDisciplines = (await communityDisciplines(db, context.community)).filter((d) => d.isDailyGrid);
  const seesSecrets = can(context, 'reports:read') || (ownSubgroup !== null && ownSubgroup.commanderId === context.userId && isCommander(context.roles));
  const counted = countedDisciplines(dailyDisciplines, seesSecrets);
  const shownDisciplines = dailyDisciplines.filter((d) => counted.shownKeys.includes(d.key));
  const leftOut = dailyDisciplines.filter((d) => !counted.shownKeys.includes(d.key)).map((d) => d.label);
  const ownSubgroupId = ownSubgroup?.id ?? null;
  return { ownSubgroupId, ...resolveScope(context, query.scope, ownSubgroupId), shownDisciplines, leftOut, counted, period: { year: query.year, month: query.month } };
}

/**
 * GET /api/reports: the month's progress per discipline, the members' distribution and the first page of
 * them, the viewer's own 12-month trend and the current streaks of the viewer's subgroup. All of it from
 * the month summaries (scope-figures.ts, month-summaries.ts), in a fixed number of queries whatever the
 * community's size: disciplines (kept), the viewer's subgroup, the scope's totals, its first page, the
 * viewer's 12 months, the subgroup's streak months, and the subgroup's name.
 */
export async function progressReport(
  db: Executor,
  context: CommunityContext,
  query: { month: number; year: number; scope?: 'community' | 'subgroup' | undefined },
  now: Date,
): Promise<ReportsView> {
  const communityId = context.community.id;
  const { ownSubgroupId, scope, subgroupId, shownDisciplines, leftOut, counted, period } = await reportFrame(db, context, query);
  const today = communityToday(context.community, now);
  const trendMonths = Array.from({ length: TREND_MONTHS }, (_, i) => shiftMonth(period, i - (TREND_MONTHS - 1)));
  const withheld = counted.shownKeys.length < counted.dailyKeys.length;

  const figures =
    scope === 'none'
      ? null
      : await congregationFigures(
          db,
          `report:${communityId}:${subgroupId ?? 'all'}:${period.year}-${period.month}:${context.community.disciplinesVersion}:${context.community.changeVersion}${withheld ? ':open' : ''}`,
          await monthSavedAt(db, communityId, period),
          now,
          async () => ({
            totals: await scopeTotals(db, communityId, subgroupId, period, counted),
            page: await scopeMembersPage(db, communityId, subgroupId, period, counted, undefined),
          }),
          (kept) => kept.totals.members,
        );
  const totals = figures?.totals ?? null;
  const page = figures?.page ?? { members: [], nextCursor: null };
  const viewerMonths = await db
    .select({ year: dailyLogs.year, month: dailyLogs.month, completedCount: dailyLogs.completedCount })
    .from(dailyLogs)
    .where(and(eq(dailyLogs.communityId, communityId), eq(dailyLogs.userId, context.userId), inMonths(trendMonths)));
  const subgroup = ownSubgroupId ? await subgroupMemberSummaries(db, communityId, ownSubgroupId, today) : [];
  // The day marks count every daily discipline: without the secret ones, the streaks are counted from the statuses.
  const openStreaks = withheld && ownSubgroupId ? await streaksOverShown(db, context.community, subgroup.map(({ member }) => member.id), today, counted.shownKeys) : null;
  const name = scope === 'subgroup' && subgroupId ? await subgroupName(db, communityId, subgroupId) : null;

  const trend: MonthPoint[] = trendMonths.map(({ year, month }) => ({
    year,
    month,
    completionPercent: progressPercent(viewerMonths.find((log) => log.year === year && log.month === month)?.completedCount ?? 0, counted.dailyKeys.length, year, month),
  }));

  const streaks: MemberStreak[] = subgroup
    .map(({ member, summary }) => ({
      userId: member.id,
      displayName: member.displayName,
      streak: openStreaks ? (openStreaks.get(member.id) ?? 0) : streakFromMarks(summary.months, today, context.community.graceDays).days,
    }))
    .sort((a, b) => b.streak - a.streak || byName(a, b));

  return {
    month: period.month,
    year: period.year,
    scope,
    subgroupName: name,
    canSeeCommunity: can(context, 'reports:read'),
    disciplines: shownDisciplines.map(({ key, label }) => ({ key, label, completionPercent: totals?.disciplinePercents.get(key) ?? 0 })),
    leftOut,
    membersTotal: totals?.members ?? 0,
    distribution: totals?.distribution ?? [],
    members: page.members,
    membersNextCursor: page.nextCursor,
    trend,
    streaks,
  };
}

/** GET /api/reports/members: a further page of the report's member table, for the same scope as the report. */
export async function reportMembersPage(db: Executor, context: CommunityContext, query: { month: number; year: number; scope?: 'community' | 'subgroup' | undefined; cursor: string }): Promise<ReportMembersPage> {
  const { scope, subgroupId, counted, period } = await reportFrame(db, context, query);
  if (scope === 'none') return { members: [], nextCursor: null };
  return scopeMembersPage(db, context.community.id, subgroupId, period, counted, query.cursor);
}
