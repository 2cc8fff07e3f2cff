import { and, eq, type SQL, sql } from 'drizzle-orm';
import { users } from '@shared/schema/auth';

/**
 * Who may claim an imported member's history (DECISIONS.md "Imported members and claiming"): the same
 * e-mail, or the same display name ignoring case and surrounding or repeated whitespace, and nothing looser:
 * digits and punctuation count, so 'ruth.naomi.x 2' never matches 'Ruth Naomi X'. Compared by Postgres on
 * both sides, so its lower() decides for every alphabet alike.
 */
const nameKeySql = (name: SQL) => sql`lower(btrim(regexp_replace(${name}, '[[:space:]]+', ' ', 'g')))`;

export function matchesClaimant(claimant: { email: string | null; displayName: string }): SQL {
  const sameName = sql`${nameKeySql(sql`${users.displayName}`)} = ${nameKeySql(sql`${claimant.displayName}::text`)}`;
  if (!claimant.email) return sameName;
  // E-mails are stored lower-cased; lower() also finds one carried over from older data with its capitals.
  return sql`(lower(${users.email}) = lower(${claimant.email}::text) OR ${sameName})`;
}

/** An imported member not yet claimed, by id. */
export const unclaimedImport = (userId: string) => and(eq(users.id, userId), eq(users.isImported, true))!;

/** Order: an e-mail match first, the stronger evidence when an e-mail and a name point at two imported members. */
export const emailMatchFirst = (claimant: { email: string | null }): SQL[] =>
  claimant.email ? [sql`(lower(${users.email}) = lower(${claimant.email}::text)) DESC NULLS LAST`] : [];
