import { addDays, daysInMonth, type IsoDate, isoDate, parseIsoDate, shiftMonth } from './calendar';
import { ENDED_STREAK_MIN_DAYS, PROGRESS_DROP_MIN_POINTS } from './constants';
import { BLANK_MARK, keptOnMark, type MarkedMonth, streakFromMarks } from './month-summary';

/**
 * Why a commander might want to reach out to a member this week (issue 26), read from the member's month
 * summaries (one mark per day, see month-summary.ts) as of the community's today:
 * - quiet: nothing logged (not even a No) on the last `quietDays` whole days or more, and nothing yet today;
 * - streak-ended: an overall streak of 7 days or more ran to the day before yesterday, and yesterday ended it;
 * - progress-drop: from the 8th, the month's progress so far (kept discipline-days over the whole days gone)
 *   is 30 points or more below the previous month's at the same day.
 * Today is never judged: it is not over.
 */
export type NeedsAWordReason =
  | { kind: 'quiet'; days: number }
  | { kind: 'streak-ended'; days: number }
  | { kind: 'progress-drop'; points: number; previous: number; current: number };

export interface CareSettings {
  /** The community's setting (2 to 14). */
  quietDays: number;
  graceDays: boolean;
  /** The community's daily disciplines. */
  dailyCount: number;
}

/** Progress is compared from the 8th: seven whole days of each month. */
export const PROGRESS_DROP_AFTER_DAYS = 7;

/** How far back quiet days are counted: beyond it a member is simply 'quiet for over four weeks'. */
export const QUIET_LOOKBACK_DAYS = 28;

/** The member's months, enough of them for a streak; `joinedOn` keeps a newcomer without history from counting as quiet since before they came. */
export function needsAWordReasons(months: readonly MarkedMonth[], today: IsoDate, joinedOn: IsoDate, settings: CareSettings): NeedsAWordReason[] {
  // Day marks cover the daily disciplines: without any, there is nothing to check in, so nobody is quiet.
  if (settings.dailyCount === 0) return [];
  const markOn = markReader(months);
  const reasons: NeedsAWordReason[] = [];

  const quiet = quietDays(markOn, today, joinedOn);
  if (quiet >= settings.quietDays) reasons.push({ kind: 'quiet', days: quiet });

  const yesterday = addDays(today, -1);
  const dayBefore = addDays(today, -2);
  const ranTo = wholeDayStreak(months, markOn, dayBefore, settings.graceDays);
  if (ranTo >= ENDED_STREAK_MIN_DAYS && wholeDayStreak(months, markOn, yesterday, settings.graceDays) === 0) reasons.push({ kind: 'streak-ended', days: ranTo });

  const drop = progressDrop(markOn, today, settings.dailyCount);
  if (drop && drop.previous - drop.current >= PROGRESS_DROP_MIN_POINTS) reasons.push({ kind: 'progress-drop', points: drop.previous - drop.current, ...drop });
  return reasons;
}

type MarkOn = (date: IsoDate) => string;

function markReader(months: readonly MarkedMonth[]): MarkOn {
  const byMonth = new Map(months.map((log) => [`${log.year}-${log.month}`, log.dayMarks]));
  return (date) => {
    const { year, month, day } = parseIsoDate(date);
    return byMonth.get(`${year}-${month}`)?.[day - 1] ?? BLANK_MARK;
  };
}

/**
 * Whole days since the last day anything was logged (yesterday back), 0 once today has something. Days
 * before the member joined count only back to a day they logged: history they brought (an import, a claim,
 * days filled in afterwards) says they were walking then; a newcomer without any is never quiet since
 * before they came.
 */
function quietDays(markOn: MarkOn, today: IsoDate, joinedOn: IsoDate): number {
  if (markOn(today) !== BLANK_MARK) return 0;
  let days = 0;
  for (let date = addDays(today, -1); days < QUIET_LOOKBACK_DAYS; date = addDays(date, -1)) {
    if (markOn(date) !== BLANK_MARK) return days;
    days++;
  }
  // Nothing logged in the whole lookback: quiet since joining, or for the whole lookback if earlier.
  let sinceJoining = 0;
  for (let date = addDays(today, -1); sinceJoining < QUIET_LOOKBACK_DAYS && date >= joinedOn; date = addDays(date, -1)) sinceJoining++;
  return sinceJoining;
}

/** The streak as it stood at the end of `date`, a whole day: 0 when nothing was logged that day. */
function wholeDayStreak(months: readonly MarkedMonth[], markOn: MarkOn, date: IsoDate, graceDays: boolean): number {
  return markOn(date) === BLANK_MARK ? 0 : streakFromMarks(months, date, graceDays).days;
}

/** Progress so far (percent of the discipline-days of the whole days gone) this month and last month at the same day. */
function progressDrop(markOn: MarkOn, today: IsoDate, dailyCount: number): { previous: number; current: number } | null {
  const { year, month, day } = parseIsoDate(today);
  const wholeDays = day - 1;
  // A day or two missed at the start of a month would read as a fall of 50 or 100 points: wait for a week.
  if (wholeDays < PROGRESS_DROP_AFTER_DAYS || dailyCount === 0) return null;
  const before = shiftMonth({ year, month }, -1);
  const previousDays = Math.min(wholeDays, daysInMonth(before.year, before.month));
  const pace = (target: { year: number; month: number }, days: number) => {
    let kept = 0;
    for (let d = 1; d <= days; d++) kept += keptOnMark(markOn(isoDate(target.year, target.month, d)));
    return Math.round((kept * 100) / (dailyCount * days));
  };
  return { previous: pace(before, previousDays), current: pace({ year, month }, wholeDays) };
}
