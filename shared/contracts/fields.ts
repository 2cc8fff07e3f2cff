import { z } from 'zod';
import { CONTROL_CHARACTERS, LONE_SURROGATE } from './account-fields';
import { fill, msg } from '../domain/messages';

/** Field schemas used by more than one contract, so client and server word their errors alike. */

// The account fields (e-mail, name, new password) are zod/mini schemas, for the first screen's bundle.
export { displayNameField, emailField, newPasswordField } from './account-fields';

/** The same without tab and line breaks, which multi-line text (a description, a reason) may hold. */
const CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const hasControlCharacters = (text: string) => CONTROL_CHARACTERS.test(text);

/**
 * One line of text, tabs turned into spaces, trimmed, with no other control character and no broken character (a lone surrogate). Every
 * free-text field of a contract starts here (or at multiLineText), so no text reaches the database with a
 * NUL, a stray control character or half a character.
 */
export function singleLineText(label: string) {
  return z
    .string({ error: fill('{label} must be text', { label }) })
    // A tab pasted into one line (a title copied from a spreadsheet) is a space, not an error.
    .overwrite((text) => text.replace(/\t/g, ' '))
    .trim()
    .refine((text) => !CONTROL_CHARACTERS.test(text), fill('{label} must be one line without control characters', { label }))
    .refine((text) => !LONE_SURROGATE.test(text), fill('{label} contains a broken character (half of an emoji or symbol)', { label }));
}

/** Text that may span lines (tab, LF and CR allowed), trimmed, with no other control characters and no broken character. */
export function multiLineText(label: string) {
  return z
    .string({ error: fill('{label} must be text', { label }) })
    .trim()
    .refine((text) => !CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS.test(text), fill('{label} cannot contain control characters', { label }))
    .refine((text) => !LONE_SURROGATE.test(text), fill('{label} contains a broken character (half of an emoji or symbol)', { label }));
}

/**
 * A number sent as a JSON number, or as digits in a query string ('3'); never a boolean, a list, null or ''
 * (z.coerce.number would read true as 1, [3] as 3 and null as 0, and so accept a body of the wrong type).
 */
export function numberOrDigits<Schema extends z.ZodNumber>(schema: Schema) {
  return z.preprocess((value) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value), schema);
}

export const DATE_YEAR_MIN = 2000;
export const DATE_YEAR_MAX = 2100;

/**
 * A calendar date, YYYY-MM-DD, in the years the months of the contracts allow (2000 to 2100): year 0 or
 * 9999 is no day anyone tracks or meets on, and the time-zone arithmetic of a meeting day fails on year 0.
 */
export function calendarDate(message: string) {
  return z.iso.date(message).refine((date) => {
    const year = Number(date.slice(0, 4));
    return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
  }, fill('Choose a date between {dateYearMin} and {dateYearMax}', { dateYearMin: DATE_YEAR_MIN, dateYearMax: DATE_YEAR_MAX }));
}

/** A uuid in its canonical lower-case form, so services compare ids spelled alike (an upper-case spelling is the same id). */
export const uuidField = z.uuid(msg('Not a valid id')).overwrite((id) => id.toLowerCase());

/** Where a keyset page starts: the opaque string the previous page handed out (server/http/cursor.ts). */
export const cursorField = z
  .string({ error: msg('Cursor must be text') })
  .min(1, { error: msg('Cursor is required') })
  .max(400, { error: msg('Cursor is too long') })
  .regex(/^[A-Za-z0-9_-]+$/, { error: msg('Cursor is not one this list gave') });
