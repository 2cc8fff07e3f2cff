import { type IsoDate, wallClockInTimeZone, zonedInstant } from './calendar';

/** SPEC.md section 9: the start times a meeting may be requested at, in the community's time zone. */
export const MEETING_SLOTS = ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00'] as const;
export const MEETING_LENGTH_MINUTES = 60;
/** The longest meeting the server accepts (a scheduled one may run longer than a requested hour). */
export const MEETING_MAX_MINUTES = 240;

/** A commander's weekly office hours: a weekday (0 Sunday ... 6 Saturday) and a window 'HH:MM'-'HH:MM'. */
export interface AvailabilityWindow {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

export const overlaps = (a: Interval, b: Interval) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;

/**
 * Whether a meeting lies inside the commander's office hours: on one weekday, from a window's start to
 * its end, in the community's time zone. No windows set means every time is open (DECISIONS.md).
 */
export function withinAvailability(meeting: Interval, windows: readonly AvailabilityWindow[], timeZone: string): boolean {
  if (windows.length === 0) return true;
  const start = wallClockInTimeZone(meeting.startsAt, timeZone);
  const end = wallClockInTimeZone(new Date(meeting.endsAt.getTime() - 1), timeZone);
  if (start.date !== end.date) return false;
  const endTime = wallClockInTimeZone(meeting.endsAt, timeZone).time;
  const endsAtMidnight = endTime === '00:00';
  return windows.some(
    (window) => window.dayOfWeek === start.weekday && window.startTime <= start.time && (endsAtMidnight ? window.endTime === '24:00' : endTime <= window.endTime),
  );
}

/** The hour-long SPEC.md slots of `date` that are in the commander's office hours and not yet booked. */
export function freeSlots(date: IsoDate, timeZone: string, windows: readonly AvailabilityWindow[], booked: readonly Interval[]): string[] {
  return MEETING_SLOTS.filter((slot) => {
    const startsAt = zonedInstant(date, slot, timeZone);
    const meeting = { startsAt, endsAt: new Date(startsAt.getTime() + MEETING_LENGTH_MINUTES * 60_000) };
    return withinAvailability(meeting, windows, timeZone) && !booked.some((other) => overlaps(meeting, other));
  });
}
