import type { DayStatus } from './constants';
import { addDays } from './calendar';
import { anyDisciplineLookup, currentStreak, statusLookup, type StatusLookup } from './streaks';

/** A lookup from a list of statuses: index 0 is today, 1 yesterday, ... */
function backFrom(today: string, statuses: (DayStatus | undefined)[]): StatusLookup {
  const byDate = new Map(statuses.map((status, offset) => [addDays(today, -offset), status]));
  return (date) => byDate.get(date);
}

describe('currentStreak', () => {
  const today = '2026-11-21';

  it('is zero for an empty log', () => {
    expect(currentStreak(() => undefined, today)).toEqual({ days: 0, keptWithGrace: false });
  });

  it('counts consecutive completed days back from today', () => {
    expect(currentStreak(backFrom(today, ['Yes', 'Yes', 'Yes', 'No', 'Yes']), today).days).toBe(3);
  });

  it('does not end the streak because today is not marked yet', () => {
    expect(currentStreak(backFrom(today, [undefined, 'Yes', 'Yes']), today).days).toBe(2);
    expect(currentStreak(backFrom(today, ['Blank', 'Yes', 'Yes']), today).days).toBe(2);
  });

  it('counts a status set for today: No today ends the streak', () => {
    // Yesterday and the day before were kept, but today was marked No: the streak is over.
    expect(currentStreak(backFrom(today, ['No', 'Yes', 'Yes']), today)).toEqual({ days: 0, keptWithGrace: false });
    expect(currentStreak(backFrom(today, ['Yes', 'Yes', 'Yes']), today).days).toBe(3);
  });

  it('without grace days, Sick or FeelingTired today ends the streak', () => {
    expect(currentStreak(backFrom(today, ['Sick', 'Yes', 'Yes']), today).days).toBe(0);
    expect(currentStreak(backFrom(today, ['FeelingTired', 'Yes']), today).days).toBe(0);
  });

  it('with grace days, Sick or FeelingTired today keeps the streak (with grace) without extending it', () => {
    expect(currentStreak(backFrom(today, ['Sick', 'Yes', 'Yes']), today, { graceDays: true })).toEqual({ days: 2, keptWithGrace: true });
    expect(currentStreak(backFrom(today, ['FeelingTired', 'Yes', 'No']), today, { graceDays: true })).toEqual({ days: 1, keptWithGrace: true });
  });

  it('an explicit status today counts across a month end and a leap day', () => {
    // 2024-03-01 marked No: the February 28-29 run no longer counts.
    expect(currentStreak(backFrom('2024-03-01', ['No', 'Yes', 'Yes']), '2024-03-01').days).toBe(0);
    expect(currentStreak(backFrom('2024-03-01', [undefined, 'Yes', 'Yes']), '2024-03-01').days).toBe(2);
  });

  it('counts Partially as completed', () => {
    expect(currentStreak(backFrom(today, ['Partially', 'Yes', 'Partially', 'Blank']), today).days).toBe(3);
  });

  it('is ended by a missing day', () => {
    expect(currentStreak(backFrom(today, ['Yes', undefined, 'Yes']), today).days).toBe(1);
  });

  it('crosses month ends, year ends and leap days', () => {
    const marchFirst = '2024-03-01';
    const lookup = backFrom(marchFirst, ['Yes', 'Yes', 'Yes']); // Mar 1, Feb 29, Feb 28
    expect(currentStreak(lookup, marchFirst).days).toBe(3);
    const newYear = '2027-01-01';
    expect(currentStreak(backFrom(newYear, ['Yes', 'Yes']), newYear).days).toBe(2);
  });

  it('reads several months of logs', () => {
    const logs = [
      { year: 2026, month: 10, dayStatus: { fasting: { '30': 'Yes', '31': 'Yes' } as Record<string, DayStatus> } },
      { year: 2026, month: 11, dayStatus: { fasting: { '1': 'Yes', '2': 'Yes' } as Record<string, DayStatus> } },
    ];
    expect(currentStreak(statusLookup(logs, 'fasting'), '2026-11-02').days).toBe(4);
    expect(currentStreak(statusLookup(logs, 'prayer'), '2026-11-02').days).toBe(0);
  });

  it('counts at most 365 days', () => {
    expect(currentStreak(() => 'Yes', today).days).toBe(365);
  });

  it('lets Sick and FeelingTired end the streak without grace days', () => {
    const lookup = backFrom(today, ['Yes', 'Sick', 'Yes', 'FeelingTired', 'Yes']);
    expect(currentStreak(lookup, today)).toEqual({ days: 1, keptWithGrace: false });
  });

  it('with grace days, passes over Sick and FeelingTired without counting them', () => {
    const lookup = backFrom(today, ['Yes', 'Sick', 'Yes', 'FeelingTired', 'Yes', 'No', 'Yes']);
    expect(currentStreak(lookup, today, { graceDays: true })).toEqual({ days: 3, keptWithGrace: true });
  });

  it('with grace days, reports no grace when none was needed', () => {
    expect(currentStreak(backFrom(today, ['Yes', 'Yes', 'No']), today, { graceDays: true })).toEqual({ days: 2, keptWithGrace: false });
    expect(currentStreak(backFrom(today, ['Sick', 'No']), today, { graceDays: true })).toEqual({ days: 0, keptWithGrace: false });
  });
});

describe('anyDisciplineLookup', () => {
  it('is completed when any discipline is, else a grace status when any has one', () => {
    const a: StatusLookup = (date) => (date === '2026-11-20' ? 'Yes' : date === '2026-11-19' ? 'Sick' : 'No');
    const b: StatusLookup = (date) => (date === '2026-11-21' ? 'Partially' : undefined);
    const any = anyDisciplineLookup([a, b]);
    expect(any('2026-11-21')).toBe('Partially');
    expect(any('2026-11-20')).toBe('Yes');
    expect(any('2026-11-19')).toBe('Sick');
    expect(any('2026-11-18')).toBe('No'); // a marked day that nobody kept
    expect(anyDisciplineLookup([() => undefined, () => undefined])('2026-11-18')).toBeUndefined();
  });

  it("ends the overall streak on today's explicit No in every discipline, but not on a blank today", () => {
    const today = '2026-11-21';
    const fasting = backFrom(today, ['No', 'Yes', 'Yes']);
    const prayer = backFrom(today, ['No', 'Yes']);
    expect(currentStreak(anyDisciplineLookup([fasting, prayer]), today).days).toBe(0);
    const blankToday = backFrom(today, [undefined, 'Yes', 'Yes']);
    expect(currentStreak(anyDisciplineLookup([blankToday, backFrom(today, [undefined, 'Yes'])]), today).days).toBe(2);
    // One discipline kept today keeps the overall streak going.
    expect(currentStreak(anyDisciplineLookup([fasting, backFrom(today, ['Yes', 'Yes'])]), today).days).toBe(3);
  });
});
