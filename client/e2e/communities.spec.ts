import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { createCommunityThroughUi, generateInviteCode, joinThroughUi, newIdentity, signUpThroughUi } from './fixtures';

test('a moderator invites a member, makes them Commander and exports escaped CSV', async ({ browser }) => {
  // Two accounts, a community and its setup wizard, several screens: more than the default 30 s on a busy CI machine.
  test.setTimeout(120_000); // a ceiling, for the slow machine of 2026-11-28
  const moderatorContext = await browser.newContext();
  const memberContext = await browser.newContext();
  const moderator = await moderatorContext.newPage();
  const member = await memberContext.newPage();

  await signUpThroughUi(moderator, newIdentity('Moderator'));
  await createCommunityThroughUi(moderator, 'Grace Fellowship');
  const code = await generateInviteCode(moderator);

  // A member whose name would run as a formula in a spreadsheet.
  const identity = { ...newIdentity('Member'), displayName: '=1+1' };
  await signUpThroughUi(member, identity);
  await joinThroughUi(member, `  ${code.toLowerCase()}  `);
  await expect(member.getByText('Welcome to the community!')).toBeVisible();

  await moderator.goto('/admin?tab=members');
  const row = moderator.getByRole('listitem', { name: '=1+1' });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Edit roles for =1+1' }).click();
  await moderator.getByRole('dialog').getByRole('checkbox', { name: /^Commander/ }).check();
  await moderator.getByRole('button', { name: 'Apply Changes' }).click();
  await expect(moderator.getByText('Role Updated')).toBeVisible();
  await expect(row.getByText('Commander', { exact: true })).toBeVisible();

  await member.goto('/community-access');
  await expect(member.getByText('Grace Fellowship')).toBeVisible();
  await expect(member.getByText('Commander', { exact: true })).toBeVisible();

  const downloadPromise = moderator.waitForEvent('download');
  await moderator.getByRole('button', { name: 'Export to CSV' }).click();
  const download = await downloadPromise;
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('Display Name,Email,Role,Bible Reading,Fasting,Morning Intimacy,Midnight Prayer,Meditation,Monthly Retreat,Prayer Walk,Evangelism,1 Hr Silence');
  // Monthly Retreat and 1 Hr Silence are required of every member: always Yes, saved or not.
  expect(lines).toContain(`'=1+1,${identity.email},Commander,,,,,,Yes,,,Yes`);
  await expect(moderator.getByText('Export Successful')).toBeVisible();

  await moderatorContext.close();
  await memberContext.close();
});
