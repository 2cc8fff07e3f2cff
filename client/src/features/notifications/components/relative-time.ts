import { formatLongDate } from '@/lib/dates';

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago `value` was, for a notification: 'just now', '5 minutes ago', '3 hours ago', 'yesterday',
 * '4 days ago'; from a week on the long date ('November 21, 2026'). Empty for an invalid date.
 */
export function timeAgo(value: string | Date, now = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day');
  return formatLongDate(date);
}
