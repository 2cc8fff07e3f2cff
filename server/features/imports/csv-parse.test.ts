import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from '@shared/contracts/imports';
import { HttpError } from '../../http/errors';
import { type ParsedCsv, parseCsv, valuesOf } from './csv-parse';

async function refusal(run: () => Promise<unknown>): Promise<HttpError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const valuesOfRows = ({ headers, rows }: ParsedCsv) => rows.map((row) => valuesOf(headers, row));

describe('parseCsv', () => {
  it('reads quoted commas and line breaks, a BOM, CRLF, blank lines and trailing spaces as a spreadsheet does', async () => {
    const text = '\uFEFF\r\n  Name , Email \r\n"Smith, John",john@example.org  \r\n\r\n"Line one\r\nline two",\r\n   \r\n"He said ""hi""",x@example.org\r\n';
    const { headers, rows } = await parseCsv(text);
    expect(headers).toEqual(['Name', 'Email']);
    expect(rows).toEqual([
      { sheetRow: 3, cells: ['Smith, John', 'john@example.org'], problem: null },
      { sheetRow: 5, cells: ['Line one\r\nline two', ''], problem: null },
      { sheetRow: 7, cells: ['He said "hi"', 'x@example.org'], problem: null },
    ]);
  });

  it('reads a semicolon-separated file and short rows (missing cells are blank)', async () => {
    expect(valuesOfRows(await parseCsv('Name;Email\nAnna;anna@example.org\nBen;ben@example.org\n'))).toEqual([
      { Name: 'Anna', Email: 'anna@example.org' },
      { Name: 'Ben', Email: 'ben@example.org' },
    ]);
    expect(valuesOfRows(await parseCsv('Name,Email,Role\nAnna,anna@example.org,Member\nBen\n'))).toEqual([
      { Name: 'Anna', Email: 'anna@example.org', Role: 'Member' },
      { Name: 'Ben', Email: '', Role: '' },
    ]);
  });

  it('refuses a header naming a column twice, after trimming, and names it', async () => {
    const error = await refusal(() => parseCsv('Name,Email, Name \na,b,c\n'));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Each column needs its own header: "Name" appears more than once.');
  });

  it('refuses a column with values but no header, and tolerates an empty one (a trailing comma)', async () => {
    expect((await refusal(() => parseCsv('Name,,Email\na,b,c\n'))).message).toBe('Each column needs a header: column 2 has values but no header.');
    expect((await parseCsv('Name,Email,\na,b,\n')).headers).toEqual(['Name', 'Email']);
  });

  it('refuses a file without rows, and one over IMPORT_MAX_ROWS naming how many rows it has', async () => {
    expect((await refusal(() => parseCsv('Name,Email\r\n\r\n'))).message).toBe('The file has a header but no rows.');
    const big = `Name\n${Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `n${i}`).join('\n')}`;
    const refused = await refusal(() => parseCsv(big));
    expect(refused.message).toBe('The file has 10,001 rows; at most 10,000 can be imported at once. Split it into smaller files.');
    expect(refused.fields).toEqual({ csvData: refused.message });
    expect((await parseCsv(big.split('\n').slice(0, IMPORT_MAX_ROWS + 1).join('\n'))).rows).toHaveLength(IMPORT_MAX_ROWS);
    // Blank lines are not rows.
    expect((await parseCsv(`${big.split('\n').slice(0, IMPORT_MAX_ROWS + 1).join('\n')}\n\n , \n`)).rows).toHaveLength(IMPORT_MAX_ROWS);
  });

  it('refuses a header of more than IMPORT_MAX_COLUMNS columns from its first line, quickly', async () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`).join(',');
    const wide = await refusal(() => parseCsv(`${names(80_000)}\n${'y,'.repeat(79_999)}y\n`));
    expect(wide.status).toBe(400);
    expect(wide.message).toBe('The file has 80,000 columns; at most 1,000 are read. Leave out the columns you do not need.');
    expect(wide.fields).toEqual({ csvData: wide.message });
    expect((await refusal(() => parseCsv(`${names(IMPORT_MAX_COLUMNS + 1)}\nx\n`))).message).toMatch(/^The file has 1,001 columns/);
    expect((await parseCsv(`${names(IMPORT_MAX_COLUMNS)}\nx\n`)).headers).toHaveLength(IMPORT_MAX_COLUMNS);
  });

  it('gives rows papaparse cannot read a problem instead of failing the file', async () => {
    const { rows } = await parseCsv('Name,Email\nAnna,a@example.org,extra\nBen,b@example.org,,\n"Cara,c@example.org\nDan,d@example.org\n');
    expect(rows[0]).toMatchObject({ sheetRow: 2, problem: expect.stringMatching(/more values than the header has columns/) });
    // Empty cells past the last column are harmless.
    expect(rows[1]).toMatchObject({ sheetRow: 3, problem: null, cells: ['Ben', 'b@example.org'] });
    expect(rows[2]).toMatchObject({ sheetRow: 4, problem: expect.stringMatching(/quoted value is never closed/) });
  });
});


describe('parseCsv in slices', () => {
  const files = [
    '\uFEFF Name , Email ,Notes\r\n"Smith, John",john@example.org,"two\r\nlines"\r\n\r\n"Ann ""A"" B" ,a@example.org,  \r\n , , \r\nBen,b@example.org,x,y\r\n',
    'Name;Email\nAnna;"anna@example.org"   ;\n"Bad"quote;x\nCara;c@example.org\n"Never closed;d@example.org\nEve;e@example.org\n',
    'Name,Email\n"He said ""hi""" ,x@example.org\n"a"b"c"d,y\n\n\nZed,z@example.org',
  ];

  it('reads a file slice by slice exactly as in one piece, wherever the slices end', async () => {
    for (const text of files) {
      const whole = await parseCsv(text, { chunkSize: text.length + 1 });
      for (const chunkSize of [1, 2, 3, 5, 8, 13, 21]) expect(await parseCsv(text, { chunkSize }), `${JSON.stringify(text)} in slices of ${chunkSize}`).toEqual(whole);
    }
  });

  it('keeps a header such as "__proto__" an ordinary column', async () => {
    const [values] = valuesOfRows(await parseCsv('__proto__,Name\nx,Ruth\n'));
    expect(Object.keys(values!)).toEqual(['__proto__', 'Name']);
    expect(values!.__proto__).toBe('x');
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
  });
});
