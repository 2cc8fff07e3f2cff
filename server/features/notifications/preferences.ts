import { asc, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_TOPICS,
  NOTIFICATION_TOPICS,
  type NotificationPreferences,
  type NotificationPreferencesBody,
  type NotificationTopic,
} from '@shared/contracts/notification-preferences';
import { users } from '@shared/schema/auth';
import { communities, memberships } from '@shared/schema/communities';
import { notificationPreferences } from '@shared/schema/notifications';
import type { Executor } from '../../db/client';

type PreferencesRow = typeof notificationPreferences.$inferSelect;

/** Each topic as stored, over the defaults (a topic nobody touched is at its default). */
export function topicSwitches(stored: Record<string, boolean> | null | undefined): Record<NotificationTopic, boolean> {
  return Object.fromEntries(NOTIFICATION_TOPICS.map((topic) => [topic, typeof stored?.[topic] === 'boolean' ? stored[topic] : DEFAULT_TOPICS[topic]])) as Record<
    NotificationTopic,
    boolean
  >;
}

/** The stored row read as preferences; `fallbackZone` when the person has not chosen a zone. */
export function toPreferences(row: PreferencesRow | undefined, fallbackZone: string): NotificationPreferences {
  return {
    email: topicSwitches(row?.email),
    push: topicSwitches(row?.push),
    dailyReminder: row?.dailyReminder ?? false,
    reminderEmail: row?.reminderEmail ?? false,
    reminderTime: row?.reminderTime ?? null,
    timeZone: row?.timeZone ?? fallbackZone,
    timeZoneChosen: Boolean(row?.timeZone),
    quietHours: row?.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
  };
}

/** Until someone chooses, their zone is their first community's (the one they most likely live in), else UTC. */
async function fallbackZoneOf(db: Executor, userId: string): Promise<string> {
  const [first] = await db
    .select({ timeZone: communities.timeZone })
    .from(memberships)
    .innerJoin(communities, eq(communities.id, memberships.communityId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  return first?.timeZone ?? 'UTC';
}

export async function preferencesOf(db: Executor, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return toPreferences(row, row?.timeZone ?? (await fallbackZoneOf(db, userId)));
}

/** A partial update: the fields sent change, the rest stay; one upsert, so two tabs saving at once both land. */
export async function updatePreferences(db: Executor, userId: string, input: NotificationPreferencesBody, now: Date): Promise<NotificationPreferences> {
  const changes: Partial<typeof notificationPreferences.$inferInsert> = { updatedAt: now };
  if (input.dailyReminder !== undefined) changes.dailyReminder = input.dailyReminder;
  if (input.reminderEmail !== undefined) changes.reminderEmail = input.reminderEmail;
  if (input.reminderTime !== undefined) changes.reminderTime = input.reminderTime;
  if (input.timeZone !== undefined) changes.timeZone = input.timeZone;
  if (input.quietHours !== undefined) {
    changes.quietStart = input.quietHours?.start ?? null;
    changes.quietEnd = input.quietHours?.end ?? null;
  }
  // Topic switches are merged into the stored ones in SQL (jsonb ||), never read-modify-written.
  const merged = (column: typeof notificationPreferences.email | typeof notificationPreferences.push, sent: Partial<Record<NotificationTopic, boolean>> | undefined) =>
    sent && Object.keys(sent).length > 0 ? sql`${column} || ${JSON.stringify(sent)}::jsonb` : undefined;
  const emailUpdate = merged(notificationPreferences.email, input.email);
  const pushUpdate = merged(notificationPreferences.push, input.push);
  await db
    .insert(notificationPreferences)
    .values({ userId, ...changes, email: input.email ?? {}, push: input.push ?? {} })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...changes, ...(emailUpdate ? { email: emailUpdate } : {}), ...(pushUpdate ? { push: pushUpdate } : {}) },
    });
  return preferencesOf(db, userId);
}

/** Turns one kind of e-mail off (the one-click unsubscribe of a notification e-mail); an account deleted since is left alone. */
export async function turnOffEmail(db: Executor, userId: string, topic: NotificationTopic | 'reminder', now: Date): Promise<void> {
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!account) return;
  await updatePreferences(db, userId, topic === 'reminder' ? { reminderEmail: false } : { email: { [topic]: false } }, now);
}
