import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { NotificationType } from '../domain/constants';
import { sessions, users } from './auth';
import { createdAt, id, updatedAt } from './columns';
import { communities } from './communities';
import { meetings } from './meetings';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    toUserId: uuid('to_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    fromUserId: uuid('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    /**
     * The meeting a notification is about: within 10 minutes a newer one about the same meeting replaces it
     * (a flood of reschedules is one line in the bell), and e-mails or pushes about it go out at most once
     * per 10 minutes (`outsideAt`, carried over to the replacement).
     */
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    /** When an e-mail or push was last queued for this notification's meeting (meeting notifications only). */
    outsideAt: timestamp('outside_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_to_user_idx').on(t.toUserId, t.createdAt),
    index('notifications_meeting_idx').on(t.toUserId, t.meetingId).where(sql`${t.meetingId} IS NOT NULL`),
    // The poll's unread count reads only the unread rows.
    index('notifications_unread_idx').on(t.toUserId).where(sql`NOT ${t.isRead}`),
    // Retention (issue 39): notifications older than 180 days are pruned oldest first.
    index('notifications_created_idx').on(t.createdAt),
  ],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dhKey: text('p256dh_key').notNull(),
    authKey: text('auth_key').notNull(),
    /**
     * The signed-in session (device) that made it: the subscription is that device's while it stays signed in.
     * Ending the session (sign-out, expiry, a password change, reset, takeover or "Sign out everywhere")
     * deletes it with the session row.
     */
    sessionId: varchar('session_id')
      .notNull()
      .references(() => sessions.sid, { onDelete: 'cascade' }),
    /** A short browser and system label ('Chrome on Android') read from the User-Agent when it subscribed. */
    device: text('device').notNull().default(''),
    /** When a push was last accepted by its push service. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/**
 * How a person wants to be reached outside the app (issue 24). No row means the defaults
 * (shared/contracts/notification-preferences.ts); `email` and `push` hold only the topics someone changed,
 * so a topic added later starts at its default for everyone.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: jsonb('email').$type<Record<string, boolean>>().notNull().default({}),
  push: jsonb('push').$type<Record<string, boolean>>().notNull().default({}),
  dailyReminder: boolean('daily_reminder').notNull().default(false),
  /** The reminder also by e-mail (push is its first channel). */
  reminderEmail: boolean('reminder_email').notNull().default(false),
  /** "HH:MM" in `timeZone`, or null. */
  reminderTime: text('reminder_time'),
  /** IANA zone; null until the person (or their browser) chose one. */
  timeZone: text('time_zone'),
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  /** The local date (YYYY-MM-DD) of the last reminder claimed for this person: at most one a day, whatever the number of servers. */
  lastReminderOn: text('last_reminder_on'),
  updatedAt: updatedAt(),
});
