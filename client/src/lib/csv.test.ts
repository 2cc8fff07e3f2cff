import { csvDateStamp, downloadCsv, escapeCsvCell, parseCsv, toCsv } from './csv';
import { FORMULA_INJECTIONS, formulaCells } from './csv-test-kit';

describe('escapeCsvCell', () => {
  it('leaves plain text alone', () => {
    expect(escapeCsvCell('Ruth Moab')).toBe('Ruth Moab');
    expect(escapeCsvCell('ruth@example.org')).toBe('ruth@example.org');
    expect(escapeCsvCell("O'Brien")).toBe("O'Brien");
  });

  it('writes empty cells for null and undefined, and numbers and booleans as text', () => {
    expect(escapeCsvCell(null)).toBe('');
    expect(escapeCsvCell(undefined)).toBe('');
    expect(escapeCsvCell('')).toBe('');
    expect(escapeCsvCell(42)).toBe('42');
    expect(escapeCsvCell(true)).toBe('true');
  });

  it.each([
    ['Moab, Ruth', '"Moab, Ruth"'],
    ['Ruth "the faithful"', '"Ruth ""the faithful"""'],
    ['line one\nline two', '"line one\nline two"'],
    ['line one\r\nline two', '"line one\r\nline two"'],
    ['"', '""""'],
  ])('quotes %j as %j', (value, expected) => {
    expect(escapeCsvCell(value)).toBe(expected);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+15551234', "'+15551234"],
    ['-2', "'-2"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tTabbed', "'\tTabbed"],
  ])('prefixes the formula-like %j with a quote mark', (value, expected) => {
    expect(escapeCsvCell(value)).toBe(expected);
  });

  it('prefixes a cell starting with a carriage return, then quotes it for the line break', () => {
    expect(escapeCsvCell('\rcmd')).toBe('"\'\rcmd"');
  });

  it('prefixes and quotes a formula that also holds a comma and quotes', () => {
    expect(escapeCsvCell('=HYPERLINK("http://x.test","a,b")')).toBe('"\'=HYPERLINK(""http://x.test"",""a,b"")"');
  });

  it('does not prefix those characters when they are not first', () => {
    expect(escapeCsvCell('a=b')).toBe('a=b');
    expect(escapeCsvCell('Mary-Jane')).toBe('Mary-Jane');
    expect(escapeCsvCell('ruth@example.org')).toBe('ruth@example.org');
  });

  it.each([
    ['Ruth;=1+1;', `"Ruth;'=1+1;"`],
    ["a,=cmd|' /C calc'!A0", `"a,'=cmd|' /C calc'!A0"`],
    ['x; @SUM(1)', `"x; '@SUM(1)"`],
    ['x;-2;+3', `"x;'-2;'+3"`],
    ['a,"=1"', `"a,""'=1"""`],
    ['line one\n=1+1', `"line one\n'=1+1"`],
    ['tab\t=1+1', "tab\t'=1+1"],
    [' =1+1', `" '=1+1"`],
  ])('neutralises a formula after a separator in %j, and quotes the cell: %j', (value, expected) => {
    expect(escapeCsvCell(value)).toBe(expected);
  });

  it('quotes a cell holding a semicolon, and leaves ; and , followed by anything else alone', () => {
    expect(escapeCsvCell('Moab; Ruth')).toBe('"Moab; Ruth"');
    expect(escapeCsvCell('1;2')).toBe('"1;2"');
    expect(escapeCsvCell('Mary-Jane, Ruth;Naomi')).toBe('"Mary-Jane, Ruth;Naomi"');
  });
});

describe('toCsv', () => {
  it('joins a header row and data rows with CRLF and no trailing line break', () => {
    expect(toCsv(['Name', 'Email'], [['Ruth', 'ruth@example.org'], ['Boaz', null]])).toBe('Name,Email\r\nRuth,ruth@example.org\r\nBoaz,');
  });

  it('writes only the header for no rows', () => {
    expect(toCsv(['Display Name', 'Email'], [])).toBe('Display Name,Email');
  });

  it('lets a name with a comma, a quote and a line break survive a round trip', () => {
    const awkward = 'Moab, Ruth "the faithful"\nof Bethlehem';
    const rows = [
      [awkward, 'ruth@example.org', 'Member'],
      ['Naomi', '', 'Commander'],
      ['Crlf\r\nname', 'x@example.org', ''],
    ];
    const csv = toCsv(['Display Name', 'Email', 'Role'], rows);
    expect(parseCsv(csv)).toEqual([['Display Name', 'Email', 'Role'], ...rows]);
  });

  it('starts no formula in any cell, read split on , or on ;, with or without the quotes', () => {
    const rows = FORMULA_INJECTIONS.map((text) => [text, 'ruth@example.org', text]);
    const csv = toCsv(['Display Name', 'Email', 'Note'], rows);
    expect(formulaCells(csv)).toEqual([]);
    // Read as written (split on ,, honouring the quotes), each cell is what was exported, neutralised.
    const read = parseCsv(csv).slice(1);
    expect(read.map((row) => row.length)).toEqual(rows.map(() => 3));
    expect(read.map((row) => row[0])).toEqual(FORMULA_INJECTIONS.map((text) => text.replace(/(^|[;,\t\r\n])([ "]*)(?=[=+\-@\t\r])/g, "$1$2'")));
    // A semicolon-locale reading keeps a cell with a ; whole.
    expect(parseCsv(toCsv(['Display Name'], [['Ruth;=1+1;']]), ';')).toEqual([['Display Name'], ["Ruth;'=1+1;"]]);
  });

  it('fails the formula check on the text as it was before (the check sees what a spreadsheet would run)', () => {
    expect(formulaCells('Name\r\nRuth;=1+1;')).toContain('=1+1');
    expect(formulaCells('Name\r\n"a,=cmd|\' /C calc\'!A0"')).toContain("=cmd|' /C calc'!A0\"");
  });

  it("turns =1+1 into '=1+1 in the file", () => {
    const csv = toCsv(['Display Name'], [['=1+1']]);
    expect(csv).toBe("Display Name\r\n'=1+1");
    expect(parseCsv(csv)[1]).toEqual(["'=1+1"]);
  });
});

describe('parseCsv', () => {
  it('reads quoted and unquoted cells, LF or CRLF line ends and a trailing line break', () => {
    for (const newline of ['\n', '\r\n']) {
      expect(parseCsv(`a,"b,c"${newline}"d""e",f${newline}`)).toEqual([
        ['a', 'b,c'],
        ['d"e', 'f'],
      ]);
    }
  });

  it('keeps empty cells', () => {
    expect(parseCsv(',,\r\nx,,')).toEqual([
      ['', '', ''],
      ['x', '', ''],
    ]);
  });

  it('reads nothing from an empty text', () => {
    expect(parseCsv('')).toEqual([]);
  });

  it('splits on , whatever the text holds, or on ; when told', () => {
    expect(parseCsv('a;b\r\nc;d')).toEqual([['a;b'], ['c;d']]);
    expect(parseCsv('a;"b,c"\r\nd;e', ';')).toEqual([
      ['a', 'b,c'],
      ['d', 'e'],
    ]);
  });
});

describe('downloadCsv', () => {
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  afterEach(() => Object.assign(URL, original));

  it('saves the text as a named CSV file through a temporary link', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:members');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('members.csv');
      expect(this.getAttribute('href')).toBe('blob:members');
    });

    downloadCsv('members.csv', 'Name\r\nRuth');

    expect(click).toHaveBeenCalledTimes(1);
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte-order mark
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Name\r\nRuth');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});

describe('csvDateStamp', () => {
  it('names the local calendar day', () => {
    expect(csvDateStamp(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
