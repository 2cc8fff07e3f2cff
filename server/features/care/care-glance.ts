import { and, count, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { CARE_GLANCE_MONTHS, type CareGlanceView } from '@shared/contracts/care';
import { isoDate, parseIsoDate, shiftMonth } from '@shared/domain/calendar';
import { careReachOuts, reflections } from '@shared/schema/care';
import { memberships, subgroups } from '@shared/schema/communities';
import type { Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { communityToday } from '../tracking/member-streaks';
import { caredSubgroups } from './care-scope';

/**
 * A commander's care at a glance (issue 26, on /reports): for the subgroups they lead (or the one an admin
 * asks for), per month of the last CARE_GLANCE_MONTHS since the community began, how many reflections their members wrote on it and
 * how many were acknowledged, and how many days someone reached out to a member. Counts only, never who:
 * three queries whatever the subgroups' size. A commander's own reflection (the caller's, or the led
 * subgroup's commander's when an admin asks) is not part of their care.
 */
export async function careAtAGlance(db: Executor, context: CommunityContext, subgroupId: string | undefined, now: Date): Promise<CareGlanceView> {
  const communityId = context.community.id;
  const { condition } = await caredSubgroups(db, context, subgroupId);
  const today = parseIsoDate(communityToday(context.community, now));
  const monthIndex = (year: number, month: number) => year * 12 + month - 1;
  // From the community's first month: the months before it had no one to care for (reflections on them stay allowed).
  const founded = parseIsoDate(communityToday(context.community, context.community.createdAt));
  const months = Array.from({ length: CARE_GLANCE_MONTHS }, (_, i) => shiftMonth(today, i - (CARE_GLANCE_MONTHS - 1))).filter(
    ({ year, month }) => monthIndex(year, month) >= monthIndex(founded.year, founded.month),
  );
  const first = months[0]!;
  const cared = db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(subgroups, eq(subgroups.id, memberships.subgroupId))
    .where(and(eq(memberships.communityId, communityId), condition, ne(memberships.userId, context.userId), sql`${memberships.userId} IS DISTINCT FROM ${subgroups.commanderId}`));

  const reflectionMonth = sql<number>`${reflections.year} * 12 + ${reflections.month} - 1`;
  const reachedMonth = sql<number>`(extract(year FROM ${careReachOuts.reachedOn}) * 12 + extract(month FROM ${careReachOuts.reachedOn}) - 1)::int`;
  const [[led], written, reached] = await Promise.all([
    db.select({ subgroups: count() }).from(subgroups).where(condition),
    db
      .select({ monthIndex: reflectionMonth, written: count(), acknowledged: count(reflections.acknowledgedAt) })
      .from(reflections)
      .where(and(eq(reflections.communityId, communityId), inArray(reflections.userId, cared), gte(reflectionMonth, monthIndex(first.year, first.month)), lte(reflectionMonth, monthIndex(today.year, today.month))))
      .groupBy(reflectionMonth),
    db
      .select({ monthIndex: reachedMonth, reachedOut: count() })
      .from(careReachOuts)
      .where(and(eq(careReachOuts.communityId, communityId), inArray(careReachOuts.memberId, cared), gte(careReachOuts.reachedOn, isoDate(first.year, first.month, 1))))
      .groupBy(reachedMonth),
  ]);
  return {
    subgroups: led?.subgroups ?? 0,
    months: months.map(({ year, month }) => {
      const index = monthIndex(year, month);
      const reflected = written.find((row) => Number(row.monthIndex) === index);
      return {
        year,
        month,
        reflectionsWritten: reflected?.written ?? 0,
        reflectionsAcknowledged: reflected?.acknowledged ?? 0,
        reachedOut: reached.find((row) => Number(row.monthIndex) === index)?.reachedOut ?? 0,
      };
    }),
  };
}
