// npm run bench: the congregation-scale benchmark of the built server (npm run build first).
//
// Seeds a community of 2,000 members with 12 months of logs (written in bulk without their summaries, which the
// server's start writes, as after an import or an upgrade), questions, meetings and notifications, in each of two
// layouts (scripts/bench/seed-large.ts): a first subgroup of 60 while the others have none yet, and 40 subgroups
// of 50. For each it starts the built server on a fresh database, and drives
// each hot call with 50 connections from a second process (scripts/bench/drive.mjs, autocannon) beside
// the ceiling: GET /api/user, the cheapest session-authenticated call, measured right before each of them
// (the machines are shared and their speed drifts), alternating in BENCH_ROUNDS rounds (3) of BENCH_SECONDS / 3
// each. Prints the medians of the rounds (req/s, p50, p99, and the share of the ceiling with its range),
// checks issue 40's budgets, and writes both tables to bench-results/latest.md.
//
// The database: BENCH_DATABASE_URL (an empty database), else a fresh database on the local Postgres at
// 127.0.0.1:5432 (dropped afterwards), else, with --embedded, the embedded database in a temporary folder.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');
const embedded = process.argv.includes('--embedded');
// `npm run bench -- --members 20000`: a diocese's size instead of 2,000 (BENCH_MEMBERS does the same).
const membersFlag = process.argv.indexOf('--members');
if (membersFlag !== -1) {
  const members = Number(process.argv[membersFlag + 1]);
  if (!Number.isInteger(members) || members < 100) {
    console.error('--members takes a whole number of at least 100');
    process.exit(2);
  }
  process.env.BENCH_MEMBERS = String(members);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const port = 5600 + Math.floor(Math.random() * 300);
const base = `http://127.0.0.1:${port}`;
const sessionSecret = randomBytes(32).toString('hex');

/** Issue 25's budgets: least share of the ceiling's throughput; every call's p99 under 4 times the ceiling's. */
const BUDGETS = { poll: 0.9, dailyLog: 0.6, save: 0.4, dashboard: 0.5, streaks: 0.5, stats: 0.5, memberStats: 0.5, reports: 0.3, membersPage: 0.6 };
const P99_FACTOR = 4;

if (!fs.existsSync(path.join(root, 'dist/server/index.js'))) {
  console.error('Build first: npm run build');
  process.exit(2);
}

// Both layouts (scripts/bench/seed-large.ts), each on a fresh database in a run of its own, unless BENCH_LAYOUT
// names one; bench-results/latest.md holds both tables.
const LAYOUTS = ['first-subgroup', 'subgroups'];
if (!process.env.BENCH_LAYOUT) {
  let failed = false;
  const tables = [];
  for (const layout of LAYOUTS) {
    console.log(`\n== Layout: ${layout} ==`);
    const run = spawnSync(process.execPath, [import.meta.filename, ...process.argv.slice(2)], { cwd: root, env: { ...process.env, BENCH_LAYOUT: layout }, stdio: 'inherit' });
    if (run.status !== 0) failed = true;
    const table = path.join(root, `bench-results/${layout}.md`);
    if (fs.existsSync(table)) tables.push(fs.readFileSync(table, 'utf8'));
  }
  fs.writeFileSync(path.join(root, 'bench-results/latest.md'), tables.join('\n'));
  process.exit(failed ? 1 : 0);
}
const LAYOUT = process.env.BENCH_LAYOUT;

let databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
let dropDatabase = null;
let dataDir = null;
if (embedded) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-bench-'));
} else if (!databaseUrl) {
  const name = `steadfast_bench_${process.pid}`;
  const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect().catch((error) => {
    console.error(`No Postgres at ${adminUrl} (${error.message}). Set BENCH_DATABASE_URL, or run with --embedded.`);
    process.exit(2);
  });
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  dropDatabase = async () => {
    const again = new pg.Client({ connectionString: adminUrl });
    await again.connect();
    await again.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await again.end();
  };
}
const databaseEnv = dataDir ? { DATA_DIR: dataDir, DATABASE_URL: '' } : { DATABASE_URL: databaseUrl };

/** Sent as X-Community-Id with every call (the routes that name no community read it). */
let benchCommunityId = '';
let server;
try {
  // The seeding process opens the database like the server does, applying the migrations first.
  console.log(`Seeding ${process.env.BENCH_MEMBERS ?? 2000} members (${LAYOUT})…`);
  const seeding = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/bench/seed-large.ts'], {
    cwd: root,
    env: { ...process.env, ...databaseEnv, SESSION_SECRET: sessionSecret },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (seeding.status !== 0) throw new Error(`seeding failed:\n${seeding.stderr}`);
  const seed = JSON.parse(seeding.stdout);
  console.log(`Seeded in ${seed.seededSeconds} s: ${seed.members} members, ${seed.subgroups} subgroups, ${seed.months} months.`);
  server = await startServer();

  const { communityId, moderator, commander, actingMembers } = seed;
  benchCommunityId = communityId;
  const [year, month, day] = seed.today.split('-').map(Number);
  const member = actingMembers[0];
  const each = (makePath, method = 'GET') => actingMembers.map((account) => ({ method, path: makePath(account), cookie: account.cookie }));
  const pollTag = (await fetch(`${base}/api/notifications`, { headers: { cookie: commander.cookie } })).headers.get('etag');

  const ceilingCall = [{ method: 'GET', path: '/api/user', cookie: member.cookie }];
  const scenarios = [
    ['poll', 'GET /api/notifications (304)', [{ method: 'GET', path: '/api/notifications', cookie: commander.cookie, headers: { 'if-none-match': pollTag } }]],
    ['dailyLog', 'GET daily-log (one month)', each(() => `/api/communities/${communityId}/daily-log?month=${month}&year=${year}`)],
    ['save', 'POST daily-log (one cell, 200 members)', actingMembers.map((account) => ({ method: 'POST', path: `/api/communities/${communityId}/daily-log`, cookie: account.cookie, saveCell: { communityId, year, month, lastDay: day } }))],
    ['dashboard', "GET dashboard (one's own data)", each(() => `/api/communities/${communityId}/dashboard?month=${month}&year=${year}&date=${seed.today}`)],
    ['streaks', 'GET streaks', each(() => `/api/communities/${communityId}/streaks`)],
    ['stats', `GET stats (Avg. Completion, ${seed.members + seed.subgroups + 1} members)`, [{ method: 'GET', path: `/api/communities/${communityId}/stats`, cookie: moderator.cookie }]],
    ['memberStats', `GET member-stats (${seed.commanderLeads} members)`, [{ method: 'GET', path: `/api/commanders/${commander.id}/member-stats?month=${month}&year=${year}`, cookie: commander.cookie }]],
    ['reports', `GET reports (community, ${seed.members + seed.subgroups + 1} members)`, [{ method: 'GET', path: `/api/reports?month=${month}&year=${year}&scope=community`, cookie: moderator.cookie }]],
    ['membersPage', 'GET members?limit=50 (the Members tab)', [{ method: 'GET', path: `/api/communities/${communityId}/members?limit=50`, cookie: moderator.cookie }]],
    // The whole list runs two at a time with eight waiting (the rest get 503 by design): driven with five connections, so even
    // the warm-up's unfinished requests leave room.
    ['members', `GET members (all ${seed.members + seed.subgroups + 1}, 5 connections)`, [{ method: 'GET', path: `/api/communities/${communityId}/members`, cookie: moderator.cookie }], { connections: 5 }],
  ];

  const measure = (label, requests, seconds = SECONDS, connections = CONNECTIONS) => {
    drive({ requests, seconds: 1, connections }); // warm-up
    const result = drive({ requests, seconds, connections });
    const bad = result.statusCounts['4xx'] + result.statusCounts['5xx'] + result.errors + result.timeouts;
    console.log(`${label.padEnd(46)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms`);
    if (bad > 0) throw new Error(`${label}: ${bad} failed requests ${JSON.stringify(result.statusCounts)}`);
    return result;
  };

  // The machine is shared and its speed drifts: each call is measured right after the ceiling, and
  // compared with that measurement of the ceiling.
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${dataDir ? 'embedded PGlite' : 'Postgres'}`;
  const layoutSays = LAYOUT === 'first-subgroup' ? `a first subgroup of ${seed.commanderLeads} while the other members have none` : `${seed.subgroups} subgroups of ${seed.commanderLeads}`;
  const lines = [
    `### ${seed.members} members, ${layoutSays}`,
    '',
    `Run on ${new Date().toISOString().slice(0, 10)}, ${machine}; ${seed.members} members, ${layoutSays}, ${seed.months} months of history written in bulk and summarised by the server's start; ${CONNECTIONS} connections, ${SECONDS} s per call in ${ROUNDS} rounds, each right after the ceiling (GET /api/user); medians of the rounds.`,
    '',
    "| call | req/s | ceiling beside it (req/s, p99) | share of the ceiling (the rounds' range) | p50 | p99 | budget |",
    '|---|---|---|---|---|---|---|',
  ];
  const failures = [];
  // BENCH_ONLY=save,dailyLog measures only those calls (while working on them).
  const only = process.env.BENCH_ONLY?.split(',');
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const [key, label, requests, options] of scenarios.filter(([key]) => !only || only.includes(key))) {
    // The machine's speed drifts within seconds: the ceiling and the call alternate in ROUNDS short runs, and
    // each figure is the median of its rounds (the share: the median of each round's call / ceiling).
    const rounds = Array.from({ length: ROUNDS }, () => {
      const ceiling = measure('  GET /api/user (the ceiling)', ceilingCall, SECONDS / ROUNDS);
      const call = measure(label, requests, SECONDS / ROUNDS, options?.connections);
      return { ceiling, call, share: call.requestsPerSecond / ceiling.requestsPerSecond };
    });
    const ceiling = { requestsPerSecond: median(rounds.map((round) => round.ceiling.requestsPerSecond)), p99: median(rounds.map((round) => round.ceiling.p99)) };
    const [requestsPerSecond, p50, p99] = ['requestsPerSecond', 'p50', 'p99'].map((field) => median(rounds.map((round) => round.call[field])));
    const share = median(rounds.map((round) => round.share));
    const least = BUDGETS[key];
    // The budgets name every hot call but the whole member list (SPEC clients only); it is shown.
    const budgeted = least !== undefined;
    const p99Ok = !budgeted || p99 < P99_FACTOR * ceiling.p99;
    const shareOk = !budgeted || share >= least;
    if (!p99Ok) failures.push(`${label}: p99 ${p99} ms is not under ${P99_FACTOR} × ${ceiling.p99} ms`);
    if (!shareOk) failures.push(`${label}: ${share.toFixed(2)} of the ceiling, budget ${least}`);
    const budget = budgeted ? `≥ ${least}, p99 < ${P99_FACTOR * ceiling.p99} ms ${shareOk && p99Ok ? '✓' : '✗'}` : 'none';
    const spread = `${Math.min(...rounds.map((round) => round.share)).toFixed(2)}-${Math.max(...rounds.map((round) => round.share)).toFixed(2)}`;
    lines.push(`| ${label} | ${requestsPerSecond.toFixed(0)} | ${ceiling.requestsPerSecond.toFixed(0)}, ${ceiling.p99} ms | ${share.toFixed(2)} (${spread}) | ${p50} ms | ${p99} ms | ${budget} |`);
  }
  const table = lines.join('\n');
  console.log(`\n${table}\n`);
  fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  fs.writeFileSync(path.join(root, `bench-results/${LAYOUT}.md`), `${table}\n`);
  if (failures.length > 0) {
    console.error(`Over budget:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('Every call is within its budget.');
  }
} finally {
  // Let the last load's slow answers finish before stopping the server.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  if (server) await stopServer(server);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (dropDatabase) await dropDatabase();
}

function drive({ requests, seconds, connections }) {
  const run = spawnSync(process.execPath, ['scripts/bench/drive.mjs', JSON.stringify({ base, communityId: benchCommunityId, connections, seconds, requests })], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`the load generator failed:\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

async function startServer() {
  // BENCH_SERVER_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server.
  const flags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, 'dist/server/index.js'], {
    cwd: root,
    env: { ...process.env, ...databaseEnv, NODE_ENV: 'production', PORT: String(port), LOG_LEVEL: 'warn', SESSION_SECRET: sessionSecret },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // It summarises the bulk-written year before it listens: at 20,000 members that took over 30 s on a slow machine.
  for (let i = 0; i < 1500; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      await fetch(`${base}/api/user`);
      return child;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error('the server did not start within 5 minutes');
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}
