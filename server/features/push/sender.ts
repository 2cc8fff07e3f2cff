import { eq } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import { pushSubscriptions } from '@shared/schema/notifications';
import type { Database } from '../../db/client';
import type { SendPush } from '../../mail/outbox';
import { isAllowedPushEndpoint } from './endpoint-policy';
import type { VapidKeys } from './vapid';

/** How long a push service keeps a message for a phone that is off: a day, then it is stale. */
const TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 15_000;

/**
 * Sends one queued push (RFC 8291 aes128gcm, VAPID) to its subscription, read fresh: one deleted meanwhile
 * is not contacted. 404 or 410 from the push service: the subscription is gone, so it is forgotten.
 */
export function pushSender(db: Database, vapid: VapidKeys, endpointHosts: readonly string[]): SendPush {
  return async ({ endpoint, payload }) => {
    const [subscription] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    if (!subscription || !isAllowedPushEndpoint(endpoint, endpointHosts)) return;
    try {
      await webpush.sendNotification({ endpoint, keys: { p256dh: subscription.p256dhKey, auth: subscription.authKey } }, payload, {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        timeout: PUSH_TIMEOUT_MS,
        urgency: 'normal',
      });
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
        return;
      }
      // Only the status: the service's answer and the endpoint stay out of the logs.
      throw new Error(error instanceof WebPushError ? `push service answered ${error.statusCode}` : 'push service could not be reached');
    }
  };
}
