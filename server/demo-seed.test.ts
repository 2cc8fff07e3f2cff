import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import type { ActivityPage } from '@shared/contracts/activity';
import { type CareGlanceView, type NeedsAWordRow, PRAYER_REPLY, type ReflectionView } from '@shared/contracts/care';
import type { MeetingView } from '@shared/contracts/meetings';
import type { NotificationView } from '@shared/contracts/notifications';
import { shiftMonth, zonedInstant } from '@shared/domain/calendar';
import { DAILY_TARGET_KEYS } from '@shared/domain/disciplines';
import { reflections } from '@shared/schema/care';
import { communities } from '@shared/schema/communities';
import { questions } from '@shared/schema/questions';
import { meetings } from '@shared/schema/meetings';
import { memberApplications } from '@shared/schema/applications';
import { seedCommunity } from '../scripts/seed/seed-community';
import { rowsOf } from './db/client';
import { needsAWordOfCommander } from './features/care/needs-a-word';
import { createApp } from './app';
import { testConfig } from './config';
import { openDatabase } from './db/client';

/*
 * npm run seed:demo tells the product's story to someone trying it: the moderator they sign in as has months
 * of their own history and targets (not a dashboard of 'Not set'), members joined over those months, nobody
 * shares a name, and there are guidance, questions, meetings and applications to look at. Read through the
 * API, as the screens read it.
 */
const TODAY = '2026-11-25';
const TIME_ZONE = 'America/Chicago';
const PASSWORD = 'steadfast-demo-2026';
// The server reads its today from the clock: the demo is looked at at noon of the day it was seeded.
vi.useFakeTimers({ toFake: ['Date'], now: zonedInstant(TODAY, '12:00', TIME_ZONE) });
const database = await openDatabase({ inMemory: true });
const config = testConfig();
const { app, close } = createApp({ database, config, sessionSecret: config.SESSION_SECRET! });
afterAll(async () => {
  vi.useRealTimers();
  await close();
  await database.close();
});

const seeded = await seedCommunity(database.db, {
  name: 'Grace Fellowship (demo)',
  emailDomain: 'demo.steadfast.example',
  password: PASSWORD,
  members: 20,
  subgroups: 2,
  months: 3,
  today: TODAY,
  timeZone: TIME_ZONE,
  story: true,
});

async function signIn(email: string) {
  const agent = request.agent(app);
  await agent.post('/api/login').send({ username: email, password: PASSWORD }).expect(200);
  return agent;
}

describe('the demo community', () => {
  // First, before any sign-in writes a session or a last sign-in at the test's noon.
  it('has nothing in the future: every moment something happened is before today', async () => {
    // Every timestamp column of every table, but the moments still to come: a meeting's time, an offer's or a code's expiry.
    const columns = rowsOf<{ table_name: string; column_name: string }>(
      await database.db.execute(sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND data_type = 'timestamp with time zone' AND column_name NOT IN ('starts_at', 'ends_at', 'expires_at')`),
    );
    expect(columns.length).toBeGreaterThan(20);
    const startOfToday = zonedInstant(TODAY, '00:00', TIME_ZONE);
    for (const { table_name: table, column_name: column } of columns) {
      const [latest] = rowsOf<{ latest: Date | string | null }>(await database.db.execute(sql`SELECT max(${sql.identifier(column)}) AS latest FROM ${sql.identifier(table)}`));
      if (latest?.latest) expect(new Date(latest.latest).getTime(), `${table}.${column}`).toBeLessThan(startOfToday.getTime());
    }
  });

  it("gives the moderator a dashboard with their own history, streaks, targets and the community's guidance", async () => {
    const moderator = await signIn(seeded.moderator.email);
    // Their e-mail is proven: no banner asks them to verify it.
    expect((await moderator.get('/api/user').expect(200)).body.emailVerified).toBe(true);
    for (const back of [0, 1, 2]) {
      const { year, month } = shiftMonth({ year: 2026, month: 11 }, -back);
      const dashboard = (await moderator.get(`/api/communities/${seeded.communityId}/dashboard`).query({ year, month, date: TODAY }).expect(200)).body;
      expect(Object.keys(dashboard.dailyLog.dayStatus).length, `${year}-${month}`).toBeGreaterThan(0);
      for (const key of DAILY_TARGET_KEYS) expect(dashboard.targets[key], `${key} in ${year}-${month}`).toEqual(expect.any(String));
      if (back === 0) {
        expect(dashboard.streaks.overall.days).toBeGreaterThan(0);
        expect(dashboard.guidance.sections.length).toBeGreaterThan(0);
        expect(dashboard.community.theme).toBe('general');
      }
    }
  });

  it('has members who joined over the months, none today, and names nobody shares', async () => {
    const moderator = await signIn(seeded.moderator.email);
    const everyone = (await moderator.get(`/api/communities/${seeded.communityId}/members`).expect(200)).body as { displayName: string; createdAt: string; role: string; isImported: boolean }[];
    // The one imported record is Ruth's history from the spreadsheet, offered to her.
    const members = everyone.filter((member) => !member.isImported);
    expect(everyone.filter((member) => member.isImported).map((member) => member.displayName)).toEqual([seeded.members[0]!.displayName]);
    expect(members).toHaveLength(1 + 2 + 20);
    const joinedMonths = new Set(members.map((member) => member.createdAt.slice(0, 7)));
    expect([...joinedMonths].sort()).toEqual(['2026-09', '2026-10', '2026-11']);
    expect(members.every((member) => member.createdAt.slice(0, 10) < TODAY)).toBe(true);
    // No name is another's, nor part of another's (a commander once was 'Commander <a member's name>').
    const names = members.map((member) => member.displayName.toLowerCase());
    for (const name of names) expect(names.filter((other) => other.includes(name)), name).toEqual([name]);
    // Nor is a first or a last name anyone else's (Ruth Mensah and Ruth Okafor were easy to mix up).
    for (const part of [0, 1]) {
      const words = names.map((name) => name.split(' ')[part]);
      expect(new Set(words).size, words.join(', ')).toBe(names.length);
    }
  });

  it('gives every member targets, and a newcomer only the days since they joined', async () => {
    const newest = seeded.members.at(-1)!;
    const agent = await signIn(newest.email);
    const dashboard = (await agent.get(`/api/communities/${seeded.communityId}/dashboard`).query({ year: 2026, month: 11, date: TODAY }).expect(200)).body;
    expect(dashboard.targets.bibleReading).toEqual(expect.any(String));
    const september = (await agent.get(`/api/communities/${seeded.communityId}/dashboard`).query({ year: 2026, month: 9, date: TODAY }).expect(200)).body;
    expect(september.dailyLog.dayStatus).toEqual({});
    for (const member of seeded.members) {
      const targets = (await agent.get(`/api/users/${member.id}/discipline-targets`).query({ year: 2026, month: 11 }).expect(200)).body;
      expect(targets.bibleReading, member.displayName).toEqual(expect.any(String));
    }
  });

  it('has questions of several kinds (some answered, some waiting), meetings past and upcoming, and applications to review', async () => {
    const asked = await database.db.select().from(questions);
    expect(new Set(asked.map((question) => question.title)).size).toBeGreaterThanOrEqual(4);
    expect(asked.some((question) => question.status === 'Answered')).toBe(true);
    expect(asked.some((question) => question.status === 'Open')).toBe(true);
    const booked = await database.db.select().from(meetings);
    const now = new Date(`${TODAY}T12:00:00Z`).getTime();
    expect(booked.some((meeting) => meeting.startsAt.getTime() < now)).toBe(true);
    expect(booked.some((meeting) => meeting.startsAt.getTime() > now)).toBe(true);
    expect((await database.db.select().from(memberApplications)).map((application) => application.status)).toEqual(['Pending', 'Pending']);
  });

  it('keeps Fasting in secret: its target is withheld from another member and shown to its owner', async () => {
    const [ruth, daniel] = seeded.members;
    const templates = (await (await signIn(ruth!.email)).get(`/api/communities/${seeded.communityId}/discipline-templates`).expect(200)).body as { key: string; isPrivate: boolean }[];
    expect(templates.filter((template) => template.isPrivate).map((template) => template.key)).toEqual(['fasting']);
    const asOther = (await (await signIn(daniel!.email)).get(`/api/users/${ruth!.id}/discipline-targets`).query({ year: 2026, month: 11 }).expect(200)).body;
    expect(asOther.bibleReading).toEqual(expect.any(String));
    expect(asOther.fasting ?? null).toBeNull();
    const own = (await (await signIn(ruth!.email)).get(`/api/users/${ruth!.id}/discipline-targets`).query({ year: 2026, month: 11 }).expect(200)).body;
    expect(own.fasting).toEqual(expect.any(String));
  });

  it("puts members on every leader's 'Needs a word' for each of its three reasons, the moderator's subgroup too", async () => {
    for (const leader of [...seeded.commanders, seeded.moderator]) {
      const rows = (await (await signIn(leader.email)).get(`/api/communities/${seeded.communityId}/needs-a-word`).expect(200)).body as NeedsAWordRow[];
      const reasons = new Set(rows.flatMap((row) => row.reasons.map((reason) => reason.kind)));
      expect([...reasons].sort(), leader.displayName).toEqual(['progress-drop', 'quiet', 'streak-ended']);
    }
  });

  it("gives each leader reflections on last month (replied to, waiting, one prayed for) and real figures under 'Your care'", async () => {
    const commander = await signIn(seeded.commanders[0]!.email);
    const reflections = (await commander.get(`/api/communities/${seeded.communityId}/reflections/subgroup`).query({ year: 2026, month: 10 }).expect(200)).body as ReflectionView[];
    expect(reflections.filter((reflection) => reflection.reply === null).length).toBeGreaterThan(0);
    expect(reflections.filter((reflection) => reflection.reply === 'Praying for you 🙏')).toHaveLength(1);
    expect(reflections.filter((reflection) => reflection.reply && reflection.reply !== 'Praying for you 🙏').length).toBeGreaterThan(0);
    for (const leader of [...seeded.commanders, seeded.moderator]) {
      const glance = (await (await signIn(leader.email)).get(`/api/communities/${seeded.communityId}/care-at-a-glance`).expect(200)).body as CareGlanceView;
      const october = glance.months.find((month) => month.month === 10)!;
      const november = glance.months.find((month) => month.month === 11)!;
      expect(october.reflectionsWritten, leader.displayName).toBeGreaterThan(0);
      expect(october.reflectionsAcknowledged, leader.displayName).toBeGreaterThan(0);
      expect(october.reachedOut + november.reachedOut, leader.displayName).toBeGreaterThan(0);
      // From the community's first month: none before it.
      expect(glance.months[0]).toMatchObject({ year: 2026, month: 9 });
    }
  });

  it("shows Ruth a note she answered, a moved meeting, a reply to her reflection and a history offer; her leader a cancelled meeting, office hours and weekly words", async () => {
    const ruth = await signIn(seeded.members[0]!.email);
    const inbox = (await ruth.get('/api/notifications').expect(200)).body as NotificationView[];
    expect(inbox.map((notification) => notification.type)).toEqual(expect.arrayContaining(['care_note', 'reflection_reply', 'meeting', 'other']));
    const [offer, ...others] = (await ruth.get('/api/user/history-offers').expect(200)).body as { months: number; days: number }[];
    expect(others).toEqual([]);
    expect(offer).toMatchObject({ months: 2, days: expect.any(Number) });
    const own = (await ruth.get('/api/meetings').set('X-Community-Id', seeded.communityId).expect(200)).body as MeetingView[];
    expect(own.some((meeting) => meeting.status === 'Upcoming' && meeting.sequence === 1)).toBe(true);
    const answered = await database.db.select().from(questions).where(sql`${questions.fromUserId} = ${seeded.members[0]!.id} AND ${questions.status} = 'Meeting Scheduled'`);
    expect(answered).toHaveLength(1);

    const commander = await signIn(seeded.commanders[0]!.email);
    const led = (await commander.get('/api/meetings').set('X-Community-Id', seeded.communityId).expect(200)).body as MeetingView[];
    expect(new Set(led.map((meeting) => meeting.status))).toEqual(new Set(['Upcoming', 'Past', 'Cancelled']));
    const hours = (await commander.get('/api/user/availability').set('X-Community-Id', seeded.communityId).expect(200)).body as { windows: unknown[] };
    expect(hours.windows.length).toBeGreaterThan(0);
    const bell = (await commander.get('/api/notifications').expect(200)).body as NotificationView[];
    expect(bell.filter((notification) => notification.type === 'care_weekly').map((notification) => notification.title)).toEqual([
      '3 members you lead may need a word this week',
      '2 members you lead may need a word this week',
    ]);
  });

  it("gives the moderator a subgroup to lead and Overview's Recent Activity to read", async () => {
    const moderator = await signIn(seeded.moderator.email);
    const activity = (await moderator.get(`/api/communities/${seeded.communityId}/activity`).expect(200)).body as ActivityPage;
    expect(activity.entries.length).toBe(20);
    expect(activity.nextCursor).not.toBeNull();
    expect(activity.entries[0]).toMatchObject({ kind: 'user.offer-imported', actor: seeded.moderator.displayName, subject: seeded.members[0]!.displayName });
    const subgroup = (await moderator.get('/api/user/subgroup').set('X-Community-Id', seeded.communityId).expect(200)).body;
    expect(subgroup).toMatchObject({ subgroup: { name: 'Morning Watch' }, commander: { id: seeded.moderator.id } });
  });

  it('tells the same story seeded on the first of a month: reflections on the month before last, two reasons before the 8th', async () => {
    const other = await openDatabase({ inMemory: true });
    try {
      const first = await seedCommunity(other.db, { name: 'Grace Fellowship (demo)', emailDomain: 'demo.steadfast.example', password: PASSWORD, members: 20, subgroups: 2, months: 3, today: '2026-12-01', timeZone: TIME_ZONE, story: true });
      const [community] = await other.db.select().from(communities).where(eq(communities.id, first.communityId));
      for (const leader of [...first.commanders, first.moderator]) {
        const rows = await needsAWordOfCommander(other.db, community!, leader.id, zonedInstant('2026-12-01', '12:00', TIME_ZONE));
        expect(new Set(rows.flatMap((row) => row.reasons.map((reason) => reason.kind))), leader.displayName).toEqual(new Set(['quiet', 'streak-ended']));
      }
      // November ended only at midnight: the reflections look back on October, by members who were there all of it.
      const written = await other.db.select({ month: reflections.month, reply: reflections.reply }).from(reflections);
      expect(new Set(written.map((row) => row.month))).toEqual(new Set([10]));
      expect(written.filter((row) => row.reply === PRAYER_REPLY)).toHaveLength(1);
      expect(written.filter((row) => row.reply === null)).toHaveLength(3);
      expect(written.filter((row) => row.reply !== null && row.reply !== PRAYER_REPLY)).toHaveLength(3);
    } finally {
      await other.close();
    }
  });
});
