import { addDays, wallClockInTimeZone, zonedInstant } from './calendar';

export interface QuietWindow {
  start: string;
  end: string;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * When something held back by quiet hours may go out: `now` itself outside them, else the moment they end
 * in `timeZone`. A window whose start is later than its end runs across midnight (22:00 to 07:00).
 */
export function endOfQuietHours(now: Date, timeZone: string, quiet: QuietWindow | null): Date {
  if (!quiet) return now;
  const { date, time } = wallClockInTimeZone(now, timeZone);
  const at = minutesOf(time);
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  const acrossMidnight = start > end;
  const inside = acrossMidnight ? at >= start || at < end : at >= start && at < end;
  if (!inside) return now;
  // Across midnight and before it: the window ends tomorrow.
  const endDate = acrossMidnight && at >= start ? addDays(date, 1) : date;
  return zonedInstant(endDate, quiet.end, timeZone);
}
