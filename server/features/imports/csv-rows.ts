import { apiMessage, fill } from '@shared/domain/messages';
import { displayNameField, emailField, singleLineText } from '@shared/contracts/fields';
import { compareDates, daysInMonth, isoDate, type YearMonth } from '@shared/domain/calendar';
import { DAY_STATUS_LABELS, DAY_STATUSES, type DayStatus, type Role, ROLES } from '@shared/domain/constants';
import { FIXED_TARGET_VALUES, MONTHLY_GOAL_KEYS, TARGET_LABELS, type TargetKey } from '@shared/domain/disciplines';
import { ADMIN_ROLES, roleLabel } from '@shared/domain/roles';
import { squash } from '@shared/domain/squash';
import { LOCALES } from '@shared/domain/locales';
import { translator } from '../../i18n/translate';
import type { MappedColumn } from './csv-import';
import type { CsvRow } from './csv-parse';

/** Each row of a CSV file read through the mapping the moderator chose (csv-import.ts) into what it asks for. Pure. */

export type TargetValues = Partial<Record<TargetKey, string | null>>;

/** A cell left out of its row, with why (the row itself may still be imported). */
export interface CellRefusal {
  column: string;
  message: string;
}

export interface ImportRow {
  sheetRow: number;
  email: string | null;
  /** The display name, or the first and last names joined with one space. */
  displayName: string | null;
  /** The role column's value; null when blank or not mapped. Admin roles are refused later unless already held. */
  role: Role | null;
  /** The role column's header, to name it when its value is refused later. */
  roleColumn: string | null;
  /** discipline key -> day -> status: the cells with a status (blank cells are left out). */
  statuses: Record<string, Record<string, DayStatus>>;
  /** The targets given (blank cells are left out, so they keep what is stored). */
  targets: TargetValues;
  /** The cells that could not be read, left out: the row goes on without them. */
  refusedCells: CellRefusal[];
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
  // The same in Spanish, Portuguese, French, German and Korean, as the headers are guessed in them.
  sí: 'Yes',
  si: 'Yes',
  sim: 'Yes',
  oui: 'Yes',
  ja: 'Yes',
  예: 'Yes',
  네: 'Yes',
  não: 'No',
  nao: 'No',
  non: 'No',
  nein: 'No',
  아니오: 'No',
  아니요: 'No',
  parcialmente: 'Partially',
  parcial: 'Partially',
  partiellement: 'Partially',
  teilweise: 'Partially',
  부분: 'Partially',
  enfermo: 'Sick',
  enferma: 'Sick',
  doente: 'Sick',
  malade: 'Sick',
  krank: 'Sick',
  아픔: 'Sick',
  cansado: 'FeelingTired',
  cansada: 'FeelingTired',
  fatigué: 'FeelingTired',
  fatiguée: 'FeelingTired',
  müde: 'FeelingTired',
  피곤: 'FeelingTired',
  // Read as an empty cell.
  blank: null,
  '-': null,
  '–': null,
  '—': null,
};

/** A cell as a word: lower case, without the emoji variation selector (✔️ is ✔). */
const cellWord = (cell: string) => cell.trim().normalize('NFC').replace(/\uFE0F/g, '').toLowerCase();

// And each status as the app names it in each of its languages (a sheet filled from our screens or exports):
// 'Enfermedad', 'Cansaço', '피곤함'. A word already read otherwise keeps its reading.
for (const locale of LOCALES) {
  const t = translator(locale);
  for (const status of DAY_STATUSES) {
    const word = cellWord(t(DAY_STATUS_LABELS[status]));
    if (!Object.hasOwn(STATUS_WORDS, word)) STATUS_WORDS[word] = status === 'Blank' ? null : status;
  }
}

/**
 * A day's cell as a status: Yes, No, Partially, Sick, FeelingTired and the usual spellings (y/n, yes/no,
 * 1/0, true/false, ✓ or ✔ for Yes, x for No, 'feeling tired', 'partial', and Sí, Não, Oui, Nein, 예...); null for a blank cell;
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

const YES_WORDS = new Set(['yes', 'y', '1', 'true', '✓', '✔', '☑', '✅', 'done', 'sí', 'si', 'sim', 'oui', 'ja', '예', '네']);
const NO_WORDS = new Set(['no', 'n', '0', 'false', 'x', '✗', '✘', '❌', 'não', 'nao', 'non', 'nein', '아니오', '아니요']);

const ROLE_WORDS = new Map<string, Role>([
  ['member', 'Member'],
  ['commander', 'Commander'],
  ['communitymoderator', 'CommunityModerator'],
  ['moderator', 'CommunityModerator'],
  ['institutionadmin', 'InstitutionAdmin'],
  ['superadmin', 'SuperAdmin'],
]);
// A goal's Yes and each role as the app writes them in each of its languages (the member export: 'Comandante', '완료').
for (const locale of LOCALES) {
  const t = translator(locale);
  YES_WORDS.add(cellWord(t(DAY_STATUS_LABELS.Yes)));
  NO_WORDS.add(cellWord(t(DAY_STATUS_LABELS.No)));
  for (const role of ROLES) if (!ROLE_WORDS.has(squash(t(roleLabel(role))))) ROLE_WORDS.set(squash(t(roleLabel(role))), role);
}

/** A role cell: Member or Commander; admin roles are read as such (refused unless the member holds them). */
export function readRole(cell: string): Role | null | undefined {
  const squashed = squash(cell);
  if (squashed === '') return null;
  return ROLE_WORDS.get(squashed);
}

export const ADMIN_ROLE_IN_FILE_MESSAGE = apiMessage('An import never grants an admin role: use Member or Commander, or leave the role blank.');

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

/** Problems as one message: the first few, each naming its column ('"Email": ...'), and how many more. */
export function problemsMessage(problems: readonly string[]): string {
  const named = problems.slice(0, MAX_PROBLEMS_NAMED).join('; ');
  const more = problems.length - MAX_PROBLEMS_NAMED;
  return more > 0 ? `${named}; and ${more} more` : named;
}

/** A refused cell as part of a row's message: '"Bible Reading 5": "maybe" is not a day status'. */
export const cellProblem = (cell: CellRefusal) => `"${cell.column}": ${cell.message}`;

/**
 * Reads one row through the mapping: the e-mail (lower-cased, valid), the display name or the first and
 * last names joined (one line, spaces collapsed, at most 80 characters), the role, each day's status and
 * each target. A cell that cannot be read is left out and named in `refusedCells`; the row is refused as a
 * whole only when it cannot be read or has neither a usable e-mail nor a usable name.
 */
export function readRow(row: CsvRow, columns: readonly MappedColumn[], period: YearMonth, latestToday: string): ImportRow | RowRefusal {
  return rowReader(columns, period, latestToday)(row);
}

export type RowRefusal = { sheetRow: number; message: string };

/** readRow for many rows of one import, with what every row shares worked out once. */
export function rowReader(columns: readonly MappedColumn[], period: YearMonth, latestToday: string): (row: CsvRow) => ImportRow | RowRefusal {
  const lastDay = daysInMonth(period.year, period.month);
  const futureFrom = firstFutureDay(period, latestToday);
  return (row) => readOneRow(row, columns, period, lastDay, futureFrom);
}

/**
 * The name from the first- and last-name cells, joined with one space (either alone is the whole name), or
 * null when both are blank. A part that cannot be read refuses the name (the other part alone would be
 * someone else's name); so does a joined name over the limit, naming both columns.
 */
function joinNameParts(parts: { header: string; cell: string }[], refuseCell: (column: string, message: string) => void): string | null {
  const given = parts.filter((part) => part.cell !== '');
  if (given.length === 0) return null;
  const read: string[] = [];
  for (const part of given) {
    const name = displayNameField.safeParse(part.cell);
    if (!name.success) {
      refuseCell(part.header, `${firstIssue(name.error)}; the name is left out`);
      return null;
    }
    read.push(name.data);
  }
  const joined = displayNameField.safeParse(read.join(' '));
  if (joined.success) return joined.data;
  refuseCell(given.map((part) => part.header).join(' + '), firstIssue(joined.error));
  return null;
}

function readOneRow(row: CsvRow, columns: readonly MappedColumn[], period: YearMonth, lastDay: number, futureFrom: number): ImportRow | RowRefusal {
  if (row.problem) return { sheetRow: row.sheetRow, message: row.problem };
  const result: ImportRow = { sheetRow: row.sheetRow, email: null, displayName: null, role: null, roleColumn: null, statuses: {}, targets: {}, refusedCells: [] };
  const refuseCell = (column: string, message: string) => result.refusedCells.push({ column, message });
  const nameParts: { kind: string; header: string; cell: string }[] = [];
  for (const { header, index, target } of columns) {
    const cell = row.cells[index] ?? '';
    const refuse = (message: string) => refuseCell(header, message);
    switch (target.kind) {
      case 'email': {
        if (cell === '') break;
        const email = emailField.safeParse(cell);
        if (email.success) result.email = email.data;
        else refuse(fill(apiMessage('"{value}" is not a valid e-mail address'), { value: cell }));
        break;
      }
      case 'displayName': {
        if (cell === '') break;
        const name = displayNameField.safeParse(cell);
        if (name.success) result.displayName = name.data;
        else refuse(firstIssue(name.error));
        break;
      }
      case 'firstName':
      case 'lastName':
        nameParts.push({ kind: target.kind, header, cell });
        break;
      case 'role': {
        const role = readRole(cell);
        if (role === undefined) refuse(fill(apiMessage('"{value}" is not a role; use Member or Commander, or leave it blank'), { value: cell }));
        else {
          result.role = role;
          result.roleColumn = header;
        }
        break;
      }
      case 'day': {
        const status = readDayStatus(cell);
        if (status === undefined) {
          refuse(fill(apiMessage('"{value}" is not a day status; use Yes, No, Partially, Sick or FeelingTired, or leave it blank'), { value: cell }));
        } else if (status !== null) {
          if (target.day > lastDay) refuse(fill(apiMessage('{month} has no day {day}'), { month: `${period.year}-${String(period.month).padStart(2, '0')}`, day: target.day }));
          else if (target.day >= futureFrom) refuse(fill(apiMessage('day {day} of the month is still to come'), { day: target.day }));
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
          else refuse(fill(apiMessage('a monthly goal is Yes or No, not "{value}"'), { value: cell }));
        } else {
          const text = targetText(TARGET_LABELS[key]).safeParse(cell);
          if (text.success) result.targets[key] = text.data;
          else refuse(firstIssue(text.error));
        }
        break;
      }
    }
  }
  if (nameParts.length > 0) {
    // First name, then last name, whatever the order of the columns.
    nameParts.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'firstName' ? -1 : 1));
    result.displayName = joinNameParts(nameParts, refuseCell);
  }
  if (result.email === null && result.displayName === null) {
    // Nothing names the person: the row is refused as a whole, with every problem it has.
    const problems = result.refusedCells.map(cellProblem);
    return { sheetRow: row.sheetRow, message: problemsMessage(problems.length > 0 ? problems : [apiMessage('This row has neither an e-mail nor a name')]) };
  }
  return result;
}

export const isAdminRole = (role: Role | null) => role !== null && ADMIN_ROLES.includes(role);
