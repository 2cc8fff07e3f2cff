import { daysInMonth, type IsoDate, isoDate, monthKey, parseIsoDate, shiftMonth } from './calendar';
import { type DayStatus, STREAK_MAX_DAYS } from './constants';

/** The status of one discipline on a date, or undefined when nothing was recorded. */
export type StatusLookup = (date: IsoDate) => DayStatus | undefined;

/** Yes and Partially count as done, for streaks and for monthly progress alike. */
export const isCompleted = (status: DayStatus | undefined) => status === 'Yes' || status === 'Partially';
export const isGraceStatus = (status: DayStatus | undefined) => status === 'Sick' || status === 'FeelingTired';

export interface Streak {
  days: number;
  /** A Sick or FeelingTired day inside the streak was passed over thanks to the community's grace days. */
  keptWithGrace: boolean;
}

/**
 * Consecutive completed days going back from today, at most 365. A blank today does not end the streak
 * (the day is not over), but a status set for today counts like any other day's: No ends the streak, and
 * so do Sick and FeelingTired unless grace days are on, when they neither end nor extend it.
 */
export function currentStreak(statusOn: StatusLookup, today: IsoDate, options: { graceDays?: boolean } = {}): Streak {
  let days = 0;
  let keptWithGrace = false;
  let graceSinceLastCompleted = false;
  // Steps back a day at a time with plain integers (this runs for every member of a subgroup).
  let { year, month, day } = parseIsoDate(today);
  for (let offset = 0; offset <= STREAK_MAX_DAYS && days < STREAK_MAX_DAYS; offset++) {
    const status = statusOn(isoDate(year, month, day));
    if (isCompleted(status)) {
      days++;
      if (graceSinceLastCompleted) keptWithGrace = true;
      graceSinceLastCompleted = false;
    } else if (options.graceDays && isGraceStatus(status)) {
      graceSinceLastCompleted = true;
    } else if (offset > 0 || (status !== undefined && status !== 'Blank')) {
      break;
    }
    if (--day < 1) {
      ({ year, month } = shiftMonth({ year, month }, -1));
      day = daysInMonth(year, month);
    }
  }
  return { days, keptWithGrace };
}

export interface MonthLog {
  year: number;
  month: number;
  dayStatus: Record<string, Record<string, DayStatus>>;
}

/** A lookup over several months of one member's logs for one discipline. */
export function statusLookup(logs: readonly MonthLog[], disciplineKey: string): StatusLookup {
  const byMonth = new Map(logs.map((log) => [monthKey(log.year, log.month), log.dayStatus[disciplineKey]]));
  // 'YYYY-MM-DD': the month key is the first seven characters (read this way for speed, see addDays).
  return (date) => byMonth.get(date.slice(0, 7))?.[String(Number(date.slice(8, 10)))];
}

/**
 * A lookup for "any of these disciplines": completed when one is completed; otherwise a grace status
 * when one has it; otherwise No when one has any status (a day marked, and not kept, is not a blank day:
 * today's explicit No ends the streak); otherwise blank. A member's overall streak counts days on which
 * they kept at least one discipline.
 */
export function anyDisciplineLookup(lookups: readonly StatusLookup[]): StatusLookup {
  return (date) => {
    const statuses = lookups.map((lookup) => lookup(date));
    return statuses.find(isCompleted) ?? statuses.find(isGraceStatus) ?? (statuses.some((status) => status !== undefined && status !== 'Blank') ? 'No' : undefined);
  };
}
