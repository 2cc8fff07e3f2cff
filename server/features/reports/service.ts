import { and, asc, eq, isNotNull, or, type SQL } from 'drizzle-orm';
import type { DisciplineCompletion, MemberCompletion, MemberStreak, MonthPoint, ReportsView } from '@shared/contracts/reports';
import { shiftMonth, type YearMonth } from '@shared/domain/calendar';
import { memberMonthlyProgress, monthlyProgress } from '@shared/domain/progress';
import { can } from '@shared/domain/roles';
import { type MonthLog, statusLookup } from '@shared/domain/streaks';
import { users } from '@shared/schema/auth';
import { memberships, subgroups } from '@shared/schema/communities';
import { type DailyLogDayStatus, dailyLogs } from '@shared/schema/tracking';
import type { Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { forbidden } from '../../http/errors';
import { communityToday, monthsBack, overallStreak, STREAK_MONTHS } from '../tracking/member-streaks';
import { communityDisciplines } from '../tracking/disciplines';

export const COMMUNITY_SCOPE_FORBIDDEN = "Only admins can see the whole community's reports.";
/** The trend: the chosen month and the 11 before it. */
export const TREND_MONTHS = 12;

type Scope = ReportsView['scope'];

/** Daily logs of these months (matched on year and month, so the (community, year, month) index applies). */
const inMonths = (months: readonly YearMonth[]): SQL => or(...months.map((m) => and(eq(dailyLogs.year, m.year), eq(dailyLogs.month, m.month))))!;

/**
 * Memberships of the community (of one subgroup when `subgroupId` is given), with their names and their
 * logs of `months`: one query whatever the number of members. A member without a log in those months is
 * one row with a null log.
 */
async function membersWithLogs(db: Executor, communityId: string, subgroupId: string | null, months: readonly YearMonth[]) {
  const rows = await db
    .select({ userId: users.id, displayName: users.displayName, year: dailyLogs.year, month: dailyLogs.month, dayStatus: dailyLogs.dayStatus })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(dailyLogs, and(eq(dailyLogs.userId, memberships.userId), eq(dailyLogs.communityId, communityId), inMonths(months)))
    // Imported records awaiting a claim cannot check in: they appear only where their imported history is
    // (a month they have a log in), never as members whose numbers fell to 0%.
    .where(
      and(
        eq(memberships.communityId, communityId),
        or(eq(users.isImported, false), isNotNull(dailyLogs.userId)),
        subgroupId === null ? undefined : eq(memberships.subgroupId, subgroupId),
      ),
    );
  const members = new Map<string, { userId: string; displayName: string; logs: MonthLog[] }>();
  for (const row of rows) {
    const member = members.get(row.userId) ?? { userId: row.userId, displayName: row.displayName, logs: [] };
    members.set(row.userId, member);
    if (row.year !== null && row.month !== null && row.dayStatus !== null) member.logs.push({ year: row.year, month: row.month, dayStatus: row.dayStatus });
  }
  return [...members.values()];
}

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
 * The viewer's subgroup: the one they are assigned to, else the first (by name) they lead as its
 * commander, so a commander who is not a member of their own subgroup still sees it.
 */
async function viewerSubgroupId(db: Executor, context: CommunityContext): Promise<string | null> {
  if (context.membership?.subgroupId) return context.membership.subgroupId;
  const [led] = await db
    .select({ id: subgroups.id })
    .from(subgroups)
    .where(and(eq(subgroups.communityId, context.community.id), eq(subgroups.commanderId, context.userId)))
    .orderBy(asc(subgroups.name))
    .limit(1);
  return led?.id ?? null;
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
 * GET /api/reports: the month's progress per discipline and per member of the scope, the viewer's own
 * 12-month trend and the current streaks of the viewer's subgroup. A fixed number of queries whatever the
 * community's size: disciplines, the scope's month (one join), the viewer's 12 months, the subgroup's 13
 * months, and the subgroup's name.
 */
export async function progressReport(
  db: Executor,
  context: CommunityContext,
  query: { month: number; year: number; scope?: 'community' | 'subgroup' | undefined },
  now: Date,
): Promise<ReportsView> {
  const communityId = context.community.id;
  const period: YearMonth = { year: query.year, month: query.month };
  const ownSubgroupId = await viewerSubgroupId(db, context);
  const { scope, subgroupId } = resolveScope(context, query.scope, ownSubgroupId);
  const today = communityToday(context.community, now);
  const trendMonths = Array.from({ length: TREND_MONTHS }, (_, i) => shiftMonth(period, i - (TREND_MONTHS - 1)));

  const dailyDisciplines = (await communityDisciplines(db, context.community)).filter((d) => d.isDailyGrid);
  const dailyKeys = dailyDisciplines.map((d) => d.key);

  const inScope = scope === 'none' ? [] : await membersWithLogs(db, communityId, subgroupId, [period]);
  const viewerLogs = await db
    .select({ year: dailyLogs.year, month: dailyLogs.month, dayStatus: dailyLogs.dayStatus })
    .from(dailyLogs)
    .where(and(eq(dailyLogs.communityId, communityId), eq(dailyLogs.userId, context.userId), inMonths(trendMonths)));
  const subgroup = ownSubgroupId ? await membersWithLogs(db, communityId, ownSubgroupId, monthsBack(today, STREAK_MONTHS)) : [];
  const name = scope === 'subgroup' && subgroupId ? await subgroupName(db, communityId, subgroupId) : null;

  const monthOf = (logs: readonly MonthLog[]): DailyLogDayStatus | undefined => logs.find((log) => log.year === period.year && log.month === period.month)?.dayStatus;
  const members: MemberCompletion[] = inScope
    .map((member) => {
      const dayStatus = monthOf(member.logs);
      return {
        userId: member.userId,
        displayName: member.displayName,
        completionPercent: memberMonthlyProgress(dayStatus, dailyKeys, period.year, period.month),
        byDiscipline: Object.fromEntries(dailyKeys.map((key) => [key, monthlyProgress(dayStatus?.[key], period.year, period.month)])),
      };
    })
    .sort((a, b) => b.completionPercent - a.completionPercent || byName(a, b));

  // The mean of the members' monthly progress, as the admin Overview's Avg. Completion averages it.
  const disciplines: DisciplineCompletion[] = dailyDisciplines.map(({ key, label }) => ({
    key,
    label,
    completionPercent: members.length === 0 ? 0 : Math.round(members.reduce((sum, member) => sum + member.byDiscipline[key]!, 0) / members.length),
  }));

  const trend: MonthPoint[] = trendMonths.map(({ year, month }) => ({
    year,
    month,
    completionPercent: memberMonthlyProgress(viewerLogs.find((log) => log.year === year && log.month === month)?.dayStatus, dailyKeys, year, month),
  }));

  const streaks: MemberStreak[] = subgroup
    .map((member) => ({
      userId: member.userId,
      displayName: member.displayName,
      streak: overallStreak(dailyKeys.map((key) => statusLookup(member.logs, key)), today, context.community),
    }))
    .sort((a, b) => b.streak - a.streak || byName(a, b));

  return {
    month: period.month,
    year: period.year,
    scope,
    subgroupName: name,
    canSeeCommunity: can(context, 'reports:read'),
    disciplines,
    members,
    trend,
    streaks,
  };
}
