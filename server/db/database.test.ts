import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { users } from '@shared/schema/auth';
import { createApp } from '../app';
import { testConfig } from '../config';
import { TEST_PASSWORD, uniqueIdentity } from '../test/factories';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../http/errors';
import { type DatabaseHandle, openDatabase } from './client';
import { DataDirLockedError, lockDataDir } from './lock';

const migrationsDir = path.resolve(import.meta.dirname, '../../migrations');

const tempDirs: string[] = [];
function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-db-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const lockFile = (dataDir: string) => path.join(dataDir, 'steadfast.lock');

/** The pid of a process that has exited (and been reaped), so it is certainly not running. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

async function tableNames(handle: DatabaseHandle): Promise<string[]> {
  const result = await handle.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`);
  return (result as unknown as { rows: Array<{ table_name: string }> }).rows.map((row) => row.table_name);
}

describe('the embedded database (PGlite under DATA_DIR)', () => {
  // One directory through its whole life (opening PGlite on disk costs seconds, so the steps share it).
  it('is locked while open (a second open refuses, naming the directory), unlocked on close, and reopens with its data', async () => {
    const dataDir = tempDataDir();
    const { email, displayName } = uniqueIdentity('persisted');
    const first = await openDatabase({ dataDir });
    try {
      expect(fs.readFileSync(lockFile(dataDir), 'utf8')).toBe(String(process.pid));
      const second = openDatabase({ dataDir });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(path.resolve(dataDir));
      // The refused open leaves the first one's lock in place, and the first one keeps working.
      expect(fs.existsSync(lockFile(dataDir))).toBe(true);
      await first.db.insert(users).values({ email, displayName });
    } finally {
      await first.close();
    }
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);

    const reopened = await openDatabase({ dataDir });
    try {
      expect(fs.readFileSync(lockFile(dataDir), 'utf8')).toBe(String(process.pid));
      expect(await reopened.db.select({ email: users.email }).from(users)).toEqual([{ email }]);
    } finally {
      await reopened.close();
    }
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);
  });

  it('refuses a directory locked by another running process, naming the directory and the pid', async () => {
    const dataDir = tempDataDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(lockFile(dataDir), String(holder.pid));
      expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dataDir)).toThrow(`The data directory ${path.resolve(dataDir)} is in use by another Steadfast process (pid ${holder.pid})`);
      expect(fs.readFileSync(lockFile(dataDir), 'utf8')).toBe(String(holder.pid));
    } finally {
      holder.kill();
    }
  });

  it('takes over a stale lock left by a process that died', () => {
    const dataDir = tempDataDir();
    fs.writeFileSync(lockFile(dataDir), String(deadPid()));
    const release = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile(dataDir), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);
  });

  it('takes over a stale lock carrying its own pid from an earlier run (pid 1 in a container), but not one it holds', () => {
    const dataDir = tempDataDir();
    fs.writeFileSync(lockFile(dataDir), String(process.pid));
    const release = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(`${dataDir}/./`)).toThrow(DataDirLockedError);
    release();
    release(); // twice is harmless
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);
    lockDataDir(dataDir)();
  });

  it('takes over a lock file that holds no pid', () => {
    const dataDir = tempDataDir();
    fs.writeFileSync(lockFile(dataDir), '');
    lockDataDir(dataDir)();
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);
  });
});

describe('migrations', () => {
  it('are applied on open: every table of the migrations exists', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const handle = await openDatabase(url ? { databaseUrl: url } : { inMemory: true });
    try {
      const expected = fs
        .readdirSync(migrationsDir)
        .filter((file) => file.endsWith('.sql'))
        .flatMap((file) => [...fs.readFileSync(path.join(migrationsDir, file), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"([^"]+)"/g)].map((match) => match[1]!));
      expect(expected).toEqual(expect.arrayContaining(['users', 'session']));
      expect(await tableNames(handle)).toEqual(expect.arrayContaining(expected));

      const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
      const applied = await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(Number((applied as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBe(journal.entries.length);
    } finally {
      await handle.close();
    }
  });

  it('refuses a Postgres it cannot reach', async () => {
    await expect(openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/steadfast' })).rejects.toThrow();
  });
});

describe('a database that fails under a running app', () => {
  it('answers 503 with a message and Retry-After, without stack or SQL, once the database is gone', async () => {
    const handle = await openDatabase({ inMemory: true });
    const config = testConfig();
    const { app, close } = createApp({ database: handle, config, sessionSecret: config.SESSION_SECRET! });
    try {
      const registered = await request(app).post('/api/register').send({ ...uniqueIdentity(), password: TEST_PASSWORD }).expect(201);
      const cookie = ([] as string[]).concat(registered.headers['set-cookie'] ?? [])[0]!.split(';')[0]!;
      await handle.close();
      for (const response of [
        await request(app).get('/api/user').set('Cookie', cookie),
        await request(app).post('/api/login').send({ username: uniqueIdentity().email, password: TEST_PASSWORD }),
        await request(app).post('/api/check-name').send({ displayName: 'Anyone' }),
      ]) {
        expect(response.status).toBe(503);
        expect(response.body).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE, code: 'database_unavailable' });
        expect(response.headers['retry-after']).toBe('5');
      }
    } finally {
      await close();
    }
  });
});
