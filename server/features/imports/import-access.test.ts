import request from 'supertest';
import type { CsvPreview } from '@shared/contracts/imports';
import { createTestApp } from '../../test/app';
import { expectJsonError, setRoles, snapshotCommunity } from '../../test/community-fixtures';
import { addMember, createCommunity } from '../../test/factories';
import { LIFTED_LIMITS, snapshotTracking } from '../tracking/tracking-test-kit';
import { IDENTITY_REQUIRED_MESSAGE } from './csv-import';
import { postImport, previewCsv } from './import-test-kit';

const { app, database } = await createTestApp(LIFTED_LIMITS);
const db = database.db;

const CSV = 'Name,Email,Bible Reading 1\r\nAnna Example,anna@example.org,y\r\n';
const validBody = { csvData: CSV, columnMapping: { Name: 'displayName', Email: 'email', 'Bible Reading 1': 'bibleReading:1' }, importMonth: 4, importYear: 2024 };

describe('POST /api/import/csv/preview', () => {
  it('answers the headers, the row count, the first rows, the fields of the community and a suggested mapping', async () => {
    const fixture = await createCommunity(app);
    const id = fixture.community.id;
    await fixture.owner.agent
      .post(`/api/communities/${id}/discipline-templates`)
      .send({ templates: [{ key: 'bible_reading', label: 'Bible Reading', unit: 'chapters', isNumeric: true, isDailyGrid: true, order: 1 }] })
      .expect(200);
    const rows = Array.from({ length: 8 }, (_, i) => `Person ${i},p${i}@example.org,Member,${i % 2 ? 'y' : 'n'},2 chapters`);
    const csvData = ['Display Name,E-mail,Role,Bible Reading - Day 3,Bible Reading', ...rows].join('\n');
    const preview = (await previewCsv(fixture.owner.agent, id, csvData).expect(200)).body as CsvPreview;
    expect(preview.totalRows).toBe(8);
    expect(preview.headers).toEqual(['Display Name', 'E-mail', 'Role', 'Bible Reading - Day 3', 'Bible Reading']);
    expect(preview.preview).toHaveLength(5);
    expect(preview.preview[0]).toEqual({ 'Display Name': 'Person 0', 'E-mail': 'p0@example.org', Role: 'Member', 'Bible Reading - Day 3': 'n', 'Bible Reading': '2 chapters' });
    expect(preview.suggestedMapping).toEqual({ 'Display Name': 'displayName', 'E-mail': 'email', Role: 'role', 'Bible Reading - Day 3': 'bible_reading:3', 'Bible Reading': 'bibleReading' });
    expect(preview.fields).toContainEqual({ value: 'bible_reading:31', label: 'Bible Reading, day 31' });
    expect(preview.fields).toHaveLength(5 + 10 + 31);
  });

  it('refuses a duplicate header with a message naming it', async () => {
    const fixture = await createCommunity(app);
    const response = await previewCsv(fixture.owner.agent, fixture.community.id, 'Name,Email, Name \na,b,c\n');
    expectJsonError(response, 400, 'Each column needs its own header: "Name" appears more than once.');
    expect(response.body.fields).toEqual({ csvData: response.body.message });
  });

  it('accepts a file of more than the app-wide 100 kB body limit', async () => {
    const fixture = await createCommunity(app);
    const rows = Array.from({ length: 3000 }, (_, i) => `Person number ${i} with a long name,person-${i}@example.org,y`);
    const csvData = ['Name,Email,Bible Reading 1', ...rows].join('\n');
    expect(csvData.length).toBeGreaterThan(150_000);
    const response = await previewCsv(fixture.owner.agent, fixture.community.id, csvData).expect(200);
    expect(response.body.totalRows).toBe(3000);
  });
});

describe('import access and input', () => {
  it('answers 401 signed out, 404 to a non-member and to an admin of another community, 403 to a Member and a Commander', async () => {
    const fixture = await createCommunity(app);
    const id = fixture.community.id;
    const member = await addMember(app, fixture);
    const commander = await addMember(app, fixture, 'commander');
    await setRoles(db, id, commander.user.id, ['Commander']);
    const other = await createCommunity(app);
    const before = { community: await snapshotCommunity(db, id), tracking: await snapshotTracking(db, id) };

    for (const path of ['/api/import/csv/preview', '/api/import/csv']) {
      expectJsonError(await request(app).post(path).set('X-Community-Id', id).send(validBody), 401);
      expectJsonError(await other.owner.agent.post(path).set('X-Community-Id', id).send(validBody), 404);
      // The community named in the body counts like the header.
      expectJsonError(await other.owner.agent.post(path).send({ ...validBody, communityId: id }), 404);
      expectJsonError(await member.agent.post(path).set('X-Community-Id', id).send(validBody), 403);
      expectJsonError(await commander.agent.post(path).set('X-Community-Id', id).send(validBody), 403);
    }
    expect({ community: await snapshotCommunity(db, id), tracking: await snapshotTracking(db, id) }).toEqual(before);
  });

  it('answers 400 for a bad mapping, month, year or file, and imports nothing', async () => {
    const fixture = await createCommunity(app);
    const id = fixture.community.id;
    const before = { community: await snapshotCommunity(db, id), tracking: await snapshotTracking(db, id) };
    const owner = fixture.owner.agent;
    const refused = async (body: Record<string, unknown>, field: string, message?: string | RegExp) => {
      const response = await postImport(owner, id, { ...validBody, ...body } as typeof validBody);
      expectJsonError(response, 400);
      expect(response.body.fields?.[field], JSON.stringify(response.body)).toBeDefined();
      if (message) expect(response.body.fields[field]).toMatch(message);
    };

    await refused({ columnMapping: { 'Bible Reading 1': 'bibleReading:1' } }, 'columnMapping', IDENTITY_REQUIRED_MESSAGE);
    await refused({ columnMapping: { Name: 'displayName', Email: 'phone' } }, 'columnMapping', /^"phone" cannot be imported/);
    await refused({ columnMapping: { Name: 'displayName', Email: 'email', 'Bible Reading 1': 'bible_reading:1' } }, 'columnMapping', /cannot be imported/);
    await refused({ columnMapping: { Name: 'displayName', Surname: 'email' } }, 'columnMapping', 'The file has no column "Surname". Map only the columns of this file.');
    await refused({ columnMapping: { Name: 'displayName', Email: 'displayName' } }, 'columnMapping', /one column only/);
    await refused({ importYear: 2019 }, 'importYear', 'Year must be 2020 to 2030');
    await refused({ importYear: 2031 }, 'importYear', 'Year must be 2020 to 2030');
    await refused({ importMonth: 13 }, 'importMonth', 'Month must be 1 to 12');
    await refused({ importMonth: 0 }, 'importMonth');
    await refused({ csvData: '' }, 'csvData', 'Paste or upload a CSV file');
    await refused({ csvData: '  \r\n ' }, 'csvData', 'Paste or upload a CSV file');
    await refused({ csvData: 'Name,Email\r\nAnna\u0000,a@example.org\r\n' }, 'csvData', 'This does not look like a CSV file');
    await refused({ csvData: 42 }, 'csvData');
    await refused({ csvData: 'Name,Email\r\n' }, 'csvData', 'The file has a header but no rows');
    await refused({ columnMapping: 'Name=displayName' }, 'columnMapping');
    expectJsonError(await previewCsv(owner, id, ''), 400);
    expectJsonError(await previewCsv(owner, id, 'Name\u0000,Email\nx,y'), 400);
    expect({ community: await snapshotCommunity(db, id), tracking: await snapshotTracking(db, id) }).toEqual(before);
  });

  it('answers 413 in the JSON error shape for a body over the import limit, and keeps 100 kB elsewhere', async () => {
    const fixture = await createCommunity(app);
    const id = fixture.community.id;
    const huge = { ...validBody, csvData: `Name,Email\n${'x'.repeat(3 * 1024 * 1024 + 10)}` };
    const response = await fixture.owner.agent.post('/api/import/csv').set('X-Community-Id', id).send(huge);
    expectJsonError(response, 413, 'The request body is too large.');
    expectJsonError(await fixture.owner.agent.post('/api/import/csv/preview').set('X-Community-Id', id).send({ csvData: huge.csvData }), 413);
    // Under 3 MB but over the contract's 2 MB of CSV: a 400 naming the limit.
    const tooMuchCsv = await previewCsv(fixture.owner.agent, id, `Name\n${'x'.repeat(2_000_001)}`);
    expectJsonError(tooMuchCsv, 400);
    expect(tooMuchCsv.body.fields.csvData).toBe('The file is too large: at most 2 MB of CSV');
    // Other calls keep the app's 100 kB limit.
    expectJsonError(await fixture.owner.agent.put(`/api/communities/${id}`).send({ name: 'x', description: 'y'.repeat(150_000) }), 413);
  });
});
