import { and, desc, eq, lte, or, sql } from 'drizzle-orm';
import type { MemberExportRow } from '@shared/contracts/communities';
import { dateInTimeZone, parseIsoDate } from '@shared/domain/calendar';
import { TARGET_KEYS } from '@shared/domain/disciplines';
import { highestRole } from '@shared/domain/roles';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import { userDisciplineTargets } from '@shared/schema/tracking';
import type { Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';

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
  // The latest targets of each member up to this month (targets carry forward from month to month).
  const targets = await db
    .selectDistinctOn([userDisciplineTargets.userId])
    .from(userDisciplineTargets)
    .where(
      and(
        eq(userDisciplineTargets.communityId, communityId),
        or(lte(userDisciplineTargets.year, year - 1), and(eq(userDisciplineTargets.year, year), lte(userDisciplineTargets.month, month))),
      ),
    )
    .orderBy(userDisciplineTargets.userId, desc(userDisciplineTargets.year), desc(userDisciplineTargets.month));
  const targetsByUser = new Map(targets.map((row) => [row.userId, row]));
  return members.map((member) => {
    const own = targetsByUser.get(member.id);
    return {
      displayName: member.displayName,
      email: member.email,
      role: highestRole(member.roles),
      ...(Object.fromEntries(TARGET_KEYS.map((key) => [key, own?.[key] ?? null])) as Record<(typeof TARGET_KEYS)[number], string | null>),
    };
  });
}
