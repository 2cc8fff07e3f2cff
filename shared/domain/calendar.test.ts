import { addDays, dateInTimeZone, daysInMonth, latestDateOnEarth, monthKey, shiftMonth, startOfWeek } from './calendar';

describe('calendar', () => {
  it('knows month lengths, leap years included', () => {
    expect(daysInMonth(2026, 1)).toBe(31);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it('moves across month and year ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('reads the calendar date in a time zone', () => {
    const instant = new Date('2026-11-21T03:30:00Z');
    expect(dateInTimeZone(instant, 'UTC')).toBe('2026-11-21');
    expect(dateInTimeZone(instant, 'America/Chicago')).toBe('2026-11-20');
    expect(dateInTimeZone(instant, 'Asia/Tokyo')).toBe('2026-11-21');
    expect(latestDateOnEarth(new Date('2026-11-21T11:00:00Z'))).toBe('2026-11-22');
  });

  it('starts weeks on Monday and keys months as YYYY-MM', () => {
    expect(startOfWeek('2026-11-21')).toBe('2026-11-16'); // a Saturday
    expect(startOfWeek('2026-11-16')).toBe('2026-11-16'); // a Monday
    expect(startOfWeek('2026-11-22')).toBe('2026-11-16'); // a Sunday
    expect(monthKey(2026, 3)).toBe('2026-03');
  });

  it('shifts a month forwards and backwards across years', () => {
    expect(shiftMonth({ year: 2026, month: 11 }, 0)).toEqual({ year: 2026, month: 11 });
    expect(shiftMonth({ year: 2026, month: 11 }, 2)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 11 }, -12)).toEqual({ year: 2025, month: 11 });
  });
});
