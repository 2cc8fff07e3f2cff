import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 5055);
/** Google's key endpoint stands in here (google-keys-server.mjs): the app verifies test-signed ID tokens against it. */
export const GOOGLE_KEYS_PORT = port + 1;
export const GOOGLE_PROJECT_ID = 'steadfast-e2e';
/** The app's mail goes to a real SMTP server (mail-catcher.mjs); tests read what arrived over HTTP. */
export const SMTP_PORT = port + 2;
export const MAIL_CATCHER_PORT = port + 3;
/** A second server, of the demo community `npm run seed:demo` makes (demo.spec.ts walks it as README tells it). */
export const DEMO_PORT = port + 4;
// A fresh embedded database for every run; the server below is the built app in production mode.
const dataDir = path.join(root, '.e2e-data');
const demoDataDir = path.join(root, '.e2e-demo-data');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, 'test-results'),
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? 'line' : 'list',
  // A ceiling, not a wait: the first walks of a run (the server cold, four screens checked) took 35 s on the slow
  // machine of 2026-11-28.
  timeout: 60_000,
  // Also a ceiling: a dashboard opening beside a service worker's first precache took over 7 s on that machine.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // The app's service worker would answer pages before page.route() could (it does not see the worker's
    // requests): blocked everywhere but the spec of the worker itself (pwa.spec.ts).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node client/e2e/google-keys-server.mjs',
      cwd: root,
      url: `http://127.0.0.1:${GOOGLE_KEYS_PORT}/jwks.json`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { PORT: String(GOOGLE_KEYS_PORT) },
    },
    {
      command: 'node client/e2e/mail-catcher.mjs',
      cwd: root,
      url: `http://127.0.0.1:${MAIL_CATCHER_PORT}/messages`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { PORT: String(MAIL_CATCHER_PORT), SMTP_PORT: String(SMTP_PORT) },
    },
    {
      command: `rm -rf "${dataDir}" && node dist/server/index.js`,
      cwd: root,
      url: `http://127.0.0.1:${port}/api/user`,
      // Ready once /api/user answers (401 signed out counts: Playwright accepts 2xx, 3xx and 400-403).
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        FIREBASE_PROJECT_ID: GOOGLE_PROJECT_ID,
        FIREBASE_JWKS_URL: `http://127.0.0.1:${GOOGLE_KEYS_PORT}/jwks.json`,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // Every spec signs people up from this one address: more than the 50 an hour a church's Wi-Fi gets.
        RATE_LIMIT_REGISTER_PER_IP: '1000',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
    },
    {
      // Seeded as README says, on the day the run starts, then served like the app above.
      command: `rm -rf "${demoDataDir}" && npm run -s seed:demo && node dist/server/index.js`,
      cwd: root,
      url: `http://127.0.0.1:${DEMO_PORT}/api/user`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: { NODE_ENV: 'production', PORT: String(DEMO_PORT), DATA_DIR: demoDataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', PUBLIC_URL: `http://127.0.0.1:${DEMO_PORT}` },
    },
  ],
});
