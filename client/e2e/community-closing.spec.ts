import { expect, type Page, test } from '@playwright/test';
import { call, newIdentity } from './fixtures';
import { ALL_SIZES, type AnySize, checkScreen, openPage } from './screens-kit';

// Closing a community (issue 39 items 3 and 5), one walk: a moderator closes it from Community Settings with
// their password, every member sees the banner, a check-in is refused in the app's words, and the moderator
// reopens it. The settings card, the close dialog and the banner are checked with axe, for sideways scrolling,
// and photographed at 1280, 820 and 390 px into test-results/screens/.

const SIZE_ORDER: AnySize[] = ['desktop', 'tablet', 'phone'];

/** Checks the same state at every width (the page resized in place: a dialog stays open). */
async function checkAtEverySize(page: Page, name: string) {
  for (const size of SIZE_ORDER) {
    await page.setViewportSize(ALL_SIZES[size].viewport);
    await checkScreen(page, name, size);
  }
  await page.setViewportSize(ALL_SIZES.desktop.viewport);
}

test('a moderator closes a community, members see when, a check-in is refused, and it reopens', async ({ browser }) => {
  test.setTimeout(120_000); // a ceiling for a slow machine: three screens at three widths with axe

  const moderatorPage = await openPage(browser, 'desktop');
  const moderator = newIdentity('Closer');
  await call(moderatorPage.request, 'post', '/api/register', moderator);
  const community = (await call(moderatorPage.request, 'post', '/api/communities', { name: 'Evening Light Chapel', timeZone: 'UTC' })) as { id: string };
  const { inviteCode } = (await call(moderatorPage.request, 'post', `/api/communities/${community.id}/invite-codes`)) as { inviteCode: string };

  const memberPage = await openPage(browser, 'phone');
  await call(memberPage.request, 'post', '/api/register', newIdentity('Stayer'));
  await call(memberPage.request, 'post', '/api/communities/join', { inviteCode });

  // Community Settings: the card, then the dialog that says what happens and asks the password.
  await moderatorPage.goto('/admin?tab=settings');
  const closeButton = moderatorPage.getByRole('button', { name: 'Close this community' });
  await expect(closeButton).toBeVisible();
  await checkAtEverySize(moderatorPage, 'community-close-card');

  await closeButton.click();
  const dialog = moderatorPage.getByRole('dialog', { name: 'Close Evening Light Chapel?' });
  await expect(dialog.getByText(/For 30 days the community is read-only/)).toBeVisible();
  await checkAtEverySize(moderatorPage, 'community-close-dialog');

  await dialog.getByLabel('Your password').fill(moderator.password);
  await dialog.getByRole('button', { name: 'Close the community' }).click();
  await expect(dialog).toBeHidden();
  const closingCard = moderatorPage.getByText('This community is closing');
  await expect(closingCard).toBeVisible();
  await expect(moderatorPage.getByRole('button', { name: 'Reopen' })).toBeVisible();
  // The toast says what the card now says: put away before the photographs.
  const toast = moderatorPage.getByRole('listitem').filter({ hasText: 'Every member has been told' });
  await toast.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(toast).toHaveCount(0);
  await checkAtEverySize(moderatorPage, 'community-close-card-closing');

  // Every member sees when, with their own data to take.
  await memberPage.goto('/');
  const banner = memberPage.getByRole('region', { name: 'Community closing' });
  await expect(banner).toContainText(/Evening Light Chapel closes on \w+ \d+, \d{4}\. Download your data before then\./);
  await expect(banner.getByRole('button', { name: 'Download my data' })).toBeVisible();
  await checkAtEverySize(memberPage, 'community-closing-banner');

  // A check-in is refused in the app's words (the server's 423).
  await memberPage.setViewportSize(ALL_SIZES.phone.viewport);
  const checkIn = memberPage.getByRole('region', { name: 'Quick Daily Check-in' });
  await checkIn.getByRole('button', { name: 'Mark Bible Reading Yes for today' }).click();
  await expect(memberPage.getByText(/This community is closing on \w+ \d+, \d{4}: nothing new can be saved/).first()).toBeVisible();

  // Reopened: the banner goes, and the check-in is taken.
  await moderatorPage.getByRole('button', { name: 'Reopen' }).click();
  await expect(moderatorPage.getByRole('button', { name: 'Close this community' })).toBeVisible();
  await memberPage.reload();
  // By name: the dashboard's guidelines card has a level-one heading of its own once it loads.
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(memberPage.getByRole('region', { name: 'Community closing' })).toHaveCount(0);
  await memberPage.getByRole('region', { name: 'Quick Daily Check-in' }).getByRole('button', { name: 'Mark Bible Reading Yes for today' }).click();
  await expect(memberPage.getByTestId('streak-bibleReading')).toHaveText('1 day');

  await moderatorPage.context().close();
  await memberPage.context().close();
});
