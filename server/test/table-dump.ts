import { sql } from 'drizzle-orm';
import { afterAll } from 'vitest';
import pg from 'pg';
import { type Executor, rowsOf } from '../db/client';

/**
 * Tables any request may write, whatever it asks: the session store (express-session saves and refreshes
 * sessions) and the rate-limit counters (every counted request). Everything else must stay as it was after
 * a refused request.
 */
export const isBookkeepingTable = (name: string) => name === 'session' || name.startsWith('rate_limit');

/** Every table of the `public` schema but the bookkeeping ones, by name. */
export async function publicTables(db: Executor): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`),
  );
  return rows.map((row) => row.name).filter((name) => !isBookkeepingTable(name));
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `SELECT *` of every table (publicTables), each ordered by the text of its rows so two dumps compare. */
export async function dumpTables(db: Executor): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const table of await publicTables(db)) {
    dump[table] = rowsOf(await db.execute(sql.raw(`SELECT t.* FROM ${quoted(table)} AS t ORDER BY t::text`)));
  }
  return dump;
}

/**
 * A digest of every table (row count and md5 of its rows in order) in one query: cheap enough to take
 * around every request. Compare two to prove that nothing was written; dumpTables shows what changed.
 */
export async function fingerprintTables(db: Executor, tables?: readonly string[]): Promise<Record<string, string>> {
  const names = tables ?? (await publicTables(db));
  const columns = names.map(
    (table) => `(SELECT count(*)::text || ':' || coalesce(md5(string_agg(t::text, E'\\n' ORDER BY t::text)), '') FROM ${quoted(table)} AS t) AS ${quoted(table)}`,
  );
  const [row] = rowsOf<Record<string, string>>(await db.execute(sql.raw(`SELECT ${columns.join(', ')}`)));
  return row!;
}

/**
 * With TEST_DATABASE_URL (Postgres), gives the calling test file a database of its own, created beside the
 * one named there and dropped after the file: a file that compares whole tables cannot share them with
 * files writing at the same time. Call before createTestApp (it reads TEST_DATABASE_URL), and call
 * `restore()` after it. Without TEST_DATABASE_URL (an in-memory PGlite per file) it does nothing.
 */
export async function ownTestDatabase(label: string): Promise<{ restore: () => void }> {
  const shared = process.env.TEST_DATABASE_URL;
  if (!shared) return { restore: () => {} };
  const url = new URL(shared);
  const name = `${url.pathname.slice(1)}_${label}_${process.pid}`.slice(0, 63);
  const admin = new pg.Client({ connectionString: shared });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${quoted(name)}`);
  // Registered before createTestApp's own afterAll, so it runs after the app and its pool are closed.
  afterAll(async () => {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  });
  url.pathname = `/${name}`;
  process.env.TEST_DATABASE_URL = url.toString();
  return { restore: () => (process.env.TEST_DATABASE_URL = shared) };
}
