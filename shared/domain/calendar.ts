/** Calendar dates as 'YYYY-MM-DD' strings: a member's day is a calendar day, not an instant. */
export type IsoDate = string;

const pad = (value: number) => String(value).padStart(2, '0');

export function isoDate(year: number, month: number, day: number): IsoDate {
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function parseIsoDate(date: IsoDate): { year: number; month: number; day: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

/** A calendar month; `month` runs 1 to 12. */
export interface YearMonth {
  year: number;
  month: number;
}

/** The month `delta` months away (negative goes back). */
export function shiftMonth({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** 'YYYY-MM', the key daily-log entries use for a month. */
export const monthKey = (year: number, month: number) => `${year}-${pad(month)}`;

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_LENGTHS[month - 1]!;
}

/**
 * The date `days` away. Plain integer arithmetic, no Date objects: streaks step through up to 365 days
 * for every member of a subgroup, so this runs hundreds of thousands of times per request.
 */
export function addDays(date: IsoDate, days: number): IsoDate {
  let { year, month, day } = parseIsoDate(date);
  day += days;
  while (day < 1) {
    ({ year, month } = shiftMonth({ year, month }, -1));
    day += daysInMonth(year, month);
  }
  while (day > daysInMonth(year, month)) {
    day -= daysInMonth(year, month);
    ({ year, month } = shiftMonth({ year, month }, 1));
  }
  return isoDate(year, month, day);
}

/**
 * One formatter per time zone and kind: building an Intl.DateTimeFormat costs about a hundred times more
 * than using one, and the server asks for "today" in a community's zone on most requests.
 */
function cachedFormatter(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, build: (timeZone: string) => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let formatter = cache.get(timeZone);
  if (!formatter) {
    formatter = build(timeZone);
    cache.set(timeZone, formatter);
  }
  return formatter;
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();
const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date at `instant` in an IANA time zone. */
export function dateInTimeZone(instant: Date, timeZone: string): IsoDate {
  const parts = cachedFormatter(dateFormatters, timeZone, (zone) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The browser's own calendar date. */
export function localToday(now = new Date()): IsoDate {
  return isoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** The latest calendar date anywhere on Earth (UTC+14): no member's "today" can be later. */
export function latestDateOnEarth(now: Date): IsoDate {
  return dateInTimeZone(now, 'Pacific/Kiritimati');
}

/** Monday of the week containing `date` (weeks run Monday to Sunday). */
export function startOfWeek(date: IsoDate): IsoDate {
  const { year, month, day } = parseIsoDate(date);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

export const compareDates = (a: IsoDate, b: IsoDate) => (a < b ? -1 : a > b ? 1 : 0);

/** The wall-clock time ('HH:MM') and date at `instant` in an IANA time zone. */
export function wallClockInTimeZone(instant: Date, timeZone: string): { date: IsoDate; time: string; weekday: number } {
  const parts = cachedFormatter(
    wallClockFormatters,
    timeZone,
    (zone) =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        weekday: 'short',
        hourCycle: 'h23',
      }),
  ).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}`, weekday };
}

/**
 * The instant at which the wall clock of `timeZone` shows `date` and `time` ('HH:MM'). Found by correcting
 * a UTC guess with the zone's offset twice, which settles across daylight-saving changes; a time skipped
 * by a spring-forward change resolves to the instant an hour later.
 */
export function zonedInstant(date: IsoDate, time: string, timeZone: string): Date {
  const { year, month, day } = parseIsoDate(date);
  const [hour, minute] = time.split(':').map(Number);
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  let instant = wanted;
  for (let i = 0; i < 2; i++) {
    const shown = wallClockInTimeZone(new Date(instant), timeZone);
    const { year: y, month: m, day: d } = parseIsoDate(shown.date);
    const [h, min] = shown.time.split(':').map(Number);
    instant += wanted - Date.UTC(y, m - 1, d, h, min);
  }
  return new Date(instant);
}
