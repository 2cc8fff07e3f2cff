import { and, eq, isNull } from 'drizzle-orm';
import request from 'supertest';
import webpush from 'web-push';
import { mailOutbox } from '@shared/schema/mail';
import { subgroupWorld } from '../features/questions/questions-test-kit';
import { LIFTED_LIMITS } from '../features/tracking/tracking-test-kit';
import { createTestApp } from '../test/app';
import { signUp } from '../test/factories';
import { startTestPushService } from '../test/push-endpoint';
import { startTestSmtpServer } from '../test/smtp';

// Issue 38 item 2: a slow channel never holds another. E-mail and push are worked off separately, each with
// a few sends in flight and a total timeout per send. Real servers: an SMTP server and an HTTPS push service
// whose endpoints take every request and never answer.
const smtp = await startTestSmtpServer();
const push = await startTestPushService();
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:operator@example.org' };
const { app, database, outbox } = await createTestApp(
  { ...LIFTED_LIMITS, SMTP_URL: smtp.url, PUSH_ENDPOINT_HOSTS: [push.host] },
  { push: { enabled: true, vapid }, mail: { worker: { recipientSuffix: [`@${smtp.domain}`, push.endpointSuffix], pollMs: 100, retryBaseMs: 60_000 } } },
);
const { db } = database;

describe('the outbox’s channels', () => {
  it('a push that times out is retried with backoff like any failure, and is not lost', async () => {
    const world = await subgroupWorld(app, db);
    const device = push.newDevice();
    device.hang();
    await world.commander.agent.post('/api/push/subscriptions').send(device.subscription).expect(201);
    await world.asker.agent.post('/api/questions').set('X-Community-Id', world.id).send({ title: 'Timed out', body: 'Body', priority: 'Normal' }).expect(201);
    const recipient = device.subscription.endpoint;
    // The push lane's total timeout is 10 s: the attempt fails then and a retry is scheduled, the row kept.
    await expect
      .poll(async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient)))[0]?.lastError ?? null, { timeout: 20_000, interval: 250 })
      .toBe('no answer from the push service within 10 s');
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
    expect(row).toMatchObject({ sentAt: null, failedAt: null, attempts: 1, lockedUntil: null });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(row!.textBody).not.toBe('');
    await outbox!.drain();
  }, 30_000);

  it('with ten devices whose push service never answers and a question fanning out to them, a password-reset e-mail still arrives within 5 s', async () => {
    const world = await subgroupWorld(app, db);
    const devices = [];
    for (let n = 0; n < 10; n++) {
      const device = push.newDevice();
      device.hang();
      await world.commander.agent.post('/api/push/subscriptions').send(device.subscription).expect(201);
      devices.push(device);
    }
    await world.asker.agent.post('/api/questions').set('X-Community-Id', world.id).send({ title: 'Into the void', body: 'Body', priority: 'Normal' }).expect(201);
    // The pushes are on their way (and hanging) before the reset is asked for.
    await expect
      .poll(async () => (await db.select({ id: mailOutbox.id }).from(mailOutbox).where(and(eq(mailOutbox.channel, 'push'), eq(mailOutbox.attempts, 1), isNull(mailOutbox.sentAt)))).length)
      .toBeGreaterThanOrEqual(4);

    const someone = await signUp(app, { email: smtp.address('reset') });
    const asked = Date.now();
    await request(app).post('/api/password-reset').send({ email: someone.email }).expect(202);
    // Sign-up's verification link came first; the reset link follows.
    const mails = await smtp.waitFor(someone.email, 2);
    expect(mails.map((mail) => mail.subject)).toContain('Reset your Steadfast password');
    expect(Date.now() - asked).toBeLessThan(5_000);
    expect(devices.every((device) => device.received.length === 0)).toBe(true);
  });
});
