import { and, eq, ne, sql } from 'drizzle-orm';
import { apiMessage } from '@shared/domain/messages';
import type { LinkImportedMemberResult } from '@shared/contracts/imported-members';
import { HISTORY_OFFERED_NOTIFICATION_TITLE } from '@shared/domain/constants';
import { can, canGrant, highestRole } from '@shared/domain/roles';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import { historyOffers } from '@shared/schema/history-offers';
import { dailyLogs } from '@shared/schema/tracking';
import type { Database } from '../../db/client';
import { type CommunityContext, lockCommunityRow, standingIn } from '../../http/community-context';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { recordAudit } from '../audit/service';
import { notify } from '../notifications/service';
import { unclaimedImport } from './matching';

/**
 * An admin links a name-only imported record to a real member (DECISIONS.md "A link is an offer the member
 * accepts"): records with no e-mail, or whose person signed up with another address, cannot be claimed, so a
 * moderator of the record's community offers its history to the member they know it to be. Nothing of the
 * member's log changes until they accept (history-offers.ts): an admin may otherwise never write a member's
 * log, and a made-up record could fill their empty days, secret disciplines and locked months included.
 */

export const IMPORTED_MEMBER_NOT_FOUND = apiMessage('Imported member not found.');
export const LINK_TARGET_NOT_MEMBER = apiMessage('Choose a member of this community who has an account.');
export const LINK_PERMISSION_MESSAGE = apiMessage('You do not have permission to link imported members.');
export const OFFERED_MESSAGE = apiMessage('History offered. It moves once the member accepts it.');
export const LINK_RANK_MESSAGE = apiMessage('You cannot link history onto a member whose role is above yours.');
export const LINK_SHARED_RECORD =
  apiMessage('This record also belongs to another community (it was imported before records were kept to one community), so it cannot be linked here.');

/** How long a member has to answer an offer. */
export const OFFER_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

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

    // Locked: of two offers of one record (or an offer and a claim), the second waits here.
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
    // Nobody acts on a member above them: a link offers roles and history to the member.
    const target = await standingIn(tx, context.community, member);
    if (!canGrant(roles, highestRole(target.roles))) throw forbidden(LINK_RANK_MESSAGE);

    const [brings] = await tx
      .select({ months: sql<number>`count(*)::int`, days: sql<number>`coalesce(sum(length(replace(coalesce(${dailyLogs.dayMarks}, ''), '.', ''))), 0)::int` })
      .from(dailyLogs)
      .where(and(eq(dailyLogs.userId, imported.id), eq(dailyLogs.communityId, communityId)));
    // One offer a record: a new link replaces a pending one (to the same member or another).
    await tx.delete(historyOffers).where(and(eq(historyOffers.importedUserId, imported.id), eq(historyOffers.status, 'pending')));
    await tx.insert(historyOffers).values({
      communityId,
      importedUserId: imported.id,
      userId: member.id,
      offeredBy: actor.id,
      months: brings!.months,
      days: brings!.days,
      createdAt: now,
      expiresAt: new Date(now.getTime() + OFFER_LIFETIME_MS),
    });
    await recordAudit(tx, { actorId: actor.id, communityId, entity: 'user', entityId: member.id, action: 'offer-imported', diff: { importedUserId: imported.id, importedName: imported.displayName, ...brings } });
    if (member.id !== actor.id) {
      await notify(tx, {
      toUserId: member.id,
      fromUserId: actor.id,
      communityId,
      type: 'history_offered',
      title: ({ t }) => t(HISTORY_OFFERED_NOTIFICATION_TITLE),
      message: ({ t }) =>
        t('{name} offered you imported history: {months, plural, one {# month} other {# months}}, {days, plural, one {# day} other {# days}}. Accept or decline it on My Tracking.', {
          name: actor.displayName,
          months: brings!.months,
          days: brings!.days,
        }),
      outside: { topic: 'claims', headline: ({ t }) => t('Imported history is offered to you'), path: '/tracking' },
      });
    }
    return { message: OFFERED_MESSAGE };
  });
}
