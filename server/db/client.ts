import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from 'pino';
import { DatabaseConnectError } from './connect-error';
import { lockDataDir } from './lock';

// server/db/ in development and dist/server/ once bundled are both two levels below the project root.
const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

export type Database = PgDatabase<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;
/** Either the database or a transaction on it: services accept both so they compose inside one transaction. */
export type Executor = Database | Transaction;

/** The minimal query interface connect-pg-simple needs; both pg.Pool and PGlite provide it. */
export interface SessionPool {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  sessionPool: SessionPool;
  /** The pool's connections now (Postgres; the embedded database has one, and no pool). */
  connections?: () => { inUse: number; idle: number; waiting: number };
  /** An embedded database's files as one archive (PGlite's dumpDataDir): the tests' migrated template. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** Where the embedded database keeps its files inside DATA_DIR (what npm run backup copies). */
export const embeddedDatabaseFolder = (dataDir: string) => path.join(dataDir, 'pglite');

/** `template`: a dump of a database (PGlite's dumpDataDir) to start from instead of an empty one (tests). */
export type DatabaseTarget = { databaseUrl: string } | { dataDir: string } | { inMemory: true; template?: Blob };

/** Opens the database named by the target and applies pending migrations. */
export interface OpenOptions {
  logger?: Logger;
  /** Called with every query the application runs (tests count queries with it). */
  onQuery?: (query: string) => void;
}

/**
 * Postgres startup options of every pooled connection: no JIT compilation of queries (OLTP work of
 * milliseconds), and the app's prepared statements keep one generic plan. Left to choose, Postgres planned
 * member-stats, the dashboard and a members page afresh on every call (custom plans looked cheaper than the
 * generic one), and planning cost more than running them: 0.6-1.4 ms against 0.3-0.7 ms on 2,000 members.
 * Only named statements (preparedPerDatabase) are affected: each has fixed conditions, no placeholder that
 * null turns off, and its generic plan was read with EXPLAIN ANALYZE on the bench's congregation.
 */
export const CONNECTION_SETTINGS = '-c jit=off -c plan_cache_mode=force_generic_plan';

export async function openDatabase(target: DatabaseTarget, { logger, onQuery }: OpenOptions = {}): Promise<DatabaseHandle> {
  const drizzleOptions = onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {};
  if ('databaseUrl' in target) {
    // A request waits at most 5 s for a connection: with the database away it answers 503, not never.
    // jit = off on every connection (issue 40 item 1): the planner's estimate for a 60-member subgroup of a
    // 2,000-member community crossed jit_above_cost, and compiling took 134 ms for 3 ms of work. Sent as a
    // startup option, so it holds on any managed Postgres without ALTER DATABASE rights.
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10, connectionTimeoutMillis: 5_000, options: CONNECTION_SETTINGS });
    // A connection that breaks (Postgres stopped, restarted, failed over) emits 'error'; with no listener
    // that kills the process. The pool listens to idle connections only, so every connection gets its own
    // listener, covering one checked out between two statements of a transaction. The pool drops broken
    // connections and the request in progress answers 503 (isDatabaseUnavailable).
    pool.on('connect', (connection) => connection.on('error', (error) => logger?.warn({ err: error }, 'a Postgres connection broke')));
    pool.on('error', () => {}); // Already logged by the connection's own listener above.

    const db = drizzlePostgres(pool, drizzleOptions) as unknown as Database;
    try {
      await migrateOneAtATime(pool, target.databaseUrl);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      kind: 'postgres',
      sessionPool: namedSessionStatements(pool),
      connections: () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }

  const release = 'dataDir' in target ? lockDataDir(target.dataDir) : () => {};
  try {
    const client = 'dataDir' in target ? new PGlite(embeddedDatabaseFolder(target.dataDir)) : new PGlite(target.template ? { loadDataDir: target.template } : undefined);
    await client.waitReady;
    // PGlite has no JIT compiler; the settings say the same as on Postgres.
    await client.exec('SET jit = off; SET plan_cache_mode = force_generic_plan');
    const db = drizzlePglite(client, drizzleOptions) as unknown as Database;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      dumpDataDir: () => client.dumpDataDir('none'),
      sessionPool: {
        // connect-pg-simple passes the session object as a parameter; pg serializes it to JSON, PGlite must be told.
        query: (text, params) =>
          client.query(
            text,
            params?.map((value) => (value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value)),
          ),
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Any number, the same in every server of this app: the advisory lock migrations are applied under. */
const MIGRATION_LOCK_KEY = 0x5465_6164; // 'Tead'

/**
 * Applies pending migrations while holding a Postgres advisory lock, so that servers started together on
 * one database (a deployment of several instances) apply them once: the others wait, then find them applied.
 */
async function migrateOneAtATime(pool: pg.Pool, databaseUrl: string): Promise<void> {
  // The first connection: a refusal here (Postgres down, a role or database that does not exist) is one line for the operator.
  const lockHolder = await pool.connect().catch((error: unknown) => {
    throw new DatabaseConnectError(databaseUrl, error);
  });
  let broken: Error | undefined;
  try {
    await lockHolder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePostgres(drizzlePostgres(pool), { migrationsFolder });
    } finally {
      // If the unlock fails the connection is dropped below, which releases the lock too.
      await lockHolder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch((error: Error) => (broken = error));
    }
  } finally {
    lockHolder.release(broken);
  }
}

/**
 * The session store's statements (a handful of fixed texts, one of them run by every request) as named
 * statements, which each Postgres connection parses and plans once instead of on every request.
 */
function namedSessionStatements(pool: pg.Pool): SessionPool {
  const names = new Map<string, string>();
  return {
    query: (text, values) => {
      let name = names.get(text);
      if (!name) {
        name = `session_store_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
        names.set(text, name);
      }
      return pool.query({ name, text, values });
    },
  };
}

let latestMigration: number | undefined;

/** When each migration of this build was made (ms since the epoch): what __drizzle_migrations.created_at records once applied. */
export const migrationsOfThisBuild = (): number[] => readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis);

/**
 * Whether the database answers and holds every migration this build knows (drizzle records each one it
 * applies with the time the migration was made): what GET /readyz reports.
 */
export async function schemaIsCurrent(db: Executor): Promise<boolean> {
  latestMigration ??= Math.max(0, ...migrationsOfThisBuild());
  const [row] = rowsOf<{ latest: string | null }>(await db.execute(sql`SELECT max(created_at)::text AS latest FROM drizzle.__drizzle_migrations`));
  return Number(row?.latest ?? 0) >= latestMigration;
}

/** The rows of a raw `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`, which Drizzle's shared type does not say. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * A prepared statement built once per database (a named statement on each Postgres connection): for the
 * queries every request runs, whose planning costs Postgres more than running them.
 */
export function preparedPerDatabase<Statement>(build: (db: Executor) => Statement): (db: Executor) => Statement {
  const statements = new WeakMap<Executor, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
