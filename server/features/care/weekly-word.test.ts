import { and, eq, like } from 'drizzle-orm';
import { addDays, dateInTimeZone, zonedInstant } from '@shared/domain/calendar';
import { users } from '@shared/schema/auth';
import { careWeeklyWords } from '@shared/schema/care';
import { memberships } from '@shared/schema/communities';
import { mailOutbox } from '@shared/schema/mail';
import { notifications } from '@shared/schema/notifications';
import { testConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { createTestApp } from '../../test/app';
import { ownTestDatabase } from '../../test/table-dump';
import { linkKeyFrom } from '../notifications/delivery';
import { subgroupWorld } from '../questions/questions-test-kit';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { readerIn } from '../notifications/words';
import { sendDueWeeklyWords, WEEKLY_WORD_MESSAGE, weeklyWordTitle } from './weekly-word';

// Issue 26 item 2: on Monday morning in the community's zone, each commander hears how many of the members
// they lead may need a word (never who or why), once a week however many servers scan.

// The scan sends to every commander in the database: on Postgres this file needs a database of its own, or
// it would write weekly words into other files' communities (and count theirs).
const own = await ownTestDatabase('weekly');
const { app, database } = await createTestApp(LIFTED_LIMITS);
const { db } = database;
// A second server of the same deployment: on Postgres its own pool on the same database.
const url = process.env.TEST_DATABASE_URL;
const second = url ? await openDatabase({ databaseUrl: url }) : database;
own.restore();
afterAll(async () => {
  if (second !== database) await second.close();
});

const ZONE = 'America/Chicago'; // the factory's community zone
/** The next Monday after today in Chicago, and one a week later. */
const today = dateInTimeZone(new Date(), ZONE);
const weekday = new Date(`${today}T12:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
const monday = addDays(today, ((8 - weekday) % 7) + 7);
const at = (date: string, time: string) => zonedInstant(date, time, ZONE);
const settingsAt = (instant: Date) => ({ origin: 'https://steadfast.example.org', linkKey: linkKeyFrom(testConfig().SESSION_SECRET!), pushEnabled: false, now: () => instant });
const scan = (instant: Date, on = db) => sendDueWeeklyWords(on, settingsAt(instant), instant);

/** A subgroup whose asker has been quiet for weeks and whose neighbour joins on that Monday (never quiet). */
async function world() {
  const made = await subgroupWorld(app, db);
  const joined = async (who: { user: { id: string } }, when: Date) =>
    db.update(memberships).set({ createdAt: when }).where(and(eq(memberships.communityId, made.id), eq(memberships.userId, who.user.id)));
  await joined(made.asker, at(addDays(monday, -20), '09:00'));
  await joined(made.neighbour, at(monday, '00:30'));
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, made.commander.user.id));
  const words = () => db.select().from(notifications).where(and(eq(notifications.toUserId, made.commander.user.id), eq(notifications.type, 'care_weekly')));
  const mails = () => db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, made.commander.email), like(mailOutbox.kind, 'notify-%')));
  return { ...made, words, mails };
}

describe('the weekly word', () => {
  it('reaches each commander once from Monday 08:00 in the community’s zone, with how many and never who', async () => {
    const w = await world();
    await scan(at(monday, '07:59'));
    expect(await w.words()).toHaveLength(0);

    // Two servers scanning at the same moment send it once.
    await Promise.all([scan(at(monday, '08:00')), scan(at(monday, '08:00'), second.db)]);
    const [word, ...more] = await w.words();
    expect(more).toHaveLength(0);
    expect(word).toMatchObject({ title: weeklyWordTitle(1)(readerIn('en')), message: WEEKLY_WORD_MESSAGE, communityId: w.id });
    expect(word!.title).toBe('1 member you lead may need a word this week');
    expect(`${word!.title} ${word!.message}`).not.toContain(w.asker.user.displayName);

    // Later that Monday, and on Tuesday: nothing more.
    await scan(at(monday, '15:00'));
    await scan(at(addDays(monday, 1), '08:00'));
    expect(await w.words()).toHaveLength(1);
    // E-mail only when chosen (off by default).
    expect(await w.mails()).toHaveLength(0);
  });

  it('comes by e-mail too when the commander chose it, saying how many and not who', async () => {
    const w = await world();
    await w.commander.agent.put('/api/user/notification-preferences').send({ email: { weekly: true } }).expect(200);
    await scan(at(monday, '08:10'));
    const [mail, ...more] = await w.mails();
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ kind: 'notify-weekly', subject: weeklyWordTitle(1)(readerIn('en')) });
    expect(mail!.textBody).not.toContain(w.asker.user.displayName);
    expect(mail!.textBody).not.toContain('No check-in');
  });

  it('is sent at the next scan when sending it failed: the claim rolls back with it', async () => {
    const w = await world();
    const failing = { ...settingsAt(at(monday, '08:20')), now: () => { throw new Error('the outbox is down'); } };
    await expect(sendDueWeeklyWords(db, failing, at(monday, '08:20'))).rejects.toThrow('the outbox is down');
    expect(await w.words()).toHaveLength(0);
    expect(await db.select().from(careWeeklyWords).where(eq(careWeeklyWords.commanderId, w.commander.user.id))).toHaveLength(0);
    await scan(at(monday, '08:40'));
    expect(await w.words()).toHaveLength(1);
  });

  it('says nothing to a commander whom nobody needs, and comes again the next Monday', async () => {
    const w = await world();
    // The asker joins that Monday too: nobody is quiet.
    await db.update(memberships).set({ createdAt: at(monday, '00:30') }).where(and(eq(memberships.communityId, w.id), eq(memberships.userId, w.asker.user.id)));
    await scan(at(monday, '09:00'));
    expect(await w.words()).toHaveLength(0);
    // A week on, both have been quiet for seven days.
    await scan(at(addDays(monday, 7), '09:00'));
    const words = await w.words();
    expect(words.map((word) => word.title)).toEqual([weeklyWordTitle(2)(readerIn('en'))]);
  });
});
