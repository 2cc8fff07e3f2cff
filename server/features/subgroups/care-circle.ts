import { and, eq } from 'drizzle-orm';
import { isAdmin, isCommander } from '@shared/domain/roles';
import { memberships, subgroups } from '@shared/schema/communities';
import type { Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';

/**
 * Whether `userId` is a member of the request's community, and whether the caller walks beside them
 * (issue 26): the member themselves, the commander of the subgroup they are in, or the community's admins.
 * They alone read a member's reflections and the disciplines the community keeps in secret.
 */
export async function careCircleOf(db: Executor, context: CommunityContext, userId: string): Promise<{ isMember: boolean; inCircle: boolean }> {
  if (userId === context.userId) return { isMember: context.membership !== null, inCircle: true };
  const [member] = await db
    .select({ commanderId: subgroups.commanderId })
    .from(memberships)
    .leftJoin(subgroups, eq(subgroups.id, memberships.subgroupId))
    .where(and(eq(memberships.communityId, context.community.id), eq(memberships.userId, userId)))
    .limit(1);
  if (!member) return { isMember: false, inCircle: false };
  const leadsTheirSubgroup = member.commanderId === context.userId && isCommander(context.roles);
  return { isMember: true, inCircle: isAdmin(context.roles) || leadsTheirSubgroup };
}
