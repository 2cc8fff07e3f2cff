import { and, eq } from 'drizzle-orm';
import type { NeedsAWordRow } from '@shared/contracts/care';
import { dateInTimeZone, parseIsoDate } from '@shared/domain/calendar';
import { needsAWordReasons } from '@shared/domain/needs-a-word';
import { isAdmin } from '@shared/domain/roles';
import { subgroups } from '@shared/schema/communities';
import type { Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { forbidden, notFound } from '../../http/errors';
import { communityDailyKeys } from '../tracking/disciplines';
import { communityToday } from '../tracking/member-streaks';
import { subgroupMemberSummaries, subgroupSummaries } from '../tracking/month-summaries';

export const SUBGROUP_NOT_FOUND = 'Subgroup not found.';
export const NOT_YOUR_SUBGROUP = 'Only its commander and admins can see who in this subgroup needs a word.';

/**
 * 'Needs a word' (issue 26): the members of the subgroups the caller leads (or, for admins, of the subgroup
 * asked for) with the reasons their month summaries give as of the community's today, those without one
 * left out. Reads the summaries of every member in one query, the subgroup in one more when asked for,
 * and the disciplines (mostly cached): the same number of queries whatever the subgroup's size.
 */
export async function needsAWord(db: Executor, context: CommunityContext, subgroupId: string | undefined, now: Date): Promise<NeedsAWordRow[]> {
  const { community } = context;
  const today = communityToday(community, now);
  const [dailyKeys, members] = await Promise.all([communityDailyKeys(db, community), membersToCareFor(db, context, subgroupId, today)]);
  const settings = { quietDays: community.quietDays, graceDays: community.graceDays, dailyCount: dailyKeys.length };
  const rows = members.flatMap(({ member, summary }) => {
    // An imported record awaiting its claim cannot check in: nobody to reach out to yet.
    if (member.isImported) return [];
    const joinedOn = dateInTimeZone(member.joinedAt, community.timeZone);
    const reasons = needsAWordReasons(summary.months, today, joinedOn, settings);
    return reasons.length > 0 ? [{ userId: member.id, displayName: member.displayName, reasons }] : [];
  });
  return rows.sort((a, b) => a.displayName.localeCompare(b.displayName, 'en', { sensitivity: 'base' }));
}

async function membersToCareFor(db: Executor, context: CommunityContext, subgroupId: string | undefined, today: string) {
  if (!subgroupId) return subgroupSummaries(db, context.community, context.userId, today, parseIsoDate(today));
  const [subgroup] = await db
    .select({ commanderId: subgroups.commanderId })
    .from(subgroups)
    .where(and(eq(subgroups.id, subgroupId), eq(subgroups.communityId, context.community.id)));
  if (!subgroup) throw notFound(SUBGROUP_NOT_FOUND);
  if (subgroup.commanderId !== context.userId && !isAdmin(context.roles)) throw forbidden(NOT_YOUR_SUBGROUP);
  const members = await subgroupMemberSummaries(db, context.community.id, subgroupId, today);
  return members.filter(({ member }) => member.id !== subgroup.commanderId);
}
