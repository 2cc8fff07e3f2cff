import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { users } from '@shared/schema/auth';
import { backupRuns } from '@shared/schema/backups';
import { memberships } from '@shared/schema/communities';
import { mailOutbox } from '@shared/schema/mail';
import { dailyLogs } from '@shared/schema/tracking';
import { seedCommunity } from '../../scripts/seed/seed-community';
import { testConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { createMetrics } from '../http/metrics';
import { backupsFolder } from './backup-files';
import { latestDue, scheduledBackupJob } from './scheduled-backup';

/*
 * Scheduled backups (issue 42 item 4): at BACKUP_SCHEDULE's moment one server writes a backup into
 * DATA_DIR/backups while it runs (once per moment, however often the scan asks), keeps BACKUP_KEEP of them,
 * and a failed one is logged, counted and e-mailed to the superadmins. A scheduled backup restores, with
 * npm run restore, into a fresh DATA_DIR holding every member and log.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-scheduled-backup-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

const lines: string[] = [];
const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
/** Mornings after the schedule's 03:00, one a day. */
const morning = (day: number) => new Date(2026, 10, day, 9, 30);

/** The community's members and logs (other test files may write to a shared Postgres meanwhile: only this one counts). */
async function countsOf(database: DatabaseHandle, communityId: string) {
  const [[members], [logs], [emails]] = await Promise.all([
    database.db.select({ n: count() }).from(memberships).where(eq(memberships.communityId, communityId)),
    database.db.select({ n: count() }).from(dailyLogs).where(eq(dailyLogs.communityId, communityId)),
    database.db.select({ n: count() }).from(users).innerJoin(memberships, eq(memberships.userId, users.id)).where(sql`${memberships.communityId} = ${communityId} AND ${users.email} IS NOT NULL`),
  ]);
  return { members: members!.n, logs: logs!.n, emails: emails!.n };
}
const seed = (database: DatabaseHandle, emailDomain: string) =>
  seedCommunity(database.db, { name: 'Backed up', emailDomain, password: 'backup-password-2026', members: 12, subgroups: 2, months: 2, today: '2026-11-20' });

describe('scheduled backups of the embedded database', () => {
  const dataDir = path.join(temp, 'data');
  const config = testConfig({ DATA_DIR: dataDir, BACKUP_SCHEDULE: 'daily 03:00', BACKUP_KEEP: 2, PUBLIC_URL: 'https://steadfast.example.org' });
  let database: DatabaseHandle;
  let metrics: ReturnType<typeof createMetrics>;
  let job: NonNullable<ReturnType<typeof scheduledBackupJob>>;
  let queued = 0;
  /** Asks as the scan does, and waits for the backup it may have started. */
  const runAt = async (at: Date, which = job) => {
    await which.run(at);
    await which.idle();
  };
  let communityId: string;
  const backups = () => fs.readdirSync(backupsFolder(dataDir)).sort();

  beforeAll(async () => {
    database = await openDatabase({ dataDir });
    ({ communityId } = await seed(database, 'backup.steadfast.example'));
    metrics = createMetrics(database);
    job = scheduledBackupJob(database, config, logger, { onFinished: metrics.backupFinished, onQueued: () => queued++ })!;
  });
  afterAll(() => database.close());

  it("is due at the day's moment in the server's zone, yesterday's before it, across a change of the clocks", () => {
    expect(latestDue({ hour: 3, minute: 0 }, new Date(2026, 10, 29, 9, 30))).toEqual(new Date(2026, 10, 29, 3, 0));
    expect(latestDue({ hour: 3, minute: 0 }, new Date(2026, 10, 29, 2, 59))).toEqual(new Date(2026, 10, 28, 3, 0));
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      // 2026-03-08: the clocks skip from 02:00 to 03:00. Before today's 02:30 happens, yesterday's 02:30 is due.
      expect(latestDue({ hour: 2, minute: 30 }, new Date('2026-03-08T06:45:00Z')).toISOString()).toBe('2026-03-07T07:30:00.000Z');
      expect(latestDue({ hour: 2, minute: 30 }, new Date('2026-03-09T12:00:00Z')).toISOString()).toBe('2026-03-09T06:30:00.000Z');
    } finally {
      process.env.TZ = zone;
    }
  });

  it('writes one backup a scheduled moment, however many times and servers ask', async () => {
    await Promise.all([job.run(morning(21)), job.run(morning(21))]);
    await job.idle();
    // A second server of the deployment reaching the same moment finds it claimed.
    const other = scheduledBackupJob(database, config, logger)!;
    await runAt(morning(21), other);
    await runAt(new Date(morning(21).getTime() + 60_000));
    expect(backups()).toEqual([expect.stringMatching(/^steadfast-2026-11-21T\d{2}-30-00Z\.tar\.gz$/)]);
    expect(await database.db.select({ file: backupRuns.file, error: backupRuns.error }).from(backupRuns)).toEqual([{ file: backups()[0], error: null }]);
    expect(await metrics.registry.metrics()).toMatch(/^steadfast_backup_last_success_timestamp_seconds \d+/m);
  });

  it('keeps the newest BACKUP_KEEP backups and removes the rest', async () => {
    await runAt(morning(22));
    await runAt(morning(23));
    expect(backups()).toEqual([expect.stringMatching(/^steadfast-2026-11-22T/), expect.stringMatching(/^steadfast-2026-11-23T/)]);
  });

  it('restores, with npm run restore, into a fresh DATA_DIR holding every member and log', async () => {
    const before = await countsOf(database, communityId);
    expect(before).toMatchObject({ members: 15, emails: 15 });
    expect(before.logs).toBeGreaterThan(15);
    const fresh = path.join(temp, 'fresh');
    const newest = path.join(backupsFolder(dataDir), backups().at(-1)!);
    const { DATABASE_URL: _ignored, TEST_DATABASE_URL: _alsoIgnored, ...env } = process.env;
    const restore = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', newest], { cwd: projectRoot, env: { ...env, DATA_DIR: fresh, NODE_ENV: 'production' }, encoding: 'utf8', timeout: 60_000 });
    expect(restore.status, `${restore.stdout}${restore.stderr}`).toBe(0);
    const restored = await openDatabase({ dataDir: fresh });
    try {
      expect(await countsOf(restored, communityId)).toEqual(before);
    } finally {
      await restored.close();
    }
  });

  it('logs a failed backup, counts it, and e-mails the superadmins', async () => {
    const [admin] = await database.db
      .insert(users)
      .values({ email: 'keeper@backup.steadfast.example', displayName: 'Instance Keeper', passwordHash: null, isSuperAdmin: true, emailVerifiedAt: new Date() })
      .returning({ email: users.email });
    // The backups folder cannot be written: a file stands where it should be.
    fs.rmSync(backupsFolder(dataDir), { recursive: true });
    fs.writeFileSync(backupsFolder(dataDir), 'not a folder');
    try {
      await runAt(morning(24));
      expect(queued).toBe(1);
    } finally {
      fs.rmSync(backupsFolder(dataDir));
    }
    const [run] = await database.db.select({ error: backupRuns.error }).from(backupRuns).where(sql`${backupRuns.dueAt} = ${new Date(2026, 10, 24, 3, 0)}`);
    expect(run!.error).toMatch(/EEXIST|ENOTDIR/);
    expect(lines.some((line) => /"level":50.*scheduled backup failed/.test(line))).toBe(true);
    expect(await metrics.registry.metrics()).toMatch(/^steadfast_backup_failures_total 1$/m);
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'backup-failed'));
    expect(mail).toMatchObject({ recipient: admin!.email, subject: 'Steadfast: a scheduled backup failed' });
    expect(mail!.textBody).toContain('https://steadfast.example.org');
  });

  it('takes over a claim a stopped server left unfinished, and leaves a fresh one to the server writing it', async () => {
    const stopped = new Date(2026, 10, 25, 3, 0);
    await database.db.insert(backupRuns).values({ dueAt: stopped, startedAt: new Date(morning(25).getTime() - 2 * 60 * 60 * 1000) });
    await runAt(morning(25));
    const [takenOver] = await database.db.select({ file: backupRuns.file }).from(backupRuns).where(eq(backupRuns.dueAt, stopped));
    expect(takenOver!.file).toMatch(/^steadfast-2026-11-25T/);

    const writingElsewhere = new Date(2026, 10, 26, 3, 0);
    await database.db.insert(backupRuns).values({ dueAt: writingElsewhere, startedAt: new Date(morning(26).getTime() - 5 * 60 * 1000) });
    await runAt(morning(26));
    const [stillTheirs] = await database.db.select({ file: backupRuns.file, finishedAt: backupRuns.finishedAt }).from(backupRuns).where(eq(backupRuns.dueAt, writingElsewhere));
    expect(stillTheirs).toEqual({ file: null, finishedAt: null });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('scheduled backups of Postgres [needs a Postgres: set TEST_DATABASE_URL]', () => {
  it('writes a pg_dump custom archive that pg_restore reads back with every member and log', async () => {
    const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL! });
    const dataDir = path.join(temp, 'postgres-data');
    try {
      const { communityId } = await seed(database, `backup-${process.pid}-${Date.now()}.steadfast.example`);
      const job = scheduledBackupJob(database, testConfig({ DATA_DIR: dataDir, DATABASE_URL: process.env.TEST_DATABASE_URL, BACKUP_SCHEDULE: 'daily 03:00' }), logger)!;
      // A moment of its own, so a run against a database kept from an earlier run finds it unclaimed.
      const at = new Date(Date.now() + 400 * 24 * 60 * 60 * 1000 + Math.floor(Math.random() * 1e9));
      await job.run(at);
      await job.idle();
      const [file] = fs.readdirSync(backupsFolder(dataDir));
      expect(file).toMatch(/^steadfast-.*\.dump$/);
      const before = await countsOf(database, communityId);
      expect(before.members).toBe(15);
      // Into a database of its own, as README's restore drill does.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `steadfast_restore_${process.pid}_${Date.now()}`;
      await admin.query(`CREATE DATABASE "${name}"`);
      try {
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${name}`;
        const restore = spawnSync('pg_restore', ['--no-owner', `--dbname=${url}`, path.join(backupsFolder(dataDir), file!)], { encoding: 'utf8' });
        expect(restore.status, restore.stderr).toBe(0);
        const restored = await openDatabase({ databaseUrl: url.toString() });
        try {
          expect(await countsOf(restored, communityId)).toEqual(before);
        } finally {
          await restored.close();
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    } finally {
      await database.close();
    }
  });
});
