import Papa from 'papaparse';
import { apiMessage, fill } from '@shared/domain/messages';
import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from '@shared/contracts/imports';
import { badRequest } from '../../http/errors';

/**
 * Reading a CSV file for the import (DECISIONS.md "Imported members and claiming") with papaparse: the header,
 * then the rows, a slice at a time so that a 2 MB file never holds up other requests. A file with more than
 * IMPORT_MAX_COLUMNS columns is refused from its first line; rows past IMPORT_MAX_ROWS are only counted, for
 * the refusal. Every step is linear in the size of the file.
 */

export interface CsvRow {
  /** The row's number as a spreadsheet shows it: the header is row 1, blank lines count. */
  sheetRow: number;
  /** The row's cells, trimmed, one per header of `ParsedCsv.headers` (in its order); a missing cell is ''. */
  cells: string[];
  /** Why the row cannot be read (a quote never closed, more values than columns), if so. */
  problem: string | null;
}

export interface ParsedCsv {
  headers: string[];
  rows: CsvRow[];
}

/** A row's cells keyed by header (fromEntries: a header such as '__proto__' stays an ordinary key). */
export const valuesOf = (headers: readonly string[], row: CsvRow): Record<string, string> => Object.fromEntries(headers.map((header, index) => [header, row.cells[index]!]));

/** Characters parsed between two turns of the event loop: a few milliseconds of work on this hardware. */
const CHUNK_CHARACTERS = 32 * 1024;

/**
 * The start of the text papaparse guesses the delimiter from (it reads ten lines six times over, which
 * for ten 200 kB lines would hold up the server): whole lines up to CHUNK_CHARACTERS, or that many characters.
 */
function guessingSample(text: string): string {
  if (text.length <= CHUNK_CHARACTERS) return text;
  const end = Math.max(text.lastIndexOf('\n', CHUNK_CHARACTERS), text.lastIndexOf('\r', CHUNK_CHARACTERS));
  return text.slice(0, end > 0 ? end + 1 : CHUNK_CHARACTERS);
}

export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const isBlankRow = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');
const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;
const count = (n: number) => n.toLocaleString('en-US');

/** A column named by the header row, or by its position when its header is blank: 'column 5'. */
const columnName = (index: number) => `column ${index + 1}`;

const NAMES_LISTED = 10;

/** Items of a message, a long list cut short: 'a, b, c and 12 more'. */
function list(items: readonly string[]): string {
  const listed = items.slice(0, NAMES_LISTED).join(', ');
  return items.length > NAMES_LISTED ? `${listed} and ${count(items.length - NAMES_LISTED)} more` : listed;
}

/** Names in quotes, for a message: '"Name", "Email"'. */
export const quoteList = (names: readonly string[]) => list(names.map((name) => `"${name}"`));

function refuse(message: string, field = message): never {
  throw badRequest(message, { csvData: field });
}

const tooManyColumns = (columns: number) =>
  fill(apiMessage('The file has {columns} columns; at most {max} are read. Leave out the columns you do not need.'), { columns: count(columns), max: count(IMPORT_MAX_COLUMNS) });
const tooManyRows = (rows: number) =>
  fill(apiMessage('The file has {rows} rows; at most {max} can be imported at once. Split it into smaller files.'), { rows: count(rows), max: count(IMPORT_MAX_ROWS) });

const QUOTE_PROBLEMS: Record<string, string> = {
  MissingQuotes: apiMessage('A quoted value is never closed, so the rest of the file was read into this row. Close the quote and import again.'),
  InvalidQuotes: apiMessage('A quoted value is followed by more text before the next comma. Put the whole value in quotes (and double any quote inside it).'),
};

/**
 * Parses the file: the first non-blank line is the header (trimmed, BOM stripped), blank lines are skipped.
 * Quoted fields with commas and line breaks, CRLF, a BOM and trailing spaces all read as a spreadsheet does.
 * Refuses (400) a file whose header cannot be read, names a column twice or leaves a column with data
 * unnamed, a file without rows, and one over the limits. Rows papaparse could not read come back with a
 * `problem`, not as an error of the whole file.
 */
export async function parseCsv(csvData: string, { chunkSize = CHUNK_CHARACTERS } = {}): Promise<ParsedCsv> {
  // Papaparse takes the very first line as the header, even a blank one: leave leading blank lines out,
  // counting them so row numbers stay those of a spreadsheet.
  const withoutBom = csvData.replace(/^\uFEFF/, '');
  const leading = /^(?:[ \t,;]*(?:\r\n|\r|\n))*/.exec(withoutBom)![0];
  const text = withoutBom.slice(leading.length);
  const rowOffset = lineBreaks(leading);

  // The header alone first: its width is checked before the rest of the file is read. Papaparse guesses the
  // delimiter from the first lines, with blank lines left out (or a trailing blank line can hide a semicolon).
  const { delimiter, linebreak } = Papa.parse<string[]>(guessingSample(text), { preview: 1, skipEmptyLines: 'greedy' }).meta;
  const newline = linebreak as '\r\n' | '\n' | '\r';
  const first = Papa.parse<string[]>(text, { preview: 1, delimiter, newline });
  const header = first.data[0] ?? [];
  if (header.length === 0 || first.errors.some((error) => error.type === 'Quotes' && error.row === 0)) {
    refuse(apiMessage('The first row of the file must be its header: one name per column.'), apiMessage('The header row could not be read'));
  }
  if (header.length > IMPORT_MAX_COLUMNS) refuse(tooManyColumns(header.length));

  const names = header.map((name) => name.replace(/^\uFEFF/, '').trim());
  const firstIndex = new Map<string, number>();
  const duplicates = new Set<string>();
  names.forEach((name, index) => {
    if (name === '') return;
    if (firstIndex.has(name)) duplicates.add(name);
    else firstIndex.set(name, index);
  });
  if (duplicates.size > 0) {
    const columns = quoteList([...duplicates]);
    refuse(duplicates.size === 1 ? fill(apiMessage('Each column needs its own header: {columns} appears more than once.'), { columns }) : fill(apiMessage('Each column needs its own header: {columns} appear more than once.'), { columns }));
  }
  const columnIndexes = [...firstIndex.values()];
  // A column without a header is tolerated while it is empty (a trailing comma on every line); one with data is refused.
  const unnamed = names.flatMap((name, index) => (name === '' ? [index] : []));

  const rows: CsvRow[] = [];
  const recordOfRow: number[] = [];
  const quoteProblems = new Map<number, string>();
  const unnamedWithData = new Set<number>();
  let dataRows = 0;
  // Records of the text (header = 0, blank lines counted) before the current slice.
  let recordsBefore = 0;

  const readSlice = (records: string[][], errors: Papa.ParseError[]) => {
    records.forEach((cells, index) => {
      const record = recordsBefore + index;
      if (record === 0 || isBlankRow(cells)) return;
      dataRows++;
      // Past the limit rows are only counted, so the refusal can say how many the file has.
      if (dataRows > IMPORT_MAX_ROWS) return;
      for (const column of unnamed) if ((cells[column] ?? '').trim() !== '') unnamedWithData.add(column);
      let extra = false;
      // Values past the last column: trailing empty cells are harmless, anything else shifted the row.
      for (let column = names.length; column < cells.length && !extra; column++) extra = cells[column]!.trim() !== '';
      rows.push({
        sheetRow: rowOffset + record + 1,
        cells: columnIndexes.map((column) => (cells[column] ?? '').trim()),
        problem: extra ? `This row has more values than the header has columns (${names.length}). Is there a comma in a value without quotes around it?` : null,
      });
      recordOfRow.push(record);
    });
    // A quote error names the record within the slice. A row cut by the slice's end is not in `records`: it
    // is read again, whole, with the next slice (its errors here may be false, seen from half the row).
    for (const error of errors) {
      if (error.type !== 'Quotes' || error.row === undefined || error.row >= records.length) continue;
      const record = recordsBefore + error.row;
      if (!quoteProblems.has(record)) quoteProblems.set(record, QUOTE_PROBLEMS[error.code] ?? QUOTE_PROBLEMS.InvalidQuotes!);
    }
    recordsBefore += records.length;
  };

  await new Promise<void>((resolve, reject) => {
    // Papaparse reads a string a chunk at a time when given `chunk` (its types only say so for files).
    const config: Papa.ParseConfig<string[]> & { chunkSize: number; chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser): void; complete(): void } = {
      delimiter,
      newline,
      skipEmptyLines: false,
      chunkSize,
      chunk: (results, parser) => {
        try {
          readSlice(results.data, results.errors);
        } catch (error) {
          parser.abort();
          reject(error);
          return;
        }
        parser.pause();
        setImmediate(() => parser.resume());
      },
      complete: () => resolve(),
    };
    Papa.parse<string[]>(text, config);
  });

  if (quoteProblems.get(0)) refuse(apiMessage('The first row of the file must be its header: one name per column.'), apiMessage('The header row could not be read'));
  if (dataRows > IMPORT_MAX_ROWS) refuse(tooManyRows(dataRows));
  if (unnamedWithData.size > 0) {
    const named = [...unnamedWithData].sort((a, b) => a - b);
    const columns = list(named.map(columnName));
    refuse(named.length === 1 ? fill(apiMessage('Each column needs a header: {columns} has values but no header.'), { columns }) : fill(apiMessage('Each column needs a header: {columns} have values but no header.'), { columns }));
  }
  if (rows.length === 0) refuse(apiMessage('The file has a header but no rows.'), apiMessage('The file has a header but no rows'));
  rows.forEach((row, index) => {
    const problem = quoteProblems.get(recordOfRow[index]!);
    if (problem) row.problem = problem;
  });
  return { headers: [...firstIndex.keys()], rows };
}
