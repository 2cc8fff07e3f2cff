import connectPgSimple from 'connect-pg-simple';
import { and, eq, ne, sql } from 'drizzle-orm';
import { sessions } from '@shared/schema/auth';
import { pushSubscriptions } from '@shared/schema/notifications';
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import { SESSION_IDLE_TIMEOUT_MS } from '@shared/domain/constants';
import type { Config } from '../config';
import { isServedOverHttps } from '../config';
import type { Executor, SessionPool } from '../db/client';

declare module 'express-session' {
  interface SessionData {
    /** When real activity last pushed the idle timeout forward (ms since epoch). */
    lastActiveAt?: number;
  }
}

const PgSessionStore = connectPgSimple(session);

export const SESSION_COOKIE_NAME = 'steadfast.sid';
/** Browsers accept a __Host- cookie only when it is Secure, has Path=/ and no Domain. */
export const SECURE_SESSION_COOKIE_NAME = '__Host-steadfast.sid';

interface SessionCookie {
  name: string;
  options: CookieOptions;
}

/** The cookie each request's session uses, so sign-out can clear exactly that cookie. */
const cookieOfRequest = new WeakMap<Request, SessionCookie>();

export interface SessionMiddleware {
  handler: RequestHandler;
  close(): Promise<void>;
}

/**
 * Database-backed sessions with a 30-day idle timeout. The store never extends a session on its own
 * (no rolling, no touch); refreshOnActivity() does, so background polls do not keep a session alive.
 *
 * A request that reached the site over HTTPS gets the Secure __Host- cookie, one over plain http the
 * plain cookie. Over HTTPS means: PUBLIC_URL starts with https:// (TLS always ends at a proxy in front
 * of this http server then, whether or not that proxy is trusted or sends X-Forwarded-Proto), or the
 * proxy trusted through TRUST_PROXY says so in X-Forwarded-Proto (Express's req.secure).
 */
export function createSessionMiddleware(config: Config, pool: SessionPool, secret: string): SessionMiddleware {
  const servedOverHttps = isServedOverHttps(config);
  const variant = (secure: boolean) => {
    // One store per express-session instance: express-session installs its own generate() on the store
    // it is given, so a shared store would regenerate sessions with the other instance's cookie settings.
    const store = new PgSessionStore({
      pool: pool as never,
      tableName: 'session',
      disableTouch: true,
      // Both stores share the session table: one of them prunes expired rows.
      pruneSessionInterval: config.NODE_ENV === 'test' || !secure ? false : 15 * 60,
    });
    const cookie: SessionCookie = {
      name: secure ? SECURE_SESSION_COOKIE_NAME : SESSION_COOKIE_NAME,
      options: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
    };
    const handler = session({
      name: cookie.name,
      secret,
      store,
      resave: false,
      saveUninitialized: false,
      rolling: false,
      cookie: { ...cookie.options, maxAge: SESSION_IDLE_TIMEOUT_MS },
    });
    return { cookie, handler, store };
  };
  const overHttps = variant(true);
  const overHttp = variant(false);
  const handler: RequestHandler = (req, res, next) => {
    if (servedOverHttps && !req.secure) Object.defineProperty(req, 'secure', { value: true, configurable: true, enumerable: true });
    const chosen = req.secure ? overHttps : overHttp;
    cookieOfRequest.set(req, chosen.cookie);
    chosen.handler(req, res, next);
  };
  return {
    handler,
    close: async () => {
      await Promise.all([overHttps.store.close(), overHttp.store.close()]);
    },
  };
}

/** Tells the browser to drop the session cookie, with the attributes it was set with (a __Host- cookie needs Secure). */
export function clearSessionCookie(req: Request, res: Response): void {
  const cookie = cookieOfRequest.get(req);
  if (cookie) res.clearCookie(cookie.name, cookie.options);
}

/** Requests that must not count as activity: the notification poll runs every 30 s on its own. */
export const isBackgroundPoll = (method: string, path: string) => method === 'GET' && path === '/api/notifications';

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

/**
 * Ends a user's sessions (all but `keepSessionId`) and forgets every push device of the account, in the caller's
 * transaction: after a password change, reset, takeover or "Sign out everywhere" the sessions would be refused
 * anyway (credential version), but must not linger, and whoever held a device of this account (the one who
 * registered the e-mail first, the next person on a shared computer) must stop receiving its pushes. A
 * device's subscription also goes with its own session (a foreign key), so signing out forgets that device.
 */
export async function endSessionsOf(tx: Executor, userId: string, keepSessionId?: string): Promise<void> {
  const ofUser = sql`${sessions.sess}->'passport'->'user'->>'id' = ${userId}`;
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx.delete(sessions).where(keepSessionId ? and(ofUser, ne(sessions.sid, keepSessionId)) : ofUser);
}
