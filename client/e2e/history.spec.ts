import { expect, test } from '@playwright/test';
import { createCommunityThroughUi, newIdentity, signUpThroughUi } from './fixtures';

/** The month before this one, as the import and /tracking pickers name it. */
function previousMonth(now = new Date()) {
  const date = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return { year: date.getFullYear(), month: date.getMonth() + 1, name: date.toLocaleString('en-US', { month: 'long' }) };
}

test('a moderator imports history through the wizard; /reports shows it as a chart and as a table', async ({ page }) => {
  test.setTimeout(90_000);
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
  await page.getByLabel('Month').selectOption({ label: monthName });
  await page.getByLabel('Year').selectOption(String(year));
  const byMember = page.locator('div.rounded-2xl').filter({ has: page.getByRole('heading', { name: 'By member' }) });
  await expect(byMember.locator('canvas')).toBeVisible();
  await byMember.getByRole('button', { name: 'Table' }).click();
  const table = byMember.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('row', { name: /Moab, Ruth/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Boaz Bethlehem/ })).toBeVisible();
});
