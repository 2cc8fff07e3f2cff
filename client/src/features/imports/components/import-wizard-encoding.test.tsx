import { within } from '@testing-library/react';
import type { CsvPreview } from '@shared/contracts/imports';
import { json } from '@/test/api-mock';
import { findToast, loadScreens } from '@/test/render-app';
import { continueButton, openWizard, PREVIEW, PREVIEW_URL, renderImport, type View } from './import-wizard-test-kit';

// The admin screen loads on demand: its code is imported before the tests, which wait for what they render.
loadScreens('/admin');

// DECISIONS.md "Imported members and claiming": a file that is not UTF-8 is read as Windows-1252 and the preview says so.

const NOTE = 'Read as Windows-1252 (the file was not UTF-8).';
const bytesOf = (...parts: (string | number)[]) => new Uint8Array(parts.flatMap((part) => (typeof part === 'number' ? [part] : Array.from(part, (char) => char.charCodeAt(0)))));

/** 'Renée Dubois' as Excel on Windows saves "CSV": é is the single byte 0xE9. */
const WINDOWS_1252 = bytesOf('Name,Email\r\nRen', 0xe9, 'e Dubois,renee@example.org\r\n');
const UTF_8 = new Uint8Array(new TextEncoder().encode('\uFEFFName,Email\r\nRenée Dubois,renee@example.org\r\n'));
const RENEE_PREVIEW: CsvPreview = {
  ...PREVIEW,
  totalRows: 1,
  headers: ['Name', 'Email'],
  preview: [{ Name: 'Renée Dubois', Email: 'renee@example.org' }],
  suggestedMapping: { Name: 'displayName', Email: 'email' },
};

/** Uploads the bytes as members.csv and goes on to step 2; returns the dialog and the text posted for the preview. */
async function uploadAndPreview(view: View, bytes: Uint8Array<ArrayBuffer>) {
  const dialog = await openWizard(view);
  await view.user.upload(within(dialog).getByLabelText('CSV file'), new File([bytes], 'members.csv', { type: 'text/csv' }));
  expect(await within(dialog).findByText('members.csv is ready.')).toBeInTheDocument();
  const step1 = dialog.textContent;
  await view.user.click(continueButton(dialog));
  expect(await findToast('CSV Parsed Successfully')).toBeInTheDocument();
  await within(dialog).findByRole('combobox', { name: 'Email' });
  const posted = (view.api.calls('POST', PREVIEW_URL)[0]!.body as { csvData: string }).csvData;
  return { dialog, step1, posted };
}

describe('CSV import wizard: the file’s encoding', () => {
  it('reads a file that is not UTF-8 as Windows-1252, so Renée stays Renée, and says so on the preview', async () => {
    const view = renderImport({ [`POST ${PREVIEW_URL}`]: () => json(RENEE_PREVIEW) });
    const { dialog, step1, posted } = await uploadAndPreview(view, WINDOWS_1252);
    expect(step1).toContain(NOTE);
    expect(posted).toBe('Name,Email\r\nRenée Dubois,renee@example.org\r\n');
    expect(dialog).toHaveTextContent('Step 2 of 4');
    expect(dialog).toHaveTextContent(NOTE);
    expect(dialog).toHaveTextContent('e.g. Renée Dubois');
  });

  it('reads a UTF-8 file as it is, without its byte-order mark, and adds no note', async () => {
    const view = renderImport({ [`POST ${PREVIEW_URL}`]: () => json(RENEE_PREVIEW) });
    const { dialog, step1, posted } = await uploadAndPreview(view, UTF_8);
    expect(posted).toBe('Name,Email\r\nRenée Dubois,renee@example.org\r\n');
    expect(step1).not.toMatch(/Windows-1252|UTF-8/);
    expect(dialog).toHaveTextContent('Step 2 of 4');
    expect(dialog).not.toHaveTextContent(/Windows-1252|not UTF-8/);
  });

  it('drops the note once the text is edited by hand', async () => {
    const view = renderImport();
    const dialog = await openWizard(view);
    await view.user.upload(within(dialog).getByLabelText('CSV file'), new File([WINDOWS_1252], 'members.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText(NOTE, { exact: false })).toBeInTheDocument();
    await view.user.type(within(dialog).getByLabelText('Or paste the CSV text'), 'x');
    expect(dialog).not.toHaveTextContent(NOTE);
    expect(dialog).not.toHaveTextContent('members.csv is ready.');
  });

  it('tells the limits of a file', async () => {
    const dialog = await openWizard(renderImport());
    expect(dialog).toHaveTextContent('At most 10,000 rows and 1,000 columns.');
  });
});
