const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** '2026-11-21T09:30:00.000Z' -> 'November 21, 2026' (in the viewer's time zone). Empty for an invalid date. */
export function formatLongDate(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}

const dateTime = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** '2026-11-21T09:30:00.000Z' -> 'November 21, 2026 at 9:30 AM' (in the viewer's time zone). Empty for an invalid date. */
export function formatDateTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}
