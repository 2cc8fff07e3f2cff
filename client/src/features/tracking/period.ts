import { useEffect, useMemo, useState } from 'react';
import { daysInMonth, type IsoDate, isoDate, localToday, parseIsoDate, type YearMonth } from '@shared/domain/calendar';
import { dateFormat } from '@/i18n';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The first of a month (or a day of it) at UTC midnight, formatted in UTC so no time zone moves it to another day. */
const utc = (year: number, month: number, day = 1) => Date.UTC(year, month - 1, day);

/** 11 -> 'November', in the reader's language. */
export const monthName = (month: number) => (Number.isInteger(month) && month >= 1 && month <= 12 ? dateFormat({ month: 'long', timeZone: 'UTC' }).format(utc(2000, month)) : String(month));

/** 'November 2026', in the reader's language. */
export const monthLabel = (year: number, month: number) => dateFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utc(year, month));

/** 'November 5', in the reader's language. */
export const dayLabel = (year: number, month: number, day: number) => dateFormat({ month: 'long', day: 'numeric', timeZone: 'UTC' }).format(utc(year, month, day));

/** Dashboard and tracking pickers: the current year and the previous 3 (SPEC.md section 9). */
export function pickerYears(currentYear: number): number[] {
  return [currentYear, currentYear - 1, currentYear - 2, currentYear - 3];
}

/** Calendar lock years: the current year minus 2 to plus 2 (SPEC.md section 9). */
export function lockYears(currentYear: number): number[] {
  return [currentYear - 2, currentYear - 1, currentYear, currentYear + 1, currentYear + 2];
}

export interface Today {
  iso: IsoDate;
  year: number;
  month: number;
  day: number;
}

/** Today in the browser (DECISIONS.md: a status belongs to the member's local calendar day). */
export function today(): Today {
  const iso = localToday();
  return { iso, ...parseIsoDate(iso) };
}

/** Milliseconds until the next local midnight (a second past it, so the new date has surely begun). */
function untilNextMidnight(now = new Date()): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 1);
  return next.getTime() - now.getTime();
}

/**
 * Today, kept current while a page stays open: recomputed at local midnight, and whenever the page
 * comes back into view or focus (a timer does not run while a laptop sleeps).
 */
export function useToday(): Today {
  const [iso, setIso] = useState(localToday);
  useEffect(() => {
    const refresh = () => setIso(localToday());
    let timer: ReturnType<typeof setTimeout>;
    const scheduleMidnight = () => {
      timer = setTimeout(() => {
        refresh();
        scheduleMidnight();
      }, untilNextMidnight());
    };
    scheduleMidnight();
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, []);
  return useMemo(() => ({ iso, ...parseIsoDate(iso) }), [iso]);
}

/** The last day of the month, or today when the month is the current one (no later than today). */
export function referenceDate(period: YearMonth, todayIso: IsoDate): IsoDate {
  const last = isoDate(period.year, period.month, daysInMonth(period.year, period.month));
  return last < todayIso ? last : todayIso;
}
