import { addDays, daysInMonth, type IsoDate, startOfWeek } from './calendar';
import type { DayStatus } from './constants';
import { isCompleted, type StatusLookup } from './streaks';

/** Percent (0-100, rounded) of the month's days marked Yes or Partially: SPEC.md section 9. */
export function monthlyProgress(dayStatus: Record<string, DayStatus> | undefined, year: number, month: number): number {
  const total = daysInMonth(year, month);
  let done = 0;
  for (let day = 1; day <= total; day++) if (isCompleted(dayStatus?.[String(day)])) done++;
  return Math.round((done / total) * 100);
}

/** A member's month: the mean of their daily disciplines' monthly progress. */
export function memberMonthlyProgress(
  dayStatus: Record<string, Record<string, DayStatus>> | undefined,
  dailyKeys: readonly string[],
  year: number,
  month: number,
): number {
  if (dailyKeys.length === 0) return 0;
  const total = dailyKeys.reduce((sum, key) => sum + monthlyProgress(dayStatus?.[key], year, month), 0);
  return Math.round(total / dailyKeys.length);
}

export interface WeeklyStats {
  /** Completed discipline-days from Monday of this week up to today. */
  thisWeek: number;
  /** Completed discipline-days of last week, Monday to Sunday. */
  lastWeek: number;
}

export function weeklyStats(lookups: readonly StatusLookup[], today: IsoDate): WeeklyStats {
  const countBetween = (from: IsoDate, to: IsoDate) => {
    let count = 0;
    for (let date = from; date <= to; date = addDays(date, 1)) for (const lookup of lookups) if (isCompleted(lookup(date))) count++;
    return count;
  };
  const monday = startOfWeek(today);
  return { thisWeek: countBetween(monday, today), lastWeek: countBetween(addDays(monday, -7), addDays(monday, -1)) };
}
