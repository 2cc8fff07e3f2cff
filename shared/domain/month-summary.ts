import { daysInMonth, type IsoDate, parseIsoDate } from './calendar';
import { STREAK_MAX_DAYS } from './constants';
import type { DayStatus } from './constants';
import { isCompleted, isGraceStatus, type Streak } from './streaks';

/**
 * What the summaries of many members need from one member's month, kept beside the month's statuses so
 * that a summary never reads or parses a whole log (issue 13): how many discipline-days were kept, and one
 * character per day for the community's daily disciplines taken together.
 *
 * A day's mark is exactly what anyDisciplineLookup says of the day, plus how many disciplines were kept:
 * - '1'..'u' (base 36): that many daily disciplines kept (Yes or Partially; at most 30 disciplines exist)
 * - 'G': none kept, and at least one Sick or FeelingTired
 * - 'N': none kept, no grace status, and at least one other status (an explicit No)
 * - '.': nothing recorded
 */
export interface MonthSummary {
  /** Discipline-days marked Yes or Partially, over the daily disciplines. */
  completedCount: number;
  /** One mark per day of the month (see above). */
  dayMarks: string;
  /**
   * Days kept (Yes or Partially) per daily discipline, in the order of the disciplines' keys sorted (however
   * the keys were given: every writer agrees without knowing the community's display order): what reports add up.
   */
  disciplineDays: number[];
}

export const BLANK_MARK = '.';
export const GRACE_MARK = 'G';
export const NOT_KEPT_MARK = 'N';

export function summariseMonth(dayStatus: Record<string, Record<string, DayStatus>> | undefined, dailyKeys: readonly string[], year: number, month: number): MonthSummary {
  let completedCount = 0;
  let dayMarks = '';
  const sortedKeys = [...dailyKeys].sort();
  const disciplineDays = sortedKeys.map(() => 0);
  for (let day = 1; day <= daysInMonth(year, month); day++) {
    const statuses = sortedKeys.map((key) => dayStatus?.[key]?.[String(day)]);
    let kept = 0;
    statuses.forEach((status, index) => {
      if (!isCompleted(status)) return;
      kept++;
      disciplineDays[index]!++;
    });
    completedCount += kept;
    if (kept > 0) dayMarks += kept.toString(36);
    else if (statuses.some(isGraceStatus)) dayMarks += GRACE_MARK;
    else if (statuses.some((status) => status !== undefined && status !== 'Blank')) dayMarks += NOT_KEPT_MARK;
    else dayMarks += BLANK_MARK;
  }
  return { completedCount, dayMarks, disciplineDays };
}

const BLANK_CODE = BLANK_MARK.charCodeAt(0);
const GRACE_CODE = GRACE_MARK.charCodeAt(0);

/** Daily disciplines kept on a day whose mark has this character code: base 36 '1'..'9', 'a'..'u'; the other marks keep none. */
function keptOnCode(code: number): number {
  if (code >= 49 && code <= 57) return code - 48;
  if (code >= 97 && code <= 122) return code - 87;
  return 0;
}

/** Daily disciplines kept on a day with this mark. */
export function keptOnMark(mark: string | undefined): number {
  return mark === undefined || mark === '' ? 0 : keptOnCode(mark.charCodeAt(0));
}

export interface MarkedMonth {
  year: number;
  month: number;
  dayMarks: string;
}

/** Day marks of several months of one member, read by date. */
function markReader(months: readonly MarkedMonth[]): (date: IsoDate) => string | undefined {
  // 'YYYY-MM-DD' read by position (for speed, see addDays); a member has at most a few months to search.
  return (date) => {
    const year = Number(date.slice(0, 4));
    const month = Number(date.slice(5, 7));
    const log = months.find((candidate) => candidate.month === month && candidate.year === year);
    return log?.dayMarks[Number(date.slice(8, 10)) - 1];
  };
}

/** Daily disciplines kept on each date, read from day marks. */
export function keptCountFromMarks(months: readonly MarkedMonth[]): (date: IsoDate) => number {
  const markOn = markReader(months);
  return (date) => keptOnMark(markOn(date));
}

/**
 * currentStreak over anyDisciplineLookup of the months' logs, stepping through the mark strings instead
 * of dates: a subgroup's statistics count up to 365 days for each of its members. The month
 * summary tests prove both always agree.
 */
export function streakFromMarks(months: readonly MarkedMonth[], today: IsoDate, graceDays: boolean): Streak {
  const byMonth = new Map(months.map((log) => [log.year * 12 + log.month - 1, log.dayMarks]));
  const start = parseIsoDate(today);
  let monthIndex = start.year * 12 + start.month - 1;
  let marks = byMonth.get(monthIndex) ?? '';
  let day = start.day;
  let days = 0;
  let keptWithGrace = false;
  let graceSinceLastKept = false;
  for (let offset = 0; offset <= STREAK_MAX_DAYS && days < STREAK_MAX_DAYS; offset++) {
    const code = day <= marks.length ? marks.charCodeAt(day - 1) : BLANK_CODE;
    if (keptOnCode(code) > 0) {
      days++;
      if (graceSinceLastKept) keptWithGrace = true;
      graceSinceLastKept = false;
    } else if (graceDays && code === GRACE_CODE) {
      graceSinceLastKept = true;
    } else if (offset > 0 || code !== BLANK_CODE) {
      break;
    }
    day--;
    if (day < 1) {
      monthIndex--;
      marks = byMonth.get(monthIndex) ?? '';
      day = daysInMonth(Math.floor(monthIndex / 12), (monthIndex % 12) + 1);
    }
  }
  return { days, keptWithGrace };
}
