import { displayNameField, emailField, singleLineText } from '@shared/contracts/fields';
import { compareDates, daysInMonth, isoDate, type YearMonth } from '@shared/domain/calendar';
import type { DayStatus, Role } from '@shared/domain/constants';
import { FIXED_TARGET_VALUES, MONTHLY_GOAL_KEYS, TARGET_LABELS, type TargetKey } from '@shared/domain/disciplines';
import { ADMIN_ROLES } from '@shared/domain/roles';
import { type MappedColumn, squash } from './csv-import';
import type { CsvRow } from './csv-parse';

/** Each row of a CSV file read through the mapping the moderator chose (csv-import.ts) into what it asks for. Pure. */

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

function readOneRow(row: CsvRow, columns: readonly MappedColumn[], period: YearMonth, lastDay: number, futureFrom: number): ImportRow | RowRefusal {
  if (row.problem) return { sheetRow: row.sheetRow, message: row.problem };
  const problems: string[] = [];
  const result: ImportRow = { sheetRow: row.sheetRow, email: null, displayName: null, role: null, statuses: {}, targets: {} };
  for (const { header, index, target } of columns) {
    const cell = row.cells[index] ?? '';
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
