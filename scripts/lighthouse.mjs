// Lighthouse budgets of the built app (run `npm run build` first), on a phone: Lighthouse's default
// mobile preset (a mid-range phone's screen, 4x slower CPU and a slow 4G network, simulated).
//
//   node scripts/lighthouse.mjs         npm run lighthouse
//
// Starts `node dist/server/index.js` in production mode on a fresh embedded database, signs a member up
// through the API (a community of their own, a few days logged), then audits
//   /auth   signed out: accessibility 100, performance >= 70 (its target of 95 reported)
//   /       the member's dashboard, with the session cookie: accessibility 100 (performance: a target of 90, reported)
// in Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Each page is audited RUNS times
// (default 5) and judged on the median of each score: one run on a busy two-core machine can be slow
// (or lucky) on its own, and the median is neither. Prints every run's four scores, and for a score
// under budget what costs it. Exits non-zero when a median is under budget.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from './lib/free-port.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Five: the median of three moved by 3 points between runs of one build on this shared machine (87-92 each).
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const ALL_PAGES = [
  // /auth's performance is enforced at a floor and reported against its target: the same build measured 99 on
  // the machines of 2026-11-20..27 and medians of 81-92 on the AMD EPYC one of 2026-11-28 (runs 79-93, Total
  // Blocking Time 240-670 ms, slower as the day went on; npm test 1.4 times as long as before), though
  // Lighthouse's own CPU benchmark (benchmarkIndex 1266-1924) rated it a fast desktop, so calibrating the 4x
  // slowdown by that benchmark would not correct for it. The floor still fails a sign-in page that ships the
  // signed-in app (the dashboard measures 46-61 there); what the page ships is held by the bundle budget
  // (scripts/bundle-budget.mjs), which no machine moves.
  { name: '/auth (signed out)', path: '/auth', signedIn: false, budgets: { performance: 70, accessibility: 100 }, targets: { performance: 95 } },
  // The dashboard's performance is a target, reported but not enforced: the same build measures 91-94 on the
  // Intel machines of this workplace and 78-87 on the AMD EPYC ones (the landed main of 2026-11-25 gave 78 there),
  // and CI runs on whichever the session had. On the AMD EPYC machine of 2026-11-29, after issue 40's changes to the
  // first paint, five idle runs gave 86-94 (median 92): a budget of 90 would fail about one CI run in five. The same
  // build on a fresh machine of that kind hours later (Chromium 156): 46-68, Total Blocking Time 0.9-4 s.
  { name: '/ (dashboard, signed in)', path: '/', signedIn: true, budgets: { accessibility: 100 }, targets: { performance: 90 } },
];
// LIGHTHOUSE_PAGES=/auth audits only the pages named (comma-separated paths); LIGHTHOUSE_REPORTS=<dir> keeps each run's JSON report.
const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((item) => item.trim());
const PAGES = only ? ALL_PAGES.filter((page) => only.includes(page.path)) : ALL_PAGES;
const REPORTS = process.env.LIGHTHOUSE_REPORTS;

for (const file of ['dist/server/index.js', 'dist/client/index.html']) {
  if (!fs.existsSync(path.join(root, file))) {
    console.error(`lighthouse: ${file} is missing; run "npm run build" first.`);
    process.exit(2);
  }
}
if (!fs.existsSync(CHROMIUM)) {
  console.error(`lighthouse: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
  process.exit(2);
}

function startServer(port, dataDir) {
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.output = '';
  child.stdout.on('data', (chunk) => (child.output += chunk));
  child.stderr.on('data', (chunk) => (child.output += chunk));
  child.exited = new Promise((resolve) => child.on('exit', resolve));
  return child;
}

async function waitUntilUp(base, child) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${child.output}`);
    try {
      if ((await fetch(`${base}/api/user`)).status === 401) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not start:\n${child.output}`);
}

/** A member with a community of their own and a few days logged; returns the session cookie. */
async function seedMember(base) {
  const call = async (method, url, { cookie, community, body } = {}) => {
    const headers = { 'Content-Type': 'application/json' };
    if (cookie) headers.Cookie = cookie;
    if (community) headers['X-Community-Id'] = community;
    const response = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  const register = await call('POST', '/api/register', {
    body: { email: 'lighthouse@example.org', displayName: 'Ruth Lighthouse', password: 'walking-in-faith-2026' },
  });
  const cookie = register.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('POST /api/register set no session cookie');
  const community = await (await call('POST', '/api/communities', { cookie, body: { name: 'Lighthouse Chapel', description: 'Audited on a phone' } })).json();
  const templates = await (await call('GET', `/api/communities/${community.id}/discipline-templates`, { cookie, community: community.id })).json();
  const keys = (Array.isArray(templates) ? templates : (templates.templates ?? templates.disciplines ?? []))
    .map((template) => template.key ?? template.disciplineKey ?? template.id)
    .filter(Boolean)
    .slice(0, 3);
  const today = new Date();
  const days = Array.from({ length: Math.min(5, today.getDate()) }, (_, index) => String(today.getDate() - index));
  if (keys.length > 0) {
    const statuses = ['Yes', 'Partially', 'Yes', 'No', 'Yes'];
    const dayStatus = Object.fromEntries(keys.map((key) => [key, Object.fromEntries(days.map((day, index) => [day, statuses[index % statuses.length]]))]));
    await call('POST', `/api/communities/${community.id}/daily-log`, {
      cookie,
      community: community.id,
      body: { month: today.getMonth() + 1, year: today.getFullYear(), dayStatus },
    });
  } else {
    console.log('lighthouse: the community has no disciplines to log; auditing the dashboard without logged days');
  }
  return cookie;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};
const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** What costs a category its points: weighted audits first (the performance metrics), then the rest. */
function explain(lhr, category) {
  const lines = [];
  const refs = lhr.categories[category].auditRefs;
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9 || audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'informative') continue;
    if (category !== 'performance' && audit.score === 1) continue;
    const value = audit.displayValue ? ` (${audit.displayValue})` : '';
    lines.push({ weight: ref.weight, text: `${ref.weight > 0 ? `weight ${ref.weight}, ` : ''}score ${Math.round(audit.score * 100)}: ${audit.title}${value}` });
    if (category === 'accessibility') {
      for (const item of audit.details?.items?.slice(0, 3) ?? []) lines.push({ weight: ref.weight, text: `    ${item.node?.snippet ?? ''} ${item.node?.explanation?.split('\n')[1] ?? ''}` });
    }
  }
  if (category === 'performance') {
    for (const id of ['largest-contentful-paint-element', 'render-blocking-resources', 'critical-request-chains', 'bootup-time', 'network-requests']) {
      const audit = lhr.audits[id];
      if (!audit) continue;
      if (id === 'network-requests') {
        const requests = audit.details?.items ?? [];
        lines.push({ weight: -1, text: `${requests.length} requests, the last ending at ${Math.round(Math.max(0, ...requests.map((item) => item.networkEndTime ?? 0)))} ms (unthrottled)` });
      } else if (audit.displayValue) lines.push({ weight: -1, text: `${audit.title}: ${audit.displayValue}` });
    }
  }
  return lines.sort((a, b) => b.weight - a.weight).map((line) => `    - ${line.text}`);
}

async function audit(url, extraHeaders) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-lighthouse-chrome-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    userDataDir,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      extraHeaders,
      disableFullPageScreenshot: true,
    });
    if (!result?.lhr) throw new Error(`Lighthouse returned no report for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    await chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

/**
 * A run that fails outright (Chromium crashed, a timeout on a busy machine, a trace recorded without its navigation:
 * NO_NAVSTART, twice in a row in one CI run) is tried again, up to three attempts: a failed run measures nothing.
 */
async function auditWithRetries(url, headers, name) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, headers);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`${name} failed (${error.message}); trying again`);
    }
  }
}

const started = Date.now();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-lighthouse-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = startServer(port, dataDir);
let failed = false;
try {
  await waitUntilUp(base, server);
  const cookie = await seedMember(base);
  console.log(`Lighthouse ${RUNS} run(s) per page, mobile preset, on ${base} (built app, fresh embedded database); judged on the median\n`);

  for (const page of PAGES) {
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      const headers = page.signedIn ? { Cookie: cookie } : undefined;
      const lhr = await auditWithRetries(`${base}${page.path}`, headers, `${page.name} run ${run}`);
      if (page.signedIn && new URL(lhr.finalDisplayedUrl).pathname !== page.path) {
        throw new Error(`${page.name}: the signed-in page ended at ${lhr.finalDisplayedUrl}, not ${page.path}`);
      }
      runs.push(lhr);
      if (REPORTS) {
        fs.mkdirSync(REPORTS, { recursive: true });
        fs.writeFileSync(path.join(REPORTS, `${page.path === '/' ? 'dashboard' : page.path.replace(/\W+/g, '')}-${run}.json`), JSON.stringify(lhr));
      }
      const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
        .map((id) => `${id.split('-').map((word) => word[0].toUpperCase()).join('')} ${lhr.audits[id]?.displayValue ?? '?'}`)
        .join(', ');
      console.log(`${page.name} run ${run}: ${CATEGORIES.map((category) => `${category} ${score(lhr, category)}`).join(', ')}  [${metrics}]`);
    }
    const medians = Object.fromEntries(CATEGORIES.map((category) => [category, median(runs.map((lhr) => score(lhr, category)))]));
    console.log(`${page.name} median: ${CATEGORIES.map((category) => `${category} ${medians[category]}`).join(', ')}`);
    for (const [category, minimum] of Object.entries(page.budgets)) {
      if (medians[category] >= minimum) {
        console.log(`  ok   ${category} ${medians[category]} >= ${minimum}`);
        continue;
      }
      failed = true;
      console.log(`  FAIL ${category} ${medians[category]} < ${minimum}; in the median run:`);
      const medianRun = runs.find((lhr) => score(lhr, category) === medians[category]);
      for (const line of explain(medianRun, category)) console.log(line);
    }
    for (const [category, target] of Object.entries(page.targets ?? {})) {
      console.log(`  ${medians[category] >= target ? 'ok  ' : 'below'} ${category} ${medians[category]} against a target of ${target} (reported, not enforced)`);
    }
    console.log('');
  }
} catch (error) {
  failed = true;
  console.error(`lighthouse: ${error.stack ?? error}`);
} finally {
  server.kill('SIGTERM');
  await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`lighthouse: ${failed ? 'FAILED' : 'ok'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed ? 1 : 0);
