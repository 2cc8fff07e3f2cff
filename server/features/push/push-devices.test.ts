import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import webpush from 'web-push';
import type { PushDeviceView } from '@shared/contracts/push';
import { sessions } from '@shared/schema/auth';
import { pushSubscriptions } from '@shared/schema/notifications';
import { createTestApp } from '../../test/app';
import { expectJsonError } from '../../test/community-fixtures';
import { type Agent, signUp } from '../../test/factories';
import { queuedLink, tokenOf } from '../../test/mail-kit';
import { startTestPushService } from '../../test/push-endpoint';
import { subgroupWorld } from '../questions/questions-test-kit';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { PUSH_DEVICE_NOT_FOUND } from './routes';

// Issue 38 item 1: a push subscription belongs to the signed-in device (session) that made it, not to the
// account forever. Pushes go to a real HTTPS push service started here.
const service = await startTestPushService();
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:operator@example.org' };
const { app, database, outbox } = await createTestApp(
  { ...LIFTED_LIMITS, PUSH_ENDPOINT_HOSTS: [service.host] },
  { push: { enabled: true, vapid }, mail: { worker: { recipientSuffix: service.endpointSuffix, pollMs: 60_000 } } },
);
const { db } = database;
const endpointsOf = async (userId: string) =>
  (await db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).map((row) => row.endpoint).sort();

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Turns push on for a new device of this signed-in agent (as the browser would). */
async function subscribe(agent: Agent, userAgent = ANDROID_CHROME) {
  const device = service.newDevice();
  await agent.post('/api/push/subscriptions').set('User-Agent', userAgent).send(device.subscription).expect(201);
  return device;
}

/** A second signed-in session (another browser) of the same account. */
async function secondSession(account: { email: string; password: string }) {
  const agent = request.agent(app);
  await agent.post('/api/login').send({ username: account.email, password: account.password }).expect(200);
  return agent;
}

describe('GET and DELETE /api/push/subscriptions/{id}: the devices on Profile', () => {
  it('lists the caller’s devices with a label, dates and which one is this browser, never the keys or the endpoint', async () => {
    const ruth = await signUp(app);
    const phone = await subscribe(ruth.agent, ANDROID_CHROME);
    const laptop = await secondSession(ruth);
    await subscribe(laptop, IPHONE_SAFARI);
    const devices = (await ruth.agent.get('/api/push/subscriptions').expect(200)).body as PushDeviceView[];
    expect(devices).toHaveLength(2);
    expect(devices).toEqual(
      expect.arrayContaining([
        { id: expect.any(String), createdAt: expect.any(String), lastUsedAt: null, device: 'Chrome on Android', current: true },
        { id: expect.any(String), createdAt: expect.any(String), lastUsedAt: null, device: 'Safari on iPhone', current: false },
      ]),
    );
    const text = JSON.stringify(devices);
    expect(text).not.toContain(phone.subscription.keys.p256dh);
    expect(text).not.toContain(phone.subscription.keys.auth);
    expect(text).not.toContain('/push/');
    // Another account sees none of them; signed out: 401.
    const other = await signUp(app);
    expect((await other.agent.get('/api/push/subscriptions').expect(200)).body).toEqual([]);
    await request(app).get('/api/push/subscriptions').expect(401);
  });

  it('removes one device by id; another account’s id (or no id at all) is 404 and removes nothing', async () => {
    const ruth = await signUp(app);
    const phone = await subscribe(ruth.agent);
    const [device] = (await ruth.agent.get('/api/push/subscriptions').expect(200)).body as PushDeviceView[];
    const intruder = await signUp(app);
    expectJsonError(await intruder.agent.delete(`/api/push/subscriptions/${device!.id}`), 404, PUSH_DEVICE_NOT_FOUND);
    expectJsonError(await intruder.agent.delete('/api/push/subscriptions/not-an-id'), 404, PUSH_DEVICE_NOT_FOUND);
    await request(app).delete(`/api/push/subscriptions/${device!.id}`).expect(401);
    expect(await endpointsOf(ruth.user.id)).toEqual([phone.subscription.endpoint]);
    await ruth.agent.delete(`/api/push/subscriptions/${device!.id.toUpperCase()}`).expect(204);
    expect(await endpointsOf(ruth.user.id)).toEqual([]);
    expectJsonError(await ruth.agent.delete(`/api/push/subscriptions/${device!.id}`), 404, PUSH_DEVICE_NOT_FOUND);
  });

  it('keeps several subscriptions of one session (one per endpoint), and marks each current', async () => {
    const ruth = await signUp(app);
    await subscribe(ruth.agent);
    await subscribe(ruth.agent);
    const devices = (await ruth.agent.get('/api/push/subscriptions').expect(200)).body as PushDeviceView[];
    expect(devices.map((device) => device.current)).toEqual([true, true]);
  });

  it('marks when a device last received a push', async () => {
    const world = await subgroupWorld(app, db);
    const device = await subscribe(world.commander.agent);
    await world.asker.agent.post('/api/questions').set('X-Community-Id', world.id).send({ title: 'Last used', body: 'Body', priority: 'Normal' }).expect(201);
    await device.waitFor(1);
    await outbox!.drain();
    const [view] = (await world.commander.agent.get('/api/push/subscriptions').expect(200)).body as PushDeviceView[];
    expect(view!.lastUsedAt).toEqual(expect.any(String));
  });
});

describe('a device stops receiving the account’s pushes when its session ends', () => {
  it('signing out forgets that device’s subscriptions, and only that device’s', async () => {
    const ruth = await signUp(app);
    const phone = await subscribe(ruth.agent);
    const laptop = await secondSession(ruth);
    const laptopDevice = await subscribe(laptop);
    await ruth.agent.post('/api/logout').expect(200);
    expect(await endpointsOf(ruth.user.id)).toEqual([laptopDevice.subscription.endpoint]);
    expect(phone.received).toHaveLength(0);
  });

  it('a password change forgets every device of the account, the changer’s own too', async () => {
    const ruth = await signUp(app);
    await subscribe(ruth.agent);
    await subscribe(await secondSession(ruth));
    await ruth.agent.post('/api/user/password').send({ currentPassword: ruth.password, newPassword: 'a-new-song-2026' }).expect(200);
    expect(await endpointsOf(ruth.user.id)).toEqual([]);
    // The changer stays signed in and may turn push on again.
    await subscribe(ruth.agent);
    expect(await endpointsOf(ruth.user.id)).toHaveLength(1);
  });

  it('a password reset forgets every device of the account', async () => {
    const ruth = await signUp(app);
    await subscribe(ruth.agent);
    await request(app).post('/api/password-reset').send({ email: ruth.email }).expect(202);
    const token = tokenOf(await queuedLink(db, ruth.email, 'password-reset'));
    await request(app).post('/api/password-reset/confirm').send({ token, password: 'a-new-song-2026' }).expect(200);
    expect(await endpointsOf(ruth.user.id)).toEqual([]);
  });

  it('"Sign out everywhere" ends every session, this one too, and forgets every device', async () => {
    const ruth = await signUp(app);
    await subscribe(ruth.agent);
    const laptop = await secondSession(ruth);
    await subscribe(laptop);
    const someoneElse = await signUp(app);
    const theirs = await subscribe(someoneElse.agent);
    await request(app).post('/api/logout-everywhere').expect(401);
    expect((await ruth.agent.post('/api/logout-everywhere').expect(200)).body).toEqual({ message: 'Signed out on every device.' });
    await ruth.agent.get('/api/user').expect(401);
    await laptop.get('/api/user').expect(401);
    expect(await endpointsOf(ruth.user.id)).toEqual([]);
    const left = await db.select({ sid: sessions.sid }).from(sessions).where(sql`${sessions.sess}->'passport'->'user'->>'id' = ${ruth.user.id}`);
    expect(left).toEqual([]);
    // Nobody else's device goes with them.
    expect(await endpointsOf(someoneElse.user.id)).toEqual([theirs.subscription.endpoint]);
    await request(app).post('/api/login').send({ username: ruth.email, password: ruth.password }).expect(200);
  });

  it('sends nothing to a device whose session has expired, even before the store prunes it', async () => {
    const world = await subgroupWorld(app, db);
    const device = await subscribe(world.commander.agent);
    const live = await subscribe(await secondSession(world.commander));
    const [row] = await db.select({ sessionId: pushSubscriptions.sessionId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.subscription.endpoint));
    await db.update(sessions).set({ expire: new Date(Date.now() - 60_000) }).where(eq(sessions.sid, row!.sessionId));
    await world.asker.agent.post('/api/questions').set('X-Community-Id', world.id).send({ title: 'Expired', body: 'Body', priority: 'Normal' }).expect(201);
    await live.waitFor(1);
    await outbox!.drain();
    expect(device.received).toHaveLength(0);
  });
});
