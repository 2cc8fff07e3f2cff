import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { apiMessage } from '@shared/domain/messages';
import type { HistoryOfferView } from '@shared/contracts/imported-members';
import { users } from '@shared/schema/auth';
import { communities, memberships } from '@shared/schema/communities';
import { historyOffers } from '@shared/schema/history-offers';
import type { Database, Executor } from '../../db/client';
import { lockCommunityRow } from '../../http/community-context';
import { notFound } from '../../http/errors';
import { recordAudit } from '../audit/service';
import { moveImportedHistory } from './history-move';
import { unclaimedImport } from './matching';

/**
 * The member's side of an admin's link (link-service.ts): the offers waiting for them, and their answer. Only
 * the member it was offered to sees or answers an offer; anyone else, and an offer answered, withdrawn or past
 * its time, is 404 (the same answer whether it exists).
 */

export const HISTORY_OFFER_NOT_FOUND = apiMessage('History offer not found.');
export const OFFER_ACCEPTED_MESSAGE = apiMessage('Its days are in your log now; the days you logged yourself stay as they were.');
export const OFFER_DECLINED_MESSAGE = apiMessage('Nothing of your log changed.');

const offeredBy = sql<string | null>`(SELECT ${users.displayName} FROM ${users} WHERE ${users.id} = ${historyOffers.offeredBy})`;

export async function listHistoryOffers(db: Database, userId: string, now: Date): Promise<HistoryOfferView[]> {
  const rows = await db
    .select({
      id: historyOffers.id,
      communityId: historyOffers.communityId,
      communityName: communities.name,
      months: historyOffers.months,
      days: historyOffers.days,
      offeredBy,
      createdAt: historyOffers.createdAt,
      expiresAt: historyOffers.expiresAt,
    })
    .from(historyOffers)
    .innerJoin(communities, eq(communities.id, historyOffers.communityId))
    // Still a member of the community it concerns: an offer about a community one left is not shown.
    .innerJoin(memberships, and(eq(memberships.userId, historyOffers.userId), eq(memberships.communityId, historyOffers.communityId)))
    .where(and(eq(historyOffers.userId, userId), eq(historyOffers.status, 'pending'), gt(historyOffers.expiresAt, now)))
    .orderBy(desc(historyOffers.createdAt));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() }));
}

/** The caller's pending offer, locked (of two answers to one offer, the second finds it answered). */
async function pendingOfferOf(tx: Executor, userId: string, offerId: string, now: Date) {
  const [offer] = await tx
    .select()
    .from(historyOffers)
    .where(and(eq(historyOffers.id, offerId), eq(historyOffers.userId, userId), eq(historyOffers.status, 'pending'), gt(historyOffers.expiresAt, now)))
    .for('update');
  if (!offer) throw notFound(HISTORY_OFFER_NOT_FOUND);
  return offer;
}

/**
 * Accepts an offer: the record's history moves onto the member exactly as a link used to (logs merged with the
 * member's own cells winning, targets, roles capped at Commander, questions, meetings; the record deleted,
 * audited, moderators told), in one transaction holding the community row. The member must still belong to
 * the community and the record must still be unclaimed there.
 */
export async function acceptHistoryOffer(db: Database, member: { id: string; displayName: string }, offerId: string, now: Date): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const [peek] = await tx.select({ communityId: historyOffers.communityId }).from(historyOffers).where(eq(historyOffers.id, offerId));
    // The community's row first (the lock order of every membership change), then the offer.
    if (peek) await lockCommunityRow(tx, peek.communityId, 'change');
    const offer = await pendingOfferOf(tx, member.id, offerId, now);
    const [imported] = await tx
      .select({ id: users.id, displayName: users.displayName })
      .from(users)
      .where(and(unclaimedImport(offer.importedUserId), eq(users.importedCommunityId, offer.communityId)))
      .for('update');
    const [membership] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.userId, member.id), eq(memberships.communityId, offer.communityId)));
    if (!imported || !membership) throw notFound(HISTORY_OFFER_NOT_FOUND);
    await tx.update(historyOffers).set({ status: 'accepted', decidedAt: now }).where(eq(historyOffers.id, offer.id));
    // The admin made the link; the member's acceptance is what moves it.
    await moveImportedHistory(tx, { imported, claimant: member, actorId: offer.offeredBy ?? member.id, via: 'link', now });
    return { message: OFFER_ACCEPTED_MESSAGE };
  });
}

/** Declines an offer: nothing moves, the record stays with the community for another link. */
export async function declineHistoryOffer(db: Database, userId: string, offerId: string, now: Date): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const offer = await pendingOfferOf(tx, userId, offerId, now);
    await tx.update(historyOffers).set({ status: 'declined', decidedAt: now }).where(eq(historyOffers.id, offer.id));
    await recordAudit(tx, { actorId: userId, communityId: offer.communityId, entity: 'user', entityId: userId, action: 'decline-imported', diff: { importedUserId: offer.importedUserId } });
    return { message: OFFER_DECLINED_MESSAGE };
  });
}
