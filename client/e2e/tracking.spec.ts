import { expect, test } from '@playwright/test';
import { createCommunityThroughUi, generateInviteCode, joinThroughUi, newIdentity, signUpThroughUi } from './fixtures';

const today = new Date();
const monthName = today.toLocaleString('en-US', { month: 'long' });
const day = today.getDate();
const cell = (discipline: string, status: string) => `${discipline}, ${monthName} ${day}: ${status}`;

test('a member checks in on a phone, an admin locks the month, the member can no longer change it', async ({ browser }) => {
  // Two accounts, a community and its setup wizard, several screens: more than the default 30 s on a busy CI machine.
  test.setTimeout(120_000); // a ceiling, for the slow machine of 2026-11-28
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signUpThroughUi(admin, newIdentity('Admin'));
  await createCommunityThroughUi(admin, 'Steadfast Prayer Band');
  const code = await generateInviteCode(admin);

  // The member uses a 390 px wide phone screen throughout.
  const memberContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const member = await memberContext.newPage();
  await signUpThroughUi(member, newIdentity('Member'));
  await joinThroughUi(member, code);

  // Quick Daily Check-in on the dashboard: three disciplines for today.
  const checkIn = member.getByRole('region', { name: 'Quick Daily Check-in' });
  await expect(member.getByTestId('streak-bibleReading')).toHaveText('0 days');
  await checkIn.getByRole('button', { name: 'Mark Bible Reading Yes for today' }).click();
  await checkIn.getByRole('button', { name: 'Mark Fasting Yes for today' }).click(); // the carousel moved on by itself
  await checkIn.getByRole('button', { name: 'Mark Morning Intimacy Partially for today' }).click();
  await expect(checkIn.getByRole('button', { name: 'Mark Midnight Prayer Yes for today' })).toBeInViewport();
  await expect(member.getByTestId('streak-bibleReading')).toHaveText('1 day');
  await expect(member.getByTestId('streak-morningIntimacy')).toHaveText('1 day');
  await expect(member.getByTestId('streak-meditation')).toHaveText('0 days');

  // The calendar shows the three marks, and a cell can be changed from it.
  await member.goto('/tracking');
  await expect(member.getByRole('button', { name: cell('Bible Reading', 'Yes') })).toBeVisible();
  await expect(member.getByRole('button', { name: cell('Fasting', 'Yes') })).toBeVisible();
  await expect(member.getByRole('button', { name: cell('Morning Intimacy', 'Partially') })).toBeVisible();
  const meditation = member.getByRole('button', { name: cell('Meditation', 'Not set') });
  await meditation.scrollIntoViewIfNeeded();
  await expect(meditation).toBeInViewport();
  await meditation.click();
  await member.getByRole('menuitemradio', { name: 'Yes' }).click();
  await expect(member.getByRole('button', { name: cell('Meditation', 'Yes') })).toBeVisible();
  await member.reload();
  await expect(member.getByRole('button', { name: cell('Meditation', 'Yes') })).toBeVisible();

  // The admin locks this month.
  await admin.goto('/admin?tab=calendar-locks');
  await admin.getByLabel('Month').selectOption(String(today.getMonth() + 1));
  await admin.getByLabel('Year').selectOption(String(today.getFullYear()));
  await admin.getByRole('button', { name: 'Lock Month' }).click();
  await expect(admin.getByText('Calendar Lock Updated')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Already Locked' })).toBeDisabled();

  await member.reload();
  await expect(member.getByText('Locked', { exact: true })).toBeVisible();
  await expect(member.getByRole('button', { name: cell('Bible Reading', 'Yes') })).toBeDisabled();
  await expect(member.getByRole('button', { name: cell('Midnight Prayer', 'Not set') })).toBeDisabled();
  const refused = await member.request.post(`/api/communities/${await communityIdOf(member)}/daily-log`, {
    data: { month: today.getMonth() + 1, year: today.getFullYear(), dayStatus: { midnightPrayer: { [String(day)]: 'Yes' } } },
  });
  expect(refused.status()).toBe(423);

  // The admin still edits their own month, with the override badge.
  await admin.goto('/tracking');
  await expect(admin.getByText('Locked (Admin Override)')).toBeVisible();
  await expect(admin.getByRole('button', { name: cell('Bible Reading', 'Not set') })).toBeEnabled();

  await adminContext.close();
  await memberContext.close();
});

async function communityIdOf(page: import('@playwright/test').Page) {
  const memberships = await (await page.request.get('/api/memberships')).json();
  return memberships[0].communityId as string;
}
