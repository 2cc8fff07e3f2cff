import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CommunityStats } from '@shared/contracts/communities';
import { dateInTimeZone, daysInMonth, parseIsoDate } from '@shared/domain/calendar';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import { questions } from '@shared/schema/questions';
import { dailyLogs } from '@shared/schema/tracking';
import { type Executor, preparedPerDatabase } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { communityDailyKeys } from '../tracking/disciplines';

/**
 * The admin Overview's figures in one prepared statement (its planning cost Postgres as much as its run):
 * one pass over the memberships with each member's month read from the stored counts (an index-only scan
 * of daily_logs_community_month_idx), and the open questions (questions_community_status_idx). Each
 * member's percent is progressPercent's half-up rounding done in integers:
 * (200 * done + total) / (2 * total) = round(100 * done / total).
 */
const overviewStatement = preparedPerDatabase((db) => {
  const [communityId, total] = [sql.placeholder('communityId'), sql`${sql.placeholder('total')}::int`];
  const openQuestions = db
    .select({ count: sql`count(*)::int` })
    .from(questions)
    .where(and(eq(questions.communityId, communityId), inArray(questions.status, ['Open', 'InProgress'])));
  return db
    .select({
      members: sql<number>`(count(*) FILTER (WHERE NOT ${users.isImported}))::int`,
      imported: sql<number>`(count(*) FILTER (WHERE ${users.isImported}))::int`,
      commanders: sql<number>`(count(*) FILTER (WHERE 'Commander' = ANY(${memberships.roles}) AND NOT ${users.isImported}))::int`,
      percentSum: sql<number>`coalesce(sum((200 * coalesce(${dailyLogs.completedCount}, 0) + ${total}) / (2 * ${total})) FILTER (WHERE NOT ${users.isImported}), 0)::int`,
      openQuestions: sql<number>`(${openQuestions})`,
    })
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
    .where(eq(memberships.communityId, communityId))
    .prepare('overview_figures');
});

/**
 * Members, commanders, open questions and Avg. Completion (the mean monthly progress of the members this
 * month), counting those who can check in; imported records awaiting a claim are counted apart.
 */
export async function overviewFigures(db: Executor, context: CommunityContext, now: Date): Promise<CommunityStats> {
  const dailyCount = (await communityDailyKeys(db, context.community)).length;
  const { year, month } = parseIsoDate(dateInTimeZone(now, context.community.timeZone));
  const total = Math.max(1, dailyCount * daysInMonth(year, month));
  const [row] = await overviewStatement(db).execute({ communityId: context.community.id, year, month, total });
  const members = row?.members ?? 0;
  return {
    totalMembers: members,
    totalCommanders: row?.commanders ?? 0,
    avgCompletion: members === 0 || dailyCount === 0 ? 0 : Math.round(row!.percentSum / members),
    openQuestions: row?.openQuestions ?? 0,
    importedUnclaimed: row?.imported ?? 0,
  };
}
