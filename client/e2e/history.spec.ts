import { expect, test } from '@playwright/test';
import { createCommunityThroughUi, generateInviteCode, linkFromMail, newIdentity, signUpThroughUi } from './fixtures';

/** The month before this one, as the import and /tracking pickers name it. */
function previousMonth(now = new Date()) {
  const date = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return { year: date.getFullYear(), month: date.getMonth() + 1, name: date.toLocaleString('en-US', { month: 'long' }) };
}

test('a moderator imports history through the wizard; /reports shows it as a chart and as a table', async ({ page }) => {
  test.setTimeout(180_000); // a ceiling, for the slow machine of 2026-11-28
  await signUpThroughUi(page, newIdentity('Importer'));
  await createCommunityThroughUi(page, 'Shiloh Chapel');
  const { year, name: monthName } = previousMonth();

  // A spreadsheet as people keep them: a BOM, CRLF, a quoted name with a comma, a blank line.
  const csv = ['\uFEFFName,Email,Bible Reading 1,Bible Reading 2,Bible Reading 3,Fasting 1', '"Moab, Ruth",ruth.moab@example.org,Yes,y,Partially,No', '', 'Boaz Bethlehem,,✓,Yes,,Yes'].join('\r\n');
  await page.goto('/admin?tab=members');
  await page.getByRole('button', { name: 'Import from CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import from CSV' });
  await dialog.getByLabel('Or paste the CSV text').fill(csv);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('CSV Parsed Successfully')).toBeVisible();
  // The mapping is guessed from the headers.
  await expect(dialog.getByLabel('Email')).toHaveValue('email');
  await expect(dialog.getByLabel('Name')).toHaveValue('displayName');
  await expect(dialog.getByLabel('Bible Reading 2')).toHaveValue('bibleReading:2');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('button', { name: 'Start Import' })).toBeDisabled();
  await dialog.getByLabel('Month').selectOption({ label: monthName });
  await dialog.getByLabel('Year').selectOption(String(year));
  await dialog.getByRole('button', { name: 'Start Import' }).click();
  await expect(page.getByText('Import Successful')).toBeVisible();
  await expect(dialog.getByText('2 members imported, 2 of them new.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('listitem', { name: 'Moab, Ruth' })).toBeVisible();

  // The imported month on /reports, for the whole community: a chart and the same numbers as a table.
  await page.goto('/reports');
  await page.getByLabel('Month', { exact: true }).selectOption({ label: monthName });
  await page.getByLabel('Year', { exact: true }).selectOption(String(year));
  const byMember = page.locator('div.rounded-2xl').filter({ has: page.getByRole('heading', { name: 'By member' }) });
  await expect(byMember.locator('canvas')).toBeVisible();
  await byMember.getByRole('button', { name: 'Table' }).click();
  const table = byMember.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('row', { name: /Moab, Ruth/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Boaz Bethlehem/ })).toBeVisible();
});

test('a member whose history was imported signs up under another name, joins and claims it; the old month is on Tracking', async ({ browser }) => {
  test.setTimeout(180_000); // a ceiling, for the slow machine of 2026-11-28
  const moderatorContext = await browser.newContext();
  const moderator = await moderatorContext.newPage();
  await signUpThroughUi(moderator, newIdentity('Keeper'));
  await createCommunityThroughUi(moderator, 'Ramah Fellowship');
  const { year, month, name: monthName } = previousMonth();

  // The spreadsheet knows Hannah by a short name and her e-mail.
  const hannah = newIdentity('Hannah');
  const csv = `Name,Email,Bible Reading 1,Bible Reading 2\r\nHannah R ${hannah.displayName.split(' ')[1]},${hannah.email},Yes,Partially\r\n`;
  const imported = await moderator.request.post('/api/import/csv', {
    data: { csvData: csv, columnMapping: { Name: 'displayName', Email: 'email', 'Bible Reading 1': 'bibleReading:1', 'Bible Reading 2': 'bibleReading:2' }, importMonth: month, importYear: year },
  });
  expect(imported.status()).toBe(200);
  expect((await imported.json()).importedCount).toBe(1);
  const code = await generateInviteCode(moderator);

  // Hannah signs up with the e-mail on file under the name she uses now, and joins.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signUpThroughUi(member, hannah);
  // She proves the e-mail first (the link sent at sign-up, opened signed in): only then is the history hers to claim.
  await member.goto(await linkFromMail(hannah.email, /Confirm your e-mail for Steadfast/));
  await expect(member.getByRole('heading', { level: 1, name: 'E-mail confirmed' })).toBeVisible();
  await member.goto('/community-access');
  await member.getByRole('tab', { name: 'Join Community' }).click();
  await member.getByLabel('Invitation code').fill(code);
  await member.getByRole('button', { name: 'Join Community' }).click();
  const offer = member.getByRole('dialog', { name: 'Account Found!' });
  await expect(offer).toBeVisible();
  // The e-mail on file is shown masked.
  await expect(offer).toContainText(`${hannah.email[0]}•••@example.org`);
  await offer.getByRole('button', { name: 'Claim Data' }).click();
  await expect(member.getByText('Account claimed successfully!')).toBeVisible();
  await expect(member).toHaveURL(/\/$/);

  await member.goto('/tracking');
  await member.getByLabel('Month', { exact: true }).selectOption({ label: monthName });
  await member.getByLabel('Year', { exact: true }).selectOption(String(year));
  await expect(member.getByRole('button', { name: `Bible Reading, ${monthName} 1: Yes` })).toBeVisible();
  await expect(member.getByRole('button', { name: `Bible Reading, ${monthName} 2: Partially` })).toBeVisible();

  await moderatorContext.close();
  await memberContext.close();
});
