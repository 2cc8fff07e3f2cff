import { and, eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import { dateInTimeZone, zonedInstant } from '@shared/domain/calendar';
import { users } from '@shared/schema/auth';
import { communities } from '@shared/schema/communities';
import { mailOutbox } from '@shared/schema/mail';
import { createTestApp } from '../../test/app';
import { openDatabase } from '../../db/client';
import { subgroupWorld, type SubgroupWorld } from '../questions/questions-test-kit';
import { LIFTED_LIMITS, saveLog } from '../tracking/tracking-test-kit';
import { linkKeyFrom } from './delivery';
import { REMINDER_TITLE, sendDueReminders } from './reminders';
import { testConfig } from '../../config';

// Issue 24 item 5: the daily reminder, at the member's time in their zone, only when nothing is logged today,
// at most once a day however many servers scan, never in quiet hours.

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:operator@example.org' };
const { app, database } = await createTestApp({ ...LIFTED_LIMITS, PUSH_ENDPOINT_HOSTS: ['push.example.org'] }, { push: { enabled: true, vapid } });
const { db } = database;
// A second server of the same deployment: on Postgres its own pool on the same database.
const url = process.env.TEST_DATABASE_URL;
const second = url ? await openDatabase({ databaseUrl: url }) : database;
afterAll(async () => {
  if (second !== database) await second.close();
});
const settings = { origin: 'https://steadfast.example.org', linkKey: linkKeyFrom(testConfig().SESSION_SECRET!), pushEnabled: true };

const ZONE = 'Asia/Tokyo';
const today = dateInTimeZone(new Date(), ZONE);
/** A moment today in Tokyo. */
const at = (time: string) => zonedInstant(today, time, ZONE);

let devices = 0;
async function withReminder(person: SubgroupWorld['asker'], preferences: Record<string, unknown> = {}) {
  await person.agent.put('/api/user/notification-preferences').send({ dailyReminder: true, reminderTime: '07:30', timeZone: ZONE, ...preferences }).expect(200);
  const endpoint = `https://push.example.org/${++devices}-${person.user.id}`;
  await person.agent.post('/api/push/subscriptions').send({ endpoint, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }).expect(201);
  return endpoint;
}

const remindersTo = (recipients: string[]) => db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'reminder'), inArray(mailOutbox.recipient, recipients)));

describe('daily reminders', () => {
  it('go out at the chosen minute, only to members with nothing logged today, once a day with two servers scanning', async () => {
    const world = await subgroupWorld(app, db);
    const idle = await withReminder(world.asker);
    const kept = await withReminder(world.neighbour);
    const [year, month, day] = today.split('-').map(Number) as [number, number, number];
    await saveLog(world.neighbour.agent, world.id, year, month, { bibleReading: { [String(day)]: 'Yes' } }).expect(200);

    // A minute early: nothing.
    await sendDueReminders(db, settings, at('07:29'));
    expect(await remindersTo([idle, kept])).toHaveLength(0);
    // On time, two servers at once: one reminder, to the member who has not checked in.
    await Promise.all([sendDueReminders(db, settings, at('07:30')), sendDueReminders(second.db, settings, at('07:30'))]);
    const sent = await remindersTo([idle, kept]);
    expect(sent.map((row) => row.recipient)).toEqual([idle]);
    expect(JSON.parse(sent[0]!.textBody)).toEqual({ title: REMINDER_TITLE, body: expect.any(String), url: '/' });
    // Later the same day: not again.
    await sendDueReminders(db, settings, at('07:35'));
    expect(await remindersTo([idle, kept])).toHaveLength(1);
  });

  it('is skipped in quiet hours, and long after its time (a scan that ran late)', async () => {
    const world = await subgroupWorld(app, db);
    const quiet = await withReminder(world.asker, { quietHours: { start: '06:00', end: '08:00' } });
    const late = await withReminder(world.neighbour, { reminderTime: '05:00' });
    await sendDueReminders(db, settings, at('07:30'));
    expect(await remindersTo([quiet, late])).toHaveLength(0);
  });

  it('comes by e-mail too when chosen, to a verified address, with its own one-click unsubscribe', async () => {
    const world = await subgroupWorld(app, db);
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, world.asker.user.id));
    await withReminder(world.asker, { reminderTime: '12:00', reminderEmail: true });
    await sendDueReminders(db, settings, at('12:00'));
    const [mail] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'reminder'), eq(mailOutbox.recipient, world.asker.email)));
    expect(mail).toMatchObject({ subject: REMINDER_TITLE });
    // Which community waits for a check-in: the member may belong to several.
    const [community] = await db.select({ name: communities.name }).from(communities).where(eq(communities.id, world.id));
    expect(mail!.textBody).toContain(`${REMINDER_TITLE} in ${community!.name}.`);
    expect(mail!.textBody).toContain('https://steadfast.example.org/');
    expect(mail!.headers!['List-Unsubscribe']).toMatch(/unsubscribe\?token=[^.]+\.reminder\./);
  });
});
