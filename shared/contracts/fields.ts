import { z } from 'zod';
import { DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../domain/constants';

/** Field schemas used by more than one contract, so client and server word their errors alike. */

/** C0 and C1 control characters, NUL included: they never belong in stored text (Postgres refuses NUL). */
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
/** The same without tab and line breaks, which multi-line text (a description, a reason) may hold. */
const CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const hasControlCharacters = (text: string) => CONTROL_CHARACTERS.test(text);

/**
 * One line of text, trimmed, with no control characters. Every free-text field of a contract starts here
 * (or at multiLineText), so no text reaches the database with a NUL or a stray control character.
 */
export function singleLineText(label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .refine((text) => !CONTROL_CHARACTERS.test(text), `${label} must be one line without control characters`);
}

/** Text that may span lines (tab, LF and CR allowed), trimmed, with no other control characters. */
export function multiLineText(label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .refine((text) => !CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS.test(text), `${label} cannot contain control characters`);
}

export const emailField = z
  .string({ error: 'E-mail is required' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, 'E-mail is too long')
  .pipe(z.email('Please enter a valid e-mail address'));

export const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** One line, trimmed, inner runs of whitespace collapsed to one space: 'Ruth   Naomi' is 'Ruth Naomi'. */
export const displayNameField = z
  .string({ error: 'Name is required' })
  .trim()
  .refine((name) => !CONTROL_CHARACTERS.test(name), 'Name must be one line without control characters')
  .overwrite((name) => name.replace(/\s+/g, ' '))
  .min(1, 'Name is required')
  .max(DISPLAY_NAME_MAX_LENGTH, `Name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`);

/** A uuid in its canonical lower-case form, so services compare ids spelled alike (an upper-case spelling is the same id). */
export const uuidField = z.uuid('Not a valid id').overwrite((id) => id.toLowerCase());
