import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import { dailyLogs } from '@shared/schema/tracking';
import type { DashboardView } from '@shared/contracts/dashboard';
import { createTestApp } from '../../test/app';
import { expectJsonError } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { communityWith, days, LIFTED_LIMITS, mark, pinClock } from '../tracking/tracking-test-kit';

const testApp = await createTestApp(LIFTED_LIMITS);

/** `count` members written straight into the database, each with this month's log: a sign-up each would take minutes at 500. */
async function insertMembers(communityId: string, count: number) {
  const batch = randomUUID().slice(0, 8);
  const rows = await testApp.database.db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ email: `dash-${batch}-${i}@example.org`, displayName: `Dash ${batch} ${i}` })))
    .returning({ id: users.id });
  await testApp.database.db.insert(memberships).values(rows.map(({ id }) => ({ userId: id, communityId, roles: ['Member' as const] })));
  await testApp.database.db.insert(dailyLogs).values(rows.map(({ id }) => ({ userId: id, communityId, year: 2030, month: 3, dayStatus: { fasting: { '9': 'Yes' as const } } })));
}
const { app } = testApp;
pinClock(testApp, '2030-03-11T00:00:00Z'); // Sunday 10 March in Chicago

const QUERY = 'month=3&year=2030&date=2030-03-10';
const dashboard = (agent: Agent, communityId: string, query = QUERY) => agent.get(`/api/communities/${communityId}/dashboard?${query}`).set('X-Community-Id', communityId);
const get = async (agent: Agent, communityId: string, path: string) => (await agent.get(path).set('X-Community-Id', communityId).expect(200)).body;

describe('GET /api/communities/:id/dashboard', () => {
  it("answers exactly what the community, disciplines, daily-log, targets, streaks and guidance calls answer, for oneself", async () => {
    const fixture = await communityWith(app, 'keeper');
    const keeper = fixture.members[0]!;
    await mark(keeper.agent, fixture.id, 2030, 3, { fasting: days('Yes', 8, 9, 10), bibleReading: days('No', 10) });
    const view = (await dashboard(keeper.agent, fixture.id).expect(200)).body as DashboardView;
    expect(view).toEqual({
      community: await get(keeper.agent, fixture.id, `/api/communities/${fixture.id}`),
      disciplines: await get(keeper.agent, fixture.id, `/api/communities/${fixture.id}/discipline-templates`),
      dailyLog: await get(keeper.agent, fixture.id, `/api/communities/${fixture.id}/daily-log?month=3&year=2030`),
      targets: await get(keeper.agent, fixture.id, `/api/users/${keeper.user.id}/discipline-targets?month=3&year=2030`),
      streaks: await get(keeper.agent, fixture.id, `/api/communities/${fixture.id}/streaks?date=2030-03-10`),
      guidance: await get(keeper.agent, fixture.id, `/api/communities/${fixture.id}/guidance`),
    });
    expect(view.streaks.streaks.find((streak) => streak.key === 'fasting')!.days).toBe(3);
  });

  it('answers what the separate calls answer with targets carried forward, guidance, completion goals and a locked month, for this month and a past one', async () => {
    const fixture = await communityWith(app, 'planner');
    const planner = fixture.members[0]!;
    const owner = fixture.owner.agent;
    await owner.post('/api/users/monthly-targets').set('X-Community-Id', fixture.id).send({ userId: planner.user.id, month: 1, year: 2030, bibleReading: '3 chapters', fasting: 'Fridays' }).expect(200);
    await owner.post(`/api/communities/${fixture.id}/guidance`).send({ contentMarkdown: '# Pray first' }).expect(200);
    await owner.post(`/api/communities/${fixture.id}/calendar-locks`).send({ month: 2, year: 2030 }).expect(201);
    await mark(planner.agent, fixture.id, 2030, 3, { meditation: days('Yes', 1, 2, 9, 10) });
    await planner.agent.post('/api/users/monthly-completion-goals').set('X-Community-Id', fixture.id).send({ userId: planner.user.id, month: 3, year: 2030, prayerWalk: true }).expect(200);
    await mark(planner.agent, fixture.id, 2027, 5, { fasting: days('Yes', 4) });
    for (const [month, year] of [[3, 2030], [2, 2030], [5, 2027], [12, 2029]]) {
      const view = (await dashboard(planner.agent, fixture.id, `month=${month}&year=${year}&date=2030-03-10`).expect(200)).body as DashboardView;
      expect(view.dailyLog).toEqual(await get(planner.agent, fixture.id, `/api/communities/${fixture.id}/daily-log?month=${month}&year=${year}`));
      expect(view.targets).toEqual(await get(planner.agent, fixture.id, `/api/users/${planner.user.id}/discipline-targets?month=${month}&year=${year}`));
      expect(view.streaks).toEqual(await get(planner.agent, fixture.id, `/api/communities/${fixture.id}/streaks?date=2030-03-10`));
      expect(view.guidance).toEqual(await get(planner.agent, fixture.id, `/api/communities/${fixture.id}/guidance`));
    }
    const march = (await dashboard(planner.agent, fixture.id).expect(200)).body as DashboardView;
    expect(march.targets).toMatchObject({ month: 1, year: 2030, bibleReading: '3 chapters' });
    expect(march.dailyLog.monthlyCompletions).toMatchObject({ prayerWalk: true });
    expect(march.guidance.contentMarkdown).toBe('# Pray first');
    expect(((await dashboard(planner.agent, fixture.id, 'month=2&year=2030&date=2030-03-10').expect(200)).body as DashboardView).dailyLog.isLocked).toBe(true);
    expect(((await dashboard(planner.agent, fixture.id, 'month=5&year=2027&date=2030-03-10').expect(200)).body as DashboardView).dailyLog.dayStatus).toEqual({ fasting: { '4': 'Yes' } });
  });

  it('runs the same number of queries for a community of 5 as of 500', async () => {
    const queriesFor = async (size: number) => {
      const fixture = await communityWith(app, 'counted');
      await insertMembers(fixture.id, size - 2);
      const member = fixture.members[0]!;
      await mark(member.agent, fixture.id, 2030, 3, { fasting: days('Yes', 9, 10) });
      await dashboard(member.agent, fixture.id).expect(200); // the disciplines, kept per server afterwards
      const done = testApp.countQueries();
      await dashboard(member.agent, fixture.id).expect(200);
      return done();
    };
    const few = await queriesFor(5);
    expect(await queriesFor(500)).toBe(few);
    expect(few).toBeLessThanOrEqual(3);
  });

  it('answers 401 signed out, 404 to someone outside the community, 400 with a message per field', async () => {
    const fixture = await communityWith(app, 'inside');
    const other = await communityWith(app, 'outside');
    expectJsonError(await request(app).get(`/api/communities/${fixture.id}/dashboard?${QUERY}`), 401);
    expectJsonError(await dashboard(other.members[0]!.agent, fixture.id), 404);
    const bad = await dashboard(fixture.members[0]!.agent, fixture.id, 'month=13&year=abc&date=2030-02-30');
    expectJsonError(bad, 400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['date', 'month', 'year']);
  });
});
