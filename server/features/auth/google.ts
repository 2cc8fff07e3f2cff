import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/**
 * Verifying Firebase ID tokens (DECISIONS.md "Accounts and sign-in"): RS256 against Google's published keys,
 * `aud` = the project id, `iss` = https://securetoken.google.com/<project id>, `exp`, `iat` and `auth_time`
 * with 5 minutes of skew, and a non-empty `sub`. Accounts are the business of google-service.ts.
 */

/** Where Google publishes the keys that sign Firebase ID tokens (a JWK set). */
export const GOOGLE_KEYS_URL = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';
/** Clock skew allowed on every time claim. */
export const CLOCK_SKEW_SECONDS = 5 * 60;
/** Firebase uids are at most 128 characters. */
export const UID_MAX_LENGTH = 128;

/** What the server takes from a verified token; nothing else the client says counts. */
export interface GoogleClaims {
  /** The token's `sub`: the Firebase uid, the account's key. */
  uid: string;
  /** As the token carries it (not yet normalized), or null. */
  email: string | null;
  /** True only when the token says `email_verified: true`. */
  emailVerified: boolean;
  /** The token's `name`, when it is a string. */
  name: string | null;
}

/** The token is not one we accept. `reason` is for the log only, never for the answer. */
export class GoogleTokenRefused extends Error {
  constructor(readonly reason: string) {
    super(`Google ID token refused: ${reason}`);
  }
}

/** Google's keys could not be fetched, so no token can be checked right now (not the token's fault). */
export class GoogleKeysUnavailable extends Error {
  constructor(cause: unknown) {
    super('Google signing keys could not be fetched', { cause });
  }
}

export type GoogleTokenVerifier = (idToken: string) => Promise<GoogleClaims>;

export function createGoogleTokenVerifier({ projectId, keys, now }: { projectId: string; keys: JWTVerifyGetKey; now: () => Date }): GoogleTokenVerifier {
  const issuer = `https://securetoken.google.com/${projectId}`;
  return async (idToken) => {
    const currentDate = now();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        algorithms: ['RS256'],
        issuer,
        audience: projectId,
        clockTolerance: CLOCK_SKEW_SECONDS,
        currentDate,
        requiredClaims: ['exp', 'iat', 'auth_time', 'sub'],
      }));
    } catch (error) {
      if (error instanceof GoogleKeysUnavailable) throw error;
      throw new GoogleTokenRefused(error instanceof errors.JOSEError ? `${error.code}: ${error.message}` : String(error));
    }
    return readClaims(payload, Math.floor(currentDate.getTime() / 1000));
  };
}

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The checks jose leaves to us: `iat` and `auth_time` not in the future, types of the claims we read. */
function readClaims(payload: JWTPayload, nowSeconds: number): GoogleClaims {
  const latest = nowSeconds + CLOCK_SKEW_SECONDS;
  if (typeof payload.aud !== 'string') throw new GoogleTokenRefused('aud is not a single project id');
  if (!isTime(payload.exp)) throw new GoogleTokenRefused('exp is not a time');
  if (!isTime(payload.iat) || payload.iat > latest) throw new GoogleTokenRefused('iat is missing or in the future');
  if (!isTime(payload.auth_time) || payload.auth_time > latest) throw new GoogleTokenRefused('auth_time is missing or in the future');
  const { sub, email, email_verified: emailVerified, name } = payload;
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > UID_MAX_LENGTH) throw new GoogleTokenRefused('sub is not a uid');
  if (email !== undefined && typeof email !== 'string') throw new GoogleTokenRefused('email is not a string');
  // Only Google's own word that it checked the e-mail counts: another sign-in method the Firebase project may
  // enable (an e-mail link, a phone, another provider) must never link to, or take over, an account by e-mail.
  const provider = (payload.firebase as { sign_in_provider?: unknown } | undefined)?.sign_in_provider;
  return { uid: sub, email: email ?? null, emailVerified: emailVerified === true && provider === 'google.com', name: typeof name === 'string' ? name : null };
}

/** Used when the key set's answer has no usable Cache-Control max-age (jose's own default). */
const DEFAULT_KEYS_MAX_AGE_MS = 10 * 60_000;
/** Keys are re-read at least daily whatever the answer says. */
const LONGEST_KEYS_MAX_AGE_MS = 24 * 60 * 60_000;
/** An unknown `kid` refetches the keys at most this often (a stream of made-up kids cannot hammer Google). */
const UNKNOWN_KID_COOLDOWN_MS = 30_000;

/** How long an answer may be used: its Cache-Control max-age less its Age, within bounds. */
export function keysMaxAgeMs(headers: Headers): number {
  const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/i.exec(headers.get('cache-control') ?? '');
  if (!maxAge) return DEFAULT_KEYS_MAX_AGE_MS;
  const age = Number(/^\s*(\d+)\s*$/.exec(headers.get('age') ?? '')?.[1] ?? 0);
  return Math.min(Math.max(Number(maxAge[1]) - age, 0) * 1000, LONGEST_KEYS_MAX_AGE_MS);
}

/**
 * Google's published keys, kept as long as the answer's Cache-Control max-age allows (jose on its own keeps
 * them a fixed 10 minutes), refetched early when a token names an unknown `kid` (with a cooldown).
 * jose does the fetching (timeout, no redirects, one fetch in flight); this decides when. A failed fetch is
 * GoogleKeysUnavailable, so the route can tell it from a bad token.
 */
export function googleKeySet(url: URL, { clock = Date.now, fetchImpl = fetch }: { clock?: () => number; fetchImpl?: typeof fetch } = {}): JWTVerifyGetKey {
  let maxAgeMs = DEFAULT_KEYS_MAX_AGE_MS;
  let fetchedAt = Number.NEGATIVE_INFINITY;
  const remote = createRemoteJWKSet(url, {
    // Never expire or refetch on jose's own schedule: the wrapper below decides.
    cacheMaxAge: Infinity,
    cooldownDuration: Infinity,
    [customFetch]: async (input, init) => {
      const response = await fetchImpl(input, init);
      if (response.status === 200) maxAgeMs = keysMaxAgeMs(response.headers);
      return response;
    },
  });
  const reload = async () => {
    try {
      await remote.reload();
    } catch (error) {
      throw new GoogleKeysUnavailable(error);
    }
    fetchedAt = clock();
  };
  return async (protectedHeader, token) => {
    if (clock() >= fetchedAt + maxAgeMs) await reload();
    try {
      return await remote(protectedHeader, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || clock() < fetchedAt + UNKNOWN_KID_COOLDOWN_MS) throw error;
      await reload();
      return remote(protectedHeader, token);
    }
  };
}
