import { and, eq } from 'drizzle-orm';
import { isCommander } from '@shared/domain/roles';
import { users } from '@shared/schema/auth';
import { communities, subgroups } from '@shared/schema/communities';
import type { Executor } from '../../db/client';
import { standingOfUser } from '../../http/community-context';
import { recordAudit } from '../audit/service';

/**
 * A subgroup is led only by a member who may lead it (Commander or an admin role, as `setCommander` checks).
 * Every change that can lower someone's standing ends with this (their roles, a removal or leaving, which can
 * take InstitutionAdmin from their other communities too, an import's role, a claim's capped roles): the
 * subgroups `userId` leads in any community where they may no longer lead are released, each written to the
 * audit log as a change of commander made by `actorId` (null: the server's operator, from the command line).
 */
export async function releaseLeadsBeyondStanding(tx: Executor, userId: string, actorId: string | null): Promise<void> {
  await lockStanding(tx, userId);
  const ledIn = await tx
    .selectDistinct({ id: communities.id, institutionId: communities.institutionId })
    .from(subgroups)
    .innerJoin(communities, eq(communities.id, subgroups.communityId))
    .where(eq(subgroups.commanderId, userId));
  for (const community of ledIn) {
    const standing = await standingOfUser(tx, community, userId);
    if (standing?.membership && isCommander(standing.roles)) continue;
    const released = await tx
      .update(subgroups)
      .set({ commanderId: null })
      .where(and(eq(subgroups.communityId, community.id), eq(subgroups.commanderId, userId)))
      .returning({ id: subgroups.id });
    for (const subgroup of released) {
      await recordAudit(tx, { actorId, communityId: community.id, entity: 'subgroup', entityId: subgroup.id, action: 'commander.update', diff: { from: userId, to: null, reason: 'may no longer lead' } });
    }
  }
}

/**
 * Serialises the changes to one person's standing and leads, across communities: who reads a standing to
 * grant or keep a lead holds this until commit. Without it, two admins taking InstitutionAdmin away in two
 * communities at once would each still see the other's and keep a lead, and a lead set while the member is
 * being removed would survive the removal. (NO KEY UPDATE leaves their own writes, whose foreign keys share
 * the row, unblocked.) One order everywhere, so two of them never wait on each other: the community's row
 * (lockCommunityRow), then the people, then their subgroups.
 */
export async function lockStanding(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}
