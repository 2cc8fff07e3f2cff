import { and, eq, ne, sql } from 'drizzle-orm';
import { apiMessage } from '@shared/domain/messages';
import type { CommanderMemberStat, SubgroupMember } from '@shared/contracts/tracking';
import type { YearMonth } from '@shared/domain/calendar';
import { keptCountFromMarks, streakFromMarks } from '@shared/domain/month-summary';
import { progressPercent, weekDates, weeklyCounts } from '@shared/domain/progress';
import { isAdmin } from '@shared/domain/roles';
import { users } from '@shared/schema/auth';
import { memberships, subgroups } from '@shared/schema/communities';
import type { Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { forbidden } from '../../http/errors';
import { assertMemberOf } from './daily-logs';
import { communityDailyKeys } from './disciplines';
import { communityToday } from './member-streaks';
import { subgroupMembersOnly, subgroupSummaries } from './month-summaries';

type Month = YearMonth;

/** Members of the subgroups the commander leads in this community (the commander not included). */
export async function subgroupMembers(db: Executor, context: CommunityContext, commanderId: string): Promise<SubgroupMember[]> {
  const rows = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      email: users.email,
      subgroupId: subgroups.id,
      subgroupName: subgroups.name,
    })
    .from(subgroups)
    .innerJoin(memberships, and(eq(memberships.subgroupId, subgroups.id), eq(memberships.communityId, subgroups.communityId)))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(subgroups.communityId, context.community.id), eq(subgroups.commanderId, commanderId), ne(memberships.userId, commanderId), subgroupMembersOnly))
    .orderBy(sql`lower(${users.displayName})`);
  return rows.map((row) => ({ ...row, email: isAdmin(context.roles) || context.userId === commanderId ? row.email : null }));
}

/**
 * A commander sees their own subgroups; admins see any commander's of this community. Someone who is
 * not a member here answers 404, as a member does elsewhere (not an empty list, as if they led nobody).
 */
export async function assertMayReadCommander(db: Executor, context: CommunityContext, commanderId: string): Promise<void> {
  if (commanderId === context.userId) return;
  if (!isAdmin(context.roles)) throw forbidden("Only admins can see another commander's subgroup.");
  await assertMemberOf(db, context.community.id, commanderId, apiMessage('Commander not found.'));
}

/**
 * Streak, month progress and weekly figures for every member of the commander's subgroups, in a fixed
 * number of queries whatever the subgroup's size (the members with their summaries; the disciplines, mostly
 * cached), reading only the month summaries (subgroupSummaries), never the logs.
 */
export async function memberStats(db: Executor, context: CommunityContext, commanderId: string, period: Month, now: Date): Promise<CommanderMemberStat[]> {
  const today = communityToday(context.community, now);
  const [dailyKeys, members] = await Promise.all([communityDailyKeys(db, context.community), subgroupSummaries(db, context.community, commanderId, today, period)]);
  const dailyCount = dailyKeys.length;
  const weeks = weekDates(today);
  return members.map(({ member, summary }) => {
    const selected = summary.months.find((log) => log.year === period.year && log.month === period.month);
    return {
      id: member.id,
      displayName: member.displayName,
      lastUpdated: summary.lastUpdated,
      streak: streakFromMarks(summary.months, today, context.community.graceDays).days,
      completionPercent: progressPercent(selected?.completedCount ?? 0, dailyCount, period.year, period.month),
      weeklyStats: weeklyCounts(keptCountFromMarks(summary.months), weeks),
    };
  });
}
