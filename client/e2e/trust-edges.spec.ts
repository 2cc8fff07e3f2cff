import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import { call, newIdentity, PASSWORD } from './fixtures';
import { ALL_SIZES, type AnySize, checkScreen, openPage, test } from './screens-kit';

/*
 * Issue 38 on screen: the devices that receive an account's pushes (with Remove) and "Sign out everywhere" on
 * Profile, and a signed-in member whose server stops: the last screens with a "can't reach Steadfast" notice
 * instead of the sign-in form, refreshed by themselves once the server is back. At 390, 820 and 1280 px, axe clean.
 */

const root = path.resolve(import.meta.dirname, '../..');
const SIZES_TO_CHECK: AnySize[] = ['desktop', 'tablet', 'phone'];

/** A browser's subscription to a push service on an allowed host (no push service is reachable here). */
const subscription = (name: string) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${name}-${Math.random().toString(36).slice(2)}`, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } });

test('Profile lists the devices receiving push, removes one, and signs out everywhere', async ({ browser }) => {
  test.setTimeout(180_000);
  const identity = newIdentity('Devices');
  const phone = await browser.newContext({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36' });
  await call(phone.request, 'post', '/api/register', identity);
  await call(phone.request, 'post', '/api/communities', { name: 'Devices Fellowship' });
  await call(phone.request, 'post', '/api/push/subscriptions', subscription('phone'));
  const laptop = await browser.newContext({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0' });
  await call(laptop.request, 'post', '/api/login', { username: identity.email, password: PASSWORD });
  await call(laptop.request, 'post', '/api/push/subscriptions', subscription('laptop'));
  const state = await phone.storageState();

  for (const size of SIZES_TO_CHECK) {
    const page = await openPage(browser, size, state);
    await page.goto('/profile');
    const devices = page.locator('section', { has: page.getByRole('heading', { name: 'Devices receiving push' }) });
    await expect(devices.getByText('Chrome on Android')).toBeVisible();
    await expect(devices.getByText('Edge on Windows')).toBeVisible();
    await expect(devices.getByText('This device')).toHaveCount(1);
    await checkScreen(page, 'profile-devices', size);
    await page.context().close();
  }

  const page = await openPage(browser, 'phone', state);
  await page.goto('/profile');
  const devices = page.locator('section', { has: page.getByRole('heading', { name: 'Devices receiving push' }) });
  await devices.getByRole('button', { name: /^Remove Edge on Windows/ }).click();
  await expect(page.getByText('Device removed')).toBeVisible();
  await expect(devices.getByText('Edge on Windows')).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
  await expect(confirm).toBeVisible();
  await checkScreen(page, 'sign-out-everywhere-confirm', 'phone');
  await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  // Every session ended: the laptop's too.
  expect((await laptop.request.get('/api/user')).status()).toBe(401);
  await page.context().close();
  await phone.close();
  await laptop.close();
});

// ---------------------------------------------------------------------------------------------------------
// A server of this test's own, so it can be stopped and started again (the suite's shared server cannot).

const ownPort = Number(process.env.E2E_PORT ?? 5055) + 10;
const ownOrigin = `http://127.0.0.1:${ownPort}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-unreachable-'));
let server: ChildProcess | undefined;

async function startOwnServer() {
  server = spawn('node', ['dist/server/index.js'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', PORT: String(ownPort), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', PUBLIC_URL: ownOrigin, SMTP_URL: '' },
  });
  await expect.poll(async () => (await fetch(`${ownOrigin}/healthz`).catch(() => undefined))?.status ?? 0, { timeout: 60_000 }).toBe(200);
}

async function stopOwnServer() {
  const stopping = server;
  server = undefined;
  if (!stopping || stopping.exitCode !== null) return;
  const exited = new Promise((resolve) => stopping.once('exit', resolve));
  stopping.kill('SIGTERM');
  await exited;
}

test.afterAll(async () => {
  await stopOwnServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A page whose service worker runs, on the test's own server (the worker serves the app's shell when the server is away). */
async function pageOnOwnServer(browser: Browser, size: AnySize): Promise<Page> {
  const context = await browser.newContext({ ...ALL_SIZES[size], baseURL: ownOrigin, serviceWorkers: 'allow', reducedMotion: 'reduce' });
  return context.newPage();
}

/** Waits until the app has kept its copy of what it shows (IndexedDB, a second after the screen settles). */
async function keptCopySaved(page: Page, displayName: string) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const open = indexedDB.open('steadfast-cache');
            // Looking must not create it: an empty database made here has no 'queries' store, and the app's
            // idb-keyval creates its store only when it creates the database, so every later save would fail.
            open.onupgradeneeded = () => open.transaction?.abort();
            open.onerror = () => resolve('');
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('queries')) return resolve('');
              const read = db.transaction('queries').objectStore('queries').get('queries');
              read.onsuccess = () => resolve(JSON.stringify(read.result ?? ''));
              read.onerror = () => resolve('');
            };
          }),
      ),
    )
    .toContain(displayName);
}

test('a signed-in member whose server stops sees the last dashboard and a notice, and it refreshes by itself once the server is back', async ({ browser }) => {
  test.setTimeout(240_000);
  await startOwnServer();
  const identity = newIdentity('Unreachable');
  const page = await pageOnOwnServer(browser, 'desktop');
  await call(page.request, 'post', '/api/register', identity);
  await call(page.request, 'post', '/api/communities', { name: 'Quiet Harbour Fellowship' });
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Quiet Harbour Fellowship').first()).toBeVisible();
  await keptCopySaved(page, identity.displayName);

  await stopOwnServer();
  for (const size of SIZES_TO_CHECK) {
    await page.setViewportSize(ALL_SIZES[size].viewport);
    await page.reload();
    await expect(page.getByText('Can’t reach Steadfast right now.', { exact: false })).toBeVisible();
    // The last data, not the sign-in form.
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText(`Welcome, ${identity.displayName.split(' ')[0]}`, { exact: false })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveCount(0);
    await checkScreen(page, 'server-unreachable', size);
  }

  // Back: the next try (2 s, doubling to 30 s) finds it, and the notice goes without a reload.
  await startOwnServer();
  await expect(page.getByText('Can’t reach Steadfast right now.', { exact: false })).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  await page.context().close();
});
