import https from 'node:https';
import { and, eq, sql } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import { sessions } from '@shared/schema/auth';
import { pushSubscriptions } from '@shared/schema/notifications';
import type { Database } from '../../db/client';
import type { SendPush } from '../../mail/outbox';
import { normalisedPushEndpoint } from './endpoint-policy';
import type { VapidKeys } from './vapid';

/** How long a push service keeps a message for a phone that is off: a day, then it is stale. */
const TTL_SECONDS = 24 * 60 * 60;
/** The socket's idle limit; the outbox holds every push to a total of PUSH_SEND_TIMEOUT_MS as well. */
const PUSH_SOCKET_TIMEOUT_MS = 10_000;

/**
 * Sends one queued push (RFC 8291 aes128gcm, VAPID) to its subscription, read fresh: one deleted meanwhile, or
 * whose session has ended, is not contacted. The endpoint handed to web-push is the normalised URL that was
 * stored, checked against PUSH_ENDPOINT_HOSTS again. 404 or 410 from the push service: the subscription is
 * gone, so it is forgotten. A push accepted marks the device's last use.
 */
export function pushSender(db: Database, vapid: VapidKeys, endpointHosts: readonly string[], now: () => Date = () => new Date()): SendPush {
  return async ({ endpoint, payload }, signal) => {
    const [subscription] = await db
      .select({ id: pushSubscriptions.id, p256dhKey: pushSubscriptions.p256dhKey, authKey: pushSubscriptions.authKey })
      .from(pushSubscriptions)
      .innerJoin(sessions, eq(sessions.sid, pushSubscriptions.sessionId))
      .where(and(eq(pushSubscriptions.endpoint, endpoint), sql`${sessions.expire} > now()`));
    const target = normalisedPushEndpoint(endpoint, endpointHosts);
    if (!subscription || target === null) return;
    try {
      const request = webpush.generateRequestDetails({ endpoint: target, keys: { p256dh: subscription.p256dhKey, auth: subscription.authKey } }, payload, {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        timeout: PUSH_SOCKET_TIMEOUT_MS,
        urgency: 'normal',
      });
      await sendRequest(request, signal);
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
        return;
      }
      // Only the status: the service's answer and the endpoint stay out of the logs.
      throw new Error(error instanceof WebPushError ? `push service answered ${error.statusCode}` : signal.aborted ? 'push service did not answer in time' : 'push service could not be reached');
    }
    await db.update(pushSubscriptions).set({ lastUsedAt: now() }).where(eq(pushSubscriptions.id, subscription.id));
  };
}

type RequestDetails = ReturnType<typeof webpush.generateRequestDetails>;

/**
 * Sends what web-push prepared (the encrypted body, VAPID and TTL headers), reading the endpoint with WHATWG
 * `URL` (web-push's own sender reads it with the legacy `url.parse`), and aborting when `signal` fires: the
 * outbox's total timeout ends the request itself, not only the wait for it.
 */
function sendRequest(request: RequestDetails, signal: AbortSignal): Promise<void> {
  const url = new URL(request.endpoint);
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      url,
      { method: request.method, headers: request.headers, timeout: PUSH_SOCKET_TIMEOUT_MS, signal },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < 4096) text += chunk;
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status <= 299) resolve();
          else reject(new WebPushError('Received unexpected response code', status, response.headers as Record<string, string>, text, request.endpoint));
        });
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('Socket timeout')));
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });
}
