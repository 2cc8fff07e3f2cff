import { addDays, dateInTimeZone, daysInMonth, type IsoDate, parseIsoDate } from './calendar';
import { BLANK_MARK, type MarkedMonth } from './month-summary';
import { type CareSettings, needsAWordReasons, QUIET_LOOKBACK_DAYS } from './needs-a-word';

const SETTINGS: CareSettings = { quietDays: 4, graceDays: false, dailyCount: 2 };
const LONG_AGO = '2020-01-01';

/** Months of day marks from a date -> mark table (every other day blank). */
function monthsOf(marks: Record<IsoDate, string>): MarkedMonth[] {
  const months = new Map<string, MarkedMonth>();
  for (const date of Object.keys(marks)) {
    const { year, month } = parseIsoDate(date);
    months.set(`${year}-${month}`, { year, month, dayMarks: BLANK_MARK.repeat(daysInMonth(year, month)) });
  }
  for (const [date, mark] of Object.entries(marks)) {
    const { year, month, day } = parseIsoDate(date);
    const log = months.get(`${year}-${month}`)!;
    log.dayMarks = log.dayMarks.slice(0, day - 1) + mark + log.dayMarks.slice(day);
  }
  return [...months.values()];
}

/** `mark` on each of the `count` days ending at `last`. */
function run(last: IsoDate, count: number, mark = '2'): Record<IsoDate, string> {
  return Object.fromEntries(Array.from({ length: count }, (_, index) => [addDays(last, -index), mark]));
}

const kinds = (months: MarkedMonth[], today: IsoDate, settings: Partial<CareSettings> = {}, joinedOn = LONG_AGO) =>
  needsAWordReasons(months, today, joinedOn, { ...SETTINGS, ...settings });

describe('needs a word: a community without daily disciplines', () => {
  it('names nobody: there is nothing to check in', () => {
    expect(kinds([], '2026-11-20', { dailyCount: 0 })).toEqual([]);
  });
});

describe('needs a word: quiet', () => {
  it('counts whole days without a log: N-1 days is not quiet, N days is', () => {
    const today = '2026-11-20';
    expect(kinds(monthsOf({ '2026-11-16': 'N' }), today)).toEqual([]); // 17, 18, 19: three days
    expect(kinds(monthsOf({ '2026-11-15': 'N' }), today)).toContainEqual({ kind: 'quiet', days: 4 });
    expect(kinds(monthsOf({ '2026-11-15': 'N' }), today, { quietDays: 5 }).some((reason) => reason.kind === 'quiet')).toBe(false);
  });

  it('is not quiet once today has anything, even a No or a grace day', () => {
    for (const mark of ['N', 'G', '1']) expect(kinds(monthsOf({ '2026-11-01': '1', '2026-11-20': mark }), '2026-11-20').some((reason) => reason.kind === 'quiet')).toBe(false);
  });

  it('counts back across a month end and a leap day', () => {
    // Today 2 March 2028: 1 March, 29 and 28 February are three whole days after a log on the 27th.
    expect(kinds(monthsOf({ '2028-02-27': '1' }), '2028-03-02').some((reason) => reason.kind === 'quiet')).toBe(false);
    expect(kinds(monthsOf({ '2028-02-27': '1' }), '2028-03-02', { quietDays: 3 })).toContainEqual({ kind: 'quiet', days: 3 });
    expect(kinds(monthsOf({ '2028-02-26': '1' }), '2028-03-02')).toContainEqual({ kind: 'quiet', days: 4 });
  });

  it('does not count the days before the member joined, and stops at the lookback', () => {
    expect(kinds([], '2026-11-20', {}, '2026-11-18')).toEqual([]); // joined two days ago: 18 and 19
    expect(kinds([], '2026-11-20', {}, '2026-11-16')).toContainEqual({ kind: 'quiet', days: 4 });
    expect(kinds([], '2026-11-20')).toContainEqual({ kind: 'quiet', days: QUIET_LOOKBACK_DAYS });
  });

  it('counts back to a day logged before joining: history brought or filled in says they were walking then', () => {
    // Joined yesterday, last logged on the 14th (an import, or days filled in): quiet the 15th to the 19th.
    expect(kinds(monthsOf({ '2026-11-14': '1' }), '2026-11-20', {}, '2026-11-19')).toContainEqual({ kind: 'quiet', days: 5 });
    // Joined today with days filled in up to the 16th: N-1 and N days.
    expect(kinds(monthsOf({ '2026-11-16': '1' }), '2026-11-20', {}, '2026-11-20')).toEqual([]);
    expect(kinds(monthsOf({ '2026-11-15': 'N' }), '2026-11-20', {}, '2026-11-20')).toContainEqual({ kind: 'quiet', days: 4 });
    // A log before the lookback, joined last week: quiet since joining, as without history.
    expect(kinds(monthsOf({ '2026-10-01': '1' }), '2026-11-20', {}, '2026-11-13')).toContainEqual({ kind: 'quiet', days: 7 });
  });
});

describe('needs a word: a streak ended yesterday', () => {
  // Today 2 December: yesterday is 1 December, the day before 30 November.
  const today = '2026-12-02';
  const ended = (marks: Record<IsoDate, string>, settings: Partial<CareSettings> = {}) => kinds(monthsOf(marks), today, settings).filter((reason) => reason.kind === 'streak-ended');

  it('names a streak of 7 days that ran to the day before yesterday, not one of 6', () => {
    expect(ended(run('2026-11-30', 7))).toEqual([{ kind: 'streak-ended', days: 7 }]);
    expect(ended(run('2026-11-30', 6))).toEqual([]);
    expect(ended(run('2026-11-30', 12))).toEqual([{ kind: 'streak-ended', days: 12 }]);
  });

  it('is ended by a blank or a No yesterday, not by a kept day', () => {
    expect(ended({ ...run('2026-11-30', 8), '2026-12-01': 'N' })).toEqual([{ kind: 'streak-ended', days: 8 }]);
    expect(ended(run('2026-12-01', 8))).toEqual([]);
    // Ended two days ago: last week's news.
    expect(ended(run('2026-11-29', 8))).toEqual([]);
  });

  it('lets a Sick or Feeling Tired day pass when grace days are on', () => {
    const marks = { ...run('2026-11-30', 9), '2026-12-01': 'G' };
    expect(ended(marks)).toEqual([{ kind: 'streak-ended', days: 9 }]);
    expect(ended(marks, { graceDays: true })).toEqual([]);
  });

  it("is judged on the community's day: the same instant is the 1st in UTC and still the 30th in Chicago", () => {
    const instant = new Date('2026-12-01T03:00:00Z');
    const marks = monthsOf(run('2026-11-29', 7));
    expect(kinds(marks, dateInTimeZone(instant, 'UTC')).filter((reason) => reason.kind === 'streak-ended')).toEqual([{ kind: 'streak-ended', days: 7 }]);
    expect(kinds(marks, dateInTimeZone(instant, 'America/Chicago')).filter((reason) => reason.kind === 'streak-ended')).toEqual([]);
  });
});

describe('needs a word: progress below last month at the same day', () => {
  const drop = (marks: Record<IsoDate, string>, today: IsoDate) => kinds(monthsOf(marks), today, { dailyCount: 10 }).filter((reason) => reason.kind === 'progress-drop');

  it('names a drop of 30 points, not of 29, over the whole days gone', () => {
    // 11 November: ten whole days. October's first ten: 8 of 10 disciplines a day (80).
    const october = run('2026-10-10', 10, '8');
    expect(drop({ ...october, ...run('2026-11-10', 10, '5') }, '2026-11-11')).toEqual([{ kind: 'progress-drop', points: 30, previous: 80, current: 50 }]);
    expect(drop({ ...october, ...run('2026-11-10', 9, '5'), '2026-11-01': '6' }, '2026-11-11')).toEqual([]);
  });

  it('waits for seven whole days of the month: nothing on the 7th, a fall on the 8th', () => {
    const october = run('2026-10-31', 31, '8');
    expect(drop({ ...october, ...run('2026-11-06', 6, '1') }, '2026-11-07')).toEqual([]);
    expect(drop({ ...october, ...run('2026-11-07', 7, '1') }, '2026-11-08')).toEqual([{ kind: 'progress-drop', points: 70, previous: 80, current: 10 }]);
  });

  it('compares with the whole of a shorter month at its end, and says nothing on the 1st', () => {
    // 31 March: thirty whole days against February's twenty-eight.
    const february = run('2026-02-28', 28, '8');
    expect(drop({ ...february, ...run('2026-03-30', 30, '5') }, '2026-03-31')).toEqual([{ kind: 'progress-drop', points: 30, previous: 80, current: 50 }]);
    expect(drop({ ...run('2026-10-31', 31, 'a') }, '2026-11-01')).toEqual([]);
  });
});
