import { asc, eq } from 'drizzle-orm';
import type { MembershipView } from '@shared/contracts/communities';
import type { Role } from '@shared/domain/constants';
import { highestRole } from '@shared/domain/roles';
import { communities, memberships } from '@shared/schema/communities';
import type { SessionUser } from '../../auth/passport';
import type { Executor } from '../../db/client';

/** A membership's roles as they apply: a SuperAdmin is one in every community. */
export function effectiveRoles(user: Pick<SessionUser, 'isSuperAdmin'>, roles: readonly Role[]): Role[] {
  return user.isSuperAdmin && !roles.includes('SuperAdmin') ? ['SuperAdmin', ...roles] : [...roles];
}

export async function listMemberships(db: Executor, user: SessionUser): Promise<MembershipView[]> {
  const rows = await db
    .select({ membership: memberships, community: { id: communities.id, name: communities.name, description: communities.description } })
    .from(memberships)
    .innerJoin(communities, eq(communities.id, memberships.communityId))
    .where(eq(memberships.userId, user.id))
    .orderBy(asc(memberships.createdAt));
  return rows.map(({ membership, community }) => {
    const roles = effectiveRoles(user, membership.roles);
    return {
      id: membership.id,
      communityId: membership.communityId,
      userId: membership.userId,
      role: highestRole(roles),
      roles,
      subgroupId: membership.subgroupId,
      community,
    };
  });
}
