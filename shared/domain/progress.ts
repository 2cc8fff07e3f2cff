import { addDays, daysInMonth, type IsoDate, startOfWeek } from './calendar';
import type { DayStatus } from './constants';
import { isCompleted, type StatusLookup } from './streaks';

/** Days of the month marked Yes or Partially. */
function completedDays(dayStatus: Record<string, DayStatus> | undefined, year: number, month: number): number {
  let done = 0;
  for (let day = 1; day <= daysInMonth(year, month); day++) if (isCompleted(dayStatus?.[String(day)])) done++;
  return done;
}

/** Percent (0-100, rounded) of the month's days marked Yes or Partially: SPEC.md section 9. */
export function monthlyProgress(dayStatus: Record<string, DayStatus> | undefined, year: number, month: number): number {
  return progressPercent(completedDays(dayStatus, year, month), 1, year, month);
}

/**
 * A member's month: the mean of their daily disciplines' monthly progress, rounded once at the end.
 * Rounding each discipline first can be a point off: 2 of 31 days in two of five disciplines is
 * 4/155 = 2.6% -> 3, while the mean of the rounded 6, 6, 0, 0, 0 is 2.4 -> 2.
 */
export function memberMonthlyProgress(
  dayStatus: Record<string, Record<string, DayStatus>> | undefined,
  dailyKeys: readonly string[],
  year: number,
  month: number,
): number {
  const done = dailyKeys.reduce((sum, key) => sum + completedDays(dayStatus?.[key], year, month), 0);
  return progressPercent(done, dailyKeys.length, year, month);
}

/**
 * Percent (0-100, rounded half up) of `dailyCount` disciplines' days of the month that were kept, from
 * the count of kept discipline-days. Integer arithmetic first, so SQL computing the same figure
 * ((200 * done + total) / (2 * total), see the tracking summaries) agrees on every half.
 */
export function progressPercent(done: number, dailyCount: number, year: number, month: number): number {
  if (dailyCount === 0) return 0;
  return Math.round((done * 100) / (dailyCount * daysInMonth(year, month)));
}

export interface WeeklyStats {
  /** Completed discipline-days from Monday of this week up to today. */
  thisWeek: number;
  /** Completed discipline-days of last week, Monday to Sunday. */
  lastWeek: number;
}

export function weeklyStats(lookups: readonly StatusLookup[], today: IsoDate): WeeklyStats {
  return weeklyCounts((date) => lookups.filter((lookup) => isCompleted(lookup(date))).length, weekDates(today));
}

/** The dates weeklyStats counts as of `today`: Monday of this week up to today, and last week's seven. */
export interface WeekDates {
  thisWeek: IsoDate[];
  lastWeek: IsoDate[];
}

export function weekDates(today: IsoDate): WeekDates {
  const between = (from: IsoDate, to: IsoDate) => {
    const dates: IsoDate[] = [];
    for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
    return dates;
  };
  const monday = startOfWeek(today);
  return { thisWeek: between(monday, today), lastWeek: between(addDays(monday, -7), addDays(monday, -1)) };
}

/** weeklyStats from the number of daily disciplines kept on each date (a summary of many members works out weekDates once). */
export function weeklyCounts(keptOn: (date: IsoDate) => number, weeks: WeekDates): WeeklyStats {
  const countOn = (dates: readonly IsoDate[]) => dates.reduce((count, date) => count + keptOn(date), 0);
  return { thisWeek: countOn(weeks.thisWeek), lastWeek: countOn(weeks.lastWeek) };
}
