import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { MAIL_CATCHER_PORT } from './playwright.config';

export const PASSWORD = 'walking-in-faith-2026';

export function newIdentity(prefix = 'E2E') {
  const suffix = randomUUID().slice(0, 8);
  return { email: `${prefix.toLowerCase()}-${suffix}@example.org`, displayName: `${prefix} ${suffix}`, password: PASSWORD };
}

/** Signs up through the /auth screen; a new account has no community yet, so it lands on /community-access. */
export async function signUpThroughUi(page: Page, identity = newIdentity()) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel(/e-?mail/i).fill(identity.email);
  await form.getByLabel(/name/i).fill(identity.displayName);
  await expect(form.getByText('Name is available!')).toBeVisible();
  await form.getByLabel(/^password$/i).fill(identity.password);
  await form.getByLabel(/confirm password/i).fill(identity.password);
  await form.getByRole('button', { name: 'Start Your Journey' }).click();
  await expect(page).toHaveURL(/\/community-access$/);
  return identity;
}

export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/auth');
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel(/e-?mail/i).fill(email);
  await form.getByLabel(/^password$/i).fill(password);
  await form.getByRole('button', { name: 'Sign in to Steadfast' }).click();
}

/** Creates a community from /community-access; returns its id (the app moves on to the setup wizard). */
export async function createCommunityThroughUi(page: Page, name: string) {
  await page.goto('/community-access');
  await page.getByRole('tab', { name: 'Create Community' }).click();
  await page.getByLabel('Community name').fill(name);
  await page.getByRole('button', { name: 'Create Community' }).click();
  await expect(page).toHaveURL(/\/community-setup\?community=/);
  return new URL(page.url()).searchParams.get('community')!;
}

export async function generateInviteCode(page: Page) {
  await page.goto('/admin?tab=invites');
  await page.getByRole('button', { name: 'Generate Invite Code' }).click();
  const code = page.getByTestId('invite-code');
  await expect(code).toHaveText(/^[A-Z2-9]{8}$/);
  return (await code.textContent())!;
}

export async function joinThroughUi(page: Page, code: string) {
  await page.goto('/community-access');
  await page.getByRole('tab', { name: 'Join Community' }).click();
  await page.getByLabel('Invitation code').fill(code);
  await page.getByRole('button', { name: 'Join Community' }).click();
  await expect(page).toHaveURL(/\/$/);
}

interface Mail {
  subject: string;
  text: string;
}

/** The link of the newest message to `to` whose subject matches, once it has arrived. */
export async function linkFromMail(to: string, subject: RegExp): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`http://127.0.0.1:${MAIL_CATCHER_PORT}/messages?to=${encodeURIComponent(to)}`)).json()) as Mail[];
        const mail = mails.filter((message) => subject.test(message.subject)).at(-1);
        link = mail?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
        return link;
      },
      { message: `an e-mail to ${to} matching ${subject}`, timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

/** One API call through a context's request (its cookies), expected to succeed; answers the JSON body. */
export async function call(request: APIRequestContext, method: 'get' | 'post' | 'put' | 'patch', url: string, data?: unknown, communityId?: string) {
  const response = await request[method](url, { data, headers: communityId ? { 'X-Community-Id': communityId } : undefined });
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<unknown>;
}

/** A new account signed up through the API, in a browser context of its own. */
export async function register(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const identity = newIdentity(prefix);
  const user = (await call(context.request, 'post', '/api/register', identity)) as { id: string };
  return { context, identity, id: user.id };
}

/**
 * On a phone the month grid shows one week, opening on today's: steps back a week at a time until `day`'s column
 * shows (yesterday is in the week before on the first day of a week). A wide grid shows every day already.
 */
export async function showDayOfMonth(page: Page, day: number) {
  const grid = page.getByRole('grid', { name: /^Monthly Progress calendar/ });
  await expect(grid).toBeVisible();
  const previous = page.getByRole('button', { name: 'Previous week' });
  for (let week = 0; week < 6 && (await previous.isVisible()); week++) {
    if ((await grid.getByRole('columnheader', { name: String(day), exact: true }).count()) > 0) return;
    const shown = await grid.getAttribute('aria-label');
    await previous.click();
    await expect(grid).not.toHaveAttribute('aria-label', shown ?? '');
  }
}

/** My Tracking on the month of `period`: `memberName`'s month when given (from the Member picker), one's own otherwise. */
export async function openTrackingMonth(page: Page, period: { year: number; month: number }, memberName?: string) {
  await page.goto('/tracking');
  await page.getByLabel('Year', { exact: true }).selectOption(String(period.year));
  await page.getByLabel('Month', { exact: true }).selectOption(String(period.month));
  if (!memberName) return;
  const picker = page.getByLabel('Member', { exact: true });
  await expect(picker.getByRole('option', { name: memberName })).toHaveCount(1);
  await picker.selectOption({ label: memberName });
}
