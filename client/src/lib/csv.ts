/**
 * CSV files the client writes (member export, reports). DECISIONS.md "Admin numbers and reports":
 * cells are escaped per RFC 4180, and a cell that a spreadsheet would read as a formula (starting with
 * = + - @, a tab or a carriage return) gets a leading ' so it stays text.
 */
import { localToday } from '@shared/domain/calendar';

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: neutralised against formula injection, then quoted when it holds a comma, quote, CR or LF. */
export function escapeCsvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and data rows as RFC 4180 text: CRLF between records, no trailing line break. */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [headers, ...rows].map((row) => row.map(escapeCsvCell).join(',')).join('\r\n');
}

/**
 * Reads RFC 4180 text back into rows (quoted cells may hold commas, doubled quotes and line breaks).
 * Used to check what toCsv writes; it does not undo the ' formula prefix.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let index = 0;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else cell += char;
      index += 1;
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === ',') endCell();
    else if (char === '\r' && text[index + 1] === '\n') {
      endRow();
      index += 1;
    } else if (char === '\n') endRow();
    else cell += char;
    index += 1;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
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
