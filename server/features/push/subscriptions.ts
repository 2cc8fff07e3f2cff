import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { PushSubscriptionBody } from '@shared/contracts/push';
import { pushSubscriptions } from '@shared/schema/notifications';
import type { Database, Executor } from '../../db/client';

/** A person's browsers and phones: more than this and the oldest is forgotten (a row per device, not per visit). */
export const SUBSCRIPTIONS_PER_USER = 10;

/**
 * Stores the signed-in person's subscription, idempotent per endpoint: the same browser subscribing again
 * updates its keys; a browser now used by someone else becomes theirs (the endpoint is the device's).
 */
export async function saveSubscription(db: Database, userId: string, input: PushSubscriptionBody, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, p256dhKey: input.keys.p256dh, authKey: input.keys.auth, createdAt: now })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dhKey: input.keys.p256dh, authKey: input.keys.auth, createdAt: now } });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(SUBSCRIPTIONS_PER_USER);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
  });
}

/** Forgets one of the caller's own subscriptions (anyone else's is left alone, and the answer is the same). */
export async function deleteSubscription(db: Executor, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function subscriptionsOf(db: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db.select({ userId: pushSubscriptions.userId, endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(inArray(pushSubscriptions.userId, [...userIds]));
}
