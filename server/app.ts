import { randomUUID } from 'node:crypto';
import compression from 'compression';
import express, { type RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { JWTVerifyGetKey } from 'jose';
import type { Logger } from 'pino';
import { createPassport } from './auth/passport';
import { createSessionMiddleware, isBackgroundPoll, refreshOnActivity } from './auth/sessions';
import { type Config, publicOrigin } from './config';
import type { DatabaseHandle } from './db/client';
import { applicationRoutes } from './features/applications/routes';
import { createGoogleTokenVerifier, GOOGLE_KEYS_URL, googleKeySet } from './features/auth/google';
import { emailLinkRoutes } from './features/auth/email-routes';
import { accountSessionRoutes } from './features/auth/account-session-routes';
import { authRoutes } from './features/auth/routes';
import { wrongPasswordsPerAccount } from './features/auth/reauthentication';
import { toPublicUser } from './features/auth/service';
import { auditRoutes } from './features/audit/routes';
import { careRoutes } from './features/care/routes';
import { sendDueWeeklyWords } from './features/care/weekly-word';
import { claimRoutes } from './features/claims/routes';
import { historyOfferRoutes } from './features/claims/history-offer-routes';
import { importedMemberLinkRoutes } from './features/claims/link-routes';
import { communityRoutes } from './features/communities/routes';
import { listMemberships } from './features/communities/service';
import { eraseClosedCommunities } from './features/communities/closing';
import { communityClosingRoutes } from './features/communities/closing-routes';
import { guidanceRoutes } from './features/guidance/routes';
import { importBodyParser, importRoutes } from './features/imports/routes';
import { inviteRoutes } from './features/invites/routes';
import { meetingRoutes } from './features/meetings/routes';
import { deliverySettings, linkKeyFrom } from './features/notifications/delivery';
import { notificationPreferenceRoutes, unsubscribeRoutes } from './features/notifications/preference-routes';
import { sendDueReminders, startScheduledScan } from './features/notifications/reminders';
import { pruneExpiredData } from './features/retention/prune';
import { yourDataRoutes } from './features/your-data/routes';
import { notificationRoutes } from './features/notifications/routes';
import { pushRoutes } from './features/push/routes';
import { pushSender } from './features/push/sender';
import { type PushSetup, PUSH_OFF_NOT_CONFIGURED } from './features/push/vapid';
import { questionRoutes } from './features/questions/routes';
import { reportRoutes } from './features/reports/routes';
import { subgroupRoutes } from './features/subgroups/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { trackingRoutes } from './features/tracking/routes';
import { requestDrain } from './http/drain';
import { apiNotFound, errorHandler } from './http/error-handler';
import { healthRoutes } from './http/health';
import { createMetrics, metricsRoutes } from './http/metrics';
import { scheduledBackupJob } from './ops/scheduled-backup';
import { loggedUrl } from './http/logged-url';
import { pageSessionReader } from './http/page-session';
import { databaseRateLimitStores } from './http/rate-limit-store';
import { rateLimits, requireSameOriginJson, securityHeaders } from './http/security';
import { createLogger } from './logger';
import { type OutboxWorker, type OutboxWorkerOptions, startOutboxWorker, wakeAfterRequests } from './mail/outbox';
import { configuredSender, type SendMail } from './mail/transport';

export interface AppOptions {
  database: DatabaseHandle;
  config: Config;
  sessionSecret: string;
  /** Milliseconds since the epoch; tests move time forward without waiting. */
  clock?: () => number;
  logger?: Logger;
  /** Serves the client (static files or Vite's dev middleware) after the API. */
  clientHandler?: RequestHandler;
  /** The keys Google sign-in tokens are verified with; by default Google's published keys (FIREBASE_JWKS_URL). Tests pass their own. */
  googleKeys?: JWTVerifyGetKey;
  /**
   * Written before every rate-limit counter's key. Every server of a deployment shares one (the default, ''),
   * so they count together; with NODE_ENV=test each app counts on its own unless told to share.
   */
  rateLimitScope?: string;
  /**
   * Mail: `send` replaces the configured sender (SMTP_URL or the .eml folder); `worker` false keeps queued
   * messages in the outbox unsent (the default under NODE_ENV=test), or tunes the worker.
   */
  mail?: { send?: SendMail; worker?: boolean | Pick<OutboxWorkerOptions, 'pollMs' | 'retryBaseMs' | 'maxRetryMs' | 'recipientSuffix' | 'channelLimits'> };
  /** Web Push: its VAPID keys (resolvePushSetup), or off with the reason people are shown (the default). */
  push?: PushSetup;
  /** The scan for daily reminders and weekly words: on unless NODE_ENV=test or under the test runner (tests call sendDueReminders and sendDueWeeklyWords themselves). */
  reminders?: boolean;
}

export interface App {
  app: express.Express;
  /** Starts a graceful stop: readiness answers 503 and every answer closes its connection. */
  startDraining(): void;
  /** Resolves once no request is in flight (ask after the server stopped listening). */
  whenIdle(): Promise<void>;
  /** The mail outbox's worker, when it runs. */
  outbox?: OutboxWorker;
  /** Stops background work owned by the app (the session store's pruning, the mail worker). */
  close(): Promise<void>;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/**
 * Under the test runner an app starts no background work unless its test asks (`mail.worker`, `reminders`),
 * whatever NODE_ENV it is given: a test app in production mode on a shared database would otherwise send every
 * other test file's mail (and write it under ./data/outbox).
 */
const UNDER_TEST_RUNNER = process.env.VITEST !== undefined;

export function createApp({
  database,
  config,
  sessionSecret,
  clock = Date.now,
  logger = createLogger(config),
  clientHandler,
  googleKeys,
  rateLimitScope = config.NODE_ENV === 'test' ? `${randomUUID()}:` : '',
  mail = {},
  push = { enabled: false, reason: PUSH_OFF_NOT_CONFIGURED },
  reminders = config.NODE_ENV !== 'test' && !UNDER_TEST_RUNNER,
}: AppOptions): App {
  const app = express();
  const { db } = database;
  const now = () => new Date(clock());
  const requests = requestDrain();
  app.disable('x-powered-by');
  // No ETag computed from every answer's body: the API's answers are no-store (never revalidated) and the
  // notifications poll sets its own; the built files keep express.static's, and index.html revalidates by its date
  // (Last-Modified). Hashing a members page or member-stats (12-14 KB) on every call was work no client used.
  app.set('etag', false);
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(requests.middleware);
  const metrics = config.METRICS_TOKEN ? createMetrics(database) : undefined;
  if (metrics) app.use(metrics.countRequests);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => !req.url?.startsWith('/api/') },
      // Refusals (401 for a signed-out visitor, 404, 423) are the API working as designed: info, not warn.
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode === 429 ? 'warn' : 'info'),
      // One short line a request: no headers (cookies, CSP) in the logs.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: loggedUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(securityHeaders(config));
  app.use(compression());
  app.use(healthRoutes(db, requests.isDraining));
  app.use(metricsRoutes(metrics, config.METRICS_TOKEN));

  const workerSettings = mail.worker ?? (config.NODE_ENV !== 'test' && !UNDER_TEST_RUNNER);
  const outbox = workerSettings
    ? startOutboxWorker({
        db,
        send: mail.send ?? configuredSender(config, logger),
        sendPush: push.enabled ? pushSender(db, push.vapid, config.PUSH_ENDPOINT_HOSTS, now) : undefined,
        logger,
        now,
        onSendFailed: metrics?.sendFailed,
        ...(workerSettings === true ? {} : workerSettings),
      })
    : undefined;

  const sessions = createSessionMiddleware(config, database.sessionPool, sessionSecret);
  const passport = createPassport(db);
  const linkKey = linkKeyFrom(sessionSecret);
  const delivery = { origin: publicOrigin(config), linkKey, now, pushEnabled: push.enabled };
  const backups = reminders ? scheduledBackupJob(database, config, logger, { onFinished: metrics?.backupFinished, onQueued: () => outbox?.wake() }) : undefined;
  const reminderScan = reminders
    ? startScheduledScan(
        [
          { name: 'daily reminders', run: (at) => sendDueReminders(db, delivery, at) },
          { name: 'weekly words', run: (at) => sendDueWeeklyWords(db, delivery, at) },
          { name: 'closed communities', run: (at) => eraseClosedCommunities(db, delivery, at) },
          { name: 'retention', run: (at) => pruneExpiredData(db, at) },
          ...(backups ? [backups] : []),
        ],
        now,
        logger,
        () => outbox?.wake(),
        metrics?.scanFinished,
      )
    : undefined;
  // Before the same-origin JSON rule: mail providers unsubscribe with a form POST and no Origin (RFC 8058).
  app.use(unsubscribeRoutes(db, linkKey, now));
  app.use(
    '/api',
    (_req, res, next) => {
      // API answers are personal: never cached by the browser or a proxy (set first, so refusals carry it too).
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
    requireSameOriginJson(config),
    wakeAfterRequests(() => outbox),
    deliverySettings(delivery),
    importBodyParser(),
    express.json({ limit: '100kb' }),
    sessions.handler,
    skipForBackgroundPoll(passport.session()),
    refreshOnActivity(clock),
  );
  const verifyGoogleToken = config.FIREBASE_PROJECT_ID
    ? createGoogleTokenVerifier({
        projectId: config.FIREBASE_PROJECT_ID,
        keys: googleKeys ?? googleKeySet(new URL(config.FIREBASE_JWKS_URL ?? GOOGLE_KEYS_URL)),
        now,
      })
    : undefined;
  const limitRequests = rateLimits(databaseRateLimitStores(db, { now, scope: rateLimitScope }));
  const wrongPasswordPerAccount = wrongPasswordsPerAccount(limitRequests, config);
  app.use(authRoutes(db, config, limitRequests, wrongPasswordPerAccount, now, verifyGoogleToken));
  app.use(accountSessionRoutes(db));
  app.use(yourDataRoutes(db, limitRequests, wrongPasswordPerAccount, now));
  app.use(emailLinkRoutes(db, config, limitRequests, now));
  app.use(claimRoutes(db, config, limitRequests, now));
  app.use(importedMemberLinkRoutes(db, now));
  app.use(historyOfferRoutes(db, now));
  app.use(inviteRoutes(db, config, limitRequests, now));
  app.use(communityRoutes(db, now));
  app.use(auditRoutes(db));
  app.use(communityClosingRoutes(db, limitRequests, wrongPasswordPerAccount, now));
  app.use(subgroupRoutes(db));
  app.use(careRoutes(db, limitRequests, now));
  app.use(notificationRoutes(db));
  app.use(notificationPreferenceRoutes(db, now));
  app.use(pushRoutes(db, push, config.PUSH_ENDPOINT_HOSTS, now));
  app.use(questionRoutes(db, config, limitRequests, now));
  app.use(meetingRoutes(db, config, limitRequests, now));
  app.use(trackingRoutes(db, now));
  app.use(dashboardRoutes(db));
  app.use(reportRoutes(db, now));
  app.use(importRoutes(db, now));
  app.use(guidanceRoutes(db, now));
  app.use(applicationRoutes(db, config, limitRequests, now));
  app.use('/api', apiNotFound);

  // index.html carries the signed-in visitor's user and memberships (issue 40 item 4), shaped as GET /api/user
  // and GET /api/memberships answer them (without X-Community-Id: the client asks again when the community it
  // shows is not among them); the session is read only when the page is sent (http/page-session.ts).
  if (clientHandler) {
    const pageSession = pageSessionReader(sessions.handler, passport.session(), async (user, req) => ({
      user: toPublicUser(user, req.get('accept-language')),
      memberships: await listMemberships(db, user),
    }));
    app.use(pageSession, clientHandler);
  }
  app.use(errorHandler);

  const close = async () => {
    reminderScan?.stop();
    await outbox?.stop();
    await sessions.close();
  };
  return { app, startDraining: requests.startDraining, whenIdle: requests.whenIdle, outbox, close };
}

/**
 * The notification poll runs every 30 s on every open screen: it skips loading the user (one query), and
 * checks the session's credential version in the same query that answers it (notificationsVersion).
 */
function skipForBackgroundPoll(handler: RequestHandler): RequestHandler {
  return (req, res, next) => (isBackgroundPoll(req.method, req.baseUrl + req.path) ? next() : handler(req, res, next));
}
