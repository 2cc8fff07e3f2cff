import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import webpush from 'web-push';
import { settingHash, stampText } from '../../scripts/lib/build-inputs.mjs';
import { embeddedDatabaseFolder, openDatabase } from '../db/client';
import { startTestSmtpServer } from '../test/smtp';
import { examine, type Finding } from './doctor';

/*
 * npm run doctor (issue 42 item 2): a good configuration passes every check; a broken value of each is a
 * problem said in plain words. Against real services: an embedded database, an SMTP server started here.
 */
const smtp = await startTestSmtpServer();
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-doctor-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));
// A file where a folder should be: no DATA_DIR can be made under it.
fs.writeFileSync(path.join(temp, 'a-file'), 'not a folder');

// A migrated embedded database, as a server leaves it.
const dataDir = path.join(temp, 'data');
await (await openDatabase({ dataDir })).close();
// A built app whose client has Google sign-in for grace-app.
const root = path.join(temp, 'app');
const stamp = (settings: Record<string, string>) => {
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  // As scripts/build.mjs writes it: each client setting as a hash of its value.
  const hashed = Object.fromEntries(Object.entries(settings).map(([name, value]) => [name, settingHash(value)]));
  fs.writeFileSync(path.join(root, 'dist', '.build-stamp'), stampText({ sources: 'x', settings: hashed }));
};
stamp({ VITE_FIREBASE_PROJECT_ID: 'grace-app' });

const vapid = webpush.generateVAPIDKeys();
const GOOD: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://steadfast.example.org',
  SESSION_SECRET: 'a-session-secret-of-more-than-thirty-two-characters',
  DATA_DIR: dataDir,
  SMTP_URL: smtp.url,
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:care@steadfast.example.org',
  FIREBASE_PROJECT_ID: 'grace-app',
  BACKUP_SCHEDULE: 'daily 03:00',
};
const check = async (env: NodeJS.ProcessEnv, name: string): Promise<Finding> => {
  const findings = await examine(env, root);
  const found = findings.find((item) => item.check === name);
  if (!found) throw new Error(`no finding for ${name}: ${JSON.stringify(findings)}`);
  return found;
};

describe('npm run doctor', () => {
  it('passes a good production configuration, every check ok', async () => {
    const findings = await examine(GOOD, root);
    expect(findings.map((found) => found.check)).toEqual(['PUBLIC_URL', 'SESSION_SECRET', 'DATA_DIR', 'Database', 'Mail', 'VAPID keys', 'PUSH_ENDPOINT_HOSTS', 'Firebase', 'Backups']);
    expect(findings.filter((found) => found.status !== 'ok')).toEqual([]);
  });

  it.each<[string, NodeJS.ProcessEnv, string, RegExp]>([
    ['PUBLIC_URL not https', { PUBLIC_URL: 'http://steadfast.example.org' }, 'PUBLIC_URL', /must start with https:\/\//],
    ['PUBLIC_URL unset', { PUBLIC_URL: undefined, SMTP_URL: undefined }, 'PUBLIC_URL', /not set: links in e-mails would point at localhost/],
    ['a short SESSION_SECRET', { SESSION_SECRET: 'too-short' }, 'SESSION_SECRET', /at least 32 characters/],
    ['no SESSION_SECRET with Postgres', { SESSION_SECRET: undefined, DATABASE_URL: 'postgres://steadfast@127.0.0.1:1/steadfast' }, 'SESSION_SECRET', /every server needs the same one/],
    ['a DATA_DIR that cannot be written', { DATA_DIR: path.join(temp, 'a-file', 'data') }, 'DATA_DIR', /cannot be written: (ENOTDIR|EEXIST)/],
    ['an unreachable Postgres', { DATABASE_URL: 'postgres://steadfast@127.0.0.1:1/steadfast' }, 'Database', /could not connect to Postgres at 127\.0\.0\.1:1.*refused/],
    ['an unreachable mail server', { SMTP_URL: 'smtp://user:hunter2-secret@127.0.0.1:1' }, 'Mail', /127\.0\.0\.1:1 \(SMTP_URL\) could not be used: .*ECONNREFUSED/],
    ['no mail server in production', { SMTP_URL: undefined }, 'Mail', /never reach anyone/],
    ['VAPID keys that are not a pair', { VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey }, 'VAPID keys', /not a pair/],
    ['a VAPID subject that is no address', { VAPID_SUBJECT: 'steadfast' }, 'VAPID_SUBJECT', /must be a mailto: address or an https: URL/],
    ['two VAPID keys of three', { VAPID_SUBJECT: undefined }, 'VAPID keys', /go together/],
    ['a malformed PUSH_ENDPOINT_HOSTS', { PUSH_ENDPOINT_HOSTS: 'https://fcm.googleapis.com/send' }, 'PUSH_ENDPOINT_HOSTS', /comma-separated host names/],
    ['another Firebase project than the client build', { FIREBASE_PROJECT_ID: 'another-app' }, 'Firebase', /client build has a VITE_FIREBASE_PROJECT_ID other than the server's, and the server has FIREBASE_PROJECT_ID 'another-app'/],
    ['Google sign-in in the client build only', { FIREBASE_PROJECT_ID: undefined }, 'Firebase', /other than the server's, and the server has FIREBASE_PROJECT_ID none/],
    ['scheduled backups of Postgres without pg_dump', { DATABASE_URL: 'postgres://steadfast@127.0.0.1:1/steadfast', PATH: path.join(temp, 'no-programs-here') }, 'Backups', /pg_dump is not on the PATH/],
    ['an auth domain the client build does not have', { VITE_FIREBASE_AUTH_DOMAIN: 'auth.grace.example.org' }, 'Firebase', /VITE_FIREBASE_AUTH_DOMAIN differs between the client build and the server/],
  ])('says what is wrong with %s', async (_label, change, name, said) => {
    const found = await check({ ...GOOD, ...change }, name);
    expect(found.status).toBe('problem');
    expect(found.message).toMatch(said);
    // A password in a setting never reaches the screen.
    expect(found.message).not.toContain('hunter2-secret');
  });

  it('says a VAPID key file the server cannot read is a problem, quoting none of it', async () => {
    const elsewhere = path.join(temp, 'broken-keys');
    fs.mkdirSync(elsewhere, { recursive: true });
    fs.writeFileSync(path.join(elsewhere, 'vapid-keys.json'), '{"privateKey": "secret-half-of-a-ke');
    const found = await check({ ...GOOD, DATA_DIR: elsewhere, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: undefined }, 'VAPID keys');
    expect(found).toMatchObject({ status: 'problem', message: expect.stringMatching(/cannot be read as the server's VAPID keys/) });
    expect(found.message).not.toContain('secret-half');
  });

  it('says a database migrated by a newer build is a problem, and one a start will migrate is a note', async () => {
    const client = new PGlite(embeddedDatabaseFolder(dataDir));
    await client.query(`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-a-newer-build', ${Date.now() + 86_400_000})`);
    await client.close();
    expect(await check(GOOD, 'Database')).toMatchObject({ status: 'problem', message: expect.stringMatching(/migrated by a newer build/) });
    const older = new PGlite(embeddedDatabaseFolder(dataDir));
    await older.query(`DELETE FROM drizzle.__drizzle_migrations WHERE created_at >= (SELECT max(created_at) FROM drizzle.__drizzle_migrations WHERE hash <> 'from-a-newer-build') `);
    await older.close();
    expect(await check(GOOD, 'Database')).toMatchObject({ status: 'note', message: expect.stringMatching(/1 migration of this build will be applied when the server starts/) });
  });

  it('exits non-zero on a problem and zero without one, from the command line', () => {
    const run = (env: NodeJS.ProcessEnv) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/doctor.ts'], { cwd: path.resolve(import.meta.dirname, '../..'), env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
    const broken = run({ DATA_DIR: path.join(temp, 'a-file', 'data') });
    expect(broken.status, broken.stdout + broken.stderr).toBe(1);
    expect(broken.stdout).toMatch(/^PROBLEM\s+DATA_DIR\s+DATA_DIR .* cannot be written/m);
    expect(broken.stdout).toMatch(/^2 problems: fix them and run npm run doctor again\.$/m);
    const fine = run({ DATA_DIR: path.join(temp, 'laptop') });
    expect(fine.status, fine.stdout + fine.stderr).toBe(0);
    expect(fine.stdout).toMatch(/No problems found\./);
  });
});
