// npm run test:reliability: the built server (npm run build first) under faults, on a Postgres cluster the
// test starts itself (postgres-cluster.mjs), two server processes behind a round-robin proxy (proxy.mjs).
//
// 1. Two servers, one database: a session opened on one works on the other; failed sign-ins are counted
//    across both and the count survives a restart; a notification written through one is polled through
//    the other.
// 2. Database stopped under load: check-ins keep coming through the proxy while Postgres is stopped (as in
//    a crash: `pg_ctl -m immediate`) and started again. Every answer is 200, or 503 with a message; no
//    server exits; both recover by themselves.
// 3. SIGTERM under load: one server is stopped while check-ins keep coming; it drains the requests it
//    accepted, exits 0, and not one request fails.
// Across 2 and 3 the test keeps a ledger of every check-in answered 200 and finds each one in the database.
//
// Prints what it checked and the figures, writes them to reliability-results/latest.json, and exits 1 on
// any failure.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { startCluster } from './postgres-cluster.mjs';
import { CHECK_EVERY_MS, startProxy } from './proxy.mjs';
import { freePort } from '../lib/free-port.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const WORKERS = Number(process.env.RELIABILITY_WORKERS ?? 8);
const DOWN_SECONDS = Number(process.env.RELIABILITY_DOWN_SECONDS ?? 5);
const LOGIN_FAILURES_ALLOWED = 3;
const DISCIPLINES = ['bibleReading', 'fasting', 'morningIntimacy', 'midnightPrayer', 'meditation'];

if (!fs.existsSync(path.join(root, 'dist/server/index.js'))) {
  console.error('Build first: npm run build');
  process.exit(2);
}

let failures = 0;
let passes = 0;
function check(condition, what, detail = '') {
  if (condition) passes++;
  else failures++;
  console.log(`${condition ? 'ok  ' : 'FAIL'} ${what}${!condition && detail ? `\n     ${detail}` : ''}`);
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET a probe on a new connection (a kept-alive one may be closed by the server just as it is reused). */
function probe(port, url) {
  return new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: url, agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode);
      })
      .on('error', (error) => resolve(error.code ?? 'error'));
  });
}

/** A built server process on the cluster's database. */
function startServer(name, port, databaseUrl, sessionSecret) {
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: sessionSecret,
      RATE_LIMIT_LOGIN_PER_EMAIL: String(LOGIN_FAILURES_ALLOWED),
      // Long enough for the proxy to see /readyz turn 503 before the server stops listening.
      SHUTDOWN_DELAY_MS: String(CHECK_EVERY_MS * 6),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.name = name;
  child.port = port;
  child.output = '';
  child.stdout.on('data', (chunk) => (child.output += chunk));
  child.stderr.on('data', (chunk) => (child.output += chunk));
  child.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  return child;
}

async function waitUntilReady(port, child, seconds = 60) {
  for (let i = 0; i < seconds * 5; i++) {
    if (child && child.exitCode !== null) throw new Error(`${child.name} exited:\n${child.output}`);
    if ((await probe(port, '/readyz')) === 200) return;
    await sleep(200);
  }
  throw new Error(`port ${port} did not become ready${child ? `:\n${child.output}` : ''}`);
}

/** A browser-like client: keeps its session cookie, sends JSON. `base` may be changed to go elsewhere. */
function client(port) {
  let cookie = '';
  const self = {
    port,
    async call(method, url, body, headers = {}) {
      const response = await fetch(`http://127.0.0.1:${self.port}${url}`, {
        method,
        headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(cookie ? { Cookie: cookie } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
      });
      const setCookie = response.headers.get('set-cookie');
      if (setCookie) cookie = setCookie.split(';')[0];
      const text = await response.text();
      let json;
      try {
        json = JSON.parse(text);
      } catch {}
      return { status: response.status, body: json, text, headers: response.headers };
    },
    cookie: () => cookie,
    useCookie: (value) => (cookie = value),
  };
  return self;
}

async function expectStatus(promise, status, what) {
  const response = await promise;
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status} ${response.text.slice(0, 300)}`);
  return response;
}

let identities = 0;
const identity = (prefix) => {
  const suffix = `${Date.now().toString(36)}${(identities++).toString(36)}`;
  return { email: `${prefix}-${suffix}@example.org`, displayName: `${prefix} ${suffix}`, password: 'reliable-under-fault-2026' };
};

// ---------------------------------------------------------------------------------------------------------

const clusterPort = await freePort();
const cluster = startCluster(clusterPort);
const children = [];
let proxy;
const figures = {};
try {
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query('CREATE DATABASE steadfast');
  await admin.end();
  const databaseUrl = cluster.url('steadfast');
  const sessionSecret = randomBytes(32).toString('hex');

  const ports = [await freePort(), await freePort()];
  const servers = ports.map((port, index) => startServer(`server ${'AB'[index]}`, port, databaseUrl, sessionSecret));
  children.push(...servers);
  // Both start at once on an empty database, as a deployment's instances do: one applies the migrations.
  await waitUntilReady(ports[0], servers[0]);
  await waitUntilReady(ports[1], servers[1]);
  proxy = await startProxy(ports);

  // --- 1. Two servers, one database ----------------------------------------------------------------------
  console.log('\n# Two servers, one database');
  const moderator = client(ports[0]);
  const moderatorIdentity = identity('moderator');
  const registered = await expectStatus(moderator.call('POST', '/api/register', moderatorIdentity), 201, 'sign-up on server A');
  moderator.port = ports[1];
  const me = await moderator.call('GET', '/api/user');
  check(me.status === 200 && me.body?.id === registered.body.id, 'a session opened on server A works on server B');
  const community = await expectStatus(
    moderator.call('POST', '/api/communities', { name: 'Reliability Fellowship', description: 'Under fault', timeZone: 'UTC' }),
    201,
    'create a community on server B',
  );
  const communityId = community.body.id;

  const applicant = identity('applicant');
  await expectStatus(client(ports[0]).call('POST', '/api/member-applications', { name: applicant.displayName, email: applicant.email, communityId }), 201, 'apply on server A');
  const polled = await moderator.call('GET', '/api/notifications');
  check(
    polled.status === 200 && polled.body.some((notification) => notification.message.includes(applicant.displayName)),
    'a notification written through server A is polled through server B',
    polled.text.slice(0, 300),
  );

  const wrongLogin = (port) => client(port).call('POST', '/api/login', { username: moderatorIdentity.email, password: 'not-the-password-at-all' });
  const counted = [];
  for (let attempt = 0; attempt < LOGIN_FAILURES_ALLOWED; attempt++) counted.push((await wrongLogin(ports[attempt % 2])).status);
  const limited = await wrongLogin(ports[LOGIN_FAILURES_ALLOWED % 2]);
  check(
    counted.every((status) => status === 401) && limited.status === 429,
    `failed sign-ins count across both servers: ${LOGIN_FAILURES_ALLOWED} refused alternately on A and B, then 429`,
    `statuses ${counted.join(', ')} then ${limited.status}`,
  );
  servers[0].kill('SIGTERM');
  check((await servers[0].exited) === 0, 'server A stops cleanly on SIGTERM');
  servers[0] = startServer('server A (restarted)', ports[0], databaseUrl, sessionSecret);
  children.push(servers[0]);
  await waitUntilReady(ports[0], servers[0]);
  check((await wrongLogin(ports[0])).status === 429, 'the count survives a restart: server A still answers 429');

  // Members, one per worker, each signed in through the proxy.
  const invite = await expectStatus(moderator.call('POST', `/api/communities/${communityId}/invite-codes`), 201, 'invitation code');
  const members = [];
  for (let i = 0; i < WORKERS; i++) {
    const member = client(proxy.port);
    const registeredMember = await expectStatus(member.call('POST', '/api/register', identity('member')), 201, 'member sign-up');
    await expectStatus(member.call('POST', '/api/communities/join', { inviteCode: invite.body.inviteCode }), 200, 'join');
    members.push({ client: member, userId: registeredMember.body.id, next: 0 });
  }

  // --- the load: check-ins through the proxy, each on a cell no other check-in touches --------------------
  const ledger = [];
  const load = { running: false, acknowledged: 0, unavailable: 0, failed: [], lastOk: 0, byPhase: {} };
  let phase = 'before';
  const cellOf = (index) => {
    const perYear = 12 * 28 * DISCIPLINES.length;
    const year = 2025 - Math.floor(index / perYear);
    const within = index % perYear;
    return { year, month: 1 + Math.floor(within / (28 * DISCIPLINES.length)), day: 1 + Math.floor((within / DISCIPLINES.length) % 28), key: DISCIPLINES[within % DISCIPLINES.length] };
  };
  const tally = (outcome) => {
    load.byPhase[phase] ??= { ok: 0, unavailable: 0, failed: 0 };
    load.byPhase[phase][outcome]++;
  };
  const worker = async (member) => {
    while (load.running) {
      const cell = cellOf(member.next++);
      const status = cell.day % 3 === 0 ? 'Partially' : 'Yes';
      let response;
      try {
        response = await member.client.call('POST', `/api/communities/${communityId}/daily-log`, {
          communityId,
          year: cell.year,
          month: cell.month,
          entries: {},
          dayStatus: { [cell.key]: { [String(cell.day)]: status } },
        });
      } catch (error) {
        load.failed.push(`${phase}: network ${error.cause?.code ?? error.message}`);
        tally('failed');
        continue;
      }
      if (response.status === 200) {
        ledger.push({ userId: member.userId, ...cell, status });
        load.acknowledged++;
        load.lastOk = Date.now();
        tally('ok');
      } else if (response.status === 503 && response.body?.code === 'database_unavailable' && response.body.message) {
        load.unavailable++;
        tally('unavailable');
        await sleep(50); // A client waits before trying again (the answer says Retry-After).
      } else {
        load.failed.push(`${phase}: ${response.status} ${response.text.slice(0, 200)}`);
        tally('failed');
      }
    }
  };
  const startLoad = () => {
    load.running = true;
    return Promise.all(members.map(worker));
  };

  // --- 2. Database stopped under load ----------------------------------------------------------------------
  console.log('\n# Postgres stopped under load and started again');
  const loadDone = startLoad();
  await sleep(3_000);
  phase = 'database away';
  const stoppedAt = Date.now();
  await cluster.stop('immediate');
  await sleep(DOWN_SECONDS * 1_000);
  const readinessWhileAway = await Promise.all(ports.map((port) => probe(port, '/readyz')));
  const healthWhileAway = await Promise.all(ports.map((port) => probe(port, '/healthz')));
  phase = 'database back';
  // Measured from the moment Postgres is told to start: the load goes on while it starts up.
  const startedAt = Date.now();
  await cluster.start();
  while (load.lastOk < startedAt && Date.now() - startedAt < 60_000) await sleep(20);
  const recoveredAfterMs = load.lastOk >= startedAt ? load.lastOk - startedAt : null;
  await sleep(3_000);

  check(load.byPhase['database away']?.unavailable > 0, 'while the database is away, check-ins are answered 503 with a message', JSON.stringify(load.byPhase));
  check(readinessWhileAway.every((status) => status === 503), 'while the database is away, /readyz answers 503 on both servers', readinessWhileAway.join(', '));
  check(healthWhileAway.every((status) => status === 200), 'while the database is away, /healthz still answers 200 on both servers', healthWhileAway.join(', '));
  check(servers.every((server) => server.exitCode === null), 'no server exited while the database was away', servers.map((server) => server.output).join('\n').slice(-2000));
  check(recoveredAfterMs !== null, `both servers recover by themselves: the first check-in succeeded ${recoveredAfterMs} ms after Postgres was told to start`);
  const readinessAfter = await Promise.all(ports.map((port) => probe(port, '/readyz')));
  check(readinessAfter.every((status) => status === 200), '/readyz answers 200 again on both servers', readinessAfter.join(', '));
  figures.databaseAway = { seconds: Math.round((startedAt - stoppedAt) / 100) / 10, recoveredAfterMs, ...load.byPhase };

  // --- 3. SIGTERM under load --------------------------------------------------------------------------------
  console.log('\n# SIGTERM under load');
  phase = 'server A stopping';
  const answeredBeforeSignal = proxy.stats.answeredBy[ports[0]];
  servers[0].kill('SIGTERM');
  const exitCode = await servers[0].exited;
  const answeredWhileStopping = proxy.stats.answeredBy[ports[0]] - answeredBeforeSignal;
  phase = 'after server A stopped';
  await sleep(2_000);
  load.running = false;
  await loadDone;
  check(exitCode === 0, 'server A drains and exits 0 on SIGTERM under load', `exit ${exitCode}: ${servers[0].output.slice(-1500)}`);
  const stopFailures = load.failed.filter((failure) => /server A|after server A/.test(failure));
  check(stopFailures.length === 0 && proxy.stats.failed === 0, 'no request failed while server A stopped under load', stopFailures.slice(0, 5).join('\n     '));
  figures.sigterm = { answeredByStoppingServer: answeredWhileStopping, ...load.byPhase['server A stopping'], after: load.byPhase['after server A stopped'] };

  check(load.failed.length === 0, 'no check-in got anything but 200 or 503 with a message', load.failed.slice(0, 10).join('\n     '));

  // --- the ledger: every check-in answered 200 is in the database --------------------------------------------
  console.log('\n# Ledger');
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  const { rows } = await database.query('SELECT user_id, year, month, day_status FROM daily_logs WHERE community_id = $1', [communityId]);
  await database.end();
  const stored = new Map(rows.map((row) => [`${row.user_id}/${row.year}/${row.month}`, row.day_status]));
  const lost = ledger.filter((entry) => stored.get(`${entry.userId}/${entry.year}/${entry.month}`)?.[entry.key]?.[String(entry.day)] !== entry.status);
  check(ledger.length > 0 && lost.length === 0, `every check-in answered 200 is in the database: ${ledger.length} acknowledged, ${ledger.length - lost.length} found`, JSON.stringify(lost.slice(0, 5)));
  figures.ledger = { acknowledged: ledger.length, found: ledger.length - lost.length, answered503: load.unavailable, failed: load.failed.length };
} catch (error) {
  failures++;
  console.log(`FAIL ${error.stack ?? error}${error.cause ? `\n     cause: ${error.cause.stack ?? error.cause}` : ''}`);
  for (const child of children) {
    if (child.exitCode !== null) console.log(`     ${child.name} exited ${child.exitCode}:\n${child.output.slice(-3000)}`);
  }
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await proxy?.close();
  cluster.destroy();
}

console.log(`\nfigures: ${JSON.stringify(figures, null, 2)}`);
fs.mkdirSync(path.join(root, 'reliability-results'), { recursive: true });
fs.writeFileSync(path.join(root, 'reliability-results/latest.json'), `${JSON.stringify({ at: new Date().toISOString(), passes, failures, figures }, null, 2)}\n`);
console.log(`\n${passes} passed, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
