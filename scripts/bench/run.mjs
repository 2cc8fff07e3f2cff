// Load benchmark of the built server (run `npm run build` first): `node scripts/bench.mjs [--postgres]`.
// Starts the server on a fresh database, prepares one community with members, then measures the calls a
// member makes most (read a month, save a day) and the admin Overview's stats, with concurrent clients
// on loopback. Prints requests/s, latency percentiles and the server's resident memory. Bounded in time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const usePostgres = process.argv.includes('--postgres');
const port = 5600 + Math.floor(Math.random() * 300);
const base = `http://127.0.0.1:${port}`;
const CONCURRENCY = 16;
const SECONDS = 8;

let dataDir;
let databaseName;
const env = { ...process.env, NODE_ENV: 'production', PORT: String(port), LOG_LEVEL: 'silent', RATE_LIMIT_REGISTER_PER_IP: '100000' };
if (usePostgres) {
  databaseName = `steadfast_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${databaseName}"`);
  await admin.end();
  Object.assign(env, { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${databaseName}`, SESSION_SECRET: 'bench-secret-long-enough-to-sign-cookies' });
} else {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-bench-'));
  Object.assign(env, { DATA_DIR: dataDir, DATABASE_URL: '' });
}

const server = spawn(process.execPath, ['dist/server/index.js'], { cwd: root, env, stdio: 'inherit' });
const rssMiB = () => Number(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;

async function call(method, url, cookie, body) {
  const response = await fetch(base + url, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (response.status >= 400) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

async function signUp(name) {
  const response = await call('POST', '/api/register', null, { email: `${name}@bench.example.org`, displayName: name, password: 'bench-password-2026' });
  return { cookie: response.headers.get('set-cookie').split(';')[0], user: await response.json() };
}

async function measure(label, makeRequest) {
  const latencies = [];
  const deadline = Date.now() + SECONDS * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = 0; Date.now() < deadline; i++) {
        const started = performance.now();
        try {
          await makeRequest(worker, i);
        } catch {
          errors++;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  console.log(`${label.padEnd(34)} ${(latencies.length / SECONDS).toFixed(0).padStart(6)} req/s   p50 ${at(0.5)} ms   p95 ${at(0.95)} ms   p99 ${at(0.99)} ms   errors ${errors}   rss ${rssMiB().toFixed(0)} MiB`);
}

try {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${base}/api/user`);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  console.log(`# ${usePostgres ? 'Postgres' : 'embedded PGlite'}, ${CONCURRENCY} concurrent clients, ${SECONDS} s per call; idle rss ${rssMiB().toFixed(0)} MiB`);
  const owner = await signUp(`bench-owner-${process.pid}`);
  const community = await (await call('POST', '/api/communities', owner.cookie, { name: 'Bench Chapel' })).json();
  const { inviteCode } = await (await call('POST', `/api/communities/${community.id}/invite-codes`, owner.cookie)).json();
  const subgroupSize = 30;
  const members = [];
  for (let i = 0; i < subgroupSize; i++) {
    const member = await signUp(`bench-member-${process.pid}-${i}`);
    await call('POST', '/api/communities/join', member.cookie, { inviteCode });
    members.push(member);
  }
  const today = new Date();
  const month = today.getUTCMonth() + 1;
  const year = today.getUTCFullYear();
  const day = today.getUTCDate();
  for (const member of members) {
    const dayStatus = Object.fromEntries(['bibleReading', 'fasting', 'meditation'].map((key) => [key, Object.fromEntries(Array.from({ length: day }, (_, d) => [String(d + 1), d % 4 ? 'Yes' : 'Partially']))]));
    await call('POST', `/api/communities/${community.id}/daily-log`, member.cookie, { month, year, dayStatus });
  }

  await measure('GET /api/user', (worker) => call('GET', '/api/user', members[worker % members.length].cookie));
  await measure('GET daily-log (a month)', (worker) => call('GET', `/api/communities/${community.id}/daily-log?month=${month}&year=${year}`, members[worker % members.length].cookie));
  await measure('POST daily-log (one cell)', (worker, i) =>
    call('POST', `/api/communities/${community.id}/daily-log`, members[worker % members.length].cookie, {
      month,
      year,
      dayStatus: { midnightPrayer: { [String((i % day) + 1)]: i % 2 ? 'Yes' : 'No' } },
    }),
  );
  await measure(`GET stats (${subgroupSize + 1} members)`, () => call('GET', `/api/communities/${community.id}/stats`, owner.cookie));
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseName) {
    const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await admin.end();
  }
}
