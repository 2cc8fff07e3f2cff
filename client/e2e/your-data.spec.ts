import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { call, newIdentity, PASSWORD, signInThroughUi } from './fixtures';
import { ALL_SIZES, type AnySize, checkScreen, openPage } from './screens-kit';

// Profile → Your data (issue 39 items 1, 2 and 5): the card and the delete dialog at 1280, 820 and 390 px (axe
// clean, nothing sideways, photographed into test-results/screens/), and on a phone the whole of it: the
// download is one JSON file of the member's data, a wrong password is refused on the field, and the account then
// goes: signed out, and the password opens nothing.
test.describe.configure({ mode: 'parallel' });

async function memberOnProfile(browser: Parameters<typeof openPage>[0], size: AnySize) {
  const page = await openPage(browser, size);
  const identity = newIdentity('Leaving');
  await call(page.request, 'post', '/api/register', identity);
  await call(page.request, 'post', '/api/communities', { name: `Grace ${identity.displayName.slice(-8)}`, description: null, timeZone: 'America/Chicago' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  return { page, identity };
}

for (const size of Object.keys(ALL_SIZES) as AnySize[]) {
  test(`Your data and the delete dialog (${size})`, async ({ browser }) => {
    const { page } = await memberOnProfile(browser, size);
    await page.locator('#your-data').scrollIntoViewIfNeeded();
    await checkScreen(page, 'profile-your-data', size);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog.getByLabel('Your password')).toBeVisible();
    await checkScreen(page, 'delete-account-dialog', size);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.context().close();
  });
}

test('a member downloads their data, then deletes their account (phone)', async ({ browser }) => {
  const { page, identity } = await memberOnProfile(browser, 'phone');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^steadfast-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { profile: { email: string }; memberships: { roles: string[] }[] };
  expect(data.profile.email).toBe(identity.email);
  expect(data.memberships).toEqual([expect.objectContaining({ roles: ['CommunityModerator'] })]);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your password is not correct.')).toBeVisible();
  await expect(dialog.getByLabel('Your password')).toBeFocused();

  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Your account was deleted')).toBeVisible();

  await signInThroughUi(page, identity.email, PASSWORD);
  await expect(page.getByText(/invalid e-?mail or password/i).first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await page.context().close();
});
