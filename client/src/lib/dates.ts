const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** `value` in the viewer's time zone; empty for an invalid date. */
function format(formatter: Intl.DateTimeFormat, value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : formatter.format(date);
}

/** '2026-11-21T09:30:00.000Z' -> 'November 21, 2026' (in the viewer's time zone). Empty for an invalid date. */
export const formatLongDate = (value: string | Date) => format(longDate, value);

/** '2026-11-21T09:30:00.000Z' -> 'November 21, 2026 at 9:30 AM' (in the viewer's time zone). Empty for an invalid date. */
export const formatDateTime = (value: string | Date) => format(dateTime, value);
