import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type request from 'supertest';
import { type DatabaseHandle, rowsOf, type Transaction } from '../db/client';

/**
 * Lands a change in the middle of a request: holds a row lock (`lock`, a locking SELECT, as a concurrent
 * write would), sends the request, waits until it is blocked on that lock, runs `meanwhile` inside the
 * lock holder's transaction and commits; the request then goes on from what it read before.
 * On PGlite one connection serializes everything, so `meanwhile` simply runs before the request.
 */
export async function whileHoldingLock(
  database: DatabaseHandle,
  lock: SQL,
  send: () => PromiseLike<request.Response>,
  meanwhile: (tx: Transaction) => Promise<void>,
): Promise<request.Response> {
  const { db } = database;
  if (database.kind === 'pglite') {
    await db.transaction(async (tx) => meanwhile(tx));
    return send();
  }
  let pending: Promise<request.Response> | undefined;
  await db.transaction(async (tx) => {
    await tx.execute(lock);
    const [{ pid }] = rowsOf<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as [{ pid: number }];
    let settled = false;
    pending = Promise.resolve(send()).finally(() => (settled = true));
    // Until the request waits on our lock (or, if something is wrong, answers without waiting).
    while (!settled) {
      const [blocked] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE ${pid} = ANY(pg_blocking_pids(pid))`));
      if (blocked!.n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await meanwhile(tx);
  });
  return pending!;
}
