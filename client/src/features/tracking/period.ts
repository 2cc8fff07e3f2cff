import { daysInMonth, type IsoDate, isoDate, localToday, parseIsoDate, type YearMonth } from '@shared/domain/calendar';

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

/** 11 -> 'November'. */
export const monthName = (month: number) => MONTH_NAMES[month - 1] ?? String(month);

/** 'November 2026'. */
export const monthLabel = (year: number, month: number) => `${monthName(month)} ${year}`;

/** Dashboard and tracking pickers: the current year and the previous 3 (SPEC.md section 9). */
export function pickerYears(currentYear: number): number[] {
  return [currentYear, currentYear - 1, currentYear - 2, currentYear - 3];
}

/** Calendar lock years: the current year minus 2 to plus 2 (SPEC.md section 9). */
export function lockYears(currentYear: number): number[] {
  return [currentYear - 2, currentYear - 1, currentYear, currentYear + 1, currentYear + 2];
}

/** Today in the browser (DECISIONS.md: a status belongs to the member's local calendar day). */
export function today(): { iso: IsoDate; year: number; month: number; day: number } {
  const iso = localToday();
  return { iso, ...parseIsoDate(iso) };
}

/** The last day of the month, or today when the month is the current one (no later than today). */
export function referenceDate(period: YearMonth, todayIso: IsoDate): IsoDate {
  const last = isoDate(period.year, period.month, daysInMonth(period.year, period.month));
  return last < todayIso ? last : todayIso;
}
