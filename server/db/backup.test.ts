import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { users } from '@shared/schema/auth';
import { createApp } from '../app';
import { testConfig } from '../config';
import { defaultBackupFile } from '../ops/backup-files';
import { TEST_PASSWORD, uniqueIdentity } from '../test/factories';
import { embeddedDatabaseFolder, openDatabase } from './client';

/*
 * npm run backup and npm run restore on the embedded database, run as the commands themselves: a backup
 * brings back exactly what was there, the database a restore replaces is kept, and both refuse clearly
 * while a server has the data folder open.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-backup-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(script: 'backup' | 'restore', ...args: string[]) {
  const { DATABASE_URL: _ignored, TEST_DATABASE_URL: _alsoIgnored, ...env } = process.env;
  const result = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: projectRoot,
    env: { ...env, DATA_DIR: dataDir, NODE_ENV: 'production' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Opens the data folder as the server does, runs `work` with an app on it, and closes it. */
async function withServer<T>(work: (app: ReturnType<typeof createApp>['app'], database: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  const config = testConfig();
  const { app, close } = createApp({ database, config, sessionSecret: config.SESSION_SECRET! });
  try {
    return await work(app, database);
  } finally {
    await close();
    await database.close();
  }
}

const signUp = (app: Parameters<typeof request>[0], identity: { email: string; displayName: string }) =>
  request(app).post('/api/register').send({ ...identity, password: TEST_PASSWORD }).expect(201);

describe('npm run backup and npm run restore (embedded database)', () => {
  it('restores exactly what was backed up, keeps the database it replaces, and refuses while a server runs', async () => {
    const kept = uniqueIdentity('kept');
    const later = uniqueIdentity('later');
    await withServer((app) => signUp(app, kept));

    const backupFile = path.join(dataDir, 'steadfast.tar.gz');
    const backup = run('backup', backupFile);
    expect(backup.status, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backed up 1 accounts to/);
    expect(fs.statSync(backupFile).size).toBeGreaterThan(0);
    // Names relative to the data folder: tar lists it without "Removing leading '/'", and unpacks nothing outside.
    const listing = spawnSync('tar', ['-tzf', backupFile], { encoding: 'utf8' });
    expect(listing.status, listing.stderr).toBe(0);
    expect(listing.stderr).toBe('');
    const names = listing.stdout.trim().split('\n');
    expect(names).toContain('PG_VERSION');
    expect(names.filter((name) => name.startsWith('/'))).toEqual([]);

    await withServer(async (app, database) => {
      await signUp(app, later);
      // While the server has the folder open, both commands refuse and change nothing.
      const refusedBackup = run('backup', path.join(dataDir, 'refused.tar.gz'));
      expect(refusedBackup.status).toBe(1);
      expect(refusedBackup.output).toMatch(/Steadfast is running on .*Stop the server, run npm run backup/);
      expect(fs.existsSync(path.join(dataDir, 'refused.tar.gz'))).toBe(false);
      const refusedRestore = run('restore', backupFile);
      expect(refusedRestore.status).toBe(1);
      expect(refusedRestore.output).toMatch(/Steadfast is running on .*Stop the server/);
      expect(await database.db.select().from(users).where(eq(users.email, later.email))).toHaveLength(1);
    });

    const notABackup = path.join(dataDir, 'notes.tar.gz');
    fs.writeFileSync(notABackup, 'not a database');
    const refusedFile = run('restore', notABackup);
    expect(refusedFile.status).toBe(1);
    expect(refusedFile.output).toMatch(/is not a backup made by npm run backup\. Nothing was changed\./);

    const restore = run('restore', backupFile);
    expect(restore.status, restore.output).toBe(0);
    expect(restore.output).toMatch(/Restored 1 accounts/);
    const keptAt = restore.output.match(/kept in (\S+);/)?.[1];
    expect(keptAt && fs.existsSync(keptAt)).toBe(true);
    expect(path.dirname(keptAt!)).toBe(path.dirname(embeddedDatabaseFolder(dataDir)));

    await withServer(async (app, database) => {
      const emails = (await database.db.select({ email: users.email }).from(users)).map((row) => row.email);
      expect(emails).toEqual([kept.email]);
      // The restored database is a working one: its account signs in.
      await request(app).post('/api/login').send({ username: kept.email, password: TEST_PASSWORD }).expect(200);
    });
  }, 90_000); // Five runs of the commands, each opening the embedded database.

  it('writes into DATA_DIR/backups by default, named by the time, and restore without a file lists them', async () => {
    if (!fs.existsSync(embeddedDatabaseFolder(dataDir))) await withServer((app) => signUp(app, uniqueIdentity('default')));
    const before = new Date();
    const backup = run('backup');
    expect(backup.status, backup.output).toBe(0);
    const written = backup.output.match(/ to (\S+) \(\d+ KB\)/)?.[1];
    expect(written).toBeDefined();
    // Beside the database, out of the project folder (git would otherwise offer to commit the whole database).
    expect(path.dirname(written!)).toBe(path.join(dataDir, 'backups'));
    expect(path.basename(written!)).toMatch(/^steadfast-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    const stamped = Date.parse(path.basename(written!).slice('steadfast-'.length, -'.tar.gz'.length).replace(/T(\d\d)-(\d\d)-(\d\d)Z/, 'T$1:$2:$3Z'));
    expect(stamped).toBeGreaterThanOrEqual(Math.floor(before.getTime() / 1000) * 1000);
    expect(stamped).toBeLessThanOrEqual(Date.now());
    expect(fs.statSync(written!).size).toBeGreaterThan(0);
    expect(fs.readdirSync(projectRoot).filter((name) => name.endsWith('.tar.gz'))).toEqual([]);

    const usage = run('restore');
    expect(usage.status).toBe(2);
    expect(usage.output).toContain('Usage: npm run restore -- <backup file made by npm run backup>');
    expect(usage.output).toContain(path.basename(written!));
  }, 60_000);
});

describe('defaultBackupFile', () => {
  it('names the file by the UTC time, readably, and never replaces one made in the same second', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-backup-names-'));
    try {
      const at = new Date('2026-11-25T18:30:00.456Z');
      const first = defaultBackupFile(folder, at);
      expect(first).toBe(path.join(folder, 'backups', 'steadfast-2026-11-25T18-30-00Z.tar.gz'));
      fs.mkdirSync(path.dirname(first));
      fs.writeFileSync(first, '');
      expect(defaultBackupFile(folder, at)).toBe(path.join(folder, 'backups', 'steadfast-2026-11-25T18-30-00Z-2.tar.gz'));
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
