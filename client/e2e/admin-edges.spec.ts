import { expect, test } from '@playwright/test';
import { createCommunityThroughUi, newIdentity, signUpThroughUi } from './fixtures';
import { checkScreen, openPage } from './screens-kit';

// Chromium takes focus from a button that is disabled while its request runs; jsdom does not, so this is shown here.
test('at 820 px the Members tab keeps an e-mail address whole (it breaks, if it must, after the @)', async ({ browser }) => {
  test.setTimeout(90_000);
  const setup = await browser.newContext();
  const setupPage = await setup.newPage();
  const identity = newIdentity('Pastor');
  // As long as real addresses get ('firstname.lastname.ministries@…'): 37 characters before the @.
  const email = identity.email.replace('pastor-', 'pastor-of-the-hills-fellowship-');
  await signUpThroughUi(setupPage, { ...identity, email });
  await createCommunityThroughUi(setupPage, 'Hills Fellowship');
  const state = await setup.storageState();
  await setup.close();

  const page = await openPage(browser, 'tablet', state);
  await page.goto('/admin?tab=members');
  const row = page.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: identity.displayName });
  await expect(row.getByText(email.split('@')[1]!)).toBeVisible();
  const linesOfLocalPart = await row.evaluate((element, address) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!address.startsWith(text) || !text.endsWith('@')) continue;
      const range = document.createRange();
      range.setStart(node, 0);
      range.setEnd(node, text.length);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }
    return -1;
  }, email);
  expect(linesOfLocalPart).toBe(1);
  await expect(row.getByText(/^Joined /)).toBeVisible(); // the join date under the address, said in words
  await checkScreen(page, 'admin-members-long-email', 'tablet');
  await page.context().close();
});

test('after a failed submit in a dialog, focus is on the invalid field or the submit button, and Escape closes it', async ({ page }) => {
  test.setTimeout(90_000); // a ceiling: sign-up and a community on a busy machine
  await signUpThroughUi(page, newIdentity('Focus'));
  await createCommunityThroughUi(page, 'Focus Fellowship');
  await page.goto('/admin?tab=subgroups');

  const openDialog = async () => {
    await page.getByRole('button', { name: 'Create Subgroup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Subgroup' });
    await expect(dialog).toBeVisible();
    return dialog;
  };

  // A failure no field can hold (the server down for a moment): the toast says so and focus returns to the button.
  let dialog = await openDialog();
  await dialog.getByLabel('Subgroup name').fill('Alpha Group');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/subgroups', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await held; // answered only once the button shows it is busy, so it is disabled while focused
    await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable', code: 'UNAVAILABLE' }) });
  });
  await dialog.getByRole('button', { name: 'Create Subgroup' }).click();
  await expect(dialog.getByRole('button', { name: 'Creating...' })).toBeDisabled();
  release();
  await expect(page.getByText('Creation Failed')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create Subgroup' })).toBeFocused();
  // The toast is the topmost layer: Escape closes it first (Radix's order), then the dialog.
  await page.keyboard.press('Escape');
  await expect(page.getByText('Creation Failed')).toBeHidden();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.unroute('**/api/subgroups');

  // A name the server refuses (taken, case aside): its field holds the message and the focus.
  dialog = await openDialog();
  await dialog.getByLabel('Subgroup name').fill('Alpha Group');
  await dialog.getByRole('button', { name: 'Create Subgroup' }).click();
  await expect(dialog).toBeHidden();
  dialog = await openDialog();
  await dialog.getByLabel('Subgroup name').fill('alpha group');
  await dialog.getByRole('button', { name: 'Create Subgroup' }).click();
  await expect(dialog.getByLabel('Subgroup name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Subgroup name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('on a phone a toast sits at the bottom, clear of the tabs, and at the top while a dialog is open', async ({ browser }) => {
  test.setTimeout(90_000);
  const setup = await browser.newContext();
  const setupPage = await setup.newPage();
  await signUpThroughUi(setupPage, newIdentity('Toast'));
  await createCommunityThroughUi(setupPage, 'Toast Fellowship');
  const state = await setup.storageState();
  await setup.close();
  const page = await openPage(browser, 'phone', state);
  const height = page.viewportSize()!.height;

  // No dialog: the export's toast at the foot of the screen.
  await page.goto('/admin?tab=members');
  await page.getByRole('button', { name: 'Export to CSV' }).click();
  const exported = page.getByRole('listitem').filter({ hasText: 'Export Successful' });
  await expect(exported).toBeVisible();
  const below = (await exported.boundingBox())!;
  expect(below.y).toBeGreaterThan(height / 2);
  expect(below.y + below.height).toBeLessThanOrEqual(height);
  await checkScreen(page, 'toast-at-the-bottom', 'phone', { photograph: 'viewport' });

  // A dialog open: the toast above it, never over its buttons.
  await page.goto('/admin?tab=subgroups');
  await page.route('**/api/subgroups', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) }) : route.fallback(),
  );
  await page.getByRole('button', { name: 'Create Subgroup' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Subgroup' });
  await dialog.getByLabel('Subgroup name').fill('Alpha Group');
  await dialog.getByRole('button', { name: 'Create Subgroup' }).click();
  const failed = page.getByRole('listitem').filter({ hasText: 'Creation Failed' });
  await expect(failed).toBeVisible();
  const above = (await failed.boundingBox())!;
  const buttons = (await dialog.getByRole('button', { name: 'Create Subgroup' }).boundingBox())!;
  expect(above.y + above.height).toBeLessThanOrEqual(buttons.y);
  await page.context().close();
});
