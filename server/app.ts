import { randomUUID } from 'node:crypto';
import compression from 'compression';
import express, { type RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { createPassport } from './auth/passport';
import { createSessionMiddleware, refreshOnActivity, sessionCookieName } from './auth/sessions';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { authRoutes } from './features/auth/routes';
import { communityRoutes } from './features/communities/routes';
import { apiNotFound, errorHandler } from './http/error-handler';
import { requireSameOriginJson, securityHeaders } from './http/security';
import { createLogger } from './logger';

export interface AppOptions {
  database: DatabaseHandle;
  config: Config;
  sessionSecret: string;
  /** Milliseconds since the epoch; tests move time forward without waiting. */
  clock?: () => number;
  logger?: Logger;
  /** Serves the client (static files or Vite's dev middleware) after the API. */
  clientHandler?: RequestHandler;
}

export interface App {
  app: express.Express;
  /** Stops background work owned by the app (the session store's pruning). */
  close(): Promise<void>;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

export function createApp({ database, config, sessionSecret, clock = Date.now, logger = createLogger(config), clientHandler }: AppOptions): App {
  const app = express();
  const { db } = database;
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.set('sessionCookieName', sessionCookieName(config));

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
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    }),
  );
  app.use(securityHeaders(config));
  app.use(compression());

  const sessions = createSessionMiddleware(config, database.sessionPool, sessionSecret);
  const passport = createPassport(db);
  app.use(
    '/api',
    requireSameOriginJson(config),
    express.json({ limit: '100kb' }),
    sessions.handler,
    passport.session(),
    refreshOnActivity(clock),
    (_req, res, next) => {
      // API answers are personal: never cached by the browser or a proxy.
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
  );
  app.use(authRoutes(db, config));
  app.use(communityRoutes(db));
  app.use('/api', apiNotFound);

  if (clientHandler) app.use(clientHandler);
  app.use(errorHandler);

  return { app, close: () => sessions.close() };
}
