/**
 * CSV files the client writes (member export, reports). DECISIONS.md "Admin numbers and reports":
 * cells are escaped per RFC 4180, and a cell that a spreadsheet would read as a formula (starting with
 * = + - @, a tab or a carriage return) gets a leading ' so it stays text.
 */
import Papa from 'papaparse';
import { localToday } from '@shared/domain/calendar';

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell's text, neutralised against formula injection (papaparse does the RFC 4180 quoting). */
function neutralise(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const UNPARSE = { newline: '\r\n', quotes: false, escapeFormulae: false } as const;

/** One cell as it appears in the file: neutralised, then quoted when it holds a comma, quote, CR or LF. */
export const escapeCsvCell = (value: CsvValue) => Papa.unparse([[neutralise(value)]], UNPARSE);

/**
 * A header row and data rows as RFC 4180 text (papaparse): cells quoted when they hold a comma, quote,
 * CR or LF, CRLF between records, no trailing line break.
 */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return Papa.unparse([headers.map(neutralise), ...rows.map((row) => row.map(neutralise))], UNPARSE);
}

/** Reads CSV text back into rows (papaparse; blank lines skipped). It does not undo the ' formula prefix. */
export function parseCsv(text: string): string[][] {
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
}

/** Saves `csv` as a download named `filename` (with a byte-order mark so spreadsheet apps read UTF-8). */
export function downloadCsv(filename: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Give the browser a moment to start the download before the address is revoked.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/** 'YYYY-MM-DD' of the viewer's local calendar day, for file names. */
export const csvDateStamp = (date = new Date()) => localToday(date);
