import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import { rateLimitHits } from '@shared/schema/rate-limits';
import { type Database, rowsOf } from '../db/client';

/**
 * What a client sent (an e-mail typed at sign-in, of any length) is hashed: keys stay short and uniform. A stored
 * key ends in `:` and this hash, whatever its scope and limit (an account's deletion finds its counters so).
 */
export const rateLimitKeyHash = (key: string) => createHash('sha256').update(key).digest('base64url');

/** Expired counters are deleted at most this often, by whichever request comes first after it. */
const PRUNE_EVERY_MS = 10 * 60_000;

export interface RateLimitStoreOptions {
  /** The app's clock, so tests can move a window forward without waiting. */
  now: () => Date;
  /**
   * Written before every key. Servers of one deployment share the empty scope, so they count together;
   * each test app gets its own, so test files sharing one database do not count each other's requests.
   */
  scope: string;
}

/**
 * Makes one express-rate-limit store per limit, all counting in the rate_limit_hits table: one upsert a hit,
 * so two servers on one database count the same hits, and a restart keeps them.
 */
export function databaseRateLimitStores(db: Database, { now, scope }: RateLimitStoreOptions): (limitName: string) => Store {
  let prunedAt = 0;
  const pruneExpired = (at: Date) => {
    if (at.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = at.getTime();
    // Only this scope's rows: another scope (another test app) may run on another clock.
    db.delete(rateLimitHits)
      .where(sql`starts_with(${rateLimitHits.key}, ${scope}) AND ${rateLimitHits.resetAt} <= ${at.toISOString()}`)
      .catch(() => {}); // The next prune tries again; a leftover expired row is reset by its next hit anyway.
  };

  return (limitName) => {
    let windowMs = 60_000;
    // A limit that counts failures only counts every request as it comes and takes a success back once it is
    // answered. The next hit on the same key waits for that to land, so a finished success is never counted.
    const decrementsInFlight = new Map<string, Promise<unknown>>();
    const fullKey = (key: string) => `${scope}${limitName}:${rateLimitKeyHash(key)}`;
    return {
      localKeys: false,
      prefix: `${scope}${limitName}:`,
      init(options: Options) {
        windowMs = options.windowMs;
      },
      async increment(key): Promise<ClientRateLimitInfo> {
        await decrementsInFlight.get(fullKey(key))?.catch(() => {});
        const at = now();
        const resetAt = new Date(at.getTime() + windowMs);
        // A hit after the window ended starts a new window; otherwise it counts in the current one.
        const [row] = rowsOf<{ hits: number; reset_at: string | Date }>(
          await db.execute(sql`
            INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES (${fullKey(key)}, 1, ${resetAt.toISOString()})
            ON CONFLICT (key) DO UPDATE SET
              hits = CASE WHEN rate_limit_hits.reset_at <= ${at.toISOString()} THEN 1 ELSE rate_limit_hits.hits + 1 END,
              reset_at = CASE WHEN rate_limit_hits.reset_at <= ${at.toISOString()} THEN excluded.reset_at ELSE rate_limit_hits.reset_at END
            RETURNING hits, reset_at`),
        );
        pruneExpired(at);
        return { totalHits: Number(row!.hits), resetTime: new Date(row!.reset_at) };
      },
      async decrement(key) {
        const stored = fullKey(key);
        // Drizzle's query runs each time it is awaited: Promise.resolve runs it once, for both waiters.
        const landing = Promise.resolve(
          db.execute(sql`UPDATE rate_limit_hits SET hits = hits - 1 WHERE key = ${stored} AND hits > 0 AND reset_at > ${now().toISOString()}`),
        );
        decrementsInFlight.set(stored, landing);
        try {
          await landing;
        } finally {
          if (decrementsInFlight.get(stored) === landing) decrementsInFlight.delete(stored);
        }
      },
      async resetKey(key) {
        await db.execute(sql`DELETE FROM rate_limit_hits WHERE key = ${fullKey(key)}`);
      },
    };
  };
}
