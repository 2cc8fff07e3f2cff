import { within } from '@testing-library/react';
import type { CsvPreview, ImportResult } from '@shared/contracts/imports';
import { json } from '@/test/api-mock';
import { findToast, loadScreens } from '@/test/render-app';
import { continueButton, IMPORT_URL, openWizard, PREVIEW, PREVIEW_URL, renderImport, type View } from './import-wizard-test-kit';

// The admin screen loads on demand: its code is imported before the tests, which wait for what they render.
loadScreens('/admin');

// Issue 23 item 9: the wizard meets real spreadsheets: first- and last-name columns joined into the name,
// header words of other languages suggested by the server, Continue refused when nothing can create a member,
// and the cells left out of imported rows listed in the outcome.

const SPANISH_CSV = 'Nombre,Apellido,Correo electrónico,Bible Reading 1\nJosé María,Müller,jose@example.org,y\nAna,Quispe,,n\n';

/** The server's answer for SPANISH_CSV: its header words guessed (server/features/imports/csv-import.ts). */
const SPANISH_PREVIEW: CsvPreview = {
  ...PREVIEW,
  headers: ['Nombre', 'Apellido', 'Correo electrónico', 'Bible Reading 1'],
  preview: [
    { Nombre: 'José María', Apellido: ' Müller ', 'Correo electrónico': 'jose@example.org', 'Bible Reading 1': 'y' },
    { Nombre: 'Ana', Apellido: 'Quispe', 'Correo electrónico': '', 'Bible Reading 1': 'n' },
  ],
  suggestedMapping: { Nombre: 'firstName', Apellido: 'lastName', 'Correo electrónico': 'email', 'Bible Reading 1': 'bibleReading:1' },
};

const select = (dialog: HTMLElement, header: string) => within(dialog).getByRole('combobox', { name: header }) as HTMLSelectElement;

async function toMapping(view: View, csv = SPANISH_CSV) {
  const dialog = await openWizard(view);
  await view.user.click(within(dialog).getByLabelText('Or paste the CSV text'));
  await view.user.paste(csv);
  await view.user.click(continueButton(dialog));
  await within(dialog).findByRole('combobox', { name: 'Apellido' });
  return dialog;
}

const selectedLabel = (element: HTMLSelectElement) => element.selectedOptions[0]?.textContent;

describe('CSV import wizard: real spreadsheets', () => {
  it('prefills First name and Last name from the suggested mapping, shows the names they build, and posts both columns', async () => {
    vi.setSystemTime(new Date(2026, 10, 22, 9, 0));
    const view = renderImport({ [`POST ${PREVIEW_URL}`]: () => json(SPANISH_PREVIEW) });
    const dialog = await toMapping(view);
    expect(selectedLabel(select(dialog, 'Nombre'))).toBe('First name');
    expect(selectedLabel(select(dialog, 'Apellido'))).toBe('Last name');
    expect(selectedLabel(select(dialog, 'Correo electrónico'))).toBe('E-mail');
    expect(dialog).toHaveTextContent('Names are built from “Nombre” and “Apellido”: “José María Müller”, “Ana Quispe”.');

    // Turned round, the preview says so before anything is imported.
    await view.user.selectOptions(select(dialog, 'Nombre'), 'Last name');
    await view.user.selectOptions(select(dialog, 'Apellido'), 'First name');
    expect(dialog).toHaveTextContent('“Müller José María”');
    await view.user.selectOptions(select(dialog, 'Apellido'), 'Last name');
    await view.user.selectOptions(select(dialog, 'Nombre'), 'First name');

    await view.user.click(continueButton(dialog));
    await view.user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Month' }), 'April');
    await view.user.click(within(dialog).getByRole('button', { name: 'Start Import' }));
    expect(await findToast('Import Successful')).toBeInTheDocument();
    expect(view.api.calls('POST', IMPORT_URL)[0]!.body).toMatchObject({
      columnMapping: { Nombre: 'firstName', Apellido: 'lastName', 'Correo electrónico': 'email', 'Bible Reading 1': 'bibleReading:1' },
    });
  });

  it('lets the moderator map first and last names by hand, and refuses both them and the display name, saying why', async () => {
    const view = renderImport({ [`POST ${PREVIEW_URL}`]: () => json({ ...SPANISH_PREVIEW, suggestedMapping: {} }) });
    const dialog = await toMapping(view);
    expect(select(dialog, 'Nombre')).toHaveValue('');
    await view.user.click(continueButton(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No mapped column can create a member');
    expect(dialog).toHaveTextContent('Step 2 of 4');

    await view.user.selectOptions(select(dialog, 'Nombre'), 'Display name');
    await view.user.selectOptions(select(dialog, 'Apellido'), 'Last name');
    expect(dialog).not.toHaveTextContent('Names are built from');
    await view.user.click(continueButton(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Map the display name or the first and last names, not both');
    expect(dialog).toHaveTextContent('Step 2 of 4');

    await view.user.selectOptions(select(dialog, 'Nombre'), 'First name');
    expect(dialog).toHaveTextContent('“José María Müller”');
    await view.user.click(continueButton(dialog));
    expect(await within(dialog).findByRole('combobox', { name: 'Month' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists the cells left out of imported rows by row and column, apart from the rows refused', async () => {
    const outcome: ImportResult = {
      importedCount: 2,
      createdCount: 2,
      changedCount: 2,
      alreadyMembers: [],
      errors: [{ row: 4, message: '"Nombre": Name must be one line without control characters' }],
      refusedCells: [
        { row: 2, column: 'Bible Reading 1', message: '"only mornings" is not a day status; use Yes, No, Partially, Sick or FeelingTired, or leave it blank' },
        { row: 3, column: 'Correo electrónico', message: '"ana at example" is not a valid e-mail address' },
      ],
    };
    const view = renderImport({ [`POST ${PREVIEW_URL}`]: () => json(SPANISH_PREVIEW), [`POST ${IMPORT_URL}`]: () => json(outcome) });
    const dialog = await toMapping(view);
    await view.user.click(continueButton(dialog));
    await view.user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Month' }), 'April');
    await view.user.click(within(dialog).getByRole('button', { name: 'Start Import' }));

    expect(await findToast('Import Successful')).toHaveTextContent('2 members imported. 1 row needs fixing. 2 cells were left out.');
    expect(dialog).toHaveTextContent('2 cells were left out');
    const cells = within(dialog).getByRole('list', { name: 'Cells left out' });
    expect(within(cells).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Row 2, “Bible Reading 1”: "only mornings" is not a day status; use Yes, No, Partially, Sick or FeelingTired, or leave it blank',
      'Row 3, “Correo electrónico”: "ana at example" is not a valid e-mail address',
    ]);
    expect(within(within(dialog).getByRole('list', { name: 'Rows not imported' })).getAllByRole('listitem')).toHaveLength(1);
    expect(dialog).not.toHaveTextContent('Every row was imported');
  });
});
