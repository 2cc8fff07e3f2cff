import { DEFAULT_DISCIPLINES, type Discipline } from '@shared/domain/disciplines';
import { HttpError } from '../../http/errors';
import { importFields, resolveMapping, suggestMapping } from './csv-import';
import { readDayStatus, readRow } from './csv-rows';

const WIZARD_DISCIPLINES: Discipline[] = [
  { key: 'bible_reading', label: 'Bible Reading', unit: 'chapters', isNumeric: true, isDailyGrid: true, order: 1 },
  { key: 'prayer', label: 'Prayer Time', unit: 'minutes', isNumeric: true, isDailyGrid: true, order: 2 },
  { key: 'retreat', label: 'Retreat', unit: null, isNumeric: false, isDailyGrid: false, order: 3 },
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
  it('offers e-mail, name, role, the ten targets and every day of each daily-grid discipline', () => {
    const fields = importFields(WIZARD_DISCIPLINES);
    expect(fields.slice(0, 4)).toEqual([
      { value: 'email', label: 'E-mail' },
      { value: 'displayName', label: 'Display name' },
      { value: 'role', label: 'Role' },
      { value: 'bibleReading', label: 'Bible Reading' },
    ]);
    expect(fields).toContainEqual({ value: 'silenceHour', label: '1 Hr Silence' });
    expect(fields).toContainEqual({ value: 'prayer:31', label: 'Prayer Time, day 31' });
    expect(fields.some((field) => field.value.startsWith('retreat:'))).toBe(false);
    expect(fields).toHaveLength(3 + 10 + 2 * 31);
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

describe('resolveMapping', () => {
  const headers = ['Name', 'Email', 'Day 1'];
  const message = (mapping: Record<string, string>) => {
    const error = refusal(() => resolveMapping(mapping, headers, DEFAULT_DISCIPLINES));
    expect(error.status).toBe(400);
    expect(error.fields?.columnMapping).toBe(error.message);
    return error.message;
  };

  it('needs the e-mail or the name, known fields, each once, from columns of the file', () => {
    expect(message({ 'Day 1': 'bibleReading:1' })).toBe('Map the e-mail or the display-name column');
    expect(message({ Name: 'displayName', 'Day 1': 'bibleReading:32' })).toBe('"bibleReading:32" cannot be imported into this community. Choose one of the fields offered for each column.');
    expect(message({ Name: 'displayName', 'Day 1': 'monthlyRetreat:1' })).toMatch(/^"monthlyRetreat:1" cannot be imported/);
    expect(message({ Name: 'displayName', Email: 'displayName' })).toBe('Each field can be mapped from one column only: "displayName" is mapped from "Name", "Email".');
    expect(message({ Name: 'displayName', Phone: 'email' })).toBe('The file has no column "Phone". Map only the columns of this file.');
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
      statuses: { bibleReading: { '30': 'Yes' } },
      targets: { bibleReading: '2 chapters', prayerWalk: null, monthlyRetreat: 'Yes' },
    });
    expect(read({ E: '', N: 'Ruth', R: '', D: '', F: '', T: '', W: '✓', M: '' })).toMatchObject({ role: null, email: null, targets: { prayerWalk: 'Yes' } });
    expect(read({ E: 'nope', N: 'Ruth', R: 'Elder', D: 'maybe', F: 'y', T: 'a\u0007b', W: 'often', M: '' })).toEqual({
      sheetRow: 9,
      message:
        '"E": "nope" is not a valid e-mail address; "R": "Elder" is not a role; use Member or Commander, or leave it blank; "D": "maybe" is not a day status; use Yes, No, Partially, Sick or FeelingTired, or leave it blank; and 3 more',
    });
    expect(read({ E: '', N: '', R: '', D: 'y', F: '', T: '', W: '', M: '' })).toEqual({ sheetRow: 9, message: 'This row has neither an e-mail nor a name' });
    expect(read({ E: '', N: 'Ruth', R: 'Community Moderator', D: '', F: '', T: '', W: '', M: '' })).toMatchObject({ role: 'CommunityModerator' });
    expect(read({ E: '', N: 'x'.repeat(81), R: '', D: '', F: '', T: 'y'.repeat(201), W: '', M: '' })).toEqual({
      sheetRow: 9,
      message: '"N": Name must be at most 80 characters; "T": Bible Reading: at most 200 characters',
    });
  });
});
