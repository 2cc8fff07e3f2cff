import { and, eq, ne } from 'drizzle-orm';
import type { LinkImportedMemberResult } from '@shared/contracts/imported-members';
import { HISTORY_LINKED_NOTIFICATION_TITLE } from '@shared/domain/constants';
import { can, canGrant, highestRole } from '@shared/domain/roles';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import type { Database } from '../../db/client';
import { type CommunityContext, lockCommunityRow, standingIn } from '../../http/community-context';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { notify } from '../notifications/service';
import { moveImportedHistory } from './history-move';
import { unclaimedImport } from './matching';

/**
 * An admin links a name-only imported record to a real member (DECISIONS.md "Imported members and claiming"):
 * records with no e-mail, or whose person signed up with another address, cannot be claimed, so a moderator
 * of the record's community moves its history onto the member they know it to be. The same move as a claim
 * (history-move.ts), and the member is told who did it.
 */

export const IMPORTED_MEMBER_NOT_FOUND = 'Imported member not found.';
export const LINK_TARGET_NOT_MEMBER = 'Choose a member of this community who has an account.';
export const LINK_PERMISSION_MESSAGE = 'You do not have permission to link imported members.';
export const LINKED_MESSAGE = 'History linked.';
export const LINK_RANK_MESSAGE = 'You cannot link history onto a member whose role is above yours.';
export const LINK_SHARED_RECORD =
  'This record also belongs to another community (it was imported before records were kept to one community), so it cannot be linked here.';

export async function linkImportedMember(
  db: Database,
  context: CommunityContext,
  actor: { id: string; displayName: string },
  importedUserId: string,
  userId: string,
  now: Date,
): Promise<LinkImportedMemberResult> {
  const communityId = context.community.id;
  return db.transaction(async (tx) => {
    // Memberships change: removals and role changes of this community wait, and the admin's standing is read again
    // under the lock (a concurrent change may have demoted them since the route's guard ran).
    await lockCommunityRow(tx, communityId, 'change');
    const { roles } = await standingIn(tx, context.community, { id: actor.id, isSuperAdmin: context.roles.includes('SuperAdmin') });
    if (!can({ roles }, 'members:manage')) throw forbidden(LINK_PERMISSION_MESSAGE);

    // Locked: of two links (or a link and a claim) of one record, the second waits here, then finds it gone.
    const [imported] = await tx
      .select({ id: users.id, displayName: users.displayName })
      .from(users)
      .where(and(unclaimedImport(importedUserId), eq(users.importedCommunityId, communityId)))
      .for('update');
    if (!imported) throw notFound(IMPORTED_MEMBER_NOT_FOUND);

    // A record from before records were kept to their community may belong to another one too: its history
    // there is not this community's to give (DECISIONS.md: an import never reaches into another community).
    const [elsewhere] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.userId, imported.id), ne(memberships.communityId, communityId)))
      .limit(1);
    if (elsewhere) throw conflict(LINK_SHARED_RECORD);

    const [member] = await tx
      .select({ id: users.id, displayName: users.displayName, isSuperAdmin: users.isSuperAdmin })
      .from(users)
      .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.communityId, communityId)))
      .where(and(eq(users.id, userId), eq(users.isImported, false)));
    if (!member) throw badRequest(LINK_TARGET_NOT_MEMBER, { userId: LINK_TARGET_NOT_MEMBER });
    // Nobody acts on a member above them: a link adds roles and history to the member.
    const target = await standingIn(tx, context.community, member);
    if (!canGrant(roles, highestRole(target.roles))) throw forbidden(LINK_RANK_MESSAGE);

    await moveImportedHistory(tx, { imported, claimant: member, actorId: actor.id, via: 'link', now });
    if (member.id !== actor.id) {
      await notify(tx, {
        toUserId: member.id,
        fromUserId: actor.id,
        communityId,
        type: 'other',
        title: HISTORY_LINKED_NOTIFICATION_TITLE,
        message: `${actor.displayName} linked your imported history to your account.`,
        outside: { topic: 'claims', headline: 'Your imported history was linked to your account', path: '/tracking' },
      });
    }
    return { message: LINKED_MESSAGE };
  });
}
