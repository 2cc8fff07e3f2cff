import { screen, waitFor, within } from '@testing-library/react';
import type { ImportResult } from '@shared/contracts/imports';
import { apiError, deferred, json } from '@/test/api-mock';
import { findToast, loadScreens } from '@/test/render-app';
import { continueButton, IMPORT_URL, MEMBERS_PAGE_URL, openWizard, PREVIEW_URL, RESULT, renderImport, type View } from './import-wizard-test-kit';

// The admin screen loads on demand: its code is imported before the tests, which wait for what they render.
loadScreens('/admin');

// DECISIONS.md "Imported members and claiming", SPEC.md sections 4, 8 and 9, CHECKLIST.md P01-P08.

// LF line ends: a text area normalises CRLF to LF, so pasted text reaches the server that way.
const CSV_TEXT = 'Name,Email,Role,Bible Reading 1,Notes\nOrpah of Moab,orpah@example.org,Member,Yes,likes psalms\nBoaz,boaz@example.org,Commander,No,\n';
/** The same file as a spreadsheet saves it: CRLF line ends. */
const CSV_FILE_TEXT = CSV_TEXT.replaceAll('\n', '\r\n');

/** Step 1 with the CSV pasted, then Continue; resolves on step 2. */
async function toMapping(view: View) {
  const dialog = await openWizard(view);
  await view.user.click(within(dialog).getByLabelText('Or paste the CSV text'));
  await view.user.paste(CSV_TEXT);
  await view.user.click(continueButton(dialog));
  await within(dialog).findByRole('combobox', { name: 'Email' });
  return dialog;
}

/** Steps 1 and 2 with the suggested mapping; resolves on step 3. */
async function toMonth(view: View) {
  const dialog = await toMapping(view);
  await view.user.click(continueButton(dialog));
  await within(dialog).findByRole('combobox', { name: 'Month' });
  return dialog;
}

const mappingSelect = (dialog: HTMLElement, header: string) => within(dialog).getByRole('combobox', { name: header }) as HTMLSelectElement;

describe('CSV import wizard', () => {
  it("opens from 'Import from CSV' in the Members tab, not from a tenth tab", async () => {
    const view = renderImport();
    await screen.findByRole('list', { name: 'Members' });
    expect(screen.getAllByRole('tab')).toHaveLength(9);
    expect(screen.queryByRole('tab', { name: /import/i })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Members', selected: true })).toBeInTheDocument();
    const dialog = await openWizard(view);
    expect(dialog).toHaveTextContent('Step 1 of 4');
    expect(within(dialog).getByLabelText('Or paste the CSV text')).toHaveValue('');
    expect(continueButton(dialog)).toBeDisabled();
  });

  it('enables Continue once CSV text is pasted, and posts it with the community for a preview', async () => {
    const view = renderImport();
    const dialog = await openWizard(view);
    const paste = within(dialog).getByLabelText('Or paste the CSV text');
    await view.user.click(paste);
    await view.user.paste('   ');
    expect(continueButton(dialog)).toBeDisabled(); // blank text is not a file
    await view.user.clear(paste);
    await view.user.paste(CSV_TEXT);
    expect(continueButton(dialog)).toBeEnabled();

    await view.user.click(continueButton(dialog));
    expect(await findToast('CSV Parsed Successfully')).toBeInTheDocument();
    const posts = view.api.calls('POST', PREVIEW_URL);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ csvData: CSV_TEXT, communityId: 'c1' });
    expect(view.api.calls('POST', IMPORT_URL)).toHaveLength(0);
  });

  it('reads an uploaded file (with a byte-order mark) and sends its text', async () => {
    const view = renderImport();
    const dialog = await openWizard(view);
    const file = new File(['\uFEFF', CSV_FILE_TEXT], 'members.csv', { type: 'text/csv' });
    await view.user.upload(within(dialog).getByLabelText('CSV file'), file);

    expect(await within(dialog).findByText(/members\.csv/)).toBeInTheDocument();
    await waitFor(() => expect(continueButton(dialog)).toBeEnabled());
    await view.user.click(continueButton(dialog));
    expect(await findToast('CSV Parsed Successfully')).toBeInTheDocument();

    const body = view.api.calls('POST', PREVIEW_URL)[0]!.body as { csvData: string; communityId: string };
    expect(body.communityId).toBe('c1');
    // The server strips a BOM, so either form is fine; the text itself must arrive whole.
    expect(body.csvData.replace(/^\uFEFF/, '')).toBe(CSV_FILE_TEXT);
  });

  it('shows one select per header on step 2, prefilled from the suggested mapping, offering the fields and Ignore', async () => {
    const view = renderImport();
    const dialog = await toMapping(view);
    expect(dialog).toHaveTextContent('Step 2 of 4');
    expect(within(dialog).getAllByRole('combobox')).toHaveLength(5);
    expect(mappingSelect(dialog, 'Name')).toHaveValue('displayName');
    expect(mappingSelect(dialog, 'Email')).toHaveValue('email');
    expect(mappingSelect(dialog, 'Role')).toHaveValue('role');
    expect(mappingSelect(dialog, 'Bible Reading 1')).toHaveValue('bibleReading:1');
    expect(mappingSelect(dialog, 'Notes')).toHaveValue('');
    expect(within(mappingSelect(dialog, 'Notes')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Ignore',
      'E-mail',
      'Display name',
      'First name',
      'Last name',
      'Role',
      'Bible Reading',
      'Bible Reading, day 1',
      'Bible Reading, day 2',
    ]);
    expect(within(mappingSelect(dialog, 'Notes')).getByRole('option', { name: 'Ignore' })).toHaveValue('');
  });

  it.each([
    ['the server message', () => apiError(400, 'The file has no header row.'), 'The file has no header row.'],
    ['the fallback for an empty body', () => new Response('', { status: 500, statusText: 'Internal Server Error' }), 'Failed to parse CSV data'],
  ])("shows 'CSV Parse Failed' with %s and stays on step 1", async (_case, answer, message) => {
    const view = renderImport({ [`POST ${PREVIEW_URL}`]: answer });
    const dialog = await openWizard(view);
    await view.user.click(within(dialog).getByLabelText('Or paste the CSV text'));
    await view.user.paste(CSV_TEXT);
    await view.user.click(continueButton(dialog));

    expect(await findToast('CSV Parse Failed')).toHaveTextContent(message);
    expect(dialog).toHaveTextContent('Step 1 of 4');
    expect(within(dialog).getByLabelText('Or paste the CSV text')).toHaveValue(CSV_TEXT);
    expect(within(dialog).queryByRole('combobox', { name: 'Email' })).not.toBeInTheDocument();
  });

  it('refuses to continue from step 2, saying why, until a column that can create a member (a name) is mapped', async () => {
    const view = renderImport();
    const dialog = await toMapping(view);
    await view.user.selectOptions(mappingSelect(dialog, 'Name'), 'Ignore');
    await view.user.selectOptions(mappingSelect(dialog, 'Email'), 'Ignore');
    await view.user.click(continueButton(dialog));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No mapped column can create a member: each new member needs a name. Map the display-name column, or the first- and last-name columns.',
    );
    expect(dialog).toHaveTextContent('Step 2 of 4');
    expect(within(dialog).queryByRole('combobox', { name: 'Month' })).not.toBeInTheDocument();

    // The display name alone is enough.
    await view.user.selectOptions(mappingSelect(dialog, 'Name'), 'Display name');
    await view.user.click(continueButton(dialog));
    expect(await within(dialog).findByRole('combobox', { name: 'Month' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Step 3 of 4');
  });

  it('refuses to continue with only the e-mail mapped (it creates nobody), saying so, and goes on with a first or last name', async () => {
    const view = renderImport();
    const dialog = await toMapping(view);
    await view.user.selectOptions(mappingSelect(dialog, 'Name'), 'Ignore');
    await view.user.click(continueButton(dialog));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('each new member needs a name');
    expect(alert).toHaveTextContent('The e-mail alone only finds members imported before.');
    expect(dialog).toHaveTextContent('Step 2 of 4');
    expect(within(dialog).queryByRole('combobox', { name: 'Month' })).not.toBeInTheDocument();
    expect(view.api.calls('POST', IMPORT_URL)).toHaveLength(0);

    await view.user.selectOptions(mappingSelect(dialog, 'Name'), 'Last name');
    await view.user.click(continueButton(dialog));
    expect(await within(dialog).findByRole('combobox', { name: 'Month' })).toBeInTheDocument();
  });

  it('refuses the same field on two columns', async () => {
    const view = renderImport();
    const dialog = await toMapping(view);
    await view.user.selectOptions(mappingSelect(dialog, 'Notes'), 'E-mail');
    await view.user.click(continueButton(dialog));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('E-mail');
    expect(dialog).toHaveTextContent('Step 2 of 4');
    expect(within(dialog).queryByRole('combobox', { name: 'Month' })).not.toBeInTheDocument();

    // Fixing it lets the wizard go on.
    await view.user.selectOptions(mappingSelect(dialog, 'Notes'), 'Ignore');
    await view.user.click(continueButton(dialog));
    expect(await within(dialog).findByRole('combobox', { name: 'Month' })).toBeInTheDocument();
  });

  it("keeps 'Start Import' disabled until a month is chosen; the year runs 2020 to 2030 and starts on the current year", async () => {
    vi.setSystemTime(new Date(2027, 2, 10, 9, 0));
    const view = renderImport();
    const dialog = await toMonth(view);
    const year = within(dialog).getByRole('combobox', { name: 'Year' });
    expect(within(year).getAllByRole('option').map((option) => option.textContent)).toEqual([
      '2020', '2021', '2022', '2023', '2024', '2025', '2026', '2027', '2028', '2029', '2030',
    ]);
    expect(year).toHaveValue('2027');
    const month = within(dialog).getByRole('combobox', { name: 'Month' });
    expect(month).toHaveValue('');
    expect(within(month).getAllByRole('option').filter((option) => (option as HTMLOptionElement).value !== '')).toHaveLength(12);

    const start = within(dialog).getByRole('button', { name: 'Start Import' });
    expect(start).toBeDisabled();
    await view.user.click(start);
    expect(view.api.calls('POST', IMPORT_URL)).toHaveLength(0);

    await view.user.selectOptions(month, 'April');
    expect(start).toBeEnabled();
  });

  it("posts the CSV, only the mapped columns, the month, year and community, then shows 'Import Successful' and every refused row", async () => {
    vi.setSystemTime(new Date(2026, 10, 22, 9, 0));
    const view = renderImport();
    const dialog = await toMonth(view);
    await view.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Month' }), 'April');
    await view.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Year' }), '2024');
    await view.user.click(within(dialog).getByRole('button', { name: 'Start Import' }));

    expect(await findToast('Import Successful')).toBeInTheDocument();
    const posts = view.api.calls('POST', IMPORT_URL);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      csvData: CSV_TEXT,
      columnMapping: { Name: 'displayName', Email: 'email', Role: 'role', 'Bible Reading 1': 'bibleReading:1' },
      importMonth: 4,
      importYear: 2024,
      communityId: 'c1',
    });

    expect(dialog).toHaveTextContent('Step 4 of 4');
    expect(dialog).toHaveTextContent(/3 members imported/);
    expect(dialog).toHaveTextContent(/2 of them new/);
    const refused = within(dialog).getByRole('list', { name: 'Rows not imported' });
    expect(within(refused).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Row 5: E-mail "not-an-address" is not a valid e-mail address.',
      'Row 9: Bible Reading, day 1: "Maybe" is not a day status.',
    ]);
  });

  it('says nothing changed when the file was imported before, and reports real members apart from the rows to fix', async () => {
    const outcome: ImportResult = { importedCount: 4, createdCount: 0, changedCount: 0, errors: [], refusedCells: [], alreadyMembers: [{ row: 3, email: 'ruth@example.org' }] };
    const view = renderImport({ [`POST ${IMPORT_URL}`]: () => json(outcome) });
    const dialog = await toMonth(view);
    await view.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Month' }), 'May');
    await view.user.click(within(dialog).getByRole('button', { name: 'Start Import' }));
    expect(await findToast('Import Successful')).toHaveTextContent('Nothing changed: its 4 members were already up to date. 1 row is a member already: their own log is kept.');
    expect(dialog).toHaveTextContent('Nothing changed: its 4 members were already up to date.');
    expect(within(dialog).getByRole('list', { name: 'Rows of members already here' })).toHaveTextContent('Row 3: ruth@example.org');
    expect(dialog).not.toHaveTextContent(/\d+ rows? needs? fixing|not imported|Every row was imported/);
  });

  it('says every row was imported when none was refused', async () => {
    const view = renderImport({ [`POST ${IMPORT_URL}`]: () => json({ importedCount: 1, createdCount: 0, changedCount: 1, errors: [], refusedCells: [], alreadyMembers: [] } satisfies ImportResult) });
    const dialog = await toMonth(view);
    await view.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Month' }), 'May');
    await view.user.click(within(dialog).getByRole('button', { name: 'Start Import' }));
    expect(await findToast('Import Successful')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(/1 member imported/);
    expect(within(dialog).queryByRole('list', { name: 'Rows not imported' })).not.toBeInTheDocument();
  });

  it("shows 'Importing...' on a disabled button while the import runs, then reads the member list again", async () => {
    const pending = deferred<Response>();
    const view = renderImport({ [`POST ${IMPORT_URL}`]: () => pending.promise });
    const dialog = await toMonth(view);
    expect(view.api.calls('GET', MEMBERS_PAGE_URL)).toHaveLength(1);
    await view.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Month' }), 'April');
    await view.user.click(within(dialog).getByRole('button', { name: 'Start Import' }));

    expect(await within(dialog).findByRole('button', { name: 'Importing...' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Start Import' })).not.toBeInTheDocument();

    pending.resolve(json(RESULT));
    expect(await findToast('Import Successful')).toBeInTheDocument();
    await waitFor(() => expect(view.api.calls('GET', MEMBERS_PAGE_URL)).toHaveLength(2));
  });

  it.each([
    ['the server message', () => apiError(403, 'Only admins can import members.'), 'Only admins can import members.'],
    ['the fallback for an empty body', () => new Response('', { status: 500, statusText: 'Internal Server Error' }), 'Failed to import CSV data'],
  ])("shows 'Import Failed' with %s and stays on step 3", async (_case, answer, message) => {
    const view = renderImport({ [`POST ${IMPORT_URL}`]: answer });
    const dialog = await toMonth(view);
    await view.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Month' }), 'April');
    await view.user.click(within(dialog).getByRole('button', { name: 'Start Import' }));

    expect(await findToast('Import Failed')).toHaveTextContent(message);
    expect(dialog).toHaveTextContent('Step 3 of 4');
    expect(within(dialog).getByRole('button', { name: 'Start Import' })).toBeEnabled();
    expect(view.api.calls('GET', MEMBERS_PAGE_URL)).toHaveLength(1);
  });

  it("returns to an empty step 1 with 'Import Another File'", async () => {
    const view = renderImport();
    const dialog = await toMonth(view);
    await view.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Month' }), 'April');
    await view.user.click(within(dialog).getByRole('button', { name: 'Start Import' }));
    await findToast('Import Successful');

    await view.user.click(within(dialog).getByRole('button', { name: 'Import Another File' }));
    expect(dialog).toHaveTextContent('Step 1 of 4');
    expect(within(dialog).getByLabelText('Or paste the CSV text')).toHaveValue('');
    expect(continueButton(dialog)).toBeDisabled();
    expect(within(dialog).queryByRole('list', { name: 'Rows not imported' })).not.toBeInTheDocument();

    // A new file starts a new preview, with the mapping suggested afresh.
    await view.user.click(within(dialog).getByLabelText('Or paste the CSV text'));
    await view.user.paste(CSV_TEXT);
    await view.user.click(continueButton(dialog));
    expect(await within(dialog).findByRole('combobox', { name: 'Notes' })).toHaveValue('');
    expect(view.api.calls('POST', PREVIEW_URL)).toHaveLength(2);
  });
});
