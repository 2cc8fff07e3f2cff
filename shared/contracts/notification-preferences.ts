import { z } from 'zod';
import { timeZoneField } from './communities';
import { fill, msg } from '../domain/messages';

/**
 * GET and PUT /api/user/notification-preferences (issue 24): how a person is reached outside the app, per
 * channel and per topic, with a reminder time and quiet hours in their own time zone.
 */

/** What a notification is about, as the preferences name it (each can be turned off on its own). */
export const NOTIFICATION_TOPICS = ['questions', 'answers', 'meetings', 'care', 'weekly', 'applications', 'claims', 'community'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

export const TOPIC_LABELS: Record<NotificationTopic, string> = {
  questions: msg('Questions and reflections sent to me'),
  answers: msg('Answers to my questions and reflections'),
  meetings: msg('Meetings'),
  care: msg('A word from my commander'),
  weekly: msg('Weekly word: how many I lead may need a word (commanders)'),
  applications: msg('Applications to join (moderators)'),
  claims: msg('Imported history claimed or linked'),
  community: msg('My community closing or reopening'),
};

/**
 * Quiet by default: the four a member lives by are on, and a community closing (a member has 30 days to take their
 * data); a commander's weekly word and a moderator's office work are opt-in.
 */
export const DEFAULT_TOPICS: Record<NotificationTopic, boolean> = { questions: true, answers: true, meetings: true, care: true, weekly: false, applications: false, claims: false, community: true };

export interface QuietHours {
  start: string;
  end: string;
}

export interface NotificationPreferences {
  email: Record<NotificationTopic, boolean>;
  push: Record<NotificationTopic, boolean>;
  /** A reminder at `reminderTime` on a day nothing was logged yet, by push, and by e-mail when `reminderEmail`. */
  dailyReminder: boolean;
  reminderEmail: boolean;
  /** "HH:MM" in `timeZone`, or null. */
  reminderTime: string | null;
  /** IANA zone (anything Intl.DateTimeFormat accepts, UTC included). */
  timeZone: string;
  /** Whether `timeZone` was chosen (by the person or their browser) or is only the default. */
  timeZoneChosen: boolean;
  /** Nothing but account e-mails between these two local times (across midnight when start > end); null for none. */
  quietHours: QuietHours | null;
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockTime = (label: string) => z.string({ error: fill('{label} must be a time like 07:30', { label }) }).regex(HH_MM, fill('{label} must be a time like 07:30', { label }));

const topicSwitches = z.strictObject(
  Object.fromEntries(NOTIFICATION_TOPICS.map((topic) => [topic, z.boolean({ error: msg('Choose on or off') }).optional()])) as Record<NotificationTopic, z.ZodOptional<z.ZodBoolean>>,
);

/** A partial update: only the fields sent change. */
export const notificationPreferencesBody = z.strictObject({
  email: topicSwitches.optional(),
  push: topicSwitches.optional(),
  dailyReminder: z.boolean({ error: msg('Choose on or off') }).optional(),
  reminderEmail: z.boolean({ error: msg('Choose on or off') }).optional(),
  reminderTime: clockTime('Reminder time').nullable().optional(),
  timeZone: timeZoneField.optional(),
  /** Answered by GET; accepted (and ignored) so the object GET answers can be PUT back as it is. */
  timeZoneChosen: z.boolean().optional(),
  quietHours: z
    .strictObject({ start: clockTime('Start'), end: clockTime('End') })
    .refine((hours) => hours.start !== hours.end, { message: msg('Quiet hours must end at another time than they start'), path: ['end'] })
    .nullable()
    .optional(),
});
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBody>;
