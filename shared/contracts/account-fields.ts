import { z } from 'zod/mini';
import { DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../domain/constants';
import { mixesScriptsAcceptably } from '../domain/mixed-scripts';
import { fill, msg } from '../domain/messages';

/**
 * The account fields: e-mail, name, passwords, and the sign-in, sign-up and change-password bodies made of
 * them. Written with zod/mini (about 5 KB gzip instead of full zod's 25 KB) because the sign-in and sign-up
 * forms of /auth, the first screen, validate with them, and that screen's JavaScript has a budget
 * (scripts/bundle-budget.mjs). The server builds its contracts from these same schemas (auth.ts, fields.ts),
 * so client and server check and word every error alike. zod/mini schemas are zod schemas: the same checks
 * run, full zod's z.object takes them as fields, and they parse and safeParse alike.
 */

/** C0 and C1 control characters, NUL included: they never belong in stored text (Postgres refuses NUL). */
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;

/**
 * Half of a surrogate pair on its own (in Unicode mode a pair is one code point, so only a lone half
 * matches): no character at all. JSON can carry one ("\ud800"), but UTF-8 cannot, so the database would
 * store U+FFFD instead, or refuse the row: text holding one is refused with the field's message.
 */
export const LONE_SURROGATE = /\p{Surrogate}/u;
export const emailField = z.pipe(
  z.string({ error: msg('E-mail is required') }).check(z.trim(), z.toLowerCase(), z.maxLength(EMAIL_MAX_LENGTH, 'E-mail is too long')),
  z.email(msg('Please enter a valid e-mail address')),
);

export const newPasswordField = z
  .string({ error: msg('Password is required') })
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

/** A password typed to prove who you are (sign in, or the current one when changing it): only bounded. */
function enteredPasswordField(required: string) {
  return z.string({ error: required }).check(z.minLength(1, required), z.maxLength(PASSWORD_MAX_LENGTH, 'Password is too long'));
}

/**
 * Invisible characters that change how text reads without showing: zero-width space, non-joiner and joiner,
 * the left-to-right and right-to-left marks, the bidi embeddings and overrides, word joiner and invisible
 * operators, the byte-order mark, and the soft hyphen. In a name they make a look-alike of someone else's.
 */
export const FORMAT_CHARACTERS = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF]/;
export const FORMAT_CHARACTER_MESSAGE = 'Name cannot contain invisible characters (zero-width spaces, joiners or direction marks)';

/**
 * A name mixing scripts beyond Unicode's "moderately restrictive" level (UTS #39 5.2, shared/domain/mixed-scripts.ts):
 * Latin with Cyrillic or Greek ('Vісtim' beside 'Victim'), or two scripts other than Latin. One script is
 * always fine, and so is Latin with one other ('Kim 민준') or Japanese mixing kana and kanji.
 */
export const MIXED_SCRIPTS_MESSAGE =
  'Name mixes letters of different alphabets (such as Latin with Cyrillic or Greek), so it could be mistaken for another name: please write it in one alphabet';

/**
 * One line, trimmed, in Unicode's compatibility form (NFKC: 'é' typed as e + accent is 'é', the ligature
 * 'ﬁ' is 'fi', a full-width 'Ｒ' is 'R'), without invisible format characters, and with inner runs of
 * whitespace collapsed to one space ('Ruth   Naomi' is 'Ruth Naomi'): two names that look the same are
 * spelled the same, so "unique ignoring case" also holds for what people see. Nor may it mix scripts into a
 * look-alike (MIXED_SCRIPTS_MESSAGE); a look-alike of another member in one script is the server's to refuse.
 */
export const displayNameField = z
  .string({ error: msg('Name is required') })
  .check(
    z.refine((name) => !LONE_SURROGATE.test(name), fill('{label} contains a broken character (half of an emoji or symbol)', { label: msg('Name') })),
    z.overwrite((name) => name.normalize('NFKC').trim()),
    z.refine((name) => !CONTROL_CHARACTERS.test(name), msg('Name must be one line without control characters')),
    z.refine((name) => !FORMAT_CHARACTERS.test(name), FORMAT_CHARACTER_MESSAGE),
    z.refine(mixesScriptsAcceptably, MIXED_SCRIPTS_MESSAGE),
    z.overwrite((name) => name.replace(/\s+/g, ' ')),
    z.minLength(1, 'Name is required'),
    z.maxLength(DISPLAY_NAME_MAX_LENGTH, `Name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`),
  );

/** The fields of POST /api/login. SPEC.md names the e-mail field `username`. */
export const loginFields = { username: emailField, password: enteredPasswordField('Password is required') };
/** The fields of POST /api/register (and, with the imported member's id, POST /api/claim). */
export const registerFields = { email: emailField, displayName: displayNameField, password: newPasswordField };
/** The fields of PUT /api/user/name. */
export const changeNameFields = { displayName: displayNameField };
/** The fields of POST /api/user/password. */
export const changePasswordFields = { currentPassword: enteredPasswordField('Current password is required'), newPassword: newPasswordField };
