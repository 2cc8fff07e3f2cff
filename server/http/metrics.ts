import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Request, type RequestHandler, Router } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { mailOutbox } from '@shared/schema/mail';
import { type DatabaseHandle, rowsOf } from '../db/client';

/**
 * GET /metrics (issue 42, DECISIONS.md Operations): how this server is doing, in the Prometheus text format,
 * for whoever runs it. Off unless METRICS_TOKEN is set; then only with `Authorization: Bearer <token>`.
 * Labels name routes as declared ('/api/questions/:id'), statuses and channels: never a person, an id, an
 * e-mail or a community.
 */
export interface Metrics {
  registry: Registry;
  /** Counts and times every request by its route pattern and status. */
  countRequests: RequestHandler;
  /** A message the outbox could not send (it retries, or gave up). */
  sendFailed(channel: 'email' | 'push', givenUp: boolean): void;
  /** The scheduled scan (reminders, weekly words, erasures, retention) finished a round. */
  scanFinished(at: Date): void;
  /** A scheduled backup was written (or failed). */
  backupFinished(ok: boolean, at: Date): void;
}

/** Request durations, in seconds: from a cached read to a slow report. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route a request matched, as declared; one label for everything else (pages, files, 404s): never the URL. */
function routeOf(req: Request): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : req.originalUrl.startsWith('/api/') ? 'unmatched API route' : 'page or file';
}

export function createMetrics(database: DatabaseHandle): Metrics {
  const registry = new Registry();
  // Process, heap, garbage collection and the event loop's delay (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requests = new Counter({ name: 'steadfast_http_requests_total', help: 'Requests answered, by route and status.', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const durations = new Histogram({
    name: 'steadfast_http_request_duration_seconds',
    help: 'How long requests took to answer, by route and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const failedSends = new Counter({ name: 'steadfast_outbox_send_failures_total', help: 'Messages the outbox could not send, by channel and whether it gave them up.', labelNames: ['channel', 'outcome'], registers: [registry] });
  const backupFailures = new Counter({ name: 'steadfast_backup_failures_total', help: 'Scheduled backups that failed.', registers: [registry] });
  const lastBackup = new Gauge({ name: 'steadfast_backup_last_success_timestamp_seconds', help: 'When this server last wrote a scheduled backup (Unix time); 0 before its first.', registers: [registry] });
  const lastScan = new Gauge({ name: 'steadfast_scheduled_scan_last_run_timestamp_seconds', help: 'When the scheduled scan last finished a round (Unix time); 0 before the first.', registers: [registry] });

  const { db } = database;
  // Read from the outbox when scraped: every server of a deployment reports the same shared queue.
  const depth = new Gauge({ name: 'steadfast_outbox_pending_messages', help: 'Messages waiting in the outbox, by channel.', labelNames: ['channel'], registers: [registry] });
  const oldest = new Gauge({ name: 'steadfast_outbox_oldest_pending_age_seconds', help: 'How long the oldest waiting message has waited, by channel (0 when none waits).', labelNames: ['channel'], registers: [registry] });
  new Gauge({
    name: 'steadfast_outbox_scrape_ok',
    help: 'Whether the outbox could be read for this scrape (1) or not (0).',
    registers: [registry],
    async collect() {
      try {
        const rows = rowsOf<{ channel: string; pending: number; oldest: number }>(
          await db.execute(sql`
            SELECT ${mailOutbox.channel} AS channel, count(*)::int AS pending,
              coalesce(extract(epoch FROM now() - min(${mailOutbox.createdAt})), 0)::float8 AS oldest
            FROM ${mailOutbox} WHERE ${mailOutbox.sentAt} IS NULL AND ${mailOutbox.failedAt} IS NULL GROUP BY ${mailOutbox.channel}`),
        );
        for (const channel of ['email', 'push']) {
          const row = rows.find((found) => found.channel === channel);
          depth.set({ channel }, row?.pending ?? 0);
          oldest.set({ channel }, row?.oldest ?? 0);
        }
        this.set(1);
      } catch {
        this.set(0);
      }
    },
  });

  const connections = database.connections;
  if (connections) {
    new Gauge({
      name: 'steadfast_db_pool_connections',
      help: "The database pool's connections: in use, idle, and requests waiting for one.",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const now = connections();
        this.set({ state: 'in_use' }, now.inUse);
        this.set({ state: 'idle' }, now.idle);
        this.set({ state: 'waiting' }, now.waiting);
      },
    });
  }

  return {
    registry,
    countRequests: (req, res, next) => {
      const stop = durations.startTimer();
      res.once('finish', () => {
        const labels = { method: req.method, route: routeOf(req), status: String(res.statusCode) };
        requests.inc(labels);
        stop(labels);
      });
      next();
    },
    sendFailed: (channel, givenUp) => failedSends.inc({ channel, outcome: givenUp ? 'given up' : 'will retry' }),
    scanFinished: (at) => lastScan.set(at.getTime() / 1000),
    backupFinished: (ok, at) => (ok ? lastBackup.set(at.getTime() / 1000) : backupFailures.inc()),
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** GET /metrics: 404 while off (no METRICS_TOKEN), 401 without the bearer token, else the registry's text. */
export function metricsRoutes(metrics: Metrics | undefined, token: string | undefined): Router {
  const router = Router();
  const expected = token ? digest(token) : undefined;
  router.get('/metrics', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!metrics || !expected) {
      res.status(404).json({ message: 'Not found.', code: 'not_found' });
      return;
    }
    const given = /^Bearer (\S{1,512})$/i.exec(req.get('authorization') ?? '')?.[1];
    // Compared as digests of equal length, in constant time: the answer says nothing of how close a guess was.
    if (!given || !timingSafeEqual(digest(given), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      res.status(401).json({ message: 'Metrics need the bearer token this server was given (METRICS_TOKEN).', code: 'unauthorized' });
      return;
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return router;
}
