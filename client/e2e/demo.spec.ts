import { type Browser, expect, type Page } from '@playwright/test';
import { dateInTimeZone, parseIsoDate } from '../../shared/domain/calendar';
import { reflectedMonth } from '../../scripts/seed/story-cast';
import { DEMO_PORT } from './playwright.config';
import { ALL_SIZES, type AnySize, checkScreen, openPage, test } from './screens-kit';

/**
 * The demo walk (issue 41): the community `npm run seed:demo` makes, signed into as each account README's
 * "Try the demo" names, checking and photographing what it promises at a phone's, a tablet's and a desktop's
 * width (test-results/screens/demo-*). The demo server (playwright.config.ts) was seeded when the run began.
 */
const DEMO = `http://127.0.0.1:${DEMO_PORT}`;
const PASSWORD = 'steadfast-demo-2026';
const account = (local: string) => `${local}@demo.steadfast.example`;
const SIZES = Object.keys(ALL_SIZES) as AnySize[];
// The seed's today is the community's (America/Chicago): a fall in progress shows from the 8th (the rule waits a week).
const today = dateInTimeZone(new Date(), 'America/Chicago');
const day = parseIsoDate(today).day;
const REASONS = [/^No check-in for \d+ days$/, /-day streak ended yesterday$/, ...(day >= 8 ? [/ of the month so far, against /] : [])];

test.describe.configure({ mode: 'parallel' });

async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext({ baseURL: DEMO });
  const answer = await context.request.post('/api/login', { data: { username: email, password: PASSWORD } });
  expect(answer.status(), `sign in as ${email}`).toBe(200);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function walk(browser: Browser, email: string, visit: (page: Page, size: AnySize) => Promise<void>) {
  const state = await signedIn(browser, email);
  for (const size of SIZES) {
    const page = await openPage(browser, size, state, DEMO);
    await visit(page, size);
    await page.context().close();
  }
}

async function needsAWord(page: Page) {
  const card = page.getByRole('region', { name: 'Needs a word' });
  await expect(card).toBeVisible();
  for (const reason of REASONS) await expect(card.getByText(reason).first()).toBeVisible();
}

test('the moderator leads Morning Watch, reads Recent Activity and sees her care in figures', async ({ browser }) => {
  test.setTimeout(180_000);
  await walk(browser, account('moderator'), async (page, size) => {
    await page.goto('/');
    await needsAWord(page);
    await checkScreen(page, 'demo-moderator-dashboard', size);

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
    await expect(page.getByText(/Grace Adeyemi offered/).first()).toBeVisible();
    await checkScreen(page, 'demo-moderator-admin', size);

    await page.goto('/admin?tab=members');
    await expect(page.getByRole('listitem', { name: 'Ruth Okafor' }).first()).toBeVisible();
    await checkScreen(page, 'demo-moderator-members', size);

    await page.goto('/admin?tab=subgroups');
    await expect(page.getByText('Morning Watch').first()).toBeVisible();
    await checkScreen(page, 'demo-moderator-subgroups', size);

    await page.goto('/reports');
    const care = page.getByRole('table', { name: 'Your care, month by month' });
    await expect(care).toBeVisible();
    await checkScreen(page, 'demo-moderator-reports', size);
  });
});

test('a commander on a phone: who needs a word, questions waiting, a cancelled meeting, reflections to answer', async ({ browser }) => {
  test.setTimeout(180_000);
  await walk(browser, account('commander1'), async (page, size) => {
    await page.goto('/');
    await needsAWord(page);
    await checkScreen(page, 'demo-commander-dashboard', size);

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText('3 members you lead may need a word this week')).toBeVisible();
    await checkScreen(page, 'demo-commander-bell', size, { photograph: 'viewport' });
    await page.keyboard.press('Escape');

    await page.goto('/questions');
    await expect(page.getByRole('tab', { name: /Received/, selected: true })).toBeVisible();
    await expect(page.getByText('Thank you for your note')).toBeVisible();
    await checkScreen(page, 'demo-commander-questions', size);

    // A cancelled meeting is listed under Past (every tab's count is what it lists).
    await page.goto('/meetings');
    await page.getByRole('tab', { name: 'Past Meetings' }).click();
    await expect(page.getByRole('tabpanel').getByText('Cancelled').first()).toBeVisible();
    await checkScreen(page, 'demo-commander-meetings-past', size);

    await page.goto('/my-subgroup');
    await expect(page.getByText('Praying for you 🙏').first()).toBeVisible();
    await checkScreen(page, 'demo-commander-subgroup', size);
  });
});

test('the second commander has her own subgroup to care for', async ({ browser }) => {
  await walk(browser, account('commander2'), async (page, size) => {
    await page.goto('/');
    await needsAWord(page);
    await checkScreen(page, 'demo-commander2-dashboard', size);
  });
});

test("a member: a history offer, Fasting kept in secret, a reply to last month's reflection, a note and a moved meeting", async ({ browser }) => {
  test.setTimeout(180_000);
  const reflected = reflectedMonth(today);
  await walk(browser, account('member1'), async (page, size) => {
    await page.goto('/tracking');
    await expect(page.getByRole('heading', { name: 'History offered to you' })).toBeVisible();
    await expect(page.getByText(/^Fasting is kept in secret: only you, your commander/).first()).toBeVisible();
    await checkScreen(page, 'demo-member-tracking', size);

    await page.getByLabel('Year', { exact: true }).selectOption(String(reflected.year));
    await page.getByLabel('Month', { exact: true }).selectOption(String(reflected.month));
    await expect(page.getByText(/Praying for your mother this week/)).toBeVisible();
    await checkScreen(page, 'demo-member-reflection', size);

    // Another member's month: their Fasting (kept in secret) is withheld, not 'Not set'.
    await page.goto('/');
    await page.getByLabel('Member', { exact: true }).selectOption({ label: 'Daniel Kim' });
    const targets = page.getByRole('heading', { name: 'Discipline Targets' }).locator('../..');
    await expect(targets).toContainText('Daniel Kim');
    await expect(targets.getByText('Bible Reading')).toBeVisible();
    await expect(targets.getByText('Fasting')).toHaveCount(0);
    await checkScreen(page, 'demo-member-other-member', size);

    // Reports say which figure leaves the secret discipline out.
    await page.goto('/reports');
    await expect(page.getByText(/Fasting is left out: kept in secret/).first()).toBeVisible();
    await checkScreen(page, 'demo-member-reports', size);

    await page.goto('/');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText('A word from Samuel Osei')).toBeVisible();
    await checkScreen(page, 'demo-member-bell', size, { photograph: 'viewport' });
    await page.keyboard.press('Escape');

    await page.goto('/meetings');
    await expect(page.getByText('A fasting plan that fits her shifts.')).toBeVisible();
    await checkScreen(page, 'demo-member-meetings', size);

    // A member is offered only the switches of what reaches members, and a time zone picker with a search.
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Notifications' }).first()).toBeVisible();
    await checkScreen(page, 'demo-member-profile', size);
  });
});
