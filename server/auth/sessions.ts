import connectPgSimple from 'connect-pg-simple';
import type { RequestHandler } from 'express';
import session from 'express-session';
import { SESSION_IDLE_TIMEOUT_MS } from '@shared/domain/constants';
import type { Config } from '../config';
import { isServedOverHttps } from '../config';
import type { SessionPool } from '../db/client';

declare module 'express-session' {
  interface SessionData {
    /** When real activity last pushed the idle timeout forward (ms since epoch). */
    lastActiveAt?: number;
  }
}

const PgSessionStore = connectPgSimple(session);

export function sessionCookieName(config: Config): string {
  return isServedOverHttps(config) ? '__Host-steadfast.sid' : 'steadfast.sid';
}

export interface SessionMiddleware {
  handler: RequestHandler;
  close(): Promise<void>;
}

/**
 * Database-backed sessions with a 30-day idle timeout. The store never extends a session on its own
 * (no rolling, no touch); refreshOnActivity() does, so background polls do not keep a session alive.
 */
export function createSessionMiddleware(config: Config, pool: SessionPool, secret: string): SessionMiddleware {
  const store = new PgSessionStore({
    pool: pool as never,
    tableName: 'session',
    disableTouch: true,
    pruneSessionInterval: config.NODE_ENV === 'test' ? false : 15 * 60,
  });
  const secure = isServedOverHttps(config);
  const handler = session({
    name: sessionCookieName(config),
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: config.TRUST_PROXY > 0 ? true : undefined,
    cookie: { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: SESSION_IDLE_TIMEOUT_MS },
  });
  return { handler, close: async () => store.close() };
}

/** Requests that must not count as activity: the notification poll runs every 30 s on its own. */
const isBackgroundPoll = (method: string, path: string) => method === 'GET' && path === '/api/notifications';

/**
 * Pushes the idle timeout forward on real activity, at most once a minute: changing the session makes
 * express-session save it with a fresh expiry and send the cookie again.
 */
export function refreshOnActivity(now: () => number, everyMs = 60_000): RequestHandler {
  return (req, _res, next) => {
    if (req.session && req.user && !isBackgroundPoll(req.method, req.baseUrl + req.path)) {
      const last = req.session.lastActiveAt ?? 0;
      if (now() - last >= everyMs) req.session.lastActiveAt = now();
    }
    next();
  };
}
