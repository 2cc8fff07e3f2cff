import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import nodemailer, { type TransportOptions } from 'nodemailer';
import pg from 'pg';
import type { Config } from '../config';
import { embeddedDatabaseFolder, migrationsOfThisBuild } from '../db/client';
import { describeConnectFailure } from '../db/connect-error';
import { DataDirLockedError, lockDataDir } from '../db/lock';
import type { Finding } from './doctor';

/** Postgres 15 is the oldest this app is built and tested on (TOOLCHAIN.md). */
const OLDEST_POSTGRES = 150_000;
const TIMEOUT_MS = 10_000;

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** The database's version and whether it holds this build's migrations: behind is a note (a start applies them), ahead a problem. */
async function readDatabase(query: Query, label: string): Promise<Finding> {
  const version = Number((await query('SHOW server_version_num')).rows[0]?.server_version_num);
  if (!(version >= OLDEST_POSTGRES)) return { check: 'Database', status: 'problem', message: `${label} runs Postgres ${version / 10_000}: Steadfast needs 15 or newer.` };
  const applied = await query('SELECT max(created_at)::text AS latest FROM drizzle.__drizzle_migrations').then(
    (result) => Number(result.rows[0]?.latest ?? 0),
    () => 0,
  );
  const known = migrationsOfThisBuild();
  const latest = Math.max(0, ...known);
  const major = Math.floor(version / 10_000);
  if (applied > latest) {
    return { check: 'Database', status: 'problem', message: `${label} (Postgres ${major}) was migrated by a newer build of Steadfast than this one: run that build, or restore a backup made with this one.` };
  }
  const pending = known.filter((made) => made > applied).length;
  if (pending > 0) return { check: 'Database', status: 'note', message: `${label} (Postgres ${major}) answers; ${pending} ${pending === 1 ? 'migration' : 'migrations'} of this build will be applied when the server starts.` };
  return { check: 'Database', status: 'ok', message: `${label} (Postgres ${major}) answers and holds every migration of this build.` };
}

export async function checkDatabase(config: Config): Promise<Finding> {
  if (config.DATABASE_URL) {
    const client = new pg.Client({ connectionString: config.DATABASE_URL, connectionTimeoutMillis: TIMEOUT_MS, query_timeout: TIMEOUT_MS });
    client.on('error', () => {});
    try {
      await client.connect();
      return await readDatabase((text) => client.query(text), 'The database (DATABASE_URL)');
    } catch (error) {
      return { check: 'Database', status: 'problem', message: describeConnectFailure(config.DATABASE_URL, error) };
    } finally {
      await client.end().catch(() => {});
    }
  }
  // The embedded database: read it unless a running server holds it, then ask that server.
  let release: () => void;
  try {
    release = lockDataDir(config.DATA_DIR);
  } catch (error) {
    if (error instanceof DataDirLockedError) return askRunningServer(config);
    return { check: 'Database', status: 'problem', message: `The embedded database in DATA_DIR cannot be opened: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.` };
  }
  try {
    const folder = embeddedDatabaseFolder(config.DATA_DIR);
    if (!fs.existsSync(folder)) return { check: 'Database', status: 'note', message: `The embedded database is created in ${folder} when the server first starts.` };
    const client = new PGlite(folder);
    try {
      return await readDatabase((text) => client.query(text), `The embedded database in ${folder}`);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/** The embedded database is open in a running server (one process at a time): its readiness says how the database is. */
async function askRunningServer(config: Config): Promise<Finding> {
  const url = `http://127.0.0.1:${config.PORT}/readyz`;
  const answer = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) }).then(
    (response) => response.status,
    () => undefined,
  );
  if (answer === 200) return { check: 'Database', status: 'ok', message: `The embedded database is open in the running server, which says it is ready (${url}).` };
  if (answer === undefined) return { check: 'Database', status: 'note', message: `The embedded database is held by another process, and no server answers at ${url}: is it starting, or on another PORT?` };
  return { check: 'Database', status: 'problem', message: `The embedded database is open in the running server, which says it is not ready (${url} answered ${answer}): see its log.` };
}

/** Connects to SMTP_URL and says hello and signs in as sending would, without sending anything. */
export async function checkSmtp(config: Config, production: boolean): Promise<Finding> {
  if (!config.SMTP_URL) {
    return production
      ? { check: 'Mail', status: 'problem', message: 'SMTP_URL is not set: mail (sign-up links, password resets, reminders) would only be written to files under DATA_DIR/outbox, and never reach anyone.' }
      : { check: 'Mail', status: 'note', message: 'SMTP_URL is not set: mail is written as .eml files under DATA_DIR/outbox (fine on a laptop).' };
  }
  const url = new URL(config.SMTP_URL);
  const where = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
  const transport = nodemailer.createTransport({ url: config.SMTP_URL, connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS } as TransportOptions);
  try {
    await transport.verify();
    return { check: 'Mail', status: 'ok', message: `The mail server at ${where} accepted the connection${url.username ? ' and the sign-in' : ''} (nothing was sent).` };
  } catch (error) {
    const said = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.replaceAll(url.password || '\u0000', '***');
    return { check: 'Mail', status: 'problem', message: `The mail server at ${where} (SMTP_URL) could not be used: ${said}.` };
  } finally {
    transport.close();
  }
}
