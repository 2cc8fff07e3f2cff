import { BOTH_NAME_FORMS_MESSAGE } from '@shared/contracts/imports';
import { DEFAULT_DISCIPLINES, type Discipline } from '@shared/domain/disciplines';
import { HttpError } from '../../http/errors';
import { importFields, resolveMapping, suggestMapping } from './csv-import';
import { readDayStatus, readRole, readRow } from './csv-rows';
import { roleLabel } from '@shared/domain/roles';
import { DAY_STATUS_LABELS } from '@shared/domain/constants';
import { LOCALES } from '@shared/domain/locales';
import { translator } from '../../i18n/translate';

const WIZARD_DISCIPLINES: Discipline[] = [
  { key: 'bible_reading', label: 'Bible Reading', unit: 'chapters', isNumeric: true, isDailyGrid: true, isPrivate: false, order: 1 },
  { key: 'prayer', label: 'Prayer Time', unit: 'minutes', isNumeric: true, isDailyGrid: true, isPrivate: false, order: 2 },
  { key: 'retreat', label: 'Retreat', unit: null, isNumeric: false, isDailyGrid: false, isPrivate: false, order: 3 },
];

function refusal(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('fields and the suggested mapping', () => {
  it('offers e-mail, name (whole, or first and last), role, the ten targets and every day of each daily-grid discipline', () => {
    const fields = importFields(WIZARD_DISCIPLINES);
    expect(fields.slice(0, 6)).toEqual([
      { value: 'email', label: 'E-mail' },
      { value: 'displayName', label: 'Display name' },
      { value: 'firstName', label: 'First name' },
      { value: 'lastName', label: 'Last name' },
      { value: 'role', label: 'Role' },
      { value: 'bibleReading', label: 'Bible Reading' },
    ]);
    expect(fields).toContainEqual({ value: 'silenceHour', label: '1 Hr Silence' });
    expect(fields).toContainEqual({ value: 'prayer:31', label: 'Prayer Time, day 31' });
    expect(fields.some((field) => field.value.startsWith('retreat:'))).toBe(false);
    expect(fields).toHaveLength(5 + 10 + 2 * 31);
  });

  it("reads back the member export's headers in each of the app's languages", () => {
    for (const locale of LOCALES) {
      const t = translator(locale);
      const headers = [t('Display Name'), t('Email'), t('Role'), t('Bible Reading'), t('Monthly Retreat'), t('1 Hr Silence')];
      expect(Object.values(suggestMapping(headers, DEFAULT_DISCIPLINES)), locale).toEqual(['displayName', 'email', 'role', 'bibleReading', 'monthlyRetreat', 'silenceHour']);
    }
  });

  it('guesses fields from header names, ignoring case and punctuation', () => {
    const headers = ['E-mail address', 'Full name', 'ROLE', 'Bible Reading', '1 hr silence', 'Bible Reading 3', 'Prayer Time - Day 12', 'prayer:4', 'bible_reading day 5', 'Notes', 'Email'];
    expect(suggestMapping(headers, WIZARD_DISCIPLINES)).toEqual({
      'E-mail address': 'email',
      'Full name': 'displayName',
      ROLE: 'role',
      'Bible Reading': 'bibleReading',
      '1 hr silence': 'silenceHour',
      'Bible Reading 3': 'bible_reading:3',
      'Prayer Time - Day 12': 'prayer:12',
      'prayer:4': 'prayer:4',
      'bible_reading day 5': 'bible_reading:5',
    });
    expect(suggestMapping(['Name', 'Display Name', 'Email', 'Morning Intimacy 7', 'Day 32 Fasting'], DEFAULT_DISCIPLINES)).toEqual({
      Name: 'displayName',
      Email: 'email',
      'Morning Intimacy 7': 'morningIntimacy:7',
    });
  });
});

describe('header words of other languages', () => {
  const guess = (...headers: string[]) => suggestMapping(headers, DEFAULT_DISCIPLINES);

  it('knows the e-mail, name and role in Spanish, Portuguese, French, German and Korean, whatever the case and accents', () => {
    for (const email of ['Correo', 'correo electronico', 'Correo electrónico', 'E-Mail', 'E-Mail-Adresse', 'Courriel', 'Adresse e-mail', 'Endereço de e-mail', 'Correio eletrônico', '이메일', '전자우편', 'CORREO ELECTRÓNICO']) {
      expect(guess(email), email).toEqual({ [email]: 'email' });
    }
    for (const name of ['Nombre', 'Nome', 'Nom', 'Name', '이름', 'Nombre completo', 'Nom complet', 'Nome completo', 'Vollständiger Name', '성명', 'NOMBRE']) {
      expect(guess(name), name).toEqual({ [name]: 'displayName' });
    }
    for (const role of ['Rol', 'Função', 'Rôle', 'Rolle', '역할']) expect(guess(role), role).toEqual({ [role]: 'role' });
  });

  it('maps first- and last-name columns, and a name word beside one part to the other part', () => {
    expect(guess('First name', 'Last name', 'Email')).toEqual({ 'First name': 'firstName', 'Last name': 'lastName', Email: 'email' });
    expect(guess('Vorname', 'Nachname', 'E-Mail')).toEqual({ Vorname: 'firstName', Nachname: 'lastName', 'E-Mail': 'email' });
    expect(guess('Prénom', 'Nom de famille', 'Courriel')).toEqual({ Prénom: 'firstName', 'Nom de famille': 'lastName', Courriel: 'email' });
    expect(guess('Nome', 'Sobrenome', 'E-mail')).toEqual({ Nome: 'firstName', Sobrenome: 'lastName', 'E-mail': 'email' });
    // 'Nombre' beside 'Apellido' is the first name; 'Nom' beside 'Prénom' and German 'Name' beside 'Vorname' the last.
    expect(guess('Nombre', 'Apellido', 'Correo')).toEqual({ Nombre: 'firstName', Apellido: 'lastName', Correo: 'email' });
    expect(guess('Nombres', 'Apellidos')).toEqual({ Nombres: 'firstName', Apellidos: 'lastName' });
    expect(guess('Prenom', 'NOM')).toEqual({ Prenom: 'firstName', NOM: 'lastName' });
    expect(guess('Name', 'Vorname')).toEqual({ Name: 'lastName', Vorname: 'firstName' });
    // A whole name beside the parts is the name; the parts are left for the moderator.
    expect(guess('Full name', 'First name', 'Last name')).toEqual({ 'Full name': 'displayName' });
    expect(guess('Name', 'First name', 'Surname')).toEqual({ Name: 'displayName' });
    // Either part alone is mapped as such (the name is that part).
    expect(guess('Prénom', 'Courriel')).toEqual({ Prénom: 'firstName', Courriel: 'email' });
  });
});

describe('resolveMapping', () => {
  const headers = ['Name', 'Email', 'Day 1'];
  const message = (mapping: Record<string, string>) => {
    const error = refusal(() => resolveMapping(mapping, headers, DEFAULT_DISCIPLINES));
    expect(error.status).toBe(400);
    expect(error.fields?.columnMapping).toBe(error.message);
    return error.message;
  };

  it('needs the e-mail or the name, known fields, each once, from columns of the file', () => {
    expect(message({ 'Day 1': 'bibleReading:1' })).toBe('Map the e-mail, the display-name or the first- and last-name columns');
    expect(message({ Name: 'displayName', 'Day 1': 'bibleReading:32' })).toBe('"bibleReading:32" cannot be imported into this community. Choose one of the fields offered for each column.');
    expect(message({ Name: 'displayName', 'Day 1': 'monthlyRetreat:1' })).toMatch(/^"monthlyRetreat:1" cannot be imported/);
    expect(message({ Name: 'displayName', Email: 'displayName' })).toBe('Each field can be mapped from one column only: "displayName" is mapped from "Name", "Email".');
    expect(message({ Name: 'displayName', Phone: 'email' })).toBe('The file has no column "Phone". Map only the columns of this file.');
    expect(message({ Name: 'displayName', Email: 'firstName' })).toBe(BOTH_NAME_FORMS_MESSAGE);
    expect(message({ Name: 'lastName', Email: 'lastName' })).toMatch(/^Each field can be mapped from one column only/);
    expect(resolveMapping({ Name: 'firstName', Email: 'lastName' }, headers, DEFAULT_DISCIPLINES).map((column) => column.target.kind)).toEqual(['firstName', 'lastName']);
    expect(resolveMapping({ Name: 'lastName' }, headers, DEFAULT_DISCIPLINES).map((column) => column.target.kind)).toEqual(['lastName']);
    expect(resolveMapping({ Email: 'email' }, headers, DEFAULT_DISCIPLINES).map((column) => column.target.kind)).toEqual(['email']);
    expect(resolveMapping({ Name: 'displayName', Email: '', 'Day 1': 'bibleReading:1' }, headers, DEFAULT_DISCIPLINES)).toEqual([
      { header: 'Name', index: 0, target: { kind: 'displayName' } },
      { header: 'Day 1', index: 2, target: { kind: 'day', discipline: 'bibleReading', day: 1 } },
    ]);
  });
});

describe('reading a row', () => {
  it('reads the spellings of day statuses', () => {
    const expectations: [string, string | null | undefined][] = [
      ['Yes', 'Yes'], ['y', 'Yes'], ['1', 'Yes'], ['TRUE', 'Yes'], ['✓', 'Yes'], ['✔️', 'Yes'],
      ['No', 'No'], ['n', 'No'], ['0', 'No'], ['false', 'No'], ['x', 'No'], ['X', 'No'],
      ['Partially', 'Partially'], ['partial', 'Partially'], ['Sick', 'Sick'], ['FeelingTired', 'FeelingTired'], ['feeling tired', 'FeelingTired'], ['Feeling-Tired', 'FeelingTired'],
      ['', null], ['   ', null], ['Blank', null],
      ['maybe', undefined], ['2', undefined], ['constructor', undefined], ['yess', undefined],
    ];
    for (const [cell, status] of expectations) expect(readDayStatus(cell), cell).toBe(status);
  });

  it("reads each status as the app names it in each of its languages", () => {
    for (const locale of LOCALES) {
      const t = translator(locale);
      for (const status of ['Yes', 'No', 'Partially', 'Sick', 'FeelingTired'] as const) expect(readDayStatus(t(DAY_STATUS_LABELS[status])), `${locale} ${status}`).toBe(status);
      expect(readDayStatus(t(DAY_STATUS_LABELS.Blank)), `${locale} Not set`).toBeNull();
    }
    // A member export made in any language reads back: its roles and a goal's Yes.
    for (const locale of LOCALES) {
      const t = translator(locale);
      for (const role of ['Member', 'Commander', 'CommunityModerator'] as const) expect(readRole(t(roleLabel(role))), `${locale} ${role}`).toBe(role);
    }
    // The Korean and Spanish words our screens use, as a spreadsheet copied from them would hold them.
    expect(readDayStatus(translator('ko')('Feeling Tired'))).toBe('FeelingTired');
    expect(translator('ko')('Feeling Tired')).not.toBe('Feeling Tired');
  });

  it('reads identity, role, statuses and targets, refusing what it cannot read with the column named', () => {
    const headers = ['E', 'N', 'R', 'D', 'F', 'T', 'W', 'M'];
    const columns = resolveMapping(
      { E: 'email', N: 'displayName', R: 'role', D: 'bibleReading:30', F: 'bibleReading:31', T: 'bibleReading', W: 'prayerWalk', M: 'monthlyRetreat' },
      headers,
      DEFAULT_DISCIPLINES,
    );
    const april = { year: 2024, month: 4 };
    const read = (values: Record<string, string>) => readRow({ sheetRow: 9, cells: headers.map((header) => values[header]!), problem: null }, columns, april, '2025-01-01');
    expect(read({ E: ' Ruth@Example.NET ', N: ' Ruth   Naomi ', R: 'COMMANDER', D: 'y', F: '', T: ' 2 chapters ', W: 'no', M: 'whatever' })).toEqual({
      sheetRow: 9,
      email: 'ruth@example.net',
      displayName: 'Ruth Naomi',
      role: 'Commander',
      roleColumn: 'R',
      statuses: { bibleReading: { '30': 'Yes' } },
      targets: { bibleReading: '2 chapters', prayerWalk: null, monthlyRetreat: 'Yes' },
      refusedCells: [],
    });
    expect(read({ E: '', N: 'Ruth', R: '', D: '', F: '', T: '', W: '✓', M: '' })).toMatchObject({ role: null, email: null, targets: { prayerWalk: 'Yes' } });
    // Cells it cannot read are left out, each naming its column; the row goes on with the rest.
    expect(read({ E: 'nope', N: 'Ruth', R: 'Elder', D: 'maybe', F: 'y', T: 'a\u0007b', W: 'often', M: '' })).toEqual({
      sheetRow: 9,
      email: null,
      displayName: 'Ruth',
      role: null,
      roleColumn: null,
      statuses: {},
      targets: {},
      refusedCells: [
        { column: 'E', message: '"nope" is not a valid e-mail address' },
        { column: 'R', message: '"Elder" is not a role; use Member or Commander, or leave it blank' },
        { column: 'D', message: '"maybe" is not a day status; use Yes, No, Partially, Sick or FeelingTired, or leave it blank' },
        { column: 'F', message: '2024-04 has no day 31' },
        { column: 'T', message: 'Bible Reading must be one line without control characters' },
        { column: 'W', message: 'a monthly goal is Yes or No, not "often"' },
      ],
    });
    // Without a usable e-mail or name the row is refused as a whole, naming its problems.
    expect(read({ E: 'nope', N: 'Ruth\nNaomi', R: '', D: 'maybe', F: 'y', T: '', W: '', M: '' })).toEqual({
      sheetRow: 9,
      message:
        '"E": "nope" is not a valid e-mail address; "N": Name must be one line without control characters; "D": "maybe" is not a day status; use Yes, No, Partially, Sick or FeelingTired, or leave it blank; and 1 more',
    });
    expect(read({ E: '', N: '', R: '', D: 'y', F: '', T: '', W: '', M: '' })).toEqual({ sheetRow: 9, message: 'This row has neither an e-mail nor a name' });
    expect(read({ E: '', N: 'Ruth', R: 'Community Moderator', D: '', F: '', T: '', W: '', M: '' })).toMatchObject({ role: 'CommunityModerator' });
    expect(read({ E: '', N: 'x'.repeat(81), R: '', D: '', F: '', T: 'y'.repeat(201), W: '', M: '' })).toEqual({
      sheetRow: 9,
      message: '"N": Name must be at most 80 characters; "T": Bible Reading: at most 200 characters',
    });
  });

  it('joins the first and last names with one space, in that order whatever the columns; either alone is the name', () => {
    const headers = ['Nachname', 'Vorname', 'E-Mail'];
    const columns = resolveMapping({ Nachname: 'lastName', Vorname: 'firstName', 'E-Mail': 'email' }, headers, DEFAULT_DISCIPLINES);
    const read = (last: string, first: string, email = '') => readRow({ sheetRow: 4, cells: [last, first, email], problem: null }, columns, { year: 2024, month: 4 }, '2025-01-01');
    expect(read(' Müller ', '  José   María ')).toMatchObject({ displayName: 'José María Müller', refusedCells: [] });
    expect(read('Müller', '')).toMatchObject({ displayName: 'Müller' });
    expect(read('', 'José')).toMatchObject({ displayName: 'José' });
    expect(read('', '')).toEqual({ sheetRow: 4, message: 'This row has neither an e-mail nor a name' });
    // A part that cannot be read refuses the name (the other part alone would be another name), not the row.
    expect(read('Müller', 'José\nMaría', 'jose@example.org')).toMatchObject({
      email: 'jose@example.org',
      displayName: null,
      refusedCells: [{ column: 'Vorname', message: 'Name must be one line without control characters; the name is left out' }],
    });
    expect(read('M'.repeat(40), 'J'.repeat(40), 'jose@example.org')).toMatchObject({
      displayName: null,
      refusedCells: [{ column: 'Vorname + Nachname', message: 'Name must be at most 80 characters' }],
    });
    expect(read('Müller', 'José\nMaría')).toEqual({ sheetRow: 4, message: '"Vorname": Name must be one line without control characters; the name is left out' });
  });
});
