import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { createCommunityThroughUi, generateInviteCode, joinThroughUi, newIdentity, signUpThroughUi } from './fixtures';

/*
 * Issue 21 item 9 and issue 38 item 7: a moderator links a name-only imported record to a real member from the
 * Members tab, which offers its history to the member; the member accepts it on My Tracking. The tab with the
 * action, the dialog and the member's offer are checked at three widths (no sideways scroll, axe clean) and
 * photographed into SHOTS_DIR (default test-results/screens/).
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results/screens');
const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  tablet: { viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;
type Size = keyof typeof SIZES;
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The month before this one (the import's month: past, so its days may hold statuses). */
function previousMonth(now = new Date()) {
  const date = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return { year: date.getFullYear(), month: date.getMonth() + 1, name: date.toLocaleString('en-US', { month: 'long' }) };
}

async function openAs(browser: Browser, size: Size, state: StorageState) {
  const context = await browser.newContext({ ...SIZES[size], reducedMotion: 'reduce', storageState: state });
  return { context, page: await context.newPage() };
}

/** No sideways scrolling, no axe violation of any impact, and a screenshot (the viewport while a dialog is open). */
async function checkScreen(page: Page, name: string, size: Size) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const width = SIZES[size].viewport.width;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(scrollWidth, `${name} (${size}) scrolls sideways`).toBeLessThanOrEqual(width);
  const modal = await page.evaluate(() => document.body.hasAttribute('data-scroll-locked'));
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${size}.png`), fullPage: !modal, animations: 'disabled', caret: 'hide' });
  const results = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
  const report = results.violations.map((violation) => `- ${violation.id}: ${violation.help}\n    ${violation.nodes.map((node) => node.target.join(' ')).join('\n    ')}`).join('\n');
  expect.soft(results.violations.map((violation) => violation.id), `axe on ${name} (${size}):\n${report}`).toEqual([]);
}

test('a moderator links a name-only imported record to a member, who accepts the offer: the imported row is gone and the member has the history', async ({ browser }) => {
  test.setTimeout(240_000); // 1.5 minutes on the slow machine of 2026-11-28
  const setup = await browser.newContext();
  const moderatorPage = await setup.newPage();
  await signUpThroughUi(moderatorPage, newIdentity('Moderator'));
  await createCommunityThroughUi(moderatorPage, 'Bethel Fellowship');
  const code = await generateInviteCode(moderatorPage);

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await signUpThroughUi(memberPage, newIdentity('Member'));
  await joinThroughUi(memberPage, code);

  // The old spreadsheet knew the member by another name and had no e-mail for them.
  const { year, month, name: monthName } = previousMonth();
  const recordName = `Sister Lydia ${member.displayName.split(' ')[1]}`;
  const imported = await moderatorPage.request.post('/api/import/csv', {
    data: {
      csvData: `Name,Bible Reading 1,Bible Reading 2\r\n${recordName},Yes,Partially\r\n`,
      columnMapping: { Name: 'displayName', 'Bible Reading 1': 'bibleReading:1', 'Bible Reading 2': 'bibleReading:2' },
      importMonth: month,
      importYear: year,
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const moderatorState = await setup.storageState();
  await setup.close();

  // The tab and the dialog at every width, left without linking.
  for (const size of ['desktop', 'tablet', 'phone'] as const) {
    const { context, page } = await openAs(browser, size, moderatorState);
    await page.goto('/admin?tab=members');
    const row = page.getByRole('listitem', { name: recordName });
    await expect(row.getByText('Imported')).toBeVisible();
    await expect(row.getByRole('button', { name: `Link to member: ${recordName}` })).toBeVisible();
    await checkScreen(page, 'link-members-tab', size);

    await row.getByRole('button', { name: `Link to member: ${recordName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Link ${recordName} to a member` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: new RegExp(member.displayName) }).check();
    await expect(dialog.getByText(`is offered to ${member.displayName}`, { exact: false })).toBeVisible();
    await checkScreen(page, 'link-dialog', size);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await context.close();
  }

  // Linking, from the keyboard at phone size.
  const { context, page } = await openAs(browser, 'phone', moderatorState);
  await page.goto('/admin?tab=members');
  const row = page.getByRole('listitem', { name: recordName });
  await row.getByRole('button', { name: `Link to member: ${recordName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Link ${recordName} to a member` });
  await dialog.getByRole('searchbox', { name: 'Search members' }).fill(member.displayName);
  await expect(dialog.getByRole('radio')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('radio', { name: new RegExp(member.displayName) })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('radio', { name: new RegExp(member.displayName) })).toBeChecked();
  await dialog.getByRole('button', { name: 'Offer History' }).click();
  await expect(page.getByText('History Offered')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Nothing moved yet: the record stays, marked with whom it is offered to.
  await expect(page.getByRole('listitem', { name: recordName }).getByText(`Offered to ${member.displayName}`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('listitem', { name: recordName }).getByText(`Offered to ${member.displayName}`)).toBeVisible();

  // The member sees the offer on My Tracking, at every width.
  const memberState = await memberContext.storageState();
  const offerText = '1 month, 2 days of history in Bethel Fellowship';
  for (const size of ['desktop', 'tablet', 'phone'] as const) {
    const seen = await openAs(browser, size, memberState);
    await seen.page.goto('/tracking');
    await expect(seen.page.getByText(offerText)).toBeVisible();
    await checkScreen(seen.page, 'history-offer', size);
    await seen.context.close();
  }

  // Accepted, after a confirmation.
  await memberPage.goto('/tracking');
  await memberPage.getByRole('button', { name: 'Accept' }).click();
  const confirm = memberPage.getByRole('alertdialog', { name: 'Add this history to your log?' });
  await expect(confirm).toBeVisible();
  await checkScreen(memberPage, 'history-offer-confirm', 'desktop');
  await confirm.getByRole('button', { name: 'Add to my log' }).click();
  await expect(memberPage.getByText('History Added', { exact: true })).toBeVisible();
  await expect(memberPage.getByText(offerText)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('listitem', { name: member.displayName })).toBeVisible();
  await expect(page.getByRole('listitem', { name: recordName })).toHaveCount(0);
  await context.close();

  // The member finds the imported month on Tracking.
  await memberPage.goto('/tracking');
  await memberPage.getByLabel('Month', { exact: true }).selectOption({ label: monthName });
  await memberPage.getByLabel('Year', { exact: true }).selectOption(String(year));
  await expect(memberPage.getByRole('button', { name: `Bible Reading, ${monthName} 1: Yes` })).toBeVisible();
  await expect(memberPage.getByRole('button', { name: `Bible Reading, ${monthName} 2: Partially` })).toBeVisible();
  await memberContext.close();
});
