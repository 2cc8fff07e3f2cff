import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import helmet from 'helmet';
import type { Config } from '../config';
import type { ErrorBody } from './errors';

/** Headers for every response. Google's popup sign-in needs its script, frames and APIs, nothing else. */
export function securityHeaders(config: Config): RequestHandler {
  const isDevelopment = config.NODE_ENV === 'development';
  return helmet({
    contentSecurityPolicy: isDevelopment
      ? false // Vite's dev server injects inline scripts for hot reload.
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            baseUri: ["'none'"],
            frameAncestors: ["'none'"],
            objectSrc: ["'none'"],
            formAction: ["'self'"],
            scriptSrc: ["'self'", 'https://apis.google.com'],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'https://*.googleusercontent.com'],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'", 'https://*.googleapis.com'],
            frameSrc: ['https://*.firebaseapp.com', 'https://accounts.google.com', ...(config.VITE_FIREBASE_AUTH_DOMAIN ? [`https://${config.VITE_FIREBASE_AUTH_DOMAIN}`] : [])],
            ...(config.PUBLIC_URL?.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
          },
        },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.PUBLIC_URL?.startsWith('https://') ? { maxAge: 15552000 } : false,
  });
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/**
 * Cross-site request protection for a cookie-authenticated JSON API: a state-changing request must
 * carry JSON (a cross-site form cannot send application/json without a CORS preflight we never grant)
 * and, when the browser says where it comes from, come from this site.
 */
export function requireSameOriginJson(config: Config): RequestHandler {
  const publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined;
  return (req, res, next) => {
    if (!UNSAFE_METHODS.has(req.method)) return next();
    if (hasBody(req) && !req.is('application/json')) {
      res.status(415).json({ message: 'Requests must send JSON.', code: 'unsupported_media_type' } satisfies ErrorBody);
      return;
    }
    const origin = req.headers.origin;
    const fetchSite = req.headers['sec-fetch-site'];
    const ownOrigin = `${req.protocol}://${req.get('host')}`;
    const originAllowed = origin === undefined || origin === ownOrigin || origin === publicOrigin;
    const fetchSiteAllowed = fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
    if (!originAllowed || !fetchSiteAllowed) {
      res.status(403).json({ message: 'Cross-site requests are not allowed.', code: 'cross_site' } satisfies ErrorBody);
      return;
    }
    next();
  };
}

export interface LimitOptions {
  /** Names the limit's counters in the store: unique per limit. */
  name: string;
  windowMs: number;
  limit: number;
  message: string;
  /** Only failed responses count: status >= 400, only the statuses listed, or only errors with the codes listed. */
  countFailuresOnly?: boolean | { statuses: number[] } | { codes: string[] };
  /** Only successful responses count (a refused question or meeting request costs the member nothing). */
  countSuccessesOnly?: boolean;
  /**
   * With countSuccessesOnly: whether a success counts, asked once the response is finished, for a route that
   * learns only while answering whom the limit is for (a reschedule counts when the caller is the meeting's
   * member: the route says so in res.locals). A success that does not count is given back.
   */
  countsSuccess?: (req: Request, res: Response) => boolean;
  /** Callers the limit does not apply to, decided before anything is counted (a Commander rescheduling). */
  exempt?: (req: Request) => boolean;
  key?: (req: Request) => string;
}

/** Builds a rate limit answering 429 with the JSON error shape, Retry-After and the standard RateLimit headers. */
export type LimitRequests = (options: LimitOptions) => RequestHandler;

/** Rate limits whose counters live in the stores `storeFor` makes, one per limit name. */
export function rateLimits(storeFor: (limitName: string) => Store): LimitRequests {
  const names = new Set<string>();
  return ({ name, windowMs, limit, message, countFailuresOnly, countSuccessesOnly, countsSuccess, exempt, key }) => {
    if (names.has(name)) throw new Error(`Two rate limits are named ${name}: they would share counters.`);
    if (countsSuccess && !countSuccessesOnly) throw new Error(`The rate limit ${name} says which successes count: it must count successes only.`);
    names.add(name);
    return rateLimit({
      windowMs,
      limit,
      store: storeFor(name),
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      skipSuccessfulRequests: Boolean(countFailuresOnly),
      skipFailedRequests: Boolean(countSuccessesOnly),
      ...(typeof countFailuresOnly === 'object'
        ? {
            requestWasSuccessful: (_req, res) =>
              'statuses' in countFailuresOnly ? !countFailuresOnly.statuses.includes(res.statusCode) : !countFailuresOnly.codes.includes(res.locals.errorCode as string),
          }
        : {}),
      ...(countsSuccess ? { requestWasSuccessful: (req, res) => res.statusCode < 400 && countsSuccess(req, res) } : {}),
      ...(exempt ? { skip: (req) => exempt(req) } : {}),
      keyGenerator: key ?? ((req) => ipKeyGenerator(req.ip ?? 'unknown')),
      handler: (_req, res) => {
        res.status(429).json({ message, code: 'rate_limited' } satisfies ErrorBody);
      },
    });
  };
}

export const MINUTE = 60_000;
