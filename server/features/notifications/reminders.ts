import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { PushPayload } from '@shared/contracts/push';
import { intlLocaleOf, type Locale } from '@shared/domain/locales';
import { msg } from '@shared/domain/messages';
import { endOfQuietHours } from '@shared/domain/quiet-hours';
import { users } from '@shared/schema/auth';
import { communities, memberships } from '@shared/schema/communities';
import { notificationPreferences } from '@shared/schema/notifications';
import { dailyLogs } from '@shared/schema/tracking';
import { userLocaleSql } from '../auth/locale';
import { type Database, rowsOf } from '../../db/client';
import { type ServerTranslate, translator } from '../../i18n/translate';
import { enqueueMail, enqueuePushes } from '../../mail/outbox';
import { subscriptionsOf } from '../push/subscriptions';
import { type DeliverySettings, unsubscribeToken } from './delivery';
import { notificationEmail } from './email';

/**
 * The daily reminder (issue 24 item 5): at the person's reminder time in their zone, if they have logged
 * nothing today in a community they belong to, one push to each of their devices (and one e-mail, if they
 * chose it). Kind words only: "Your check-in is waiting", never a streak lost.
 */
export const REMINDER_TITLE = msg('Your check-in is waiting');
export const REMINDER_BODY = msg('How did today go? A minute with your disciplines keeps the rhythm.');
/** A scan that runs late (a restart) still sends within this many minutes of the time; later, the day is skipped. */
export const REMINDER_WINDOW_MINUTES = 15;

interface ClaimedRow {
  user_id: string;
  local_date: string;
  local_time: string;
  time_zone: string;
  quiet_start: string | null;
  quiet_end: string | null;
  reminder_email: boolean;
  email: string | null;
  verified: boolean;
  locale: Locale;
}

/**
 * Claims the reminders due at `now` and queues them. The claim is one UPDATE that records the local date
 * it was sent for: of several servers scanning at once, each person's row is updated (and so returned) by
 * one, and never twice a day. Returns how many reminders were queued.
 */
export async function sendDueReminders(db: Database, settings: Pick<DeliverySettings, 'origin' | 'linkKey' | 'pushEnabled'>, now: Date): Promise<number> {
  const zone = sql`COALESCE(${notificationPreferences.timeZone}, (
    SELECT ${communities.timeZone} FROM ${memberships} JOIN ${communities} ON ${communities.id} = ${memberships.communityId}
    WHERE ${memberships.userId} = ${notificationPreferences.userId} ORDER BY ${memberships.createdAt} LIMIT 1), 'UTC')`;
  const local = sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${zone})`;
  // Minutes since the reminder time, across midnight (a 23:55 reminder is due at 00:02).
  const minutesLate = sql`(((extract(hour FROM ${local}) * 60 + extract(minute FROM ${local}))
    - (split_part(${notificationPreferences.reminderTime}, ':', 1)::int * 60 + split_part(${notificationPreferences.reminderTime}, ':', 2)::int) + 1440)::int % 1440)`;
  return db.transaction(async (tx) => {
    const claimed = rowsOf<ClaimedRow>(
      await tx.execute(sql`
        UPDATE ${notificationPreferences} SET last_reminder_on = to_char(${local}, 'YYYY-MM-DD')
        FROM ${users}
        WHERE ${users.id} = ${notificationPreferences.userId}
          AND ${notificationPreferences.dailyReminder} AND ${notificationPreferences.reminderTime} IS NOT NULL
          AND ${minutesLate} < ${REMINDER_WINDOW_MINUTES}
          AND ${notificationPreferences.lastReminderOn} IS DISTINCT FROM to_char(${local}, 'YYYY-MM-DD')
        RETURNING ${notificationPreferences.userId} AS user_id, to_char(${local}, 'YYYY-MM-DD') AS local_date, to_char(${local}, 'HH24:MI') AS local_time,
          ${zone} AS time_zone, ${notificationPreferences.quietStart} AS quiet_start, ${notificationPreferences.quietEnd} AS quiet_end,
          ${notificationPreferences.reminderEmail} AS reminder_email, ${users.email} AS email,
          (${users.emailVerifiedAt} IS NOT NULL AND NOT ${users.isImported}) AS verified, ${userLocaleSql} AS locale`),
    );
    // Never in quiet hours: a reminder due inside them is skipped for the day (it would only arrive late).
    const awake = claimed.filter((row) => endOfQuietHours(now, row.time_zone, row.quiet_start && row.quiet_end ? { start: row.quiet_start, end: row.quiet_end } : null).getTime() === now.getTime());
    if (awake.length === 0) return 0;
    // Who has a community where today (their today) has no check-in yet.
    const days = sql.join(
      awake.map((row) => sql`(${row.user_id}::uuid, ${Number(row.local_date.slice(0, 4))}::int, ${Number(row.local_date.slice(5, 7))}::int, ${Number(row.local_date.slice(8, 10))}::int)`),
      sql`, `,
    );
    // And the names of those communities, for the e-mail (someone in two needs to know which waits).
    const waiting = new Map(
      rowsOf<{ user_id: string; community_names: string[] }>(
        await tx.execute(sql`
          SELECT t.user_id, array_agg(DISTINCT ${communities.name} ORDER BY ${communities.name}) AS community_names
          FROM (VALUES ${days}) AS t(user_id, year, month, day)
          JOIN ${memberships} ON ${memberships.userId} = t.user_id
          JOIN ${communities} ON ${communities.id} = ${memberships.communityId}
          LEFT JOIN ${dailyLogs} ON ${dailyLogs.userId} = t.user_id AND ${dailyLogs.communityId} = ${memberships.communityId}
            AND ${dailyLogs.year} = t.year AND ${dailyLogs.month} = t.month
          WHERE ${dailyLogs.id} IS NULL OR coalesce(substr(${dailyLogs.dayMarks}, t.day, 1), '') IN ('', '.')
          GROUP BY t.user_id`),
      ).map((row) => [row.user_id, row.community_names] as const),
    );
    const due = awake.filter((row) => waiting.has(row.user_id));
    const devices = settings.pushEnabled ? await subscriptionsOf(tx, due.map((row) => row.user_id)) : [];
    const localeOf = new Map(due.map((row) => [row.user_id, row.locale]));
    const payloadIn = (t: ServerTranslate) => JSON.stringify({ title: t(REMINDER_TITLE), body: t(REMINDER_BODY), url: '/' } satisfies PushPayload);
    await enqueuePushes(tx, devices.map((device) => ({ kind: 'reminder', endpoint: device.endpoint, payload: payloadIn(translator(localeOf.get(device.userId))) })));
    for (const row of due) {
      if (!row.reminder_email || !row.email || !row.verified) continue;
      const t = translator(row.locale);
      await enqueueMail(
        tx,
        notificationEmail(t, {
          to: row.email,
          topic: 'reminder',
          headline: t(REMINDER_TITLE),
          communityName: new Intl.ListFormat(intlLocaleOf(row.locale), { style: 'long', type: 'conjunction' }).format(waiting.get(row.user_id) ?? []) || null,
          link: `${settings.origin}/`,
          preferencesLink: `${settings.origin}/profile#notifications`,
          unsubscribeLink: `${settings.origin}/api/notifications/unsubscribe?token=${unsubscribeToken(settings.linkKey, row.user_id, 'reminder')}`,
        }),
      );
    }
    return due.length;
  });
}

export interface ScheduledScan {
  stop(): void;
}

/** Work the scan does each time: sends what is due at `now` and says how many it queued. */
export interface ScheduledJob {
  /** For the log: 'daily reminders', 'weekly words'. */
  name: string;
  run: (now: Date) => Promise<number>;
}

/**
 * Runs each job every `intervalMs` (well under a minute, so a reminder goes out within a minute of its time),
 * one scan at a time; a job that fails is logged and tried again at the next scan.
 */
export function startScheduledScan(
  jobs: readonly ScheduledJob[],
  now: () => Date,
  logger: Logger,
  onQueued: () => void,
  /** Told when a round of every job has finished (GET /metrics reports the last). */
  onFinished: (at: Date) => void = () => {},
  intervalMs = 20_000,
): ScheduledScan {
  let running = false;
  const scan = async () => {
    if (running) return;
    running = true;
    try {
      for (const job of jobs) {
        try {
          const queued = await job.run(now());
          if (queued > 0) {
            logger.info({ queued, job: job.name }, `${job.name} queued`);
            onQueued();
          }
        } catch (error) {
          logger.warn({ err: error }, `${job.name}: scan failed`);
        }
      }
      onFinished(now());
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void scan(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
