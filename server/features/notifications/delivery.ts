import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { sql } from 'drizzle-orm';
import { NOTIFICATION_TOPICS, type NotificationTopic } from '@shared/contracts/notification-preferences';
import { endOfQuietHours } from '@shared/domain/quiet-hours';
import { users } from '@shared/schema/auth';
import { communities } from '@shared/schema/communities';
import { notificationPreferences } from '@shared/schema/notifications';
import { userLocaleSql } from '../auth/locale';
import { type Executor, rowsOf } from '../../db/client';
import type { PushPayload } from '@shared/contracts/push';
import { enqueueMail, enqueuePushes } from '../../mail/outbox';
import { subscriptionsOf } from '../push/subscriptions';
import { namesCommunity, notificationEmail, type QuotedPart } from './email';
import { topicSwitches } from './preferences';
import { type Reader, readerIn, type Words, wordsFor } from './words';

/**
 * Reaching people outside the app (issue 24): every notification the bell shows may also go out as an
 * e-mail (to a verified address only) and as a push to each of the person's subscribed devices, queued in
 * the outbox inside the transaction of the change it announces, each when the person keeps that topic on
 * for that channel, held back until their quiet hours end.
 *
 * What a message needs beyond the change (the public address its links use, the key that signs its
 * unsubscribe link, the app's clock) is set once per request by `deliverySettings`, so the services that
 * notify need not carry it.
 */
export interface DeliverySettings {
  /** PUBLIC_URL, else this server's own origin. */
  origin: string;
  /** Signs the one-click unsubscribe links (derived from the session secret). */
  linkKey: Buffer;
  now: () => Date;
  /** Whether Web Push is set up (VAPID keys): without it no push is queued. */
  pushEnabled: boolean;
}

const settingsStore = new AsyncLocalStorage<DeliverySettings>();

/** Express middleware: the API's requests deliver with these settings. */
export function deliverySettings(settings: DeliverySettings): RequestHandler {
  return (_req, _res, next) => settingsStore.run(settings, next);
}

/** The app's clock as this request (or job) delivers with it. */
export function deliveryNow(): Date {
  const settings = settingsStore.getStore();
  if (!settings) throw new Error('Notification delivery needs its settings: run inside a request, or withDeliverySettings');
  return settings.now();
}

/** Runs `work` (a background job: the reminder scan) with these settings. */
export function withDeliverySettings<T>(settings: DeliverySettings, work: () => Promise<T>): Promise<T> {
  return settingsStore.run(settings, work);
}

export function linkKeyFrom(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('steadfast notification links').digest();
}

/** What an e-mail may say about a notification: never private text (DECISIONS.md), only these. */
export interface OutsideDelivery {
  topic: NotificationTopic;
  /**
   * The e-mail's subject and first line, and the push's body, in the reader's language: a question's subject, a
   * meeting's time (in the reader's zone), a member's name. Never words of someone without an account (they go in
   * `quoted`).
   */
  headline: (reader: OutsideReader) => string;
  /** Where in the app the reader acts: an in-app path. */
  path: string;
  /**
   * Words of someone without an account (an applicant's name): only the e-mail's body shows them, quoted and
   * defanged (no link); never a subject, never a push.
   */
  quoted?: readonly QuotedPart[];
}

/** Who reads what goes out: their language, and the time zone their times are written in. */
export interface OutsideReader extends Reader {
  timeZone: string;
}

export interface Recipient {
  userId: string;
  communityId: string | null;
}

interface RecipientRow {
  user_id: string;
  email: string | null;
  verified: boolean;
  topics: Record<string, boolean> | null;
  push_topics: Record<string, boolean> | null;
  time_zone: string | null;
  quiet_start: string | null;
  quiet_end: string | null;
  community_name: string | null;
  community_zone: string | null;
  locale: Reader['locale'];
}

/**
 * Queues the e-mails and pushes of one notification (`title`, as the bell shows it) for its recipients, each in
 * their language, in two queries whatever their number, inside the caller's transaction (a rolled-back change
 * sends nothing).
 */
export async function deliverOutside(tx: Executor, recipients: readonly Recipient[], delivery: OutsideDelivery, title: Words): Promise<void> {
  if (recipients.length === 0) return;
  const settings = settingsStore.getStore();
  if (!settings) throw new Error('Notification delivery needs its settings: run inside a request, or withDeliverySettings');
  const pairs = sql.join(
    recipients.map((recipient) => sql`(${recipient.userId}::uuid, ${recipient.communityId}::uuid)`),
    sql`, `,
  );
  const rows = rowsOf<RecipientRow>(
    await tx.execute(sql`
      SELECT r.user_id, ${users.email} AS email, (${users.emailVerifiedAt} IS NOT NULL AND NOT ${users.isImported}) AS verified,
        ${notificationPreferences.email} AS topics, ${notificationPreferences.push} AS push_topics, ${notificationPreferences.timeZone} AS time_zone,
        ${notificationPreferences.quietStart} AS quiet_start, ${notificationPreferences.quietEnd} AS quiet_end,
        ${communities.name} AS community_name, ${communities.timeZone} AS community_zone, ${userLocaleSql} AS locale
      FROM (VALUES ${pairs}) AS r(user_id, community_id)
      JOIN ${users} ON ${users.id} = r.user_id
      LEFT JOIN ${notificationPreferences} ON ${notificationPreferences.userId} = r.user_id
      LEFT JOIN ${communities} ON ${communities.id} = r.community_id`),
  );
  const now = settings.now();
  const pushTo = settings.pushEnabled ? rows.filter((row) => topicSwitches(row.push_topics)[delivery.topic]) : [];
  const devices = await subscriptionsOf(tx, pushTo.map((row) => row.user_id));
  for (const row of rows) {
    const timeZone = row.time_zone ?? row.community_zone ?? 'UTC';
    const quiet = row.quiet_start && row.quiet_end ? { start: row.quiet_start, end: row.quiet_end } : null;
    const reader = { ...readerIn(row.locale), timeZone };
    const headline = delivery.headline(reader);
    const notBefore = endOfQuietHours(now, timeZone, quiet);
    const payload: PushPayload = { title: wordsFor(title, reader), body: row.community_name && !namesCommunity(headline, row.community_name) ? `${headline} · ${row.community_name}` : headline, url: delivery.path };
    const endpoints = pushTo.includes(row) ? devices.filter((device) => device.userId === row.user_id) : [];
    await enqueuePushes(tx, endpoints.map((device) => ({ kind: `push-${delivery.topic}`, endpoint: device.endpoint, payload: JSON.stringify(payload) })), { notBefore });
    if (!row.email || !row.verified || !topicSwitches(row.topics)[delivery.topic]) continue;
    const message = notificationEmail(reader.t, {
      to: row.email,
      topic: delivery.topic,
      headline,
      quoted: delivery.quoted,
      communityName: row.community_name,
      link: `${settings.origin}${delivery.path}`,
      preferencesLink: `${settings.origin}/profile#notifications`,
      unsubscribeLink: `${settings.origin}/api/notifications/unsubscribe?token=${unsubscribeToken(settings.linkKey, row.user_id, delivery.topic)}`,
    });
    await enqueueMail(tx, message, { notBefore });
  }
}

// ---------------------------------------------------------------------------------------------------------
// One-click unsubscribe links: the user and the topic, signed. No expiry: an old e-mail's link still works.

export type UnsubscribeTopic = NotificationTopic | 'reminder';
const UNSUBSCRIBE_TOPICS: readonly string[] = [...NOTIFICATION_TOPICS, 'reminder'];

const signatureOf = (key: Buffer, userId: string, topic: string) => createHmac('sha256', key).update(`unsubscribe:${userId}:${topic}`).digest('base64url');

export function unsubscribeToken(key: Buffer, userId: string, topic: UnsubscribeTopic): string {
  return `${userId}.${topic}.${signatureOf(key, userId, topic)}`;
}

/** The user and topic a token names, or null when it is not one this server signed. */
export function readUnsubscribeToken(key: Buffer, token: unknown): { userId: string; topic: UnsubscribeTopic } | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const [userId, topic, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !userId || !topic || !signature || !UNSUBSCRIBE_TOPICS.includes(topic)) return null;
  if (!/^[0-9a-f-]{36}$/.test(userId)) return null;
  const expected = Buffer.from(signatureOf(key, userId, topic));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, topic: topic as UnsubscribeTopic };
}
