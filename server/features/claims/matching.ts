import { and, eq, type SQL, sql } from 'drizzle-orm';
import { users } from '@shared/schema/auth';

/**
 * Names compared ignoring case and surrounding or repeated whitespace, and nothing looser: digits and
 * punctuation count, so 'ruth.naomi.x 2' never matches 'Ruth Naomi X'. Compared by Postgres on both sides, so
 * its lower() decides for every alphabet alike. A name is only ever a hint: no history moves by name.
 */
const nameKeySql = (name: SQL) => sql`lower(btrim(regexp_replace(${name}, '[[:space:]]+', ' ', 'g')))`;

export const sameNameAs = (displayName: string): SQL => sql`${nameKeySql(sql`${users.displayName}`)} = ${nameKeySql(sql`${displayName}::text`)}`;

/** E-mails are stored lower-cased; lower() also finds one carried over from older data with its capitals. */
export const sameEmailAs = (email: string): SQL => sql`lower(${users.email}) = lower(${email}::text)`;

/** An imported member not yet claimed, by id. */
export const unclaimedImport = (userId: string) => and(eq(users.id, userId), eq(users.isImported, true))!;

