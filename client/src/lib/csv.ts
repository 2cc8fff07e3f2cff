/**
 * CSV files the client writes (member export, reports): every CSV the app writes goes through toCsv or
 * escapeCsvCell here (the server answers the export as JSON). DECISIONS.md "Admin numbers and reports":
 * cells are escaped per RFC 4180, and nothing in a cell may become a live formula in a spreadsheet,
 * whichever separator it splits the line on (European spreadsheets split on `;`, not `,`).
 *
 * What is done to each cell, in this order:
 * 1. Wherever a spreadsheet may start reading a cell (the start of the cell, and right after every `;`, `,`,
 *    tab, CR or LF in it), past any spaces and double quotes: a `=`, `+`, `-`, `@`, tab or CR gets a `'` in front,
 *    so it stays text. `=1+1` becomes `'=1+1`, `Ruth;=1+1;` becomes `Ruth;'=1+1;`, `x; @SUM(1)` becomes
 *    `x; '@SUM(1)`, `a,"=1"` becomes `a,"'=1"`. The `'` is not removed on reading back (parseCsv keeps it).
 * 2. The cell is quoted when it holds a `;` (so a semicolon-locale spreadsheet keeps it whole), and, as
 *    papaparse does, when it holds a `,`, a double quote, CR or LF or starts or ends with a space; a double
 *    quote inside is doubled.
 * Step 1 covers the readings quoting cannot: a `;`-splitting reader of a `,` file starts a new cell at the
 * `;` inside a quoted cell that is not the line's first, and one that ignores quotes splits at every `,`.
 */
import Papa from 'papaparse';
import { localToday } from '@shared/domain/calendar';
import { saveBlob } from './download';

export type CsvValue = string | number | boolean | null | undefined;

/**
 * A formula character (= + - @, tab, CR) where a cell may start: at the start, or after a separator a
 * spreadsheet may split on (; , tab CR LF), past any spaces and double quotes. The `'` goes right before it.
 */
const FORMULA_AT_CELL_START = /(^|[;,\t\r\n])([ "]*)(?=[=+\-@\t\r])/g;

/** One cell's text, neutralised against formula injection (step 1 above; papaparse does the quoting). */
function neutralise(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(FORMULA_AT_CELL_START, "$1$2'");
}

/** Step 2: papaparse quotes a `,`, quote, CR, LF and edge spaces itself; a `;` is quoted too. */
const UNPARSE = { newline: '\r\n', quotes: (cell: unknown) => String(cell).includes(';'), escapeFormulae: false };

/** One cell as it appears in the file: neutralised, then quoted when it holds a `;`, comma, quote, CR or LF. */
export const escapeCsvCell = (value: CsvValue) => Papa.unparse([[neutralise(value)]], UNPARSE);

/**
 * A header row and data rows as RFC 4180 text (papaparse): cells neutralised, quoted when they hold a `;`,
 * comma, quote, CR or LF, CRLF between records, no trailing line break.
 */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return Papa.unparse([headers.map(neutralise), ...rows.map((row) => row.map(neutralise))], UNPARSE);
}

/**
 * Reads CSV text back into rows (papaparse; blank lines skipped), split on `,` unless told `;` (as a
 * semicolon-locale spreadsheet reads it). It does not undo the ' formula prefix.
 */
export function parseCsv(text: string, delimiter: ',' | ';' = ','): string[][] {
  return Papa.parse<string[]>(text, { skipEmptyLines: true, delimiter }).data;
}

/** Saves `csv` as a download named `filename` (with a byte-order mark so spreadsheet apps read UTF-8). */
export function downloadCsv(filename: string, csv: string): void {
  saveBlob(filename, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}

/** 'YYYY-MM-DD' of the viewer's local calendar day, for file names. */
export const csvDateStamp = (date = new Date()) => localToday(date);
