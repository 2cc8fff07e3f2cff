import { sql } from 'drizzle-orm';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import { rateLimitHits } from '@shared/schema/rate-limits';
import { type Database, rowsOf } from '../db/client';

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
    db.delete(rateLimitHits)
      .where(sql`${rateLimitHits.resetAt} <= ${at.toISOString()}`)
      .catch(() => {}); // The next prune tries again; a leftover expired row is reset by its next hit anyway.
  };

  return (limitName) => {
    let windowMs = 60_000;
    const fullKey = (key: string) => `${scope}${limitName}:${key}`;
    return {
      localKeys: false,
      prefix: `${scope}${limitName}:`,
      init(options: Options) {
        windowMs = options.windowMs;
      },
      async increment(key): Promise<ClientRateLimitInfo> {
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
        await db.execute(sql`UPDATE rate_limit_hits SET hits = hits - 1 WHERE key = ${fullKey(key)} AND hits > 0 AND reset_at > ${now().toISOString()}`);
      },
      async resetKey(key) {
        await db.execute(sql`DELETE FROM rate_limit_hits WHERE key = ${fullKey(key)}`);
      },
    };
  };
}
