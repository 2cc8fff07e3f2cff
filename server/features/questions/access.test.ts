import request from 'supertest';
import { addDays, dateInTimeZone, zonedInstant } from '@shared/domain/calendar';
import { createTestApp } from '../../test/app';
import { expectJsonError, grantSuperAdmin, snapshotCommunity } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { subgroupWorld, type SubgroupWorld } from './questions-test-kit';

/*
 * Every route of questions, meetings and notifications, as someone signed out (401) and as the admin of
 * another community naming this one (404, nothing revealed, nothing written); the role checks (403) and
 * the privacy of a question or meeting from a third member are tested beside each feature.
 */
const { app, database } = await createTestApp(LIFTED_LIMITS);
const { db } = database;

let world: SubgroupWorld;
let outsider: SubgroupWorld;
let questionId: string;
let meetingId: string;

beforeAll(async () => {
  world = await subgroupWorld(app, db);
  outsider = await subgroupWorld(app, db);
  const inWorld = (agent: Agent) => ({
    post: (url: string) => agent.post(url).set('X-Community-Id', world.id),
  });
  questionId = (await inWorld(world.asker.agent).post('/api/questions').send({ title: 'Hello', body: 'A question' }).expect(201)).body.id;
  // An offered slot three days ahead in the community's zone (the test communities are in America/Chicago).
  const startsAt = zonedInstant(addDays(dateInTimeZone(new Date(), 'America/Chicago'), 3), '10:00', 'America/Chicago');
  meetingId = (
    await inWorld(world.asker.agent)
      .post('/api/meetings')
      .send({ startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString() })
      .expect(201)
  ).body.id;
});

const routes: Array<{ name: string; call: (agent: Agent) => request.Test; communityScoped: boolean }> = [
  { name: 'GET /api/questions', call: (a) => a.get('/api/questions'), communityScoped: true },
  { name: 'GET /api/questions/received', call: (a) => a.get('/api/questions/received'), communityScoped: true },
  { name: 'GET /api/questions/:id', call: (a) => a.get(`/api/questions/${questionId}`), communityScoped: true },
  { name: 'POST /api/questions', call: (a) => a.post('/api/questions').send({ title: 'Hi', body: 'There' }), communityScoped: true },
  { name: 'PATCH /api/questions/:id', call: (a) => a.patch(`/api/questions/${questionId}`).send({ status: 'Archived' }), communityScoped: true },
  { name: 'GET /api/meetings', call: (a) => a.get('/api/meetings'), communityScoped: true },
  { name: 'POST /api/meetings', call: (a) => a.post('/api/meetings').send({ startsAt: '2031-01-01T10:00:00Z', endsAt: '2031-01-01T11:00:00Z' }), communityScoped: true },
  { name: 'PATCH /api/meetings/:id', call: (a) => a.patch(`/api/meetings/${meetingId}`).send({ startsAt: '2031-01-01T10:00:00Z', endsAt: '2031-01-01T11:00:00Z' }), communityScoped: true },
  { name: 'GET /api/meetings/:id/ics', call: (a) => a.get(`/api/meetings/${meetingId}/ics`), communityScoped: true },
  { name: 'GET /api/commanders/:id/free-slots', call: (a) => a.get(`/api/commanders/${world.commander.user.id}/free-slots?date=2031-01-01`), communityScoped: true },
  { name: 'GET /api/user/availability', call: (a) => a.get('/api/user/availability'), communityScoped: true },
  { name: 'PUT /api/user/availability', call: (a) => a.put('/api/user/availability').send({ windows: [] }), communityScoped: true },
  { name: 'GET /api/notifications', call: (a) => a.get('/api/notifications'), communityScoped: false },
  { name: 'PATCH /api/notifications/read-all', call: (a) => a.patch('/api/notifications/read-all'), communityScoped: false },
];

describe.each(routes)('$name', ({ call }) => {
  it('answers 401 without a session', async () => {
    expectJsonError(await call(request.agent(app)).set('X-Community-Id', world.id), 401);
  });
});

describe.each(routes.filter((route) => route.communityScoped))('$name in another community', ({ call }) => {
  it('answers 404 to the admin of another community naming this one, and changes nothing', async () => {
    const before = await snapshotCommunity(db, world.id);
    const response = await call(outsider.owner.agent).set('X-Community-Id', world.id);
    expectJsonError(response, 404);
    expect(response.text).not.toContain('Hello');
    expect(await snapshotCommunity(db, world.id)).toEqual(before);
  });
});

describe('a SuperAdmin who is not a member', () => {
  it('can read what admins read but cannot ask questions or book meetings as a member (403 with the reason)', async () => {
    const operator = await subgroupWorld(app, db);
    await grantSuperAdmin(db, operator.owner.user.id);
    const agent = operator.owner.agent;
    await agent.get('/api/questions/received').set('X-Community-Id', world.id).expect(200);
    expectJsonError(await agent.post('/api/questions').set('X-Community-Id', world.id).send({ title: 'Hi', body: 'There' }), 403, /Join this community/);
    expectJsonError(
      await agent.post('/api/meetings').set('X-Community-Id', world.id).send({ startsAt: '2031-01-01T10:00:00Z', endsAt: '2031-01-01T11:00:00Z' }),
      403,
      /Join this community/,
    );
  });
});
