import { describe, expect, it } from 'vitest';
import { addDays, daysInMonth, type IsoDate, isoDate, parseIsoDate, shiftMonth } from './calendar';
import { DAY_STATUSES, type DayStatus } from './constants';
import { keptCountFromMarks, streakFromMarks, summariseMonth } from './month-summary';
import { memberMonthlyProgress, progressPercent, weekDates, weeklyCounts, weeklyStats } from './progress';
import { anyDisciplineLookup, currentStreak, type MonthLog, statusLookup } from './streaks';

const KEYS = ['bible_reading', 'fasting', 'meditation'];

/** A small deterministic generator, so a failure can be reproduced from its seed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** `count` months ending with `last`, each day of each discipline set (or not) at random, long kept runs included. */
function randomLogs(seed: number, last: { year: number; month: number }, count: number): MonthLog[] {
  const next = random(seed);
  const keptBias = next();
  return Array.from({ length: count }, (_, back) => {
    const { year, month } = shiftMonth(last, -back);
    const dayStatus: Record<string, Record<string, DayStatus>> = {};
    for (const key of [...KEYS, 'not_daily']) {
      for (let day = 1; day <= daysInMonth(year, month); day++) {
        const roll = next();
        const status: DayStatus | undefined = roll < keptBias ? 'Yes' : roll < keptBias + 0.1 ? DAY_STATUSES[Math.floor(next() * DAY_STATUSES.length)] : undefined;
        if (status) (dayStatus[key] ??= {})[String(day)] = status;
      }
    }
    return { year, month, dayStatus };
  });
}

const marked = (logs: MonthLog[]) => logs.map((log) => ({ year: log.year, month: log.month, ...summariseMonth(log.dayStatus, KEYS, log.year, log.month) }));

describe('summariseMonth', () => {
  it('marks each day for the daily disciplines together and counts kept discipline-days', () => {
    const summary = summariseMonth(
      {
        bible_reading: { '1': 'Yes', '2': 'No', '3': 'Sick', '5': 'Blank' },
        fasting: { '1': 'Partially', '3': 'No', '4': 'No' },
        not_daily: { '6': 'Yes' },
      },
      ['bible_reading', 'fasting'],
      2024,
      2,
    );
    expect(summary.dayMarks).toBe('2NGN' + '.'.repeat(25));
    expect(summary.dayMarks).toHaveLength(29); // a leap February
    expect(summary.completedCount).toBe(2);
  });

  it('counts kept days per daily discipline in the order of their keys sorted, however they are given', () => {
    const dayStatus = { fasting: { '1': 'Yes' as const, '2': 'Partially' as const, '3': 'Sick' as const }, bible_reading: { '1': 'No' as const, '4': 'Yes' as const } };
    expect(summariseMonth(dayStatus, ['fasting', 'bible_reading', 'meditation'], 2026, 4).disciplineDays).toEqual([1, 2, 0]);
    expect(summariseMonth(dayStatus, ['meditation', 'bible_reading', 'fasting'], 2026, 4).disciplineDays).toEqual([1, 2, 0]);
  });

  it('writes counts above nine in base 36 (up to the 30 disciplines a community may have)', () => {
    const keys = Array.from({ length: 30 }, (_, i) => `d${i}`);
    const dayStatus = Object.fromEntries(keys.map((key) => [key, { '1': 'Yes' as const }]));
    const summary = summariseMonth(dayStatus, keys, 2026, 4);
    expect(summary.dayMarks[0]).toBe('u');
    expect(keptCountFromMarks([{ year: 2026, month: 4, ...summary }])('2026-04-01')).toBe(30);
  });
});

describe('figures from day marks equal the pure functions over the logs', () => {
  const todays: IsoDate[] = ['2026-11-22', '2026-03-01', '2024-02-29', '2024-03-01', '2026-12-31', '2025-01-01', '2026-05-31'];

  for (const today of todays) {
    it(`streak, week and month progress as of ${today}, with and without grace days`, () => {
      for (let seed = 1; seed <= 40; seed++) {
        const logs = randomLogs(seed * 7919 + today.length, parseIsoDate(today), 13);
        const marks = marked(logs);
        const fromLogs = anyDisciplineLookup(KEYS.map((key) => statusLookup(logs, key)));
        for (const graceDays of [false, true]) {
          // The walk back from today and from the days before (a past month's end is a reference date too).
          for (const asOf of [today, addDays(today, -1), addDays(today, -parseIsoDate(today).day)]) {
            const expected = currentStreak(fromLogs, asOf, { graceDays });
            expect(streakFromMarks(marks, asOf, graceDays), `seed ${seed} as of ${asOf}, stepping through marks`).toEqual(expected);
          }
        }
        expect(weeklyCounts(keptCountFromMarks(marks), weekDates(today))).toEqual(weeklyStats(KEYS.map((key) => statusLookup(logs, key)), today));
        for (const log of logs) {
          const summary = summariseMonth(log.dayStatus, KEYS, log.year, log.month);
          expect(progressPercent(summary.completedCount, KEYS.length, log.year, log.month)).toBe(memberMonthlyProgress(log.dayStatus, KEYS, log.year, log.month));
        }
      }
    });
  }

  it('a long unbroken run across month ends and a leap day is counted the same', () => {
    const months = Array.from({ length: 14 }, (_, back) => shiftMonth({ year: 2024, month: 12 }, -back));
    const logs: MonthLog[] = months.map(({ year, month }) => ({
      year,
      month,
      dayStatus: { fasting: Object.fromEntries(Array.from({ length: daysInMonth(year, month) }, (_, i) => [String(i + 1), i === 9 ? 'FeelingTired' : 'Yes'])) },
    }));
    const today = isoDate(2024, 12, 31);
    const fromLogs = anyDisciplineLookup(KEYS.map((key) => statusLookup(logs, key)));
    for (const graceDays of [false, true]) {
      const streak = streakFromMarks(marked(logs), today, graceDays);
      expect(streak).toEqual(currentStreak(fromLogs, today, { graceDays }));
      // Grace days neither end nor extend it: a run through eleven months' tired days still reaches back a year.
      expect(streak.days).toBe(graceDays ? 354 : 21);
    }
  });

  it("an explicit No today ends the streak in both, a blank today does not", () => {
    const logs: MonthLog[] = [{ year: 2026, month: 11, dayStatus: { fasting: { '20': 'Yes', '21': 'Yes', '22': 'No' }, meditation: { '22': 'Blank' } } }];
    const marks = marked(logs);
    expect(streakFromMarks(marks, '2026-11-22', false).days).toBe(0);
    expect(streakFromMarks(marks, '2026-11-23', false).days).toBe(0);
    const blankToday: MonthLog[] = [{ year: 2026, month: 11, dayStatus: { fasting: { '20': 'Yes', '21': 'Yes' } } }];
    expect(streakFromMarks(marked(blankToday), '2026-11-22', false).days).toBe(2);
  });
});
