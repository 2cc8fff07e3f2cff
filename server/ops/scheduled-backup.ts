import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { Logger } from 'pino';
import { users } from '@shared/schema/auth';
import { backupRuns } from '@shared/schema/backups';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { enqueueMail } from '../mail/outbox';
import type { ScheduledJob } from '../features/notifications/reminders';
import { backupsFolder, fileTimeStamp } from './backup-files';
import { withRelativeNames } from './relative-tar';

/** What the runs table remembers of past backups (the files themselves follow BACKUP_KEEP). */
export const BACKUP_RUN_KEEP_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A backup file of this app in DATA_DIR/backups: npm run backup's and the schedule's alike. */
const BACKUP_FILE = /^steadfast-.+\.(tar\.gz|dump)$/;

/** 'daily 03:00' as the hour and minute of each day, in the server's time zone. */
export function parseBackupSchedule(schedule: string): { hour: number; minute: number } {
  const [, hour, minute] = /^daily (\d{2}):(\d{2})$/.exec(schedule) ?? [];
  return { hour: Number(hour), minute: Number(minute) };
}

/** The latest scheduled moment at or before `now` (today's, or yesterday's before today's time), in the server's zone. */
export function latestDue(schedule: { hour: number; minute: number }, now: Date): Date {
  const due = new Date(now);
  due.setHours(schedule.hour, schedule.minute, 0, 0);
  if (due > now) due.setDate(due.getDate() - 1);
  return due;
}

export interface BackupHooks {
  /** Told of every scheduled backup's outcome (GET /metrics). */
  onFinished?: (ok: boolean, at: Date) => void;
}

/**
 * The scheduled backup (BACKUP_SCHEDULE), as a job of the scheduled scan: at the schedule's moment one server
 * of the deployment claims it (a row per moment in backup_runs) and writes a backup into DATA_DIR/backups,
 * then keeps the newest BACKUP_KEEP. The embedded database is copied consistently while the server runs
 * (PGlite's dumpDataDir, between statements); Postgres with pg_dump's custom format, one snapshot. A failure is
 * logged, counted, and e-mailed to the instance's superadmins. Undefined (said in the log) when no backup can
 * be written: Postgres without pg_dump on the PATH.
 */
export function scheduledBackupJob(database: DatabaseHandle, config: Config, logger: Logger, hooks: BackupHooks = {}): ScheduledJob | undefined {
  if (!config.BACKUP_SCHEDULE) return undefined;
  if (database.kind === 'postgres' && spawnSync('pg_dump', ['--version']).error) {
    logger.warn('BACKUP_SCHEDULE is set, but pg_dump is not on the PATH: no scheduled backup will be written (install the PostgreSQL client, e.g. apt-get install postgresql-client-15).');
    return undefined;
  }
  const schedule = parseBackupSchedule(config.BACKUP_SCHEDULE);
  const { db } = database;
  // The moment this server last claimed or saw claimed: the scan asks every 20 s, the database once a moment.
  let settled: number | undefined;
  return {
    name: 'scheduled backup',
    run: async (now) => {
      const dueAt = latestDue(schedule, now);
      if (dueAt.getTime() === settled) return 0;
      const [claim] = await db.insert(backupRuns).values({ dueAt, startedAt: now }).onConflictDoNothing().returning({ id: backupRuns.id });
      settled = dueAt.getTime();
      await db.delete(backupRuns).where(lt(backupRuns.startedAt, new Date(now.getTime() - BACKUP_RUN_KEEP_DAYS * DAY_MS)));
      // Another server (or this one, earlier) has this moment's backup.
      if (!claim) return 0;
      try {
        const file = await writeBackup(database, config, now);
        await db.update(backupRuns).set({ finishedAt: new Date(), file: path.basename(file) }).where(eq(backupRuns.id, claim.id));
        const removed = keepNewest(config.DATA_DIR, config.BACKUP_KEEP);
        logger.info({ file, removed }, 'scheduled backup written');
        hooks.onFinished?.(true, now);
        return 0;
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 500);
        await db.update(backupRuns).set({ finishedAt: new Date(), error: reason }).where(eq(backupRuns.id, claim.id));
        logger.error({ err: error }, 'scheduled backup failed');
        hooks.onFinished?.(false, now);
        return tellSuperadmins(database, config, reason, now);
      }
    },
  };
}

/** Writes one backup into DATA_DIR/backups (whole or not at all: written beside it, then renamed); returns its path. */
export async function writeBackup(database: DatabaseHandle, config: Config, now: Date): Promise<string> {
  const folder = backupsFolder(config.DATA_DIR);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const target = path.join(folder, `steadfast-${fileTimeStamp(now)}.${database.kind === 'postgres' ? 'dump' : 'tar.gz'}`);
  const partial = `${target}.partial`;
  try {
    if (database.kind === 'postgres') await pgDump(config.DATABASE_URL!, partial);
    else fs.writeFileSync(partial, gzipSync(withRelativeNames(new Uint8Array(await (await database.dumpDataDir!()).arrayBuffer()))), { mode: 0o600 });
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return target;
}

/** pg_dump's custom format of one snapshot; the password goes in its environment, never on its command line. */
function pgDump(databaseUrl: string, file: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn('pg_dump', ['--format=custom', '--no-password', `--file=${file}`, url.toString()], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_dump exited with ${code}: ${said.trim().split('\n')[0] ?? ''}`))));
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
