import { readFileSync } from 'node:fs';
import type { CsvPreview, ImportResult } from '@shared/contracts/imports';
import { BOTH_NAME_FORMS_MESSAGE } from '@shared/contracts/imports';
import { createTestApp } from '../../test/app';
import { expectJsonError } from '../../test/community-fixtures';
import { createCommunity, uniqueIdentity } from '../../test/factories';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { csvOf, dumpImport, membershipOf, postImport, previewCsv, usersNamed } from './import-test-kit';

// Issue 23 item 9, the import wizard meets real spreadsheets: first and last names joined into the name,
// header words of Spanish, Portuguese, French, German and Korean, and one bad cell refusing that cell only.

const { app, database } = await createTestApp(LIFTED_LIMITS);
const db = database.db;

const APRIL_2024 = { importMonth: 4, importYear: 2024 };
const tagOf = () => uniqueIdentity('t').displayName.split(' ')[1]!;

type Fixture = Awaited<ReturnType<typeof createCommunity>>;

async function run(fixture: Fixture, csvData: string, columnMapping: Record<string, string>) {
  const response = await postImport(fixture.owner.agent, fixture.community.id, { csvData, columnMapping, ...APRIL_2024 });
  expect(response.status, response.text).toBe(200);
  return response.body as ImportResult;
}

async function suggested(fixture: Fixture, csvData: string) {
  const response = await previewCsv(fixture.owner.agent, fixture.community.id, csvData);
  expect(response.status, response.text).toBe(200);
  return response.body as CsvPreview;
}

async function dayStatusOf(fixture: Fixture, userId: string) {
  const log = await fixture.owner.agent.get(`/api/communities/${fixture.community.id}/daily-log`).query({ month: 4, year: 2024, userId }).expect(200);
  return log.body.dayStatus as Record<string, Record<string, string>>;
}

describe('POST /api/import/csv/preview: header words of real spreadsheets', () => {
  it('suggests the e-mail, the name and its parts from Spanish, Portuguese, French, German and Korean headers, ignoring case and accents', async () => {
    const fixture = await createCommunity(app);
    const cases: [string[], Record<string, string>][] = [
      [['Nombre', 'Apellido', 'Correo electrónico'], { Nombre: 'firstName', Apellido: 'lastName', 'Correo electrónico': 'email' }],
      [['NOMBRE COMPLETO', 'correo'], { 'NOMBRE COMPLETO': 'displayName', correo: 'email' }],
      [['Nome', 'Sobrenome', 'E-mail', 'Função'], { Nome: 'firstName', Sobrenome: 'lastName', 'E-mail': 'email', Função: 'role' }],
      [['Prénom', 'Nom', 'Courriel'], { Prénom: 'firstName', Nom: 'lastName', Courriel: 'email' }],
      [['Nom', 'Adresse e-mail'], { Nom: 'displayName', 'Adresse e-mail': 'email' }],
      [['Vorname', 'Nachname', 'E-Mail', 'Rolle'], { Vorname: 'firstName', Nachname: 'lastName', 'E-Mail': 'email', Rolle: 'role' }],
      [['이름', '이메일', '역할'], { 이름: 'displayName', 이메일: 'email', 역할: 'role' }],
      [['First Name', 'Last Name', 'Email'], { 'First Name': 'firstName', 'Last Name': 'lastName', Email: 'email' }],
    ];
    for (const [headers, mapping] of cases) {
      const preview = await suggested(fixture, csvOf([headers, headers.map((_, index) => `v${index}`)]));
      expect(preview.suggestedMapping, headers.join(',')).toEqual(mapping);
    }
    // German spreadsheets are often saved with semicolons.
    const german = await suggested(fixture, 'Vorname;Nachname;E-Mail\r\nJosé;Müller;jose@example.org\r\n');
    expect(german.suggestedMapping).toEqual({ Vorname: 'firstName', Nachname: 'lastName', 'E-Mail': 'email' });
    expect(german.fields.slice(0, 5)).toEqual([
      { value: 'email', label: 'E-mail' },
      { value: 'displayName', label: 'Display name' },
      { value: 'firstName', label: 'First name' },
      { value: 'lastName', label: 'Last name' },
      { value: 'role', label: 'Role' },
    ]);
  });
});

describe('POST /api/import/csv: first and last names', () => {
  it('joins the first- and last-name columns into the name (trimmed, one space), finds the member again by it, and keeps them in their community', async () => {
    const fixture = await createCommunity(app);
    const id = fixture.community.id;
    const tag = tagOf();
    const header = ['Correo', 'Apellido', 'Nombre', 'Bible Reading 2'];
    const mapping = { Correo: 'email', Apellido: 'lastName', Nombre: 'firstName', 'Bible Reading 2': 'bibleReading:2' };
    const csvData = csvOf([header, [`jose-${tag}@example.org`, ` Müller${tag}  `, '  José   María ', 'y'], ['', `Quispe${tag}`, '', 'n'], ['', '', `Ana${tag}`, 'Sick']]);

    expect(await run(fixture, csvData, mapping)).toEqual({ importedCount: 3, createdCount: 3, changedCount: 3, errors: [], refusedCells: [], alreadyMembers: [] });
    const [jose] = await usersNamed(db, { names: [`José María Müller${tag}`] });
    expect(jose).toMatchObject({ email: `jose-${tag}@example.org`, displayName: `José María Müller${tag}`, isImported: true, importedCommunityId: id, passwordHash: null });
    expect(await usersNamed(db, { names: [`Quispe${tag}`, `Ana${tag}`] })).toHaveLength(2);
    expect(await dayStatusOf(fixture, jose!.id)).toEqual({ bibleReading: { '2': 'Yes' } });

    // The same file again changes nothing; a file with the whole name finds the same member.
    const before = await dumpImport(db, id);
    expect(await run(fixture, csvData, mapping)).toEqual({ importedCount: 3, createdCount: 0, changedCount: 0, errors: [], refusedCells: [], alreadyMembers: [] });
    expect(await dumpImport(db, id)).toEqual(before);
    const whole = await run(fixture, csvOf([['Name', 'Bible Reading 3'], [`josé maría müller${tag}`, 'y']]), { Name: 'displayName', 'Bible Reading 3': 'bibleReading:3' });
    expect(whole).toEqual({ importedCount: 1, createdCount: 0, changedCount: 1, errors: [], refusedCells: [], alreadyMembers: [] });
    expect(await dayStatusOf(fixture, jose!.id)).toEqual({ bibleReading: { '2': 'Yes', '3': 'Yes' } });

    // Another community importing the same file gets records of its own.
    const other = await createCommunity(app);
    expect(await run(other, csvData, mapping)).toMatchObject({ importedCount: 3, createdCount: 3 });
    const records = await usersNamed(db, { names: [`José María Müller${tag}`] });
    expect(records.map((record) => record.importedCommunityId).sort()).toEqual([id, other.community.id].sort());
    expect(await membershipOf(db, other.community.id, jose!.id)).toBeUndefined();
  });

  it('answers 400 naming the mapping when both forms of the name are mapped, or a part twice; a part alone is a name', async () => {
    const fixture = await createCommunity(app);
    const id = fixture.community.id;
    const csvData = csvOf([['Name', 'Vorname', 'Nachname', 'Zweitname'], ['Ruth Moab', 'Ruth', 'Moab', 'Naomi']]);
    const before = await dumpImport(db, id);
    const refused = async (columnMapping: Record<string, string>, message: string | RegExp) => {
      const response = await postImport(fixture.owner.agent, id, { csvData, columnMapping, ...APRIL_2024 });
      expectJsonError(response, 400);
      expect(response.body.fields?.columnMapping).toMatch(message);
    };
    await refused({ Name: 'displayName', Vorname: 'firstName', Nachname: 'lastName' }, BOTH_NAME_FORMS_MESSAGE);
    await refused({ Name: 'displayName', Nachname: 'lastName' }, BOTH_NAME_FORMS_MESSAGE);
    await refused({ Vorname: 'firstName', Zweitname: 'firstName' }, /^Each field can be mapped from one column only: "firstName" is mapped from "Vorname", "Zweitname"/);
    await refused({ Nachname: 'surname' }, /^"surname" cannot be imported/);
    expect(await dumpImport(db, id)).toEqual(before);

    const tag = tagOf();
    const lastOnly = await run(fixture, csvOf([['Nachname'], [`Moab${tag}`]]), { Nachname: 'lastName' });
    expect(lastOnly).toEqual({ importedCount: 1, createdCount: 1, changedCount: 1, errors: [], refusedCells: [], alreadyMembers: [] });
    expect(await usersNamed(db, { names: [`Moab${tag}`] })).toHaveLength(1);
  });

  it('still answers 200 with importedCount 0 for an e-mail-only file of people not imported before', async () => {
    const fixture = await createCommunity(app);
    const result = await run(fixture, csvOf([['E-Mail'], [uniqueIdentity().email]]), { 'E-Mail': 'email' });
    expect(result.importedCount).toBe(0);
    expect(result.errors).toEqual([{ row: 2, message: expect.stringMatching(/is not a member yet: a new member needs a name/) }]);
  });
});

describe('POST /api/import/csv: one bad cell', () => {
  it('leaves out a bad cell and imports the rest of the person, listing the cell by row and column', async () => {
    const fixture = await createCommunity(app);
    const tag = tagOf();
    const header = ['Name', 'Email', 'Bible Reading 1', 'Bible Reading 2', 'Prayer Walk', 'Bible Reading', 'Role'];
    const mapping = { Name: 'displayName', Email: 'email', 'Bible Reading 1': 'bibleReading:1', 'Bible Reading 2': 'bibleReading:2', 'Prayer Walk': 'prayerWalk', 'Bible Reading': 'bibleReading', Role: 'role' };
    const csvData = csvOf([
      header,
      [`Ruth ${tag}`, `ruth-${tag}@example.org`, 'y', 'only in the morning', 'Yes', '2 chapters', 'Commander'],
      [`Boaz ${tag}`, `boaz-${tag}@example.org`, 'n', 'y', 'when it rains', '1 chapter', 'Elder'],
      [`Naomi ${tag}`, 'naomi at example', 'Sick', '', '', '', ''],
    ]);
    const result = await run(fixture, csvData, mapping);
    expect(result).toEqual({
      importedCount: 3,
      createdCount: 3,
      changedCount: 3,
      alreadyMembers: [],
      errors: [],
      refusedCells: [
        { row: 2, column: 'Bible Reading 2', message: '"only in the morning" is not a day status; use Yes, No, Partially, Sick or FeelingTired, or leave it blank' },
        { row: 3, column: 'Prayer Walk', message: 'a monthly goal is Yes or No, not "when it rains"' },
        { row: 3, column: 'Role', message: '"Elder" is not a role; use Member or Commander, or leave it blank' },
        { row: 4, column: 'Email', message: '"naomi at example" is not a valid e-mail address' },
      ],
    });
    const [ruth] = await usersNamed(db, { names: [`Ruth ${tag}`] });
    const [boaz] = await usersNamed(db, { names: [`Boaz ${tag}`] });
    const [naomi] = await usersNamed(db, { names: [`Naomi ${tag}`] });
    expect(await dayStatusOf(fixture, ruth!.id)).toEqual({ bibleReading: { '1': 'Yes' } });
    expect(await dayStatusOf(fixture, boaz!.id)).toEqual({ bibleReading: { '1': 'No', '2': 'Yes' } });
    expect(naomi).toMatchObject({ email: null, isImported: true });
    expect((await membershipOf(db, fixture.community.id, ruth!.id))?.roles).toEqual(['Commander']);
    expect((await membershipOf(db, fixture.community.id, boaz!.id))?.roles).toEqual(['Member']);
    const targets = await fixture.owner.agent.get(`/api/users/${boaz!.id}/discipline-targets`).set('X-Community-Id', fixture.community.id).query({ month: 4, year: 2024 }).expect(200);
    expect(targets.body).toMatchObject({ bibleReading: '1 chapter', prayerWalk: null });
  });

  it('leaves out a name with a line break when the e-mail finds the member; refuses the row when nothing else names the person', async () => {
    const fixture = await createCommunity(app);
    const tag = tagOf();
    const mapping = { Name: 'displayName', Email: 'email', 'Bible Reading 1': 'bibleReading:1' };
    const header = ['Name', 'Email', 'Bible Reading 1'];
    await run(fixture, csvOf([header, [`Orpah ${tag}`, `orpah-${tag}@example.org`, 'y']]), mapping);
    const [orpah] = await usersNamed(db, { names: [`Orpah ${tag}`] });

    const result = await run(
      fixture,
      csvOf([
        header,
        [`Orpah\nof Moab ${tag}`, `orpah-${tag}@example.org`, 'n'],
        [`Eli\n${tag}`, `eli-${tag}@example.org`, 'y'],
        [`Hannah\n${tag}`, '', 'y'],
        ['', '', 'y'],
      ]),
      mapping,
    );
    expect(result.importedCount).toBe(1);
    expect(result.createdCount).toBe(0);
    expect(result.refusedCells).toEqual([{ row: 2, column: 'Name', message: 'Name must be one line without control characters' }]);
    expect(result.errors).toEqual([
      { row: 3, message: `"eli-${tag}@example.org" is not a member yet: a new member needs a name (map the name column, or the first- and last-name columns, or fill it in); "Name": Name must be one line without control characters` },
      { row: 4, message: '"Name": Name must be one line without control characters' },
      { row: 5, message: 'This row has neither an e-mail nor a name' },
    ]);
    // Orpah keeps her name; her day is updated.
    expect(await usersNamed(db, { emails: [`orpah-${tag}@example.org`] })).toEqual([expect.objectContaining({ id: orpah!.id, displayName: `Orpah ${tag}` })]);
    expect(await dayStatusOf(fixture, orpah!.id)).toEqual({ bibleReading: { '1': 'No' } });
    expect(await usersNamed(db, { emails: [`eli-${tag}@example.org`] })).toEqual([]);
  });
});

describe('a real file in each of the six languages: day columns and statuses in its words', () => {
  const files = {
    en: { name: 'Grace Okafor', third: ['midnightPrayer', 'Sick'] },
    es: { name: 'José Núñez', third: ['midnightPrayer', 'Sick'] },
    pt: { name: 'João Conceição', third: ['meditation', 'Sick'] },
    fr: { name: 'Hélène Lefèvre', third: ['midnightPrayer', 'Sick'] },
    de: { name: 'Jürgen Müller', third: ['meditation', 'Sick'] },
    ko: { name: '김은혜', third: ['midnightPrayer', 'Sick'] },
  } as const;

  it.each(Object.entries(files))('history-%s.csv: every column is guessed and every cell kept', async (language, { name, third }) => {
    const fixture = await createCommunity(app);
    const tag = tagOf();
    // The file as a church saved it; its addresses made unique to this run.
    const csvData = readFileSync(new URL(`./fixtures/history-${language}.csv`, import.meta.url), 'utf8').replace('@example.org', `-${tag}@example.org`);
    const preview = await suggested(fixture, csvData);
    const headers = preview.headers;
    expect(headers.filter((header) => !preview.suggestedMapping[header]), 'left on Ignore').toEqual([]);
    expect(headers.slice(-5).map((header) => preview.suggestedMapping[header])).toEqual(['bibleReading:1', 'bibleReading:2', 'fasting:1', 'fasting:2', `${third[0]}:1`]);

    const result = await run(fixture, csvData, preview.suggestedMapping);
    expect(result).toMatchObject({ importedCount: 1, createdCount: 1, errors: [], refusedCells: [] });
    const [person] = await usersNamed(db, { names: [name] });
    expect(person, name).toBeDefined();
    expect(await dayStatusOf(fixture, person!.id)).toEqual({
      bibleReading: { '1': 'Yes', '2': 'No' },
      fasting: { '1': 'Yes', '2': 'Partially' },
      [third[0]]: { '1': third[1] },
    });
  });
});
