import type { DayStatus } from './constants';
import { memberMonthlyProgress, monthlyProgress, weeklyStats } from './progress';
import type { StatusLookup } from './streaks';

const days = (entries: [number, DayStatus][]) => Object.fromEntries(entries.map(([day, status]) => [String(day), status])) as Record<string, DayStatus>;

describe('monthlyProgress', () => {
  it('divides days with Yes or Partially by the days in the month', () => {
    const log = days([
      ...Array.from({ length: 12 }, (_, i) => [i + 1, 'Yes'] as [number, DayStatus]),
      [13, 'Partially'],
      [14, 'Partially'],
      [15, 'Partially'],
      [16, 'No'],
      [17, 'Sick'],
      [18, 'FeelingTired'],
      [19, 'Blank'],
    ]);
    expect(monthlyProgress(log, 2026, 11)).toBe(50); // 15 of 30
  });

  it('uses the month length, February of a leap year included', () => {
    const log = days([[1, 'Yes'], [2, 'Yes'], [3, 'Yes'], [4, 'Yes'], [5, 'Yes'], [6, 'Yes'], [7, 'Yes']]);
    expect(monthlyProgress(log, 2026, 2)).toBe(25); // 7 of 28
    expect(monthlyProgress(log, 2024, 2)).toBe(24); // 7 of 29 = 24.1
    expect(monthlyProgress(log, 2026, 1)).toBe(23); // 7 of 31 = 22.6
  });

  it('is 0 for an empty month', () => {
    expect(monthlyProgress(undefined, 2026, 11)).toBe(0);
    expect(monthlyProgress({}, 2026, 11)).toBe(0);
  });
});

describe('memberMonthlyProgress', () => {
  it('averages the daily disciplines', () => {
    const allMonth = days(Array.from({ length: 30 }, (_, i) => [i + 1, 'Yes'] as [number, DayStatus]));
    expect(memberMonthlyProgress({ fasting: allMonth, prayer: {} }, ['fasting', 'prayer'], 2026, 11)).toBe(50);
    expect(memberMonthlyProgress(undefined, ['fasting'], 2026, 11)).toBe(0);
    expect(memberMonthlyProgress({ fasting: allMonth }, [], 2026, 11)).toBe(0);
  });

  it('rounds once, at the end, not each discipline first', () => {
    const keys = ['bibleReading', 'fasting', 'morningIntimacy', 'midnightPrayer', 'meditation'];
    // 2 of 31 days in two of five disciplines: 4/155 = 2.58% (rounding each first: (6 + 6) / 5 = 2.4).
    const twoDays = days([[1, 'Yes'], [2, 'Partially']]);
    expect(memberMonthlyProgress({ bibleReading: twoDays, fasting: twoDays }, keys, 2030, 1)).toBe(3);
    // 5 and 2 of 31 days: 7/155 = 4.52% (rounding each first: (16 + 6) / 5 = 4.4).
    const fiveDays = days([[1, 'Yes'], [2, 'Yes'], [3, 'Yes'], [4, 'Yes'], [5, 'Yes']]);
    expect(memberMonthlyProgress({ bibleReading: fiveDays, fasting: twoDays }, keys, 2029, 12)).toBe(5);
    // Statuses of disciplines not on the daily grid do not count.
    expect(memberMonthlyProgress({ retreat: fiveDays }, keys, 2029, 12)).toBe(0);
  });
});

describe('weeklyStats', () => {
  it('counts completed discipline-days this week (Monday to today) and last week', () => {
    const done = new Set(['2026-11-16', '2026-11-18', '2026-11-21', '2026-11-09', '2026-11-15', '2026-11-08']);
    const fasting: StatusLookup = (date) => (done.has(date) ? 'Yes' : 'No');
    const prayer: StatusLookup = (date) => (date === '2026-11-17' ? 'Partially' : undefined);
    // Saturday 2026-11-21: this week is 16-21, last week 9-15; 2026-11-08 is the week before.
    expect(weeklyStats([fasting, prayer], '2026-11-21')).toEqual({ thisWeek: 4, lastWeek: 2 });
  });
});
