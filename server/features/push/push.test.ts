import net from 'node:net';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import webpush from 'web-push';
import { users } from '@shared/schema/auth';
import { pushSubscriptions } from '@shared/schema/notifications';
import { createTestApp } from '../../test/app';
import { expectJsonError } from '../../test/community-fixtures';
import { signUp } from '../../test/factories';
import { startTestPushService } from '../../test/push-endpoint';
import { subgroupWorld } from '../questions/questions-test-kit';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { ENDPOINT_NOT_ALLOWED } from './endpoint-policy';
import { PUSH_OFF_NOT_CONFIGURED } from './vapid';

// Issue 24 items 3 and 4: Web Push subscriptions (own only, https on an allowed host), and pushes sent through
// the outbox to a real HTTPS push service started here, whose bodies are decrypted and read.

const service = await startTestPushService();
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:operator@example.org' };
const { app, database, outbox } = await createTestApp(
  { ...LIFTED_LIMITS, PUSH_ENDPOINT_HOSTS: [service.host, '*.push.example.org'] },
  { push: { enabled: true, vapid }, mail: { worker: { recipientSuffix: service.endpointSuffix, pollMs: 60_000 } } },
);
const { db } = database;
const subscriptionsOf = (userId: string) => db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

/**
 * Counts connections to 127.0.0.1:443 while a push is sent (as root it can listen there; elsewhere the port is
 * closed, and a connection there would fail the send instead, which the test also sees).
 */
async function listenerOn443(): Promise<{ connections: number; close(): Promise<void> } | undefined> {
  const server = net.createServer((socket) => {
    counter.connections++;
    socket.destroy();
  });
  const counter = { connections: 0, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined));
    server.listen(443, '127.0.0.1', () => resolve(counter));
  });
}

describe('GET /api/push/public-key', () => {
  it('answers the VAPID public key to anyone', async () => {
    expect((await request(app).get('/api/push/public-key').expect(200)).body).toEqual({ publicKey: vapid.publicKey });
  });

  it('is 404 push_not_configured, with the reason, when push is off', async () => {
    const off = await createTestApp();
    const response = await request(off.app).get('/api/push/public-key');
    expectJsonError(response, 404, PUSH_OFF_NOT_CONFIGURED);
    expect(response.body.code).toBe('push_not_configured');
    const member = await signUp(off.app);
    expectJsonError(await member.agent.post('/api/push/subscriptions').send(service.newDevice().subscription), 404, PUSH_OFF_NOT_CONFIGURED);
  });
});

describe('POST and DELETE /api/push/subscriptions', () => {
  it('stores the signed-in person’s subscription once per endpoint, and forgets it on DELETE', async () => {
    const { subscription } = service.newDevice();
    await request(app).post('/api/push/subscriptions').send(subscription).expect(401);
    await request(app).delete('/api/push/subscriptions').send({ endpoint: subscription.endpoint }).expect(401);
    const member = await signUp(app);
    expect((await member.agent.post('/api/push/subscriptions').send({ ...subscription, expirationTime: null }).expect(201)).body).toEqual({ endpoint: subscription.endpoint });
    await member.agent.post('/api/push/subscriptions').send(subscription).expect(201);
    expect(await subscriptionsOf(member.user.id)).toEqual([expect.objectContaining({ endpoint: subscription.endpoint, p256dhKey: subscription.keys.p256dh, authKey: subscription.keys.auth })]);

    // Someone else cannot delete it; the same browser used by another account becomes theirs.
    const other = await signUp(app);
    await other.agent.delete('/api/push/subscriptions').send({ endpoint: subscription.endpoint }).expect(204);
    expect(await subscriptionsOf(member.user.id)).toHaveLength(1);
    await other.agent.post('/api/push/subscriptions').send(subscription).expect(201);
    expect(await subscriptionsOf(member.user.id)).toHaveLength(0);
    await other.agent.delete('/api/push/subscriptions').send({ endpoint: subscription.endpoint }).expect(204);
    expect(await subscriptionsOf(other.user.id)).toHaveLength(0);
  });

  it.each([
    ['http:', 'http://127.0.0.1/push/a'],
    ['a host not on the list', 'https://evil.example.org/push/a'],
    ['a look-alike of a listed suffix', 'https://push.example.org.evil.net/a'],
    ['the bare listed suffix', 'https://push.example.org/a'],
    ['file:', 'file:///etc/passwd'],
    ['link-local', 'https://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', 'https://[::1]/push'],
    ['credentials in the URL', `https://user:pass@${service.host}/push`],
    ['a port the list does not name', 'https://eu.push.example.org:81/x'],
    ['the listed host on port 443 when the list names another port', 'https://127.0.0.1/push/a'],
    ['garbage', 'not a url at all'],
  ])('refuses %s with 400 on the endpoint, storing nothing', async (_label, endpoint) => {
    const member = await signUp(app);
    const response = await member.agent.post('/api/push/subscriptions').send({ endpoint, keys: service.newDevice().subscription.keys });
    expectJsonError(response, 400);
    expect(response.body.fields?.endpoint).toMatch(endpoint === 'not a url at all' ? /URL/ : new RegExp(ENDPOINT_NOT_ALLOWED.replace('.', '\\.')));
    expect(await subscriptionsOf(member.user.id)).toHaveLength(0);
  });

  it('accepts a host under a listed wildcard, on 443 spelled or not', async () => {
    const member = await signUp(app);
    await member.agent.post('/api/push/subscriptions').send({ endpoint: 'https://eu.push.example.org/x', keys: service.newDevice().subscription.keys }).expect(201);
    const spelled = await member.agent.post('/api/push/subscriptions').send({ endpoint: 'https://EU.push.example.org:443/y', keys: service.newDevice().subscription.keys }).expect(201);
    expect(spelled.body).toEqual({ endpoint: 'https://eu.push.example.org/y' });
  });

  it('stores the endpoint as parsed once (WHATWG URL) and sends there: `https:host:port/…` reaches that host and port, never 127.0.0.1:443', async () => {
    const world = await subgroupWorld(app, db);
    const device = service.newDevice();
    // What a browser would never send, but an attacker may: no slashes after the scheme. web-push's own sender
    // reads it with url.parse, finds no host and connects to 127.0.0.1:443.
    const sloppy = device.subscription.endpoint.replace('https://', 'https:');
    const stored = await world.commander.agent.post('/api/push/subscriptions').send({ ...device.subscription, endpoint: sloppy }).expect(201);
    expect(stored.body).toEqual({ endpoint: device.subscription.endpoint });
    expect((await subscriptionsOf(world.commander.user.id)).map((row) => row.endpoint)).toEqual([device.subscription.endpoint]);
    const port443 = await listenerOn443();
    await world.asker.agent.post('/api/questions').set('X-Community-Id', world.id).send({ title: 'Parsed once', body: 'Body', priority: 'Normal' }).expect(201);
    const [push] = await device.waitFor(1);
    expect(JSON.parse(push!.payload).body).toContain('Parsed once');
    await port443?.close();
    expect(port443?.connections ?? 0).toBe(0);
  });

  it('refuses keys that are not a P-256 key and a 16-byte secret', async () => {
    const member = await signUp(app);
    const { subscription } = service.newDevice();
    for (const keys of [{ ...subscription.keys, p256dh: 'short' }, { ...subscription.keys, auth: 'x'.repeat(40) }, { p256dh: subscription.keys.p256dh }]) {
      expectJsonError(await member.agent.post('/api/push/subscriptions').send({ ...subscription, keys }), 400);
    }
    expect(await subscriptionsOf(member.user.id)).toHaveLength(0);
  });
});

describe('pushes', () => {
  it('a question reaches the commander’s device at once: aes128gcm, VAPID, a TTL, the title and a path, never the text', async () => {
    const world = await subgroupWorld(app, db);
    const device = service.newDevice();
    await world.commander.agent.post('/api/push/subscriptions').send(device.subscription).expect(201);
    await world.asker.agent.post('/api/questions').set('X-Community-Id', world.id).send({ title: 'Night watch', body: 'PRIVATE: my struggle', priority: 'Urgent' }).expect(201);
    const [push] = await device.waitFor(1);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    const payload = JSON.parse(push!.payload) as { title: string; body: string; url: string };
    expect(payload).toEqual({ title: 'New question', body: expect.stringContaining('Night watch'), url: '/questions?tab=received' });
    expect(push!.payload).not.toContain('PRIVATE');
  });

  it('sends none for a kind turned off for push (the e-mail is separate)', async () => {
    const world = await subgroupWorld(app, db);
    const device = service.newDevice();
    await world.commander.agent.post('/api/push/subscriptions').send(device.subscription).expect(201);
    await world.commander.agent.put('/api/user/notification-preferences').send({ push: { questions: false } }).expect(200);
    await world.asker.agent.post('/api/questions').set('X-Community-Id', world.id).send({ title: 'Quiet one', body: 'Body', priority: 'Normal' }).expect(201);
    // A second device with questions on would have received it by now: wait for the outbox to be idle instead.
    await outbox!.drain();
    expect(device.received).toHaveLength(0);
  });

  it('forgets a subscription the push service says is gone (410)', async () => {
    const world = await subgroupWorld(app, db);
    const device = service.newDevice();
    await world.commander.agent.post('/api/push/subscriptions').send(device.subscription).expect(201);
    device.answer(410);
    await world.asker.agent.post('/api/questions').set('X-Community-Id', world.id).send({ title: 'Gone', body: 'Body', priority: 'Normal' }).expect(201);
    await expect.poll(async () => (await subscriptionsOf(world.commander.user.id)).length).toBe(0);
    expect(device.received).toHaveLength(0);
    // The asker's e-mail is not proven and the commander's device is gone: nothing else waits.
    expect((await db.select().from(users).where(eq(users.id, world.commander.user.id)))[0]?.emailVerifiedAt).toBeNull();
  });
});
