import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { apiMessage } from '@shared/domain/messages';
import { NOTIFICATION_LIST_LIMIT, type NotificationView } from '@shared/contracts/notifications';
import type { NotificationType } from '@shared/domain/constants';
import { memberships } from '@shared/schema/communities';
import { notifications } from '@shared/schema/notifications';
import { users } from '@shared/schema/auth';
import type { SessionPrincipal } from '../../auth/passport';
import { type Executor, preparedPerDatabase, rowsOf } from '../../db/client';
import { notFound } from '../../http/errors';
import { readerLocale, userLocaleSql } from '../auth/locale';
import { deliverOutside, deliveryNow, type OutsideDelivery } from './delivery';
import { readerIn, type Words, wordsByLocale, wordsFor } from './words';

export const NOTIFICATION_NOT_FOUND = apiMessage('Notification not found.');

export interface NewNotification {
  toUserId: string;
  fromUserId: string | null;
  communityId: string | null;
  type: NotificationType;
  /** Written in the recipient's language (see words.ts). */
  title: Words;
  message: Words;
  /** What reaches the person outside the app (an e-mail), if they keep this topic on: never the message's private text. */
  outside: OutsideDelivery;
  /**
   * The meeting it is about: a newer notification about it replaces one the person got less than
   * MEETING_NOTIFICATION_WINDOW_MS ago, and goes out of the app only if nothing about it did in that time.
   * Call with the meeting's row locked (FOR UPDATE), so two changes of it take turns here.
   */
  meetingId?: string;
}

/** How long notifications about one meeting are one, and e-mails or pushes about it at most one (issue 38 item 5). */
export const MEETING_NOTIFICATION_WINDOW_MS = 10 * 60_000;

/**
 * Records a notification and queues what goes out of the app with it; call it inside the transaction of the
 * change it announces, so all or none happen. About a meeting, within 10 minutes of the last notification to
 * the same person about it, the newer one replaces the older (deleted and inserted: a new id, unread again, so
 * the bell's ETag changes and its poll sees it), and nothing goes out when something about the meeting went out
 * to them within 10 minutes (`outside_at`, carried over): 40 reschedules in 6 s are one line in the bell and one
 * e-mail.
 */
export async function notify(tx: Executor, { outside, meetingId, title, message, ...addressed }: NewNotification): Promise<void> {
  const recipients = [{ userId: addressed.toUserId, communityId: addressed.communityId }];
  const reader = readerIn(await readerLocale(tx, addressed.toUserId));
  const notification = { ...addressed, title: wordsFor(title, reader), message: wordsFor(message, reader) };
  if (!meetingId) {
    await tx.insert(notifications).values(notification);
    await deliverOutside(tx, recipients, outside, title);
    return;
  }
  const now = deliveryNow();
  const windowStart = now.getTime() - MEETING_NOTIFICATION_WINDOW_MS;
  const [previous] = await tx
    .select({ id: notifications.id, createdAt: notifications.createdAt, outsideAt: notifications.outsideAt })
    .from(notifications)
    .where(and(eq(notifications.toUserId, notification.toUserId), eq(notifications.meetingId, meetingId)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(1);
  if (previous && previous.createdAt.getTime() > windowStart) await tx.delete(notifications).where(eq(notifications.id, previous.id));
  const wentOutRecently = previous?.outsideAt && previous.outsideAt.getTime() > windowStart;
  await tx.insert(notifications).values({ ...notification, meetingId, createdAt: now, outsideAt: wentOutRecently ? previous.outsideAt : now });
  if (!wentOutRecently) await deliverOutside(tx, recipients, outside, title);
}

/**
 * Tells every CommunityModerator of these communities (but `except`, the person who caused it), each in their
 * language, in one INSERT … SELECT inside the caller's transaction, and their e-mails in one more query, however
 * many moderators there are.
 */
export async function notifyModerators(
  tx: Executor,
  communityIds: readonly string[],
  notification: Omit<NewNotification, 'toUserId' | 'communityId'>,
  except?: string,
): Promise<void> {
  if (communityIds.length === 0) return;
  const { fromUserId, type, title, message, outside } = notification;
  const told = await tx.execute(sql`
    INSERT INTO ${notifications} (to_user_id, from_user_id, community_id, type, title, message)
    SELECT ${memberships.userId}, ${fromUserId}::uuid, ${memberships.communityId}, ${type}, ${wordsByLocale(title, userLocaleSql)}, ${wordsByLocale(message, userLocaleSql)}
    FROM ${memberships} JOIN ${users} ON ${users.id} = ${memberships.userId}
    WHERE ${and(
      inArray(memberships.communityId, [...communityIds]),
      sql`'CommunityModerator' = ANY(${memberships.roles})`,
      except ? ne(memberships.userId, except) : undefined,
    )}
    RETURNING to_user_id, community_id`);
  const recipients = rowsOf<{ to_user_id: string; community_id: string }>(told).map((row) => ({ userId: row.to_user_id, communityId: row.community_id }));
  await deliverOutside(tx, recipients, outside, title);
}

/**
 * The notifications a person sees: those of no community, and those of a community they still belong to
 * (a community one has left no longer speaks to them). Reads `notifications` of the outer query.
 */
const visibleToRecipient = sql`(${notifications.communityId} IS NULL OR EXISTS (
  SELECT 1 FROM ${memberships} WHERE ${memberships.userId} = ${notifications.toUserId} AND ${memberships.communityId} = ${notifications.communityId}))`;

/**
 * What a poll compares (the ETag) and the true unread count, in one query that also checks the session's
 * credential version (the poll does not load the user: see app.ts). Index lookups on the recipient's own
 * notifications whatever their number; null when the session no longer holds (password changed, account
 * gone), which the route answers 401.
 */
export async function notificationsVersion(db: Executor, principal: SessionPrincipal): Promise<{ etag: string; unread: number } | null> {
  const [row] = await versionStatement(db).execute({ userId: principal.id });
  if (row?.credentialVersion !== principal.credentialVersion) return null;
  const unread = Number(row.unread);
  return { etag: `W/"${row.newest ?? 'none'}.${unread}"`, unread };
}

/** The statement behind notificationsVersion, prepared: planning its three lookups cost Postgres more than running them. */
const versionStatement = preparedPerDatabase((db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      credentialVersion: users.credentialVersion,
      newest: sql<string | null>`(SELECT ${notifications.id} FROM ${notifications} WHERE ${notifications.toUserId} = ${userId} AND ${visibleToRecipient}
        ORDER BY ${notifications.createdAt} DESC, ${notifications.id} DESC LIMIT 1)`,
      unread: sql<number | string>`(SELECT count(*) FROM ${notifications} WHERE ${notifications.toUserId} = ${userId} AND NOT ${notifications.isRead} AND ${visibleToRecipient})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .prepare('notifications_version');
});

/** The caller's notifications, newest first, a page at a time: with `before`, those older than it (404 if it is not theirs). */
export async function listNotifications(db: Executor, userId: string, before?: string): Promise<NotificationView[]> {
  const mine = and(eq(notifications.toUserId, userId), visibleToRecipient);
  if (before) {
    const [cursor] = await db.select({ id: notifications.id }).from(notifications).where(and(mine, eq(notifications.id, before)));
    if (!cursor) throw notFound(NOTIFICATION_NOT_FOUND);
  }
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      isRead: notifications.isRead,
      communityId: notifications.communityId,
      fromUserId: notifications.fromUserId,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(
      and(
        mine,
        before ? sql`(${notifications.createdAt}, ${notifications.id}) < (SELECT n.created_at, n.id FROM ${notifications} n WHERE n.id = ${before})` : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Marks one of the caller's notifications read; anyone else's answers 404 (it is not theirs to see). */
export async function markRead(db: Executor, userId: string, notificationId: string): Promise<void> {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, notificationId), eq(notifications.toUserId, userId)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw notFound(NOTIFICATION_NOT_FOUND);
}

export async function markAllRead(db: Executor, userId: string): Promise<void> {
  await db.update(notifications).set({ isRead: true }).where(and(eq(notifications.toUserId, userId), eq(notifications.isRead, false)));
}
