import Papa from 'papaparse';
import { displayNameField, emailField, singleLineText } from '@shared/contracts/fields';
import { IMPORT_MAX_ROWS, type ImportField } from '@shared/contracts/imports';
import { compareDates, daysInMonth, isoDate, type YearMonth } from '@shared/domain/calendar';
import type { DayStatus, Role } from '@shared/domain/constants';
import { type Discipline, FIXED_TARGET_VALUES, MONTHLY_GOAL_KEYS, TARGET_KEYS, TARGET_LABELS, type TargetKey } from '@shared/domain/disciplines';
import { ADMIN_ROLES } from '@shared/domain/roles';
import { badRequest } from '../../http/errors';

/**
 * Reading a CSV file for the import (DECISIONS.md "Imported members and claiming"): parsing with papaparse,
 * the fields a column may map to, the mapping guessed from the headers, and each row read into what it
 * asks for. Pure: nothing here touches the database (import-service.ts writes).
 */

// ---------------------------------------------------------------- parsing

export interface CsvRow {
  /** The row's number as a spreadsheet shows it: the header is row 1, blank lines count. */
  sheetRow: number;
  /** Cells keyed by header, trimmed; a missing cell is ''. */
  values: Record<string, string>;
  /** Why the row cannot be read (a quote never closed, more values than columns), if so. */
  problem: string | null;
}

export interface ParsedCsv {
  headers: string[];
  rows: CsvRow[];
}

const isBlankRow = (cells: readonly string[]) => cells.join('').trim() === '';
const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;

/** A column named by the header row, or by its position when its header is blank: 'column 5'. */
const columnName = (index: number) => `column ${index + 1}`;

function quoteList(names: string[]): string {
  return names.map((name) => `"${name}"`).join(', ');
}

/**
 * Parses the file: papaparse with the header row (trimmed, BOM stripped), blank lines skipped. Quoted
 * fields with commas and line breaks, CRLF, a BOM and trailing spaces all read as a spreadsheet does.
 * Refuses (400) a file whose header names a column twice or leaves a column with data unnamed, a file
 * without rows and one with more than IMPORT_MAX_ROWS rows. Rows papaparse could not read come back
 * with a `problem`, not as an error of the whole file.
 */
export function parseCsv(csvData: string): ParsedCsv {
  // Papaparse takes the very first line as the header, even a blank one (and then does not clean the real
  // header up): leave leading blank lines out, counting them so row numbers stay those of a spreadsheet.
  const withoutBom = csvData.replace(/^\uFEFF/, '');
  const leading = /^(?:[ \t,;]*(?:\r\n|\r|\n))*/.exec(withoutBom)![0];
  const text = withoutBom.slice(leading.length);
  const rowOffset = lineBreaks(leading);

  const names: string[] = [];
  const parsed = Papa.parse<Record<string, string | string[] | undefined>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header, index) => {
      const name = header.replace(/^\uFEFF/, '').trim();
      names[index] = name;
      // A repeated name gets a key of its own (papaparse would rename it and warn on the console); the
      // file is refused below anyway. No CSV the contract accepts holds a NUL, so the key is unique.
      return names.indexOf(name) === index ? name : `\u0000${index}`;
    },
  });
  const fileError = parsed.errors.find((error) => error.type === 'Quotes' && error.row === 0);
  if (names.length === 0 || fileError) throw badRequest('The first row of the file must be its header: one name per column.', { csvData: 'The header row could not be read' });

  // Row numbers: the same text read without skipping blank lines gives every record's place in the sheet.
  const records = Papa.parse<string[]>(text, { delimiter: parsed.meta.delimiter, newline: parsed.meta.linebreak as '\r\n' | '\n' | '\r', skipEmptyLines: false }).data;
  const filledRecords: number[] = [];
  records.forEach((cells, index) => {
    if (!isBlankRow(cells)) filledRecords.push(index);
  });
  // filledRecords[0] is the header; data row i is filledRecords[i + 1].
  const sheetRowOf = (dataIndex: number) => rowOffset + (filledRecords[dataIndex + 1] ?? dataIndex + 1) + 1;

  const duplicates = [...new Set(names.filter((name, index) => name !== '' && names.indexOf(name) !== index))];
  if (duplicates.length > 0) {
    const message = `Each column needs its own header: ${quoteList(duplicates)} ${duplicates.length === 1 ? 'appears' : 'appear'} more than once.`;
    throw badRequest(message, { csvData: message });
  }
  const data = parsed.data;
  const keyOf = (index: number) => (names.indexOf(names[index]!) === index ? names[index]! : `\u0000${index}`);
  // A column without a header is tolerated while it is empty (a trailing comma on every line); one with data is refused.
  const unnamed = names.flatMap((name, index) => (name === '' ? [index] : []));
  const unnamedWithData = unnamed.filter((index) => data.some((row) => String(row[keyOf(index)] ?? '').trim() !== ''));
  if (unnamedWithData.length > 0) {
    const message = `Each column needs a header: ${unnamedWithData.map(columnName).join(', ')} ${unnamedWithData.length === 1 ? 'has' : 'have'} values but no header.`;
    throw badRequest(message, { csvData: message });
  }
  if (data.length === 0) throw badRequest('The file has a header but no rows.', { csvData: 'The file has a header but no rows' });
  if (data.length > IMPORT_MAX_ROWS) {
    const message = `The file has ${data.length} rows; at most ${IMPORT_MAX_ROWS} can be imported at once. Split it into smaller files.`;
    throw badRequest(message, { csvData: message });
  }

  // Quote errors name the record in the text (header = 0, blank lines counted); field-count errors the data row.
  const problems = new Map<number, string>();
  for (const error of parsed.errors) {
    if (error.type === 'Quotes' && error.row !== undefined) {
      const dataIndex = filledRecords.indexOf(error.row) - 1;
      if (dataIndex >= 0 && !problems.has(dataIndex)) {
        problems.set(
          dataIndex,
          error.code === 'MissingQuotes'
            ? 'A quoted value is never closed, so the rest of the file was read into this row. Close the quote and import again.'
            : 'A quoted value is followed by more text before the next comma. Put the whole value in quotes (and double any quote inside it).',
        );
      }
    }
  }

  const headers = names.filter((name, index) => name !== '' && names.indexOf(name) === index);
  const rows = data.map((row, dataIndex): CsvRow => {
    const values: Record<string, string> = {};
    for (const header of headers) {
      const value = row[header];
      values[header] = typeof value === 'string' ? value.trim() : '';
    }
    const extra = row.__parsed_extra;
    let problem = problems.get(dataIndex) ?? null;
    // Values past the last column: trailing empty cells are harmless, anything else shifted the row.
    if (!problem && Array.isArray(extra) && extra.some((value) => value.trim() !== '')) {
      problem = `This row has more values than the header has columns (${names.length}). Is there a comma in a value without quotes around it?`;
    }
    return { sheetRow: sheetRowOf(dataIndex), values, problem };
  });
  return { headers, rows };
}

// ---------------------------------------------------------------- fields

export type ImportTarget =
  | { kind: 'email' }
  | { kind: 'displayName' }
  | { kind: 'role' }
  | { kind: 'target'; key: TargetKey }
  | { kind: 'day'; discipline: string; day: number };

const IDENTITY_FIELDS = [
  { value: 'email', label: 'E-mail' },
  { value: 'displayName', label: 'Display name' },
  { value: 'role', label: 'Role' },
] as const;

const dailyGrid = (disciplines: readonly Discipline[]) => disciplines.filter((discipline) => discipline.isDailyGrid);
const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);

/** Every field a column may map to in a community with these disciplines, with its label. */
export function importFields(disciplines: readonly Discipline[]): { value: ImportField; label: string }[] {
  return [
    ...IDENTITY_FIELDS,
    ...TARGET_KEYS.map((key) => ({ value: key, label: TARGET_LABELS[key] })),
    ...dailyGrid(disciplines).flatMap((discipline) => DAYS.map((day) => ({ value: `${discipline.key}:${day}`, label: `${discipline.label}, day ${day}` }))),
  ];
}

/** What a mapping value asks for, or undefined when it is not a field of this community. */
export function parseField(value: string, disciplines: readonly Discipline[]): ImportTarget | undefined {
  if (value === 'email' || value === 'displayName' || value === 'role') return { kind: value };
  if ((TARGET_KEYS as readonly string[]).includes(value)) return { kind: 'target', key: value as TargetKey };
  const match = /^(.+):([1-9]|[12]\d|3[01])$/.exec(value);
  if (!match) return undefined;
  const discipline = dailyGrid(disciplines).find((d) => d.key === match[1]);
  return discipline ? { kind: 'day', discipline: discipline.key, day: Number(match[2]) } : undefined;
}

// ---------------------------------------------------------------- the suggested mapping

/** A header as compared with the names of fields: lower case, letters and digits only ('E-mail address' reads 'emailaddress'). */
const squash = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

const HEADER_SYNONYMS: Record<'email' | 'displayName' | 'role', string[]> = {
  email: ['email', 'emailaddress', 'mail', 'emails'],
  displayName: ['name', 'displayname', 'fullname', 'membername', 'member', 'names'],
  role: ['role', 'roles', 'memberrole'],
};

function guessField(header: string, disciplines: readonly Discipline[]): ImportField | undefined {
  const exact = parseField(header.trim(), disciplines);
  if (exact) return header.trim();
  const squashed = squash(header);
  if (squashed === '') return undefined;
  for (const [field, names] of Object.entries(HEADER_SYNONYMS)) if (names.includes(squashed)) return field;
  const target = TARGET_KEYS.find((key) => squash(TARGET_LABELS[key]) === squashed || squash(key) === squashed);
  if (target) return target;
  // '<label or key> <day>', '<label> - Day <n>', 'Bible Reading day 3'.
  const dayMatch = /^(.*?)(\d{1,2})$/.exec(header.trim());
  if (!dayMatch) return undefined;
  const day = Number(dayMatch[2]);
  if (day < 1 || day > 31) return undefined;
  const prefix = squash(dayMatch[1]!);
  const candidates = prefix.endsWith('day') ? [prefix, prefix.slice(0, -'day'.length)] : [prefix];
  for (const candidate of candidates) {
    const discipline = dailyGrid(disciplines).find((d) => squash(d.label) === candidate || squash(d.key) === candidate);
    if (discipline) return `${discipline.key}:${day}`;
  }
  return undefined;
}

/** A mapping guessed from the header names; each field is suggested for one column at most (the first). */
export function suggestMapping(headers: readonly string[], disciplines: readonly Discipline[]): Record<string, ImportField> {
  const mapping: Record<string, ImportField> = {};
  const taken = new Set<string>();
  for (const header of headers) {
    const field = guessField(header, disciplines);
    if (field && !taken.has(field)) {
      mapping[header] = field;
      taken.add(field);
    }
  }
  return mapping;
}

// ---------------------------------------------------------------- the mapping the moderator chose

export interface MappedColumn {
  header: string;
  target: ImportTarget;
}

export const IDENTITY_REQUIRED_MESSAGE = 'Map the e-mail or the display-name column';

/**
 * Checks the mapping against the file and the community (400 with `fields.columnMapping` otherwise):
 * every mapped header is a column of the file, every field is one of `importFields`, each field is mapped
 * once, and the e-mail or the display name is mapped. Columns mapped to '' are ignored.
 */
export function resolveMapping(columnMapping: Record<string, string>, headers: readonly string[], disciplines: readonly Discipline[]): MappedColumn[] {
  const columns: MappedColumn[] = [];
  const missing: string[] = [];
  const unknown: string[] = [];
  const headersByField = new Map<string, string[]>();
  for (const [header, rawField] of Object.entries(columnMapping)) {
    const field = rawField.trim();
    if (field === '') continue;
    if (!headers.includes(header)) {
      missing.push(header);
      continue;
    }
    const target = parseField(field, disciplines);
    if (!target) {
      unknown.push(field);
      continue;
    }
    headersByField.set(field, [...(headersByField.get(field) ?? []), header]);
    columns.push({ header, target });
  }
  const refuse = (message: string): never => {
    throw badRequest(message, { columnMapping: message });
  };
  if (missing.length > 0) refuse(`The file has no column ${quoteList(missing)}. Map only the columns of this file.`);
  if (unknown.length > 0) refuse(`${quoteList(unknown)} cannot be imported into this community. Choose one of the fields offered for each column.`);
  const twice = [...headersByField.entries()].filter(([, mapped]) => mapped.length > 1);
  if (twice.length > 0) {
    const [field, mapped] = twice[0]!;
    refuse(`Each field can be mapped from one column only: "${field}" is mapped from ${quoteList(mapped)}.`);
  }
  if (!columns.some((column) => column.target.kind === 'email' || column.target.kind === 'displayName')) refuse(IDENTITY_REQUIRED_MESSAGE);
  return columns;
}

// ---------------------------------------------------------------- reading a row

export type TargetValues = Partial<Record<TargetKey, string | null>>;

export interface ImportRow {
  sheetRow: number;
  email: string | null;
  displayName: string | null;
  /** The role column's value; null when blank or not mapped. Admin roles are refused later unless already held. */
  role: Role | null;
  /** discipline key -> day -> status: the cells with a status (blank cells are left out). */
  statuses: Record<string, Record<string, DayStatus>>;
  /** The targets given (blank cells are left out, so they keep what is stored). */
  targets: TargetValues;
}

const STATUS_WORDS: Record<string, DayStatus | null> = {
  yes: 'Yes',
  y: 'Yes',
  '1': 'Yes',
  true: 'Yes',
  '✓': 'Yes',
  '✔': 'Yes',
  '☑': 'Yes',
  '✅': 'Yes',
  no: 'No',
  n: 'No',
  '0': 'No',
  false: 'No',
  x: 'No',
  '✗': 'No',
  '✘': 'No',
  '❌': 'No',
  partially: 'Partially',
  partial: 'Partially',
  sick: 'Sick',
  feelingtired: 'FeelingTired',
  tired: 'FeelingTired',
  // Read as an empty cell.
  blank: null,
  '-': null,
  '–': null,
  '—': null,
};

/** A cell as a word: lower case, without the emoji variation selector (✔️ is ✔). */
const cellWord = (cell: string) => cell.trim().normalize('NFC').replace(/\uFE0F/g, '').toLowerCase();

/**
 * A day's cell as a status: Yes, No, Partially, Sick, FeelingTired and the usual spellings (y/n, yes/no,
 * 1/0, true/false, ✓ or ✔ for Yes, x for No, 'feeling tired', 'partial'); null for a blank cell;
 * undefined for anything else.
 */
export function readDayStatus(cell: string): DayStatus | null | undefined {
  const text = cell.trim();
  if (text === '') return null;
  const word = cellWord(text);
  if (Object.hasOwn(STATUS_WORDS, word)) return STATUS_WORDS[word];
  const squashed = word.replace(/[\s_-]+/g, '');
  return Object.hasOwn(STATUS_WORDS, squashed) ? STATUS_WORDS[squashed] : undefined;
}

const YES_WORDS = new Set(['yes', 'y', '1', 'true', '✓', '✔', '☑', '✅', 'done']);
const NO_WORDS = new Set(['no', 'n', '0', 'false', 'x', '✗', '✘', '❌']);

/** A role cell: Member or Commander; admin roles are read as such (refused unless the member holds them). */
function readRole(cell: string): Role | null | undefined {
  const squashed = squash(cell);
  if (squashed === '') return null;
  if (squashed === 'member') return 'Member';
  if (squashed === 'commander') return 'Commander';
  if (squashed === 'communitymoderator' || squashed === 'moderator') return 'CommunityModerator';
  if (squashed === 'institutionadmin') return 'InstitutionAdmin';
  if (squashed === 'superadmin') return 'SuperAdmin';
  return undefined;
}

export const ADMIN_ROLE_IN_FILE_MESSAGE = 'An import never grants an admin role: use Member or Commander, or leave the role blank.';

const targetText = (label: string) => singleLineText(label).max(200, `${label}: at most 200 characters`);
const firstIssue = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? 'Not valid';

/** The first day after `latestToday` (YYYY-MM-DD) in the month, or Infinity when the month is past. */
function firstFutureDay(period: YearMonth, latestToday: string): number {
  for (let day = 1; day <= daysInMonth(period.year, period.month); day++) {
    if (compareDates(isoDate(period.year, period.month, day), latestToday) > 0) return day;
  }
  return Infinity;
}

const MAX_PROBLEMS_NAMED = 3;

/**
 * Reads one row through the mapping: the e-mail (lower-cased, valid), the display name (one line, spaces
 * collapsed, at most 80 characters), the role, each day's status and each target. Returns the row, or the
 * problems that keep it out of the import (each naming its column).
 */
export function readRow(row: CsvRow, columns: readonly MappedColumn[], period: YearMonth, latestToday: string): ImportRow | { sheetRow: number; message: string } {
  if (row.problem) return { sheetRow: row.sheetRow, message: row.problem };
  const problems: string[] = [];
  const result: ImportRow = { sheetRow: row.sheetRow, email: null, displayName: null, role: null, statuses: {}, targets: {} };
  const lastDay = daysInMonth(period.year, period.month);
  const futureFrom = firstFutureDay(period, latestToday);
  for (const { header, target } of columns) {
    const cell = row.values[header] ?? '';
    const column = `"${header}"`;
    switch (target.kind) {
      case 'email': {
        if (cell === '') break;
        const email = emailField.safeParse(cell);
        if (email.success) result.email = email.data;
        else problems.push(`${column}: "${cell}" is not a valid e-mail address`);
        break;
      }
      case 'displayName': {
        if (cell === '') break;
        const name = displayNameField.safeParse(cell);
        if (name.success) result.displayName = name.data;
        else problems.push(`${column}: ${firstIssue(name.error)}`);
        break;
      }
      case 'role': {
        const role = readRole(cell);
        if (role === undefined) problems.push(`${column}: "${cell}" is not a role; use Member or Commander, or leave it blank`);
        else result.role = role;
        break;
      }
      case 'day': {
        const status = readDayStatus(cell);
        if (status === undefined) {
          problems.push(`${column}: "${cell}" is not a day status; use Yes, No, Partially, Sick or FeelingTired, or leave it blank`);
        } else if (status !== null) {
          if (target.day > lastDay) problems.push(`${column}: ${period.year}-${String(period.month).padStart(2, '0')} has no day ${target.day}`);
          else if (target.day >= futureFrom) problems.push(`${column}: day ${target.day} of the month is still to come`);
          else (result.statuses[target.discipline] ??= {})[String(target.day)] = status;
        }
        break;
      }
      case 'target': {
        if (cell === '') break;
        const key = target.key;
        if (key in FIXED_TARGET_VALUES) {
          // Required of every member (SPEC.md section 9): stored as 'Yes' whatever the cell says.
          result.targets[key] = FIXED_TARGET_VALUES[key as keyof typeof FIXED_TARGET_VALUES];
        } else if ((MONTHLY_GOAL_KEYS as readonly string[]).includes(key)) {
          const word = cellWord(cell);
          if (YES_WORDS.has(word)) result.targets[key] = 'Yes';
          else if (NO_WORDS.has(word)) result.targets[key] = null;
          else problems.push(`${column}: a monthly goal is Yes or No, not "${cell}"`);
        } else {
          const text = targetText(TARGET_LABELS[key]).safeParse(cell);
          if (text.success) result.targets[key] = text.data;
          else problems.push(`${column}: ${firstIssue(text.error)}`);
        }
        break;
      }
    }
  }
  if (problems.length === 0 && result.email === null && result.displayName === null) problems.push('This row has neither an e-mail nor a name');
  if (problems.length > 0) {
    const named = problems.slice(0, MAX_PROBLEMS_NAMED).join('; ');
    const more = problems.length - MAX_PROBLEMS_NAMED;
    return { sheetRow: row.sheetRow, message: more > 0 ? `${named}; and ${more} more` : named };
  }
  return result;
}

export const isAdminRole = (role: Role | null) => role !== null && ADMIN_ROLES.includes(role);
