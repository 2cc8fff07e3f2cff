import request from 'supertest';
import type { DashboardView } from '@shared/contracts/dashboard';
import { createTestApp } from '../../test/app';
import { expectJsonError } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { communityWith, days, LIFTED_LIMITS, mark, pinClock } from '../tracking/tracking-test-kit';

const testApp = await createTestApp(LIFTED_LIMITS);
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
