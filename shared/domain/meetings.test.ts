import { wallClockInTimeZone, zonedInstant } from './calendar';
import { freeSlots, MEETING_SLOTS, overlaps, withinAvailability } from './meetings';

describe('zonedInstant', () => {
  it('finds the instant a zone shows a wall-clock time, across offsets and daylight saving', () => {
    expect(zonedInstant('2026-11-24', '09:00', 'America/Chicago').toISOString()).toBe('2026-11-24T15:00:00.000Z'); // CST, UTC-6
    expect(zonedInstant('2026-07-14', '09:00', 'America/Chicago').toISOString()).toBe('2026-07-14T14:00:00.000Z'); // CDT, UTC-5
    expect(zonedInstant('2026-11-24', '19:00', 'Asia/Kolkata').toISOString()).toBe('2026-11-24T13:30:00.000Z'); // UTC+5:30
    expect(zonedInstant('2026-03-08', '10:00', 'America/Chicago').toISOString()).toBe('2026-03-08T15:00:00.000Z'); // the day clocks spring forward
    expect(zonedInstant('2026-01-01', '00:00', 'UTC').toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('round-trips with wallClockInTimeZone', () => {
    const instant = zonedInstant('2026-11-24', '14:00', 'Europe/Kyiv');
    expect(wallClockInTimeZone(instant, 'Europe/Kyiv')).toEqual({ date: '2026-11-24', time: '14:00', weekday: 2 });
  });
});

describe('meeting slots', () => {
  const zone = 'America/Chicago';
  const at = (time: string, minutes = 60) => {
    const startsAt = zonedInstant('2026-11-24', time, zone); // a Tuesday
    return { startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) };
  };

  it('offers every SPEC.md slot without office hours or bookings', () => {
    expect(freeSlots('2026-11-24', zone, [], [])).toEqual([...MEETING_SLOTS]);
  });

  it('offers only the slots inside the office hours of that weekday, minus the booked ones', () => {
    const tuesdayAfternoon = [{ dayOfWeek: 2, startTime: '14:00', endTime: '18:00' }];
    expect(freeSlots('2026-11-24', zone, tuesdayAfternoon, [])).toEqual(['14:00', '15:00', '16:00', '17:00']);
    expect(freeSlots('2026-11-24', zone, tuesdayAfternoon, [at('15:30', 30)])).toEqual(['14:00', '16:00', '17:00']);
    expect(freeSlots('2026-11-25', zone, tuesdayAfternoon, [])).toEqual([]); // Wednesday: no hours
  });

  it('judges overlap and office hours at the edges', () => {
    expect(overlaps(at('14:00'), at('15:00'))).toBe(false);
    expect(overlaps(at('14:00'), at('14:30'))).toBe(true);
    const window = [{ dayOfWeek: 2, startTime: '09:00', endTime: '10:00' }];
    expect(withinAvailability(at('09:00'), window, zone)).toBe(true);
    expect(withinAvailability(at('09:30'), window, zone)).toBe(false);
    expect(withinAvailability(at('23:00', 60), [{ dayOfWeek: 2, startTime: '23:00', endTime: '24:00' }], zone)).toBe(true);
  });
});
