import { expect } from '@playwright/test';
import { createCommunityThroughUi, generateInviteCode, linkFromMail, newIdentity, signInThroughUi, signUpThroughUi } from './fixtures';
import { type AnySize, checkScreen, openPage, type Size, test } from './screens-kit';

/*
 * Issue 21: proven e-mails end to end. The app sends real mail over SMTP to mail-catcher.mjs; the links are
 * read from what arrived, as a person would open them from their inbox. New screens are checked (axe, no
 * sideways scroll) and photographed at both sizes.
 */

for (const size of ['desktop', 'tablet', 'phone'] as AnySize[]) {
  test(`forgot password: the e-mail's link sets a new password and signs in (${size})`, async ({ browser }) => {
    const page = await openPage(browser, size);
    const identity = await signUpThroughUi(page, newIdentity('Forgetful'));
    await page.context().clearCookies();

    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await checkScreen(page, 'forgot-password', size);
    await page.getByLabel('Email').fill(identity.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account uses this e-mail');
    await checkScreen(page, 'forgot-password-sent', size);

    const link = await linkFromMail(identity.email, /Reset your Steadfast password/);
    expect(link).toMatch(/\/reset-password\?token=/);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await checkScreen(page, 'reset-password', size);
    const newPassword = `${identity.password}-renewed`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    // Signed in: the new account has no community yet, so the app opens /community-access.
    await expect(page).toHaveURL(/\/community-access$/);
    await expect(page.getByText('Password changed')).toBeVisible();

    // The link works once; the new password signs in, the old one no longer does.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('another-password-2026');
    await page.getByLabel('Confirm new password').fill('another-password-2026');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
    await checkScreen(page, 'reset-password-spent', size);
    await page.context().clearCookies();
    await signInThroughUi(page, identity.email, identity.password);
    await expect(page.getByText('Login failed')).toBeVisible();
    await signInThroughUi(page, identity.email, newPassword);
    await expect(page).toHaveURL(/\/community-access$/);
    await page.context().close();
  });

  test(`sign-up asks to verify the e-mail; the e-mail's link does, and the banner goes (${size})`, async ({ browser }) => {
    const page = await openPage(browser, size);
    const identity = await signUpThroughUi(page, newIdentity('Newcomer'));
    await createCommunityThroughUi(page, `Verify ${size} Fellowship`);
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Confirm your e-mail' });
    await expect(banner).toContainText(identity.email);
    await checkScreen(page, 'verify-banner', size);

    const link = await linkFromMail(identity.email, /Confirm your e-mail for Steadfast/);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'E-mail confirmed' })).toBeVisible();
    await checkScreen(page, 'verify-email-done', size);
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(banner).toHaveCount(0);

    // The same link again: it has been used.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
    await checkScreen(page, 'verify-email-spent', size);
    await page.context().close();
  });
}

for (const size of ['desktop', 'phone'] as Size[]) {
  test(`a member whose e-mail is on an imported record verifies it, and the history comes with the link (${size})`, async ({ browser }) => {
    test.setTimeout(180_000); // a ceiling, for the slow machine of 2026-11-28
    const moderatorPage = await openPage(browser, 'desktop');
    await signUpThroughUi(moderatorPage, newIdentity('Moderator'));
    await createCommunityThroughUi(moderatorPage, `Shiloh ${size} Fellowship`);
    const code = await generateInviteCode(moderatorPage);
    const person = newIdentity('Returning');
    const recordName = `Brother ${person.displayName}`;
    const imported = await moderatorPage.request.post('/api/import/csv', {
      data: { csvData: `Name,Email\r\n${recordName},${person.email}\r\n`, columnMapping: { Name: 'displayName', Email: 'email' }, importMonth: 1, importYear: 2026 },
    });
    expect(imported.status(), await imported.text()).toBe(200);

    // Joining with the e-mail on file, not yet proven: the offer asks to confirm it first.
    const page = await openPage(browser, size);
    await signUpThroughUi(page, person);
    await page.getByRole('tab', { name: 'Join Community' }).click();
    await page.getByLabel('Invitation code').fill(code);
    await page.getByRole('button', { name: 'Join Community' }).click();
    const dialog = page.getByRole('dialog', { name: 'Account Found!' });
    await expect(dialog).toContainText('open the link we sent you');
    await expect(dialog.getByRole('button', { name: 'Claim Data' })).toHaveCount(0);
    await checkScreen(page, 'account-found-verify-first', size);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // Opening the sign-up link proves the e-mail: the imported record's history moves by itself.
    await page.goto(await linkFromMail(person.email, /Confirm your e-mail for Steadfast/));
    await expect(page.getByRole('status')).toContainText('your history is now on your account');
    await moderatorPage.goto('/admin?tab=members');
    await expect(moderatorPage.getByRole('listitem', { name: person.displayName })).toBeVisible();
    await expect(moderatorPage.getByRole('listitem', { name: recordName })).toHaveCount(0);
    await page.context().close();
    await moderatorPage.context().close();
  });
}
