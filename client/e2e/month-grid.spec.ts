import { expect, test } from '@playwright/test';
import { createCommunityThroughUi, newIdentity, signUpThroughUi } from './fixtures';

// The month grid of My Tracking: the whole month in view at 1280x800, one Tab stop, arrow keys between
// cells, Enter for the status menu with focus coming back; on a phone one week at a time.
test('the month grid shows the whole month at 1280x800 and is one Tab stop driven by the arrow keys', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signUpThroughUi(page, newIdentity('Grid'));
  await createCommunityThroughUi(page, 'Grid Chapel');
  await page.goto('/tracking');

  const now = new Date();
  const monthName = now.toLocaleString('en-US', { month: 'long' });
  const lastDay = new Date(now.getFullYear(), now.getMonth() + 1, 0).getDate();
  const grid = page.getByRole('grid', { name: new RegExp(`^Monthly Progress calendar, ${monthName} \\d{4}$`) });
  await expect(grid).toBeVisible();
  const cell = (day: number, discipline = 'Bible Reading') => grid.getByRole('button', { name: new RegExp(`^${discipline}, ${monthName} ${day}: `) });

  // Every day of the month is inside the viewport's width: nothing to scroll to.
  await grid.scrollIntoViewIfNeeded();
  for (const day of [1, lastDay]) await expect(cell(day)).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

  // One Tab stop: walking the page with Tab from the Year picker enters the grid on today's cell.
  await page.getByLabel('Year').focus();
  const inGrid = () => grid.evaluate((element) => element.contains(document.activeElement));
  for (let presses = 0; presses < 40 && !(await inGrid()); presses++) await page.keyboard.press('Tab');
  await expect(cell(now.getDate())).toBeFocused();
  await page.keyboard.press('Home');
  await expect(cell(1)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(cell(2)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(cell(2, 'Fasting')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(cell(1, 'Fasting')).toBeFocused();

  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitemradio', { name: 'Yes' }).click();
  await expect(cell(1, 'Fasting')).toHaveAccessibleName(`Fasting, ${monthName} 1: Yes`);
  await expect(cell(1, 'Fasting')).toBeFocused();

  // The next Tab leaves the grid instead of walking through its cells.
  await page.keyboard.press('Tab');
  expect(await inGrid()).toBe(false);
  await context.close();
});

test('on a phone the month grid shows one week, opening on today, without sideways scrolling', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signUpThroughUi(page, newIdentity('Phone'));
  await createCommunityThroughUi(page, 'Phone Chapel');
  await page.goto('/tracking');

  const now = new Date();
  const monthName = now.toLocaleString('en-US', { month: 'long' });
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  await grid.scrollIntoViewIfNeeded();
  const shown = await grid.getByRole('button', { name: /^Bible Reading, / }).count();
  expect(shown).toBeLessThanOrEqual(7);
  await expect(grid.getByRole('button', { name: new RegExp(`^Bible Reading, ${monthName} ${now.getDate()}: `) })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const box = await grid.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await context.close();
});
