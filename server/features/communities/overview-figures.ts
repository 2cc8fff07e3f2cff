import { and, eq, sql } from 'drizzle-orm';
import type { CommunityStats } from '@shared/contracts/communities';
import { dateInTimeZone, daysInMonth, parseIsoDate } from '@shared/domain/calendar';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import { dailyLogs } from '@shared/schema/tracking';
import { type Executor, preparedPerDatabase } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { congregationFigures } from '../../db/congregation-cache';
import { isAdmin } from '@shared/domain/roles';
import { type CountedShape, countedDisciplines, countedShape, keptDays, preparedPerShape } from '../tracking/counted-disciplines';
import { communityDisciplines } from '../tracking/disciplines';
import { latestSaveOfMonth } from '../tracking/month-summaries';

/**
 * What the Overview reads on every call: the month's latest save (the version of the kept figures), from
 * one probe of daily_logs_community_month_saved_idx. The open questions are counted on the community's row
 * (communities.open_question_count, kept by triggers on questions), read with the request's context.
 */
const probeStatement = preparedPerDatabase((db) =>
  db
    .select({ latestSave: latestSaveOfMonth(sql.placeholder('communityId'), sql.placeholder('year'), sql.placeholder('month')) })
    .from(sql`(SELECT 1) AS one`)
    .prepare('overview_probe'),
);

/**
 * The Overview's member figures in one prepared statement (its planning cost Postgres as much as its run):
 * one pass over the memberships with each member's month read from the stored summaries (an index-only scan
 * of daily_logs_community_month_idx), its kept days over the disciplines counted for the viewer. Each
 * member's percent is progressPercent's half-up rounding done in integers: (200 * done + total) / (2 * total).
 */
const overviewStatement = preparedPerShape((db: Executor, variant: 'overview', shape: CountedShape) => {
  const [communityId, total] = [sql.placeholder('communityId'), sql`${sql.placeholder('total')}::int`];
  return db
    .select({
      members: sql<number>`(count(*) FILTER (WHERE NOT ${users.isImported}))::int`,
      imported: sql<number>`(count(*) FILTER (WHERE ${users.isImported}))::int`,
      commanders: sql<number>`(count(*) FILTER (WHERE 'Commander' = ANY(${memberships.roles}) AND NOT ${users.isImported}))::int`,
      percentSum: sql<number>`coalesce(sum((200 * ${keptDays(shape)} + ${total}) / (2 * ${total})) FILTER (WHERE NOT ${users.isImported}), 0)::int`,
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
    .prepare(`${variant}_figures_${shape.name}`);
});

/**
 * Members, commanders, open questions and Avg. Completion (the mean monthly progress of the members this
 * month), counting those who can check in; imported records awaiting a claim are counted apart. A
 * congregation's member figures are kept while the month's latest save is unchanged (congregationFigures):
 * a check-in shows at once, and so does a change that takes the community's row (a removal, an account deleted,
 * a role changed: its change version is part of the key); a membership change that does not, within half a minute; the open questions are
 * always the community row's own count, as fresh as the request.
 */
export async function overviewFigures(db: Executor, context: CommunityContext, now: Date): Promise<CommunityStats> {
  const { community } = context;
  // Anyone may read the Overview: a discipline kept in secret counts only for the admins, who may see it.
  const counted = countedDisciplines((await communityDisciplines(db, community)).filter((discipline) => discipline.isDailyGrid), isAdmin(context.roles));
  const shape = countedShape(counted);
  const dailyCount = counted.shownKeys.length;
  const { year, month } = parseIsoDate(dateInTimeZone(now, community.timeZone));
  const total = Math.max(1, dailyCount * daysInMonth(year, month));
  const [probe] = await probeStatement(db).execute({ communityId: community.id, year, month });
  const figures = await congregationFigures(
    db,
    `overview:${community.id}:${year}-${month}:${community.disciplinesVersion}:${community.changeVersion}:${shape.name}`,
    probe!.latestSave,
    now,
    async () => (await overviewStatement(db, 'overview', shape).execute({ communityId: community.id, year, month, total }))[0]!,
    (counted) => counted.members + counted.imported,
  );
  const { members, commanders, imported, percentSum } = figures;
  return {
    totalMembers: members,
    totalCommanders: commanders,
    avgCompletion: members === 0 || dailyCount === 0 ? 0 : Math.round(percentSum / members),
    openQuestions: community.openQuestionCount,
    importedUnclaimed: imported,
  };
}
