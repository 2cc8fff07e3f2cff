import { expect, test } from '@playwright/test';
import { call, newIdentity, register } from './fixtures';
import { checkScreen, openPage, SIZES } from './screens-kit';

// Issue 24 on a 390x844 phone: installable (manifest, icons, a service worker that controls the page), opens
// offline and says so, and push is turned on from the profile (the permission asked only then).
test.describe.configure({ mode: 'serial' });

/** A page whose service worker runs (the other specs block it). */
const withWorker = async (browser: import('@playwright/test').Browser, size: keyof typeof SIZES = 'phone') =>
  (await browser.newContext({ ...SIZES[size], serviceWorkers: 'allow' })).newPage();
const phoneWithWorker = (browser: import('@playwright/test').Browser) => withWorker(browser, 'phone');

test('the manifest and its icons load, and a service worker controls the page after a reload', async ({ browser }) => {
  const page = await phoneWithWorker(browser);
  await page.goto('/auth');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(manifestHref!)).json()) as { name: string; display: string; start_url: string; icons: Array<{ src: string; sizes: string; purpose?: string }> };
  expect(manifest).toMatchObject({ name: 'Steadfast', display: 'standalone', start_url: '/' });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const response = await page.request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  }
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#2c3785');

  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Offline: the app itself opens (not the browser's error page) and says it is offline.
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline. Steadfast will catch up when the connection returns.')).toBeVisible();
  await expect(page.getByText('Steadfast').first()).toBeVisible();
  await page.context().setOffline(false);
  await page.context().close();
});

test('push is turned on from the profile: the browser asks only then, and the subscription is stored', async ({ browser }) => {
  const page = await phoneWithWorker(browser);
  await page.context().grantPermissions(['notifications']);
  // No push service is reachable here: the browser's subscribe is stood in for, with an endpoint on an allowed host.
  await page.addInitScript(() => {
    const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Math.random().toString(36).slice(2)}`;
    let subscribed: PushSubscription | null = null;
    const fake = {
      endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }),
      unsubscribe: async () => {
        subscribed = null;
        return true;
      },
    } as unknown as PushSubscription;
    PushManager.prototype.subscribe = async () => (subscribed = fake);
    PushManager.prototype.getSubscription = async () => subscribed;
  });
  await call(page.request, 'post', '/api/register', newIdentity('Pusher'));
  await call(page.request, 'post', '/api/communities', { name: 'Pushers Fellowship' });
  await page.goto('/profile');
  const card = page.locator('#notifications');
  const turnOn = card.getByRole('button', { name: 'Turn on push on this device' });
  await expect(turnOn).toBeVisible();
  // Nothing was asked on load: the permission is only used once the person chooses push.
  const stored = page.waitForResponse((response) => response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'POST');
  await turnOn.click();
  expect((await stored).status()).toBe(201);
  await expect(card.getByText('Push is on for this device.')).toBeVisible();
  await page.context().close();
});

for (const size of ['phone', 'desktop'] as const) {
  test(`a check-in made offline waits to sync, and is saved once the network returns (${size})`, async ({ browser }) => {
  const page = await withWorker(browser, size);
  await call(page.request, 'post', '/api/register', newIdentity('Offline'));
  const { id: communityId } = (await call(page.request, 'post', '/api/communities', { name: `Offline Fellowship ${size}` })) as { id: string };
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  const yes = page.getByRole('button', { name: 'Mark Bible Reading Yes for today' });
  await expect(yes).toBeVisible();

  await page.context().setOffline(true);
  await yes.click();
  await expect(page.getByText('1 check-in waiting to sync: sent when you are back online.')).toBeVisible();
  await checkScreen(page, 'offline-check-in-waiting', size);
  // Opened again with no network: the last data it showed (kept in IndexedDB), and the check-in still waiting.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Spiritual Discipline Guidelines' })).toBeVisible();
  await expect(page.getByText('1 check-in waiting to sync: sent when you are back online.')).toBeVisible();

  await page.context().setOffline(false);
  await expect(page.getByText(/waiting to sync/)).toHaveCount(0);
  const now = new Date();
  const log = (await call(page.request, 'get', `/api/communities/${communityId}/daily-log?month=${now.getUTCMonth() + 1}&year=${now.getUTCFullYear()}`)) as { dayStatus: Record<string, Record<string, string>> };
  expect(Object.values(log.dayStatus).flatMap((days) => Object.values(days))).toContain('Yes');
  await page.context().close();
});
}

for (const size of ['phone', 'desktop'] as const) {
  test(`a check-in the server refuses once back online stays listed with the reason (${size})`, async ({ browser }) => {
    const leader = await register(browser, 'Locker');
    const lead = leader.context.request;
    const { id: communityId } = (await call(lead, 'post', '/api/communities', { name: `Locked Fellowship ${size}` })) as { id: string };
    const { inviteCode } = (await call(lead, 'post', `/api/communities/${communityId}/invite-codes`)) as { inviteCode: string };
    const page = await withWorker(browser, size);
    await call(page.request, 'post', '/api/register', newIdentity('Refused'));
    await call(page.request, 'post', '/api/communities/join', { inviteCode });
    await page.goto('/');
    const yes = page.getByRole('button', { name: 'Mark Bible Reading Yes for today' });
    await expect(yes).toBeVisible();

    await page.context().setOffline(true);
    await yes.click();
    await expect(page.getByText('1 check-in waiting to sync: sent when you are back online.')).toBeVisible();
    // Meanwhile a moderator locks the month: the member's check-in can no longer be saved.
    const now = new Date();
    await call(lead, 'post', `/api/communities/${communityId}/calendar-locks`, { month: now.getUTCMonth() + 1, year: now.getUTCFullYear(), isLocked: true, reason: 'Closed early' }, communityId);
    await page.context().setOffline(false);
    const refused = page.getByRole('alert', { name: 'Check-ins not saved' });
    await expect(refused).toContainText('Not saved: Bible Reading');
    await expect(page.getByText(/waiting to sync/)).toHaveCount(0);
    // The carousel reads the month again: Bible Reading is not set after all.
    await page.getByRole('button', { name: 'Show Bible Reading' }).click();
    await expect(page.getByText('Today:').locator('..')).toContainText('Not set');
    await checkScreen(page, 'offline-check-in-refused', size);
    await refused.getByRole('button', { name: 'Dismiss' }).click();
    await expect(refused).toHaveCount(0);
    await page.context().close();
    await leader.context.close();
  });
}

for (const size of ['desktop', 'phone'] as const) {
  test(`the profile's notification settings (${size})`, async ({ browser }) => {
    const page = await openPage(browser, size);
    await call(page.request, 'post', '/api/register', newIdentity('Settings'));
    await call(page.request, 'post', '/api/communities', { name: `Settings Fellowship ${size}` });
    await page.goto('/profile#notifications');
    await expect(page.locator('#notifications').getByRole('switch', { name: 'E-mail: Meetings' })).toBeVisible();
    await page.locator('#notifications').getByRole('checkbox', { name: /Remind me/ }).check();
    await page.locator('#notifications').getByRole('checkbox', { name: /Quiet hours/ }).check();
    await checkScreen(page, 'profile-notifications', size);
    await page.context().close();
  });
}
