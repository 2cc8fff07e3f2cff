import request from 'supertest';
import { shiftMonth } from '@shared/domain/calendar';
import { DAILY_TARGET_KEYS } from '@shared/domain/disciplines';
import { questions } from '@shared/schema/questions';
import { meetings } from '@shared/schema/meetings';
import { memberApplications } from '@shared/schema/applications';
import { seedCommunity } from '../scripts/seed/seed-community';
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
const PASSWORD = 'steadfast-demo-2026';
const database = await openDatabase({ inMemory: true });
const config = testConfig();
const { app, close } = createApp({ database, config, sessionSecret: config.SESSION_SECRET! });
afterAll(async () => {
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
  timeZone: 'America/Chicago',
  story: true,
});

async function signIn(email: string) {
  const agent = request.agent(app);
  await agent.post('/api/login').send({ username: email, password: PASSWORD }).expect(200);
  return agent;
}

describe('the demo community', () => {
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
    const members = (await moderator.get(`/api/communities/${seeded.communityId}/members`).expect(200)).body as { displayName: string; createdAt: string; role: string }[];
    expect(members).toHaveLength(1 + 2 + 20);
    const joinedMonths = new Set(members.map((member) => member.createdAt.slice(0, 7)));
    expect([...joinedMonths].sort()).toEqual(['2026-09', '2026-10', '2026-11']);
    expect(members.every((member) => member.createdAt.slice(0, 10) < TODAY)).toBe(true);
    // No name is another's, nor part of another's (a commander once was 'Commander <a member's name>').
    const names = members.map((member) => member.displayName.toLowerCase());
    for (const name of names) expect(names.filter((other) => other.includes(name)), name).toEqual([name]);
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
});
