import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { TakeoverReview } from '@shared/contracts/auth';
import { users } from '@shared/schema/auth';
import { communities, memberships } from '@shared/schema/communities';
import { endSessionsOf } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { recordAudit } from '../audit/service';

/**
 * "Sign out everywhere" (Profile): every session of the account ends, this one too, with every push device;
 * the credential version is raised, so a sign-in still in flight elsewhere is refused when it is next read.
 */
export async function signOutEverywhere(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ credentialVersion: sql`${users.credentialVersion} + 1`, updatedAt: new Date() }).where(eq(users.id, userId));
    await endSessionsOf(tx, userId);
    await recordAudit(tx, { actorId: userId, communityId: null, entity: 'user', entityId: userId, action: 'sign-out-everywhere', diff: {} });
  });
}

/**
 * The communities an account joined before a Google sign-in proved its e-mail and took it over (whoever
 * registered the address first may have joined them in the owner's name): shown to the owner once, each with
 * Leave. Empty when there is nothing to review.
 */
export async function takeoverReview(db: Database, userId: string): Promise<TakeoverReview> {
  const rows = await db
    .select({ communityId: communities.id, name: communities.name, joinedAt: memberships.createdAt })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), lte(memberships.createdAt, users.takeoverReviewAt)))
    .innerJoin(communities, eq(communities.id, memberships.communityId))
    .where(eq(users.id, userId))
    .orderBy(asc(memberships.createdAt));
  return { communities: rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() })) };
}

/** The owner has seen the review: it is not shown again. */
export async function finishTakeoverReview(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ takeoverReviewAt: null }).where(eq(users.id, userId));
}
