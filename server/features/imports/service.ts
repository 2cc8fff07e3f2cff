import { eq, sql } from 'drizzle-orm';
import type { MemberExportRow } from '@shared/contracts/communities';
import { dateInTimeZone, parseIsoDate } from '@shared/domain/calendar';
import { highestRole } from '@shared/domain/roles';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import type { Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { targetsInForce, targetValues } from '../tracking/targets';

/** The member rows of the Members tab's export: every member of the community, with this month's targets. */
export async function exportMembers(db: Executor, context: CommunityContext, now: Date): Promise<MemberExportRow[]> {
  const communityId = context.community.id;
  const { year, month } = parseIsoDate(dateInTimeZone(now, context.community.timeZone));
  const members = await db
    .select({ id: users.id, displayName: users.displayName, email: users.email, roles: memberships.roles })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.communityId, communityId))
    .orderBy(sql`lower(${users.displayName})`);
  const targets = await targetsInForce(db, communityId, { year, month });
  return members.map((member) => ({ displayName: member.displayName, email: member.email, role: highestRole(member.roles), ...targetValues(targets.get(member.id)) }));
}
