import { parseCsv } from './csv';

/** Cell texts that would be live formulas if a spreadsheet read them as written (issue 22 item 3). */
export const FORMULA_INJECTIONS = [
  'Ruth;=1+1;',
  "a,=cmd|' /C calc'!A0",
  'x; @SUM(1)',
  'Boaz;+1',
  'Naomi,-2+3',
  'Orpah; "=HYPERLINK(""http://evil.test"")"',
  'line one\n=1+1',
  'tab\t=1+1',
  '=1+1',
  ' @SUM(1)',
];

const FORMULA_START = /^[=+\-@\t\r]/;
/** A spreadsheet drops the spaces and quote marks before a cell's text (or keeps them, which is harmless). */
const LEADING_SPACES_AND_QUOTES = /^[ "]+/;

/**
 * Every cell of `csv` that a spreadsheet would start as a formula, whichever way it reads the file: split on
 * `,` or on `;` honouring the quotes (papaparse), or split on `,`, `;` or tab line by line ignoring them (a
 * reader that does not know this file's quoting), with leading spaces and quote marks dropped.
 */
export function formulaCells(csv: string): string[] {
  const quoted = ([',', ';'] as const).flatMap((delimiter) => parseCsv(csv, delimiter).flat());
  const naive = csv.split(/\r\n|\r|\n/).flatMap((line) => line.split(/[,;\t]/));
  return [...quoted, ...naive].filter((cell) => FORMULA_START.test(cell.replace(LEADING_SPACES_AND_QUOTES, '')));
}
