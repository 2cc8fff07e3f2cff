import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Logger } from 'pino';
import { users } from '@shared/schema/auth';
import { backupRuns } from '@shared/schema/backups';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { enqueueMail } from '../mail/outbox';
import type { ScheduledJob } from '../features/notifications/reminders';
import { backupsFolder, embeddedArchive, fileTimeStamp, writeWhole } from './backup-files';

/** A backup file of this app in DATA_DIR/backups: npm run backup's and the schedule's alike. */
const BACKUP_FILE = /^steadfast-.+\.(tar\.gz|dump)$/;

/** 'daily 03:00' as the hour and minute of each day, in the server's time zone. */
export function parseBackupSchedule(schedule: string): { hour: number; minute: number } {
  const [, hour, minute] = /^daily (\d{2}):(\d{2})$/.exec(schedule) ?? [];
  return { hour: Number(hour), minute: Number(minute) };
}

/** The latest scheduled moment at or before `now` (today's, or yesterday's before today's time), in the server's zone. */
export function latestDue(schedule: { hour: number; minute: number }, now: Date): Date {
  // Built from the day's fields, never by moving another day's moment: across a change of the clocks the hour
  // stays the schedule's (a time the clocks skip becomes the one after it).
  const on = (daysBack: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack, schedule.hour, schedule.minute);
  const today = on(0);
  return today > now ? on(1) : today;
}

export interface BackupHooks {
  /** Told of every scheduled backup's outcome (GET /metrics). */
  onFinished?: (ok: boolean, at: Date) => void;
  /** Mail was queued (a failure told to the superadmins): the outbox may send it now. */
  onQueued?: () => void;
}

/** A claim whose backup has not finished after this long was left by a server that stopped: another takes it over. */
export const STALE_CLAIM_MS = 60 * 60 * 1000;
/** pg_dump is stopped (and the backup counted as failed) after this long. */
const PG_DUMP_TIMEOUT_MS = 45 * 60 * 1000;

export interface BackupJob extends ScheduledJob {
  /** Resolves once no backup is being written (tests). */
  idle(): Promise<void>;
}

/**
 * The scheduled backup (BACKUP_SCHEDULE), as a job of the scheduled scan: at the schedule's moment one server
 * of the deployment claims it (a row per moment in backup_runs) and writes a backup into DATA_DIR/backups,
 * then keeps the newest BACKUP_KEEP. The embedded database is copied consistently while the server runs
 * (PGlite's dumpDataDir, between statements); Postgres with pg_dump's custom format, one snapshot. A failure is
 * logged, counted, and e-mailed to the instance's superadmins. Undefined (said in the log) when no backup can
 * be written: Postgres without pg_dump on the PATH.
 */
export function scheduledBackupJob(database: DatabaseHandle, config: Config, logger: Logger, hooks: BackupHooks = {}): BackupJob | undefined {
  if (!config.BACKUP_SCHEDULE) return undefined;
  if (database.kind === 'postgres' && spawnSync('pg_dump', ['--version']).error) {
    logger.warn('BACKUP_SCHEDULE is set, but pg_dump is not on the PATH: no scheduled backup will be written (install the PostgreSQL client, e.g. apt-get install postgresql-client-15).');
    return undefined;
  }
  const schedule = parseBackupSchedule(config.BACKUP_SCHEDULE);
  const { db } = database;
  // The moment whose backup finished (here or on another server): the scan asks every 20 s, the database once a moment.
  let settled: number | undefined;
  let writing: Promise<void> = Promise.resolve();
  let busy = false;

  /** This moment's claim: a new one, or one a stopped server left unfinished for STALE_CLAIM_MS. */
  async function claim(dueAt: Date, now: Date): Promise<string | undefined> {
    const [fresh] = await db.insert(backupRuns).values({ dueAt, startedAt: now }).onConflictDoNothing().returning({ id: backupRuns.id });
    if (fresh) return fresh.id;
    const [taken] = await db
      .update(backupRuns)
      .set({ startedAt: now })
      .where(and(eq(backupRuns.dueAt, dueAt), isNull(backupRuns.finishedAt), lt(backupRuns.startedAt, new Date(now.getTime() - STALE_CLAIM_MS))))
      .returning({ id: backupRuns.id });
    if (taken) return taken.id;
    const [existing] = await db.select({ finishedAt: backupRuns.finishedAt }).from(backupRuns).where(eq(backupRuns.dueAt, dueAt));
    if (existing?.finishedAt) settled = dueAt.getTime();
    return undefined;
  }

  async function backUp(id: string, now: Date): Promise<number> {
    try {
      const file = await writeBackup(database, config, now);
      const removed = keepNewest(config.DATA_DIR, config.BACKUP_KEEP);
      logger.info({ file, removed }, 'scheduled backup written');
      hooks.onFinished?.(true, now);
      await db.update(backupRuns).set({ finishedAt: new Date(), file: path.basename(file) }).where(eq(backupRuns.id, id));
      return 0;
    } catch (error) {
      // Said and counted first: the writes below may fail for the same reason (the database is gone).
      logger.error({ err: error }, 'scheduled backup failed');
      hooks.onFinished?.(false, now);
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 500);
      await db.update(backupRuns).set({ finishedAt: new Date(), error: reason }).where(eq(backupRuns.id, id));
      return tellSuperadmins(database, config, reason, now);
    }
  }

  return {
    name: 'scheduled backup',
    // Claims the moment's backup and writes it apart from the scan, so reminders and weekly words never wait for a dump.
    run: async (now) => {
      const dueAt = latestDue(schedule, now);
      if (busy || dueAt.getTime() === settled) return 0;
      const id = await claim(dueAt, now);
      if (!id) return 0;
      settled = dueAt.getTime();
      busy = true;
      writing = backUp(id, now)
        .then((queued) => void (queued > 0 && hooks.onQueued?.()))
        .catch((error: unknown) => logger.error({ err: error }, 'scheduled backup: could not record its outcome'))
        .finally(() => (busy = false));
      return 0;
    },
    idle: () => writing,
  };
}

/** Writes one backup into DATA_DIR/backups (whole or not at all: written beside it, then renamed); returns its path. */
export async function writeBackup(database: DatabaseHandle, config: Config, now: Date): Promise<string> {
  const folder = backupsFolder(config.DATA_DIR);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const target = path.join(folder, `steadfast-${fileTimeStamp(now)}.${database.kind === 'postgres' ? 'dump' : 'tar.gz'}`);
  await writeWhole(target, async (partial) => {
    if (database.kind === 'postgres') await pgDump(config.DATABASE_URL!, partial);
    else fs.writeFileSync(partial, await embeddedArchive(await database.dumpDataDir!()), { mode: 0o600 });
  });
  return target;
}

/** pg_dump's custom format of one snapshot; the password goes in its environment, never on its command line. */
function pgDump(databaseUrl: string, file: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return new Promise((resolve, reject) => {
    // A lock it cannot get within a minute, or a dump that runs on for PG_DUMP_TIMEOUT_MS, fails the backup instead of hanging it.
    const child = spawn('pg_dump', ['--format=custom', '--no-password', '--lock-wait-timeout=60000', `--file=${file}`, url.toString()], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: PG_DUMP_TIMEOUT_MS,
    });
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(signal ? `pg_dump was stopped (${signal}) after ${PG_DUMP_TIMEOUT_MS / 60_000} minutes` : `pg_dump exited with ${code}: ${said.trim().split('\n')[0] ?? ''}`)),
    );
  });
}

/** Removes all but the newest `keep` backups of DATA_DIR/backups; returns how many went. */
export function keepNewest(dataDir: string, keep: number): number {
  const folder = backupsFolder(dataDir);
  const files = fs
    .readdirSync(folder)
    .filter((name) => BACKUP_FILE.test(name))
    .map((name) => ({ name, at: fs.statSync(path.join(folder, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at || (a.name < b.name ? 1 : -1));
  for (const { name } of files.slice(keep)) fs.rmSync(path.join(folder, name));
  // What a server stopped in the middle of a backup left (a backup is renamed into place only once whole).
  for (const name of fs.readdirSync(folder).filter((entry) => entry.endsWith('.partial'))) {
    if (Date.now() - fs.statSync(path.join(folder, name)).mtimeMs > STALE_CLAIM_MS) fs.rmSync(path.join(folder, name), { force: true });
  }
  return Math.max(0, files.length - keep);
}

/** The instance's superadmins (those with a proven e-mail) learn of a failed backup; returns how many mails were queued. */
async function tellSuperadmins(database: DatabaseHandle, config: Config, reason: string, now: Date): Promise<number> {
  const admins = await database.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isSuperAdmin, true), eq(users.isImported, false), isNotNull(users.emailVerifiedAt)));
  const where = config.PUBLIC_URL ?? `the server in ${path.resolve(config.DATA_DIR)}`;
  for (const { email } of admins) {
    await enqueueMail(database.db, {
      to: email!,
      subject: 'Steadfast: a scheduled backup failed',
      text: `The scheduled backup of Steadfast at ${where} failed at ${now.toISOString()}:\n\n${reason}\n\nThe server keeps running and tries again at the next scheduled time (BACKUP_SCHEDULE). Check the free space and permissions of ${backupsFolder(path.resolve(config.DATA_DIR))}, and run npm run doctor.`,
      kind: 'backup-failed',
    });
  }
  return admins.length;
}
