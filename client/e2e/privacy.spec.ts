import { expect, test } from '@playwright/test';
import { newIdentity, signUpThroughUi } from './fixtures';
import { ALL_SIZES, type AnySize, checkScreen, openPage } from './screens-kit';

// /privacy (issue 39 items 4 and 5): public, signed out and signed in, reached from sign-up; at 1280, 820 and
// 390 px axe finds nothing, nothing scrolls sideways, and each is photographed into test-results/screens/.
test.describe.configure({ mode: 'parallel' });

for (const size of Object.keys(ALL_SIZES) as AnySize[]) {
  test(`/privacy signed out, from sign-up (${size})`, async ({ browser }) => {
    const page = await openPage(browser, size);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('tabpanel', { name: 'Sign Up' }).getByRole('link', { name: 'How we keep your data' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'How we keep your data' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(5);
    await checkScreen(page, 'privacy-signed-out', size);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.context().close();
  });
}

test('/privacy signed in (phone)', async ({ browser }) => {
  const page = await openPage(browser, 'phone');
  await signUpThroughUi(page, newIdentity('Reader'));
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'How we keep your data' })).toBeVisible();
  await checkScreen(page, 'privacy-signed-in', 'phone');
  await page.getByRole('link', { name: 'Back to Steadfast' }).click();
  await expect(page).toHaveURL(/\/community-access$/);
  await page.context().close();
});
