import { fill, template } from './messages';

/**
 * Closing a community (issue 39 item 3): 30 days read-only, then the scheduled scan erases it. Shared so the
 * server's refusals and the client's banner say the same date the same way.
 */
export const CLOSING_DAYS = 30;
export const CLOSING_PERIOD_MS = CLOSING_DAYS * 24 * 60 * 60 * 1000;

/** The error code of a write refused because the community is closing (answered 423). */
export const COMMUNITY_CLOSING_CODE = 'community_closing';

/** 'March 12, 2027': the closing date as people read it (in `locale`), in the community's time zone (else the reader's). */
export function closingDate(closesAt: string | Date, timeZone?: string, locale = 'en-US'): string {
  const date = closesAt instanceof Date ? closesAt : new Date(closesAt);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
  }
}

const CLOSING_REFUSAL = template(
  'This community is closing on {date}: nothing new can be saved, and nobody can join. You can still read everything and download your data until then.',
);

/** Why a write is refused while the community is closing (the 423's message). */
export function closingRefusal(closesAt: string | Date, timeZone?: string, locale?: string): string {
  return fill(CLOSING_REFUSAL, { date: closingDate(closesAt, timeZone, locale) });
}
