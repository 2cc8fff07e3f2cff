import { dateFormat, i18n, relativeTimeFormat } from '@/i18n';

const LONG_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...LONG_DATE, hour: 'numeric', minute: '2-digit' };

/** `value` in the viewer's time zone; empty for an invalid date. */
function format(options: Intl.DateTimeFormatOptions, value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat(options).format(date);
}

/** '2026-11-21T09:30:00.000Z' -> 'November 21, 2026' (in the viewer's time zone and language). Empty for an invalid date. */
export const formatLongDate = (value: string | Date) => format(LONG_DATE, value);

/** '2026-11-21T09:30:00.000Z' -> 'November 21, 2026 at 9:30 AM' (in the viewer's time zone and language). Empty for an invalid date. */
export const formatDateTime = (value: string | Date) => format(DATE_TIME, value);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago `value` was: 'just now', '5 minutes ago', '3 hours ago', 'yesterday', '4 days ago'; from a
 * week on the long date ('November 21, 2026'). Empty for an invalid date.
 */
export function timeAgo(value: string | Date, now = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < MINUTE) return i18n.t('just now');
  const relative = relativeTimeFormat();
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day');
  return formatLongDate(date);
}
