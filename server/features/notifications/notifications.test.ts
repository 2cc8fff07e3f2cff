import request from 'supertest';
import type { NotificationView } from '@shared/contracts/notifications';
import { createTestApp } from '../../test/app';
import { expectJsonError } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { subgroupWorld } from '../questions/questions-test-kit';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { NOTIFICATION_NOT_FOUND } from './service';

const testApp = await createTestApp(LIFTED_LIMITS);
const { app } = testApp;
const { db } = testApp.database;

const askFrom = (agent: Agent, communityId: string, title: string) =>
  agent.post('/api/questions').set('X-Community-Id', communityId).send({ title, body: 'Please help.' }).expect(201);

describe('GET /api/notifications', () => {
  it('answers the newest first with an ETag, and 304 to a poll while nothing changed, in a fixed number of queries', async () => {
    const world = await subgroupWorld(app, db);
    await askFrom(world.asker.agent, world.id, 'First');
    await askFrom(world.neighbour.agent, world.id, 'Second');
    const first = await world.commander.agent.get('/api/notifications').expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((first.body as NotificationView[]).map((n) => n.message)).toEqual([expect.stringContaining('Second'), expect.stringContaining('First')]);

    const done = testApp.countQueries();
    await world.commander.agent.get('/api/notifications').set('If-None-Match', etag).expect(304);
    const pollQueries = done();
    // Beside loading the session, one query: the user is not loaded, the version query checks the session.
    expect(pollQueries).toBe(1);
    // A new notification changes the answer.
    await askFrom(world.asker.agent, world.id, 'Third');
    const changed = await world.commander.agent.get('/api/notifications').set('If-None-Match', etag).expect(200);
    expect(changed.body).toHaveLength(3);

    // The 304 path costs the same with many notifications.
    for (let i = 0; i < 20; i++) await askFrom(world.asker.agent, world.id, `More ${i}`);
    const latest = (await world.commander.agent.get('/api/notifications').expect(200)).headers.etag as string;
    const again = testApp.countQueries();
    await world.commander.agent.get('/api/notifications').set('If-None-Match', latest).expect(304);
    expect(again()).toBe(pollQueries);
  });

  it('answers 401 without a session, and to a session opened before the password changed', async () => {
    expectJsonError(await request(app).get('/api/notifications'), 401);
    const world = await subgroupWorld(app, db);
    const commander = world.commander;
    const otherDevice = request.agent(app);
    await otherDevice.post('/api/login').send({ username: commander.email, password: commander.password }).expect(200);
    await otherDevice.get('/api/notifications').expect(200);
    await commander.agent.post('/api/user/password').send({ currentPassword: commander.password, newPassword: 'a-new-password-2026' }).expect(200);
    expectJsonError(await otherDevice.get('/api/notifications'), 401);
    await commander.agent.get('/api/notifications').expect(200);
  });
});

describe('marking notifications read', () => {
  it('marks one read (changing the ETag), refuses anyone else with 404, and marks all read', async () => {
    const world = await subgroupWorld(app, db);
    await askFrom(world.asker.agent, world.id, 'One');
    await askFrom(world.asker.agent, world.id, 'Two');
    const before = await world.commander.agent.get('/api/notifications').expect(200);
    const [newest, older] = before.body as NotificationView[];

    expectJsonError(await world.asker.agent.patch(`/api/notifications/${newest!.id}/read`), 404, NOTIFICATION_NOT_FOUND);
    expectJsonError(await request(app).patch(`/api/notifications/${newest!.id}/read`), 401);
    expectJsonError(await world.commander.agent.patch('/api/notifications/not-an-id/read'), 404);

    await world.commander.agent.patch(`/api/notifications/${newest!.id}/read`).expect(200);
    const after = await world.commander.agent.get('/api/notifications').set('If-None-Match', before.headers.etag as string).expect(200);
    expect((after.body as NotificationView[]).map((n) => n.isRead)).toEqual([true, false]);

    await world.commander.agent.patch('/api/notifications/read-all').expect(200);
    expect(((await world.commander.agent.get('/api/notifications').expect(200)).body as NotificationView[]).every((n) => n.isRead)).toBe(true);
    expect(older).toBeDefined();
  });
});
