import pino from 'pino';
import request from 'supertest';
import { enqueueMail } from '../mail/outbox';
import { startScheduledScan } from '../features/notifications/reminders';
import { createTestApp } from '../test/app';
import { startTestSmtpServer } from '../test/smtp';
import { createMetrics } from './metrics';

/*
 * GET /metrics (issue 42 item 3): off unless METRICS_TOKEN is set, then only for its bearer; requests by route
 * pattern and status, the outbox's depth, age and failures, the scan's last round, the pool and the event loop;
 * never a person, an id, an e-mail or a community in a label.
 */
const TOKEN = 'metrics-token-for-the-test-0123456789';
const smtp = await startTestSmtpServer();
const on = await createTestApp(
  { METRICS_TOKEN: TOKEN, SMTP_URL: smtp.url },
  { mail: { worker: { recipientSuffix: `@${smtp.domain}`, pollMs: 60_000, retryBaseMs: 60_000 } } },
);
const off = await createTestApp();
const scrape = async () => (await request(on.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;
/** The value of one sample ('name{labels}'), or undefined when it is not in the text. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics', () => {
  it('is not there unless METRICS_TOKEN is set', async () => {
    await request(off.app).get('/metrics').expect(404);
    await request(off.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
  });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', 'Bearer metrics-token-for-the-test-0123456780'],
    ['the token without Bearer', TOKEN],
    ['another scheme', `Basic ${TOKEN}`],
    ['a token of 8,000 characters', `Bearer ${'x'.repeat(8_000)}`],
  ])('answers 401 to %s, saying nothing of the metrics', async (_label, authorization) => {
    const call = request(on.app).get('/metrics');
    const response = await (authorization ? call.set('Authorization', authorization) : call);
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(response.text).not.toContain('steadfast_');
  });

  it('counts requests by declared route and status, never with an id, an e-mail or a name', async () => {
    const email = `metrics-${Date.now()}@example.org`;
    const displayName = `Metrics Person ${Date.now()}`;
    const agent = request.agent(on.app);
    const registered = await agent.post('/api/register').send({ email, displayName, password: 'metrics-password-2026' }).expect(201);
    const userId = registered.body.id as string;
    await agent.get(`/api/users/${userId}/discipline-targets`).set('X-Community-Id', '00000000-0000-4000-8000-000000000000');
    await agent.get('/api/no-such-thing').expect(404);

    const text = await scrape();
    expect(text).toContain('# TYPE steadfast_http_requests_total counter');
    expect(sample(text, 'steadfast_http_requests_total{method="POST",route="/api/register",status="201"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/steadfast_http_requests_total\{method="GET",route="\/api\/users\/:id\/discipline-targets",status="\d{3}"\} \d/);
    expect(text).toMatch(/steadfast_http_requests_total\{method="GET",route="unmatched API route",status="404"\} \d/);
    expect(text).toMatch(/steadfast_http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/api\/register",status="201"\} \d/);
    for (const personal of [userId, email, displayName, '00000000-0000-4000-8000-000000000000']) expect(text).not.toContain(personal);
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
  });

  it("reports the outbox's depth and the age of its oldest message per channel, and each failed send", async () => {
    smtp.refuse();
    const to = smtp.address('metrics');
    await enqueueMail(on.database.db, { to, subject: 'Metrics', text: 'A message the mail server refuses.', kind: 'verify-email' });
    const waiting = await scrape();
    expect(sample(waiting, 'steadfast_outbox_pending_messages{channel="email"}')).toBeGreaterThanOrEqual(1);
    expect(sample(waiting, 'steadfast_outbox_pending_messages{channel="push"}')).toBeGreaterThanOrEqual(0);
    expect(sample(waiting, 'steadfast_outbox_oldest_pending_age_seconds{channel="email"}')).toBeGreaterThanOrEqual(0);
    expect(sample(waiting, 'steadfast_outbox_scrape_ok')).toBe(1);

    on.outbox!.wake();
    await vi.waitFor(async () => expect(sample(await scrape(), 'steadfast_outbox_send_failures_total{channel="email",outcome="will retry"}')).toBeGreaterThanOrEqual(1), { timeout: 15_000, interval: 100 });
    expect(await scrape()).not.toContain(to);
    smtp.accept();
  });

  it("reports the event loop's delay, and the pool's connections on Postgres", async () => {
    const text = await scrape();
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (on.database.kind === 'postgres') {
      expect(sample(text, 'steadfast_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'steadfast_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('steadfast_db_pool_connections');
    }
  });

  it("reports when the scheduled scan last finished a round", async () => {
    const metrics = createMetrics(on.database);
    expect(await metrics.registry.metrics()).toMatch(/^steadfast_scheduled_scan_last_run_timestamp_seconds 0$/m);
    const at = new Date('2026-11-29T08:00:00Z');
    const scan = startScheduledScan([{ name: 'nothing', run: async () => 0 }], () => at, pino({ level: 'silent' }), () => {}, metrics.scanFinished, 10);
    await vi.waitFor(async () => expect(sample(await metrics.registry.metrics(), 'steadfast_scheduled_scan_last_run_timestamp_seconds')).toBe(at.getTime() / 1000), { timeout: 5_000, interval: 20 });
    scan.stop();
  });
});
