import request from 'supertest';
import type { CsvPreview, ImportResult } from '@shared/contracts/imports';
import type { DayStatus } from '@shared/domain/constants';
import { createTestApp } from '../../test/app';
import { expectJsonError } from '../../test/community-fixtures';
import { addMember, createCommunity, signUp, uniqueIdentity } from '../../test/factories';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { ADMIN_ROLE_IN_FILE_MESSAGE } from './csv-rows';
import { cell, dumpImport, importWithSuggestedMapping, membershipOf, postImport, previewCsv, usersNamed } from './import-test-kit';

const testApp = await createTestApp(LIFTED_LIMITS);
const { app, database } = testApp;
const db = database.db;

const APRIL_2024 = { month: 4, year: 2024 };
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** How each spelling in the file reads (blank cells are left out of a month). */
const SPELLINGS: [string, DayStatus | null][] = [
  ['y', 'Yes'],
  ['n', 'No'],
  ['✓', 'Yes'],
  ['Partially', 'Partially'],
  ['', null],
  [' Yes ', 'Yes'],
  ['feeling tired', 'FeelingTired'],
  ['x', 'No'],
  ['1', 'Yes'],
  ['0', 'No'],
  ['Sick', 'Sick'],
  ['TRUE', 'Yes'],
  ['✔', 'Yes'],
  ['partial', 'Partially'],
  ['No  ', 'No'],
];

interface GeneratedRow {
  index: number;
  sheetRow: number;
  name: string;
  email: string | null;
  cells: Record<string, string>;
  expected: { dayStatus: Record<string, Record<string, DayStatus>>; bibleReading: string; fasting: string | null; prayerWalk: string | null; role: string };
}

/**
 * A realistic 200-row export of a congregation's spreadsheet for April 2024: a BOM, CRLF line ends, quoted
 * names with commas, a note with a line break and quotes inside, blank lines, trailing spaces, mixed
 * spellings of the day statuses, rows with only a name, and a few deliberately bad rows.
 */
function generateFile(tag: string, people: { realMember: { email: string; displayName: string }; outsider: { email: string } }) {
  const bibleDays = Array.from({ length: 31 }, (_, i) => `Bible Reading ${i + 1}`);
  const fastingDays = Array.from({ length: 7 }, (_, i) => `Fasting - Day ${i + 1}`);
  const meditationDays = Array.from({ length: 5 }, (_, i) => `meditation:${i + 1}`);
  const headers = ['Full Name', 'E-mail Address', 'Role', 'Notes', 'Bible Reading', 'Fasting', 'Prayer Walk', ...bibleDays, ...fastingDays, ...meditationDays];
  const lines: string[] = [headers.map(cell).join(',')];
  let sheetRow = 1;
  const rows: GeneratedRow[] = [];
  // Rows refused as a whole, and cells left out of rows that are imported.
  const bad = new Map<number, RegExp>();
  /** Rows of real members: reported apart, as nothing is wrong with them. */
  const alreadyMembers = new Map<number, string>();
  const badCells = new Map<number, { column: string; message: RegExp }>();
  for (let i = 1; i <= 200; i++) {
    const name = i % 10 === 0 ? `Member ${tag}-${i}, Grace` : `Member ${tag}-${i}`;
    let email: string | null = i % 7 === 0 ? null : `m${i}-${tag}@example.org`;
    const cells: Record<string, string> = {
      'Full Name': i % 6 === 0 ? `${name}   ` : name,
      'E-mail Address': email === null ? '' : i % 13 === 0 ? email.toUpperCase() : email,
      Role: i % 25 === 0 ? 'Commander' : i % 3 === 0 ? 'member' : '',
      Notes: i % 9 === 0 ? 'First line\nsecond line, with a comma' : i % 11 === 0 ? 'said "hello"' : '',
      'Bible Reading': `${(i % 3) + 1} chapters`,
      Fasting: i % 2 === 1 ? 'Wednesdays' : '',
      'Prayer Walk': i % 4 === 0 ? 'Yes' : '',
    };
    const dayStatus: Record<string, Record<string, DayStatus>> = {};
    const put = (key: string, day: number, spelling: [string, DayStatus | null]) => {
      if (spelling[1]) (dayStatus[key] ??= {})[String(day)] = spelling[1];
    };
    for (let day = 1; day <= 31; day++) {
      const spelling = day === 31 ? (['', null] as [string, null]) : SPELLINGS[(i + day) % SPELLINGS.length]!;
      cells[`Bible Reading ${day}`] = spelling[0];
      put('bibleReading', day, spelling);
    }
    for (let day = 1; day <= 7; day++) {
      const spelling = SPELLINGS[(i * day) % SPELLINGS.length]!;
      cells[`Fasting - Day ${day}`] = spelling[0];
      put('fasting', day, spelling);
    }
    for (let day = 1; day <= 5; day++) {
      const spelling: [string, DayStatus | null] = i % 5 === 0 ? ['Y', 'Yes'] : ['', null];
      cells[`meditation:${day}`] = spelling[0];
      put('meditation', day, spelling);
    }
    let extra = '';
    let rowName = name;
    switch (i) {
      case 20:
        // The member is imported by name, without the e-mail.
        cells['E-mail Address'] = 'not-an-email';
        email = null;
        badCells.set(i, { column: 'E-mail Address', message: /^"not-an-email" is not a valid e-mail address$/ });
        break;
      case 40:
        cells['Bible Reading 5'] = 'maybe';
        delete dayStatus.bibleReading?.['5'];
        badCells.set(i, { column: 'Bible Reading 5', message: /^"maybe" is not a day status/ });
        break;
      case 60:
        // Imported as a Member.
        cells.Role = 'CommunityModerator';
        badCells.set(i, { column: 'Role', message: new RegExp(`^${escapeRegExp(ADMIN_ROLE_IN_FILE_MESSAGE)}$`) });
        break;
      case 80:
        cells['Bible Reading 31'] = 'y';
        badCells.set(i, { column: 'Bible Reading 31', message: /^2024-04 has no day 31$/ });
        break;
      case 100:
        // The e-mail of an account that is not a member here: a new imported member like any other.
        email = people.outsider.email;
        cells['E-mail Address'] = email;
        break;
      case 120:
        // Without its name, a person not yet imported cannot be: the row is refused, naming the name's problem.
        rowName = 'N'.repeat(81);
        cells['Full Name'] = rowName;
        bad.set(i, /is not a member yet: a new member needs a name .*; "Full Name": Name must be at most 80 characters$/);
        break;
      case 140:
        extra = ',stray value';
        bad.set(i, /more values than the header has columns/);
        break;
      case 160:
        email = `m159-${tag}@example.org`;
        cells['E-mail Address'] = email;
        bad.set(i, /^The same member as row \d+: each member takes one row$/);
        break;
      case 180:
        email = people.realMember.email;
        rowName = people.realMember.displayName;
        cells['E-mail Address'] = email;
        cells['Full Name'] = rowName;
        alreadyMembers.set(i, email);
        break;
    }
    lines.push(headers.map((header) => cell(cells[header] ?? '')).join(',') + extra);
    sheetRow += 1;
    rows.push({
      index: i,
      sheetRow,
      name: rowName,
      email,
      cells,
      expected: {
        dayStatus,
        bibleReading: `${(i % 3) + 1} chapters`,
        fasting: i % 2 === 1 ? 'Wednesdays' : null,
        prayerWalk: i % 4 === 0 ? 'Yes' : null,
        role: i % 25 === 0 && i !== 60 ? 'Commander' : 'Member',
      },
    });
    // Blank lines, as a spreadsheet shows them: they count as rows.
    if (i === 50) {
      lines.push('');
      sheetRow += 1;
    }
    if (i === 150) {
      lines.push(' , , ');
      lines.push('');
      sheetRow += 2;
    }
  }
  const duplicateOf = rows.find((row) => row.index === 159)!.sheetRow;
  const expectedErrors = [...bad.entries()].map(([index, message]) => ({
    row: rows.find((row) => row.index === index)!.sheetRow,
    message: index === 160 ? new RegExp(`^The same member as row ${duplicateOf}: each member takes one row$`) : message,
  }));
  const expectedCells = [...badCells.entries()].map(([index, cell]) => ({ row: rows.find((row) => row.index === index)!.sheetRow, ...cell }));
  const expectedAlreadyMembers = [...alreadyMembers.entries()].map(([index, email]) => ({ row: rows.find((row) => row.index === index)!.sheetRow, email }));
  return { csvData: `\uFEFF${lines.join('\r\n')}\r\n\r\n`, rows, expectedErrors, expectedCells, expectedAlreadyMembers, badIndexes: new Set([...bad.keys(), ...alreadyMembers.keys()]) };
}

describe('POST /api/import/csv: a realistic file', () => {
  it('imports 200 rows of members, statuses and targets, reports the bad rows by spreadsheet row, and changes nothing the second time', async () => {
    const fixture = await createCommunity(app);
    const id = fixture.community.id;
    const realMember = await addMember(app, fixture, 'real');
    const outsider = await signUp(app, uniqueIdentity('outsider'));
    const tag = uniqueIdentity('t').displayName.split(' ')[1]!;
    const file = generateFile(tag, { realMember: { email: realMember.email, displayName: realMember.user.displayName }, outsider });
    const owner = fixture.owner.agent;

    const preview = (await previewCsv(owner, id, file.csvData).expect(200)).body as CsvPreview;
    expect(preview.totalRows).toBe(200);
    expect(preview.headers.slice(0, 7)).toEqual(['Full Name', 'E-mail Address', 'Role', 'Notes', 'Bible Reading', 'Fasting', 'Prayer Walk']);
    expect(preview.preview).toHaveLength(5);
    expect(preview.suggestedMapping).toMatchObject({
      'Full Name': 'displayName',
      'E-mail Address': 'email',
      Role: 'role',
      'Bible Reading': 'bibleReading',
      Fasting: 'fasting',
      'Prayer Walk': 'prayerWalk',
      'Bible Reading 30': 'bibleReading:30',
      'Fasting - Day 7': 'fasting:7',
      'meditation:5': 'meditation:5',
    });
    expect(preview.suggestedMapping).not.toHaveProperty('Notes');

    const countQueries = testApp.countQueries();
    const first = await importWithSuggestedMapping(owner, id, file.csvData, APRIL_2024);
    // A handful of statements for the whole file, not a few per row.
    expect(countQueries()).toBeLessThan(40);
    expect(first.errors).toHaveLength(file.expectedErrors.length);
    for (const [index, expected] of file.expectedErrors.sort((a, b) => a.row - b.row).entries()) {
      expect(first.errors[index]!.row).toBe(expected.row);
      expect(first.errors[index]!.message).toMatch(expected.message);
    }
    expect(first.alreadyMembers).toEqual(file.expectedAlreadyMembers);
    // One bad cell refuses that cell, not the member.
    expect(first.refusedCells).toHaveLength(file.expectedCells.length);
    for (const [index, expected] of file.expectedCells.sort((a, b) => a.row - b.row).entries()) {
      expect(first.refusedCells[index]).toEqual({ row: expected.row, column: expected.column, message: expect.stringMatching(expected.message) });
    }
    const good = file.rows.filter((row) => !file.badIndexes.has(row.index));
    expect(first.importedCount).toBe(good.length);
    expect(first.createdCount).toBe(good.length);
    expect(first.changedCount).toBe(good.length);

    const members = (await owner.get(`/api/communities/${id}/members`).expect(200)).body as { id: string; displayName: string; email: string | null; role: string; isImported: boolean }[];
    expect(members).toHaveLength(2 + good.length);
    const byName = new Map(members.map((member) => [member.displayName, member]));
    for (const row of good) {
      const member = byName.get(row.name);
      expect(member, row.name).toBeDefined();
      expect(member!.email).toBe(row.email);
      expect(member!.isImported).toBe(true);
      expect(member!.role).toBe(row.expected.role);
    }
    // Imported members have no password: they cannot sign in.
    expectJsonError(await request(app).post('/api/login').send({ username: `m1-${tag}@example.org`, password: '' }), 400);
    expectJsonError(await request(app).post('/api/login').send({ username: `m1-${tag}@example.org`, password: 'any password at all' }), 401);

    for (const index of [1, 7, 10, 13, 25, 40, 45, 80, 100, 199]) {
      const row = good.find((r) => r.index === index)!;
      const userId = byName.get(row.name)!.id;
      const log = await owner.get(`/api/communities/${id}/daily-log`).query({ ...APRIL_2024, userId }).expect(200);
      expect(log.body.dayStatus, `row ${index}`).toEqual(row.expected.dayStatus);
      const firstDay = row.expected.dayStatus.bibleReading?.['1'];
      if (firstDay) expect(log.body.entries.bibleReading['2024-04']['1']).toBe(['Yes', 'Partially'].includes(firstDay));
      const targets = await owner.get(`/api/users/${userId}/discipline-targets`).set('X-Community-Id', id).query(APRIL_2024).expect(200);
      expect(targets.body).toMatchObject({
        month: 4,
        year: 2024,
        bibleReading: row.expected.bibleReading,
        fasting: row.expected.fasting,
        prayerWalk: row.expected.prayerWalk,
        monthlyRetreat: 'Yes',
        silenceHour: 'Yes',
        morningIntimacy: null,
      });
    }
    // The real member's own month, as they see it: untouched by their row.
    const own = await realMember.agent.get(`/api/communities/${id}/daily-log`).query(APRIL_2024).expect(200);
    expect(own.body.dayStatus).toEqual({});

    // Nothing of the bad rows was written; the outsider gained no membership.
    const badRows = file.rows.filter((row) => file.badIndexes.has(row.index) && ![160, 180].includes(row.index));
    expect(await usersNamed(db, { names: badRows.map((row) => row.name.trim()), emails: badRows.flatMap((row) => (row.email ? [row.email] : [])) })).toEqual([]);
    expect(await membershipOf(db, id, outsider.user.id)).toBeUndefined();

    // The same file again: same members, same logs, same targets, no new rows.
    const before = await dumpImport(db, id);
    const second = await importWithSuggestedMapping(owner, id, file.csvData, APRIL_2024);
    expect(second).toEqual({ importedCount: first.importedCount, createdCount: 0, changedCount: 0, errors: first.errors, refusedCells: first.refusedCells, alreadyMembers: first.alreadyMembers });
    expect(await dumpImport(db, id)).toEqual(before);
  });
});

describe('POST /api/import/csv: rows and matching', () => {
  const header = ['Name', 'Email', 'Role', 'Bible Reading 2'];
  const mapping = { Name: 'displayName', Email: 'email', Role: 'role', 'Bible Reading 2': 'bibleReading:2' };
  const fileOf = (...rows: string[][]) => [header, ...rows].map((row) => row.map(cell).join(',')).join('\n');

  it('leaves out an admin role (the member is imported as a Member); an account that is not a member here, named by e-mail or by name, becomes a new imported member', async () => {
    const fixture = await createCommunity(app);
    const id = fixture.community.id;
    const outsider = await signUp(app, uniqueIdentity('outsider'));
    const newcomer = uniqueIdentity('newcomer');
    const csvData = fileOf(
      [newcomer.displayName, newcomer.email, 'CommunityModerator', 'y'],
      ['Someone Else', outsider.email, '', 'y'],
      [outsider.user.displayName, '', 'member', 'n'],
    );
    const result = (await postImport(fixture.owner.agent, id, { csvData, columnMapping: mapping, ...{ importMonth: 4, importYear: 2024 } }).expect(200)).body as ImportResult;
    expect(result).toEqual({ importedCount: 3, createdCount: 3, changedCount: 3, errors: [], refusedCells: [{ row: 2, column: 'Role', message: ADMIN_ROLE_IN_FILE_MESSAGE }], alreadyMembers: [] });
    const [newcomerRecord] = await usersNamed(db, { emails: [newcomer.email] });
    expect(newcomerRecord).toMatchObject({ isImported: true, importedCommunityId: id, displayName: newcomer.displayName });
    expect((await membershipOf(db, id, newcomerRecord!.id))?.roles).toEqual(['Member']);
    const created = (await usersNamed(db, { emails: [outsider.email], names: [outsider.user.displayName] })).filter((user) => user.id !== outsider.user.id);
    expect(created.map(({ displayName, email, isImported, importedCommunityId, passwordHash }) => ({ displayName, email, isImported, importedCommunityId, passwordHash })).sort((a, b) => a.displayName.localeCompare(b.displayName))).toEqual(
      [
        { displayName: 'Someone Else', email: outsider.email, isImported: true, importedCommunityId: id, passwordHash: null },
        { displayName: outsider.user.displayName, email: null, isImported: true, importedCommunityId: id, passwordHash: null },
      ].sort((a, b) => a.displayName.localeCompare(b.displayName)),
    );
    expect(await membershipOf(db, id, outsider.user.id)).toBeUndefined();
  });

  it('matches by e-mail, else by name ignoring case, and gives a record found by name the e-mail of its row', async () => {
    const fixture = await createCommunity(app);
    const id = fixture.community.id;
    const owner = fixture.owner.agent;
    const person = uniqueIdentity('ruth');
    await importWithSuggestedMapping(owner, id, fileOf([person.displayName, '', '', 'y']), APRIL_2024, mapping);
    const [imported] = await usersNamed(db, { names: [person.displayName] });
    expect(imported).toMatchObject({ isImported: true, email: null, passwordHash: null, importedCommunityId: id });

    // The same person in capitals, now with an e-mail: same record, e-mail filled in.
    const result = await importWithSuggestedMapping(owner, id, fileOf([person.displayName.toUpperCase(), person.email, 'Commander', 'partial']), APRIL_2024, mapping);
    expect(result).toEqual({ importedCount: 1, createdCount: 0, changedCount: 1, errors: [], refusedCells: [], alreadyMembers: [] });
    expect(await usersNamed(db, { names: [person.displayName] })).toEqual([expect.objectContaining({ id: imported!.id, email: person.email, displayName: person.displayName })]);
    expect((await membershipOf(db, id, imported!.id))?.roles).toEqual(['Commander']);
    const log = await owner.get(`/api/communities/${id}/daily-log`).query({ ...APRIL_2024, userId: imported!.id }).expect(200);
    expect(log.body.dayStatus).toEqual({ bibleReading: { '2': 'Partially' } });

    // By e-mail alone (no name column) the same member is found again.
    const byEmail = await importWithSuggestedMapping(owner, id, [['Email', 'Bible Reading 3'], [person.email.toUpperCase(), 'Sick']].map((r) => r.join(',')).join('\n'), APRIL_2024);
    expect(byEmail).toEqual({ importedCount: 1, createdCount: 0, changedCount: 1, errors: [], refusedCells: [], alreadyMembers: [] });
    const merged = await owner.get(`/api/communities/${id}/daily-log`).query({ ...APRIL_2024, userId: imported!.id }).expect(200);
    expect(merged.body.dayStatus).toEqual({ bibleReading: { '2': 'Partially', '3': 'Sick' } });

    // The name with another e-mail is another person, who cannot take the same name here.
    const other = await importWithSuggestedMapping(owner, id, fileOf([person.displayName, uniqueIdentity().email, '', 'y']), APRIL_2024, mapping);
    expect(other).toEqual({ importedCount: 0, createdCount: 0, changedCount: 0, errors: [{ row: 2, message: `The name "${person.displayName}" belongs to another member here (with a different e-mail)` }], refusedCells: [], alreadyMembers: [] });
  });

  it('counts a record given only an e-mail by the file as changed, and the same file again as nothing changed', async () => {
    const fixture = await createCommunity(app);
    const person = uniqueIdentity('orpah');
    await importWithSuggestedMapping(fixture.owner.agent, fixture.community.id, fileOf([person.displayName, '', '', 'y']), APRIL_2024, mapping);
    const withEmail = fileOf([person.displayName, person.email, '', 'y']);
    expect(await importWithSuggestedMapping(fixture.owner.agent, fixture.community.id, withEmail, APRIL_2024, mapping)).toMatchObject({ importedCount: 1, createdCount: 0, changedCount: 1 });
    expect(await importWithSuggestedMapping(fixture.owner.agent, fixture.community.id, withEmail, APRIL_2024, mapping)).toMatchObject({ importedCount: 1, createdCount: 0, changedCount: 0 });
  });

  it('finds a member named in another alphabet again, whatever the capitals', async () => {
    const fixture = await createCommunity(app);
    const tag = uniqueIdentity('t').displayName.split(' ')[1]!;
    const name = `Ángela Núñez Øberg ${tag}`;
    const first = await importWithSuggestedMapping(fixture.owner.agent, fixture.community.id, fileOf([name, '', '', 'y']), APRIL_2024, mapping);
    expect(first.createdCount).toBe(1);
    const again = await importWithSuggestedMapping(fixture.owner.agent, fixture.community.id, fileOf([name.toUpperCase(), '', '', 'n']), APRIL_2024, mapping);
    expect(again).toEqual({ importedCount: 1, createdCount: 0, changedCount: 1, errors: [], refusedCells: [], alreadyMembers: [] });
    const [imported] = await usersNamed(db, { names: [name] });
    const log = await fixture.owner.agent.get(`/api/communities/${fixture.community.id}/daily-log`).query({ ...APRIL_2024, userId: imported!.id }).expect(200);
    expect(log.body.dayStatus).toEqual({ bibleReading: { '2': 'No' } });
  });

  it('leaves out a status on a day still to come, and refuses a new member without a name', async () => {
    const fixture = await createCommunity(app);
    const nextYear = new Date().getUTCFullYear() + 1;
    const someone = uniqueIdentity('later');
    const result = (
      await postImport(fixture.owner.agent, fixture.community.id, { csvData: fileOf([someone.displayName, someone.email, '', 'y'], ['', uniqueIdentity().email, '', '']), columnMapping: mapping, importMonth: 1, importYear: nextYear }).expect(200)
    ).body as ImportResult;
    expect(result.importedCount).toBe(1);
    expect(result.refusedCells).toEqual([{ row: 2, column: 'Bible Reading 2', message: 'day 2 of the month is still to come' }]);
    expect(result.errors).toEqual([{ row: 3, message: expect.stringMatching(/is not a member yet: a new member needs a name/) }]);
  });

  it('imports 2,000 rows in a bounded number of statements', { timeout: 120_000 }, async () => {
    const fixture = await createCommunity(app);
    const tag = uniqueIdentity('bulk').displayName.split(' ')[1]!;
    const days = Array.from({ length: 10 }, (_, i) => `Bible Reading ${i + 1}`);
    const lines = [['Name', 'Email', 'Bible Reading', ...days].join(',')];
    for (let i = 0; i < 2000; i++) lines.push([`Bulk ${tag} ${i}`, `bulk-${i}-${tag}@example.org`, '2 chapters', ...days.map((_, d) => SPELLINGS[(i + d) % SPELLINGS.length]![0])].map(cell).join(','));
    const countQueries = testApp.countQueries();
    const result = await importWithSuggestedMapping(fixture.owner.agent, fixture.community.id, lines.join('\r\n'), APRIL_2024);
    expect(result).toEqual({ importedCount: 2000, createdCount: 2000, changedCount: 2000, errors: [], refusedCells: [], alreadyMembers: [] });
    expect(countQueries()).toBeLessThan(80);
  });
});
