import { daysInMonth, type IsoDate, monthKey, parseIsoDate } from './calendar';
import type { DayStatus } from './constants';
import { isCompleted, isGraceStatus, type StatusLookup } from './streaks';

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
}

export const BLANK_MARK = '.';
export const GRACE_MARK = 'G';
export const NOT_KEPT_MARK = 'N';

export function summariseMonth(dayStatus: Record<string, Record<string, DayStatus>> | undefined, dailyKeys: readonly string[], year: number, month: number): MonthSummary {
  let completedCount = 0;
  let dayMarks = '';
  for (let day = 1; day <= daysInMonth(year, month); day++) {
    const statuses = dailyKeys.map((key) => dayStatus?.[key]?.[String(day)]);
    const kept = statuses.filter(isCompleted).length;
    completedCount += kept;
    if (kept > 0) dayMarks += kept.toString(36);
    else if (statuses.some(isGraceStatus)) dayMarks += GRACE_MARK;
    else if (statuses.some((status) => status !== undefined && status !== 'Blank')) dayMarks += NOT_KEPT_MARK;
    else dayMarks += BLANK_MARK;
  }
  return { completedCount, dayMarks };
}

/** Daily disciplines kept on a day with this mark. */
export function keptOnMark(mark: string | undefined): number {
  if (mark === undefined || mark === BLANK_MARK || mark === GRACE_MARK || mark === NOT_KEPT_MARK) return 0;
  return parseInt(mark, 36);
}

/** The status a mark stands for, as anyDisciplineLookup would answer it (streak rules read only this). */
function statusOfMark(mark: string | undefined): DayStatus | undefined {
  if (mark === undefined || mark === BLANK_MARK) return undefined;
  if (mark === GRACE_MARK) return 'Sick';
  if (mark === NOT_KEPT_MARK) return 'No';
  return 'Yes';
}

export interface MarkedMonth {
  year: number;
  month: number;
  dayMarks: string;
}

/** Day marks of several months of one member, read by date. */
export function markReader(months: readonly MarkedMonth[]): (date: IsoDate) => string | undefined {
  const byMonth = new Map(months.map((log) => [monthKey(log.year, log.month), log.dayMarks]));
  return (date) => {
    const { year, month, day } = parseIsoDate(date);
    return byMonth.get(monthKey(year, month))?.[day - 1];
  };
}

/** The "any daily discipline" lookup (anyDisciplineLookup) read from day marks instead of logs. */
export function overallLookupFromMarks(months: readonly MarkedMonth[]): StatusLookup {
  const markOn = markReader(months);
  return (date) => statusOfMark(markOn(date));
}

/** Daily disciplines kept on each date, read from day marks. */
export function keptCountFromMarks(months: readonly MarkedMonth[]): (date: IsoDate) => number {
  const markOn = markReader(months);
  return (date) => keptOnMark(markOn(date));
}
