// Process-level checks of the built app (run `npm run build` first), for the embedded database and,
// when Postgres is reachable, for Postgres: an account survives a restart, SIGTERM and SIGINT stop cleanly
// (to `node dist/server/index.js` and to `npm start`, leaving no process behind), a second process on the
// same DATA_DIR refuses, assets are compressed and cached, /robots.txt is one.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
let failures = 0;
let passes = 0;
function check(condition, what) {
  if (condition) passes++;
  else failures++;
  console.log(`${condition ? 'ok  ' : 'FAIL'} ${what}`);
}

function start(env, port, command = [process.execPath, 'dist/server/index.js']) {
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.output = '';
  child.stdout.on('data', (chunk) => (child.output += chunk));
  child.stderr.on('data', (chunk) => (child.output += chunk));
  child.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return child;
}

async function waitUntilUp(port, child) {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${child.output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/user`);
      if (response.status === 401) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not start:\n${child.output}`);
}

async function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function scenario(label, env, { expectLock }) {
  console.log(`\n# ${label}`);
  const port = 5100 + Math.floor(Math.random() * 800);
  const first = start(env, port);
  await waitUntilUp(port, first);

  const email = `smoke-${Date.now()}@example.org`;
  const register = await fetch(`http://127.0.0.1:${port}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, displayName: `Smoke ${Date.now()}`, password: 'restart-survives-2026' }),
  });
  const user = await register.json();
  const cookie = register.headers.get('set-cookie')?.split(';')[0];
  check(register.status === 201 && !JSON.stringify(user).toLowerCase().includes('passwordhash'), 'sign-up answers 201 without a password hash');

  const page = await fetch(`http://127.0.0.1:${port}/some/client/route`, { headers: { 'Accept-Encoding': 'gzip' } });
  const html = await page.text();
  check(page.status === 200 && html.includes('<div id="root">'), 'client routes serve index.html');
  check(/frame-ancestors 'none'/.test(page.headers.get('content-security-policy') ?? ''), 'pages carry the Content-Security-Policy');
  const robots = await fetch(`http://127.0.0.1:${port}/robots.txt`);
  check(robots.status === 200 && /^text\/plain/.test(robots.headers.get('content-type') ?? '') && /^Disallow: \/$/m.test(await robots.text()), '/robots.txt is a robots file asking crawlers to stay out, not the app');
  const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  if (script) {
    const asset = await fetch(`http://127.0.0.1:${port}${script}`, { headers: { 'Accept-Encoding': 'gzip' } });
    check(/immutable/.test(asset.headers.get('cache-control') ?? ''), 'hashed assets are cached as immutable');
    check(asset.headers.get('content-encoding') === 'gzip', 'assets are served compressed');
    const sourceText = await asset.text();
    const map = await fetch(`http://127.0.0.1:${port}${script}.map`);
    check(map.status === 404 && !/sourceMappingURL/.test(sourceText), 'no source maps are published (none referenced, none served)');
  } else check(false, 'index.html references a hashed script');

  if (expectLock) {
    const second = start(env, port + 1);
    const code = await withTimeout(second.exited, 30_000, 'second process');
    check(code === 1 && /in use by another Steadfast process/.test(second.output), 'a second process on the same DATA_DIR refuses with a clear message');
    check((await fetch(`http://127.0.0.1:${port}/api/user`, { headers: { cookie } })).status === 200, 'the first process still serves after the refusal');
  }

  first.kill('SIGTERM');
  const code = await withTimeout(first.exited, 20_000, 'SIGTERM');
  check(code === 0 && /stopped cleanly/.test(first.output), 'SIGTERM drains and stops cleanly (exit 0)');

  const again = start(env, port);
  await waitUntilUp(port, again);
  const me = await fetch(`http://127.0.0.1:${port}/api/user`, { headers: { cookie } });
  const body = me.status === 200 ? await me.json() : {};
  check(me.status === 200 && body.id === user.id, 'the account and its session survive a restart');
  again.kill('SIGINT');
  check((await withTimeout(again.exited, 20_000, 'SIGINT')) === 0 && /stopped cleanly/.test(again.output), 'SIGINT (Ctrl-C) drains and stops cleanly too (exit 0)');

  if (env.DATABASE_URL) {
    // The test suites hash at argon2's cheapest cost (server/auth/passwords.ts); a server keeps OWASP's.
    const database = new pg.Client({ connectionString: env.DATABASE_URL });
    await database.connect();
    const { rows } = await database.query('SELECT password_hash FROM users WHERE id = $1', [user.id]);
    await database.end();
    const parameters = Object.fromEntries((/^\$argon2id\$v=19\$([^$]+)\$/.exec(rows[0]?.password_hash ?? '')?.[1] ?? '').split(',').map((pair) => [pair[0], Number(pair.slice(2))]));
    check(parameters.m >= 19456 && parameters.t >= 2 && parameters.p === 1, "the server stores passwords as argon2id at OWASP's cost (m >= 19456, t >= 2, p = 1)");
  }
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Every process below `pid` (its children, theirs, ...). */
function descendantsOf(pid) {
  const parents = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const found = [];
  for (let frontier = [pid]; frontier.length > 0; ) {
    frontier = parents.filter(([, parent]) => frontier.includes(parent)).map(([child]) => child);
    found.push(...frontier);
  }
  return found;
}

/**
 * A process manager stops `npm start` by signalling npm itself: npm passes the signal on to its script, whose
 * shell `exec`s the server (package.json), so the server drains and exits and npm with it, within the grace
 * the operator allows (SHUTDOWN_DELAY_MS + 10 s); the port closes and no child survives.
 */
async function npmStartStops(signal, env) {
  const port = 5100 + Math.floor(Math.random() * 800);
  const npm = start(env, port, ['npm', 'start']);
  await waitUntilUp(port, npm);
  const children = descendantsOf(npm.pid);
  npm.kill(signal);
  const code = await withTimeout(npm.exited, 10_000, `npm start after ${signal}`).catch(() => 'still running');
  const listening = await fetch(`http://127.0.0.1:${port}/api/user`).then(() => true, () => false);
  const survivors = children.filter(alive);
  check(code === 0 && !listening && children.length > 0 && survivors.length === 0, `${signal} to npm start stops the server within 10 s: the port closes and no process it started survives (exit ${code}, started ${children.join(', ')}, surviving ${survivors.join(', ') || 'none'})`);
  for (const pid of survivors) process.kill(pid, 'SIGKILL');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-smoke-'));
try {
  await scenario('embedded PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, { expectLock: true });
  console.log('\n# npm start under a process manager');
  for (const signal of ['SIGTERM', 'SIGINT']) await npmStartStops(signal, { DATA_DIR: dataDir, DATABASE_URL: '' });
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const adminUrl = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: adminUrl });
const postgresUp = await admin.connect().then(() => true, () => false);
if (postgresUp) {
  const name = `steadfast_smoke_${process.pid}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // A folder of its own for what the server writes beside the database (mail as .eml files), never the checkout's ./data.
  const postgresDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-smoke-'));
  try {
    await scenario('Postgres', { DATABASE_URL: url.toString(), DATA_DIR: postgresDataDir, SESSION_SECRET: 'smoke-test-secret-long-enough-for-cookies' }, { expectLock: false });
  } finally {
    fs.rmSync(postgresDataDir, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
} else {
  console.log('\n# Postgres not reachable: skipped the Postgres scenario');
}

console.log(`\nsmoke: ${passes} passed, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
