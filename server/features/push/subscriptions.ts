import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { PushDeviceView, PushSubscriptionBody } from '@shared/contracts/push';
import { sessions } from '@shared/schema/auth';
import { pushSubscriptions } from '@shared/schema/notifications';
import type { Database, Executor } from '../../db/client';

/** A person's browsers and phones: more than this and the oldest is forgotten (a row per device, not per visit). */
export const SUBSCRIPTIONS_PER_USER = 10;

/** The signed-in device a subscription belongs to: its session, and what the profile calls it. */
export interface SubscribingDevice {
  userId: string;
  sessionId: string;
  device: string;
}

/**
 * Stores the signed-in person's subscription under the session (device) that made it, idempotent per endpoint:
 * the same browser subscribing again updates its keys; a browser now used by someone else becomes theirs, under
 * their session (the endpoint is the device's). `endpoint` is the normalised URL (endpoint-policy.ts).
 */
export async function saveSubscription(db: Database, owner: SubscribingDevice, endpoint: string, keys: PushSubscriptionBody['keys'], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = { userId: owner.userId, sessionId: owner.sessionId, device: owner.device, p256dhKey: keys.p256dh, authKey: keys.auth };
    await tx
      .insert(pushSubscriptions)
      .values({ ...row, endpoint, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        // Another account or session taking the browser over starts afresh; the same one keeps its dates.
        set: {
          ...row,
          createdAt: sql`CASE WHEN ${pushSubscriptions.sessionId} = ${owner.sessionId} THEN ${pushSubscriptions.createdAt} ELSE ${now} END`,
          lastUsedAt: sql`CASE WHEN ${pushSubscriptions.sessionId} = ${owner.sessionId} THEN ${pushSubscriptions.lastUsedAt} ELSE NULL END`,
        },
      });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, owner.userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(SUBSCRIPTIONS_PER_USER);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, owner.userId), notInArray(pushSubscriptions.id, newest)));
  });
}

/** Forgets one of the caller's own subscriptions by endpoint (anyone else's is left alone, and the answer is the same). */
export async function deleteSubscription(db: Executor, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Forgets one of the caller's devices by id; false when they have none with that id (another account's is not theirs). */
export async function deleteDevice(db: Executor, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** Forgets every device of the account (a password change, reset, takeover, "Sign out everywhere"). */
export async function deleteDevicesOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** The caller's devices, newest first, marking the one this session made. */
export async function listDevices(db: Executor, userId: string, currentSessionId: string): Promise<PushDeviceView[]> {
  const rows = await db
    .select({ id: pushSubscriptions.id, createdAt: pushSubscriptions.createdAt, lastUsedAt: pushSubscriptions.lastUsedAt, device: pushSubscriptions.device, sessionId: pushSubscriptions.sessionId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    device: row.device,
    current: row.sessionId === currentSessionId,
  }));
}

/**
 * Where these people's pushes go: their subscriptions whose session is still signed in (a session past its
 * expiry that the store has not pruned yet is no one's device any more).
 */
export async function subscriptionsOf(db: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: pushSubscriptions.userId, endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.sid, pushSubscriptions.sessionId))
    .where(and(inArray(pushSubscriptions.userId, [...userIds]), sql`${sessions.expire} > now()`));
}
