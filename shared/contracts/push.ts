import { z } from 'zod';
import { msg } from '../domain/messages';

/** POST /api/push/subscriptions and DELETE: what the browser's PushSubscription.toJSON() gives. */

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const endpointField = z
  .string({ error: msg('Endpoint must be a URL') })
  .max(2048, msg('Endpoint is at most 2,048 characters'))
  // No space or control character: the URL parser would quietly drop some, and the stored endpoint must be the one sent.
  .refine((value) => !/[\u0000-\u0020\u007f-\u009f]/.test(value) && URL.canParse(value), msg('Endpoint must be a URL'));

export const pushSubscriptionBody = z.strictObject({
  endpoint: endpointField,
  // An uncompressed P-256 point is 65 bytes (87 base64url characters); the auth secret 16 bytes (22).
  keys: z.strictObject({
    p256dh: z.string({ error: msg('p256dh must be text') }).regex(BASE64URL, msg('p256dh must be base64url')).min(86, msg('p256dh must be a P-256 public key')).max(90, msg('p256dh must be a P-256 public key')),
    auth: z.string({ error: msg('auth must be text') }).regex(BASE64URL, msg('auth must be base64url')).min(22, msg('auth must be 16 bytes')).max(24, msg('auth must be 16 bytes')),
  }),
  // Browsers add this (null); it is not used.
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushUnsubscribeBody = z.strictObject({ endpoint: endpointField });

/** What a push carries (shown on a lock screen): a title, a line, an in-app path; never private text. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}

/** GET /api/push/subscriptions: the caller's devices, never their keys or endpoint. */
export interface PushDeviceView {
  id: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** A short browser and system label ('Chrome on Android'). */
  device: string;
  /** Made by the session asking: this browser. */
  current: boolean;
}
