import { z } from 'zod';
import { CONTROL_CHARACTERS } from './account-fields';

/** Field schemas used by more than one contract, so client and server word their errors alike. */

// The account fields (e-mail, name, new password) are zod/mini schemas, for the first screen's bundle.
export { displayNameField, emailField, newPasswordField } from './account-fields';

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

/** A uuid in its canonical lower-case form, so services compare ids spelled alike (an upper-case spelling is the same id). */
export const uuidField = z.uuid('Not a valid id').overwrite((id) => id.toLowerCase());
