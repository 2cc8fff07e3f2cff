import { expect, test } from '@playwright/test';
import { createCommunityThroughUi, newIdentity, signUpThroughUi } from './fixtures';
import { checkScreen, openPage, SIZES, type Size } from './screens-kit';

/**
 * Issue 25: a congregation of 2,000. The moderator brings in 2,000 people from a spreadsheet (this month's
 * Bible reading included, so every one of them has a month to report); the Members tab then reads the list
 * a page at a time as it scrolls to the end, finds people by a search typed with or without accents, and
 * /reports draws the members by completion band rather than 2,000 bars.
 */

const PEOPLE = 2000;
const FIRST = ['José', 'Zoë', 'Renée', 'Łukasz', 'Ana', 'Grace', 'Samuel', 'Miriam'];
const LAST = ['Núñez', 'Álvarez', 'Müller', 'Okafor', 'Smith', 'Brennan', 'Mensah', 'Kowalski', 'Lindqvist', 'Osei'];

test('a congregation of 2,000: the Members tab scrolls to the end and searches with and without accents; /reports shows its distribution', async ({ browser }) => {
  test.setTimeout(240_000);
  const setup = await browser.newContext();
  const setupPage = await setup.newPage();
  await signUpThroughUi(setupPage, newIdentity('Pastor'));
  const communityId = await createCommunityThroughUi(setupPage, 'Cathedral of the Hills');
  const today = new Date();
  const rows = Array.from({ length: PEOPLE }, (_, i) => {
    const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${String(i + 1).padStart(4, '0')}`;
    // Kept days 1 to 3 of Bible reading, more for some than for others.
    return `${name},${i % 2 ? 'Yes' : 'No'},${i % 3 ? 'Yes' : ''},${i % 5 ? 'Yes' : ''}`;
  });
  const imported = await setupPage.request.post('/api/import/csv', {
    headers: { 'X-Community-Id': communityId },
    data: {
      csvData: `Name,Bible Reading 1,Bible Reading 2,Bible Reading 3\r\n${rows.join('\r\n')}\r\n`,
      columnMapping: { Name: 'displayName', 'Bible Reading 1': 'bibleReading:1', 'Bible Reading 2': 'bibleReading:2', 'Bible Reading 3': 'bibleReading:3' },
      importMonth: today.getMonth() + 1,
      importYear: today.getFullYear(),
    },
    timeout: 120_000,
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const state = await setup.storageState();
  await setup.close();
  const everyone = PEOPLE + 1; // and the moderator

  for (const size of Object.keys(SIZES) as Size[]) {
    const page = await openPage(browser, size, state);
    const list = page.getByRole('list', { name: 'Members' });
    const lastRow = list.locator('li[aria-posinset]').last();

    await page.goto('/admin?tab=members');
    await expect(page.getByRole('heading', { name: `Members (${everyone.toLocaleString('en')})` })).toBeVisible();
    await expect(list.locator('li[aria-posinset]').first()).toHaveAttribute('aria-setsize', String(everyone));
    await checkScreen(page, 'congregation-members', size);

    // To the end of the list: pages are read as it nears the end of what was read. The forty pages are read on
    // the phone only, where a row is tallest; the desktop shows the first page, the search and /reports. Read at
    // both sizes, the test outlasted its four minutes on a slow machine (2026-11-28).
    if (size === 'phone') {
      await expect
        .poll(
          async () => {
            await page.keyboard.press('End');
            return lastRow.getAttribute('aria-posinset');
          },
          { timeout: 120_000, intervals: [250] },
        )
        .toBe(String(everyone));
      await checkScreen(page, 'congregation-members-end', size, { photograph: 'viewport' });
    }

    // A search typed without accents and one with them find the same people.
    const search = page.getByRole('searchbox', { name: 'Search members' });
    const matches = page.getByRole('status').filter({ hasText: /match/ });
    await search.fill('jose nunez');
    await expect(matches).toHaveText(/^\d+ members? match/);
    const plain = await matches.textContent();
    await expect(list.getByRole('listitem').first()).toContainText('José Núñez');
    await search.fill('JOSÉ NÚÑEZ');
    await expect(matches).toHaveText(plain!.replace('"jose nunez"', '"JOSÉ NÚÑEZ"'));
    await search.fill('lukasz muller');
    await expect(list.getByRole('listitem').first()).toContainText('Łukasz Müller');
    await checkScreen(page, 'congregation-members-search', size);

    // /reports for the whole community: the distribution, and the member table a page at a time.
    await page.goto('/reports');
    const byMember = page.locator('div.rounded-2xl').filter({ has: page.getByRole('heading', { name: 'By member' }) });
    await expect(byMember.getByText(`the whole community: ${everyone.toLocaleString('en')} members.`)).toBeVisible();
    await expect(byMember.locator('canvas')).toBeVisible();
    await checkScreen(page, 'congregation-reports', size);
    await byMember.getByRole('button', { name: 'Table' }).click();
    await expect(byMember.getByText(`Showing 50 of ${everyone.toLocaleString('en')}`)).toBeVisible();
    await byMember.getByRole('button', { name: 'Show more members' }).click();
    await expect(byMember.getByText(`Showing 100 of ${everyone.toLocaleString('en')}`)).toBeVisible();
    await checkScreen(page, 'congregation-reports-table', size);
    await page.context().close();
  }
});
