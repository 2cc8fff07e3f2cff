import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, json, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ACCENTED, PLAIN } from '../domain/search-key';
import { createdAt, id, knownLocale, updatedAt } from './columns';
import { communities } from './communities';

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Trimmed and lower-cased. Imported members may have none. */
    email: text('email'),
    /** Null for imported members (cannot sign in) and Google-only accounts. */
    passwordHash: text('password_hash'),
    displayName: text('display_name').notNull(),
    /** The name as searches and the member list's order compare it: lower case, accents removed (shared/domain/search-key.ts). */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql.raw(`translate(lower(display_name), '${ACCENTED}', '${PLAIN}')`)),
    /** Created by a CSV import and not yet claimed by a real person. */
    isImported: boolean('is_imported').notNull().default(false),
    /** Granted only from the command line (npm run grant-superadmin). */
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    /**
     * Bumped by a password change (and any "sign out everywhere"): every session records the version it was
     * opened with, and a session with an older version is refused when it is read.
     */
    credentialVersion: integer('credential_version').notNull().default(1),
    /** When a link sent to `email` was followed (or Google vouched for it): only then is the e-mail this person's. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * The community whose import created this record (imported members only). The record belongs to it:
     * other communities' imports never read or adopt it, and its name is unique only within it.
     */
    /**
     * Set when a Google sign-in took over this account while its e-mail was unproven: the communities it
     * joined until then are shown to the owner once (each with Leave), then this is cleared.
     */
    takeoverReviewAt: timestamp('takeover_review_at', { withTimezone: true }),
    /** The language they chose (PUT /api/user/locale); null until they choose (DECISIONS.md "Languages"). */
    locale: text('locale'),
    /** The language their browser asked for when they last signed up or in: e-mails use it when nothing else decides. */
    browserLocale: text('browser_locale'),
    importedCommunityId: uuid('imported_community_id').references((): AnyPgColumn => communities.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One real account per e-mail. An unclaimed imported record may share its e-mail with the real account
    // of the same person, who signed up (under any name) and then claims the history after joining.
    uniqueIndex('users_email_unique').on(t.email).where(sql`NOT ${t.isImported}`),
    // Imported records are their community's own: unique e-mails and names within it, never blocking a real account's.
    uniqueIndex('users_imported_email_unique').on(t.importedCommunityId, t.email).where(sql`${t.isImported}`),
    uniqueIndex('users_display_name_unique').on(sql`lower(${t.displayName})`).where(sql`NOT ${t.isImported}`),
    uniqueIndex('users_imported_display_name_unique').on(t.importedCommunityId, sql`lower(${t.displayName})`).where(sql`${t.isImported}`),
    // The member list's order (search_name, id), and its keyset pages.
    index('users_search_name_idx').on(t.searchName, t.id),
    check('users_email_required', sql`${t.isImported} OR ${t.email} IS NOT NULL`),
    knownLocale('users_locale_known', t.locale),
    knownLocale('users_browser_locale_known', t.browserLocale),
  ],
);

/** External sign-in identities, keyed by (provider, uid) as DECISIONS.md requires. */
export const authIdentities = pgTable(
  'auth_identities',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerUid: text('provider_uid').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_identities_provider_uid_unique').on(t.provider, t.providerUid), index('auth_identities_user_idx').on(t.userId)],
);

/** The express-session store table, in the shape connect-pg-simple reads and writes. */
export const sessions = pgTable(
  'session',
  {
    sid: varchar('sid').primaryKey(),
    sess: json('sess').notNull(),
    expire: timestamp('expire', { precision: 6 }).notNull(),
  },
  (t) => [index('IDX_session_expire').on(t.expire)],
);

/**
 * Single-use links sent by e-mail (DECISIONS.md "Accounts and sign-in"): only a SHA-256 of the token is kept.
 * `verify-email` proves `email` is the user's (and, with `importedUserId`, completes a claim at sign-up);
 * `password-reset` sets a new password while the account's credential version is still `credentialVersion`.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'verify-email' | 'password-reset'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link was sent to: following it proves this address, not whatever the account has now. */
    email: text('email').notNull(),
    /** A claim at sign-up waiting for this verification: the imported record whose history then moves. */
    importedUserId: uuid('imported_user_id').references(() => users.id, { onDelete: 'set null' }),
    credentialVersion: integer('credential_version').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_unique').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId, t.purpose),
    // Retention (issue 39): used or expired tokens are pruned.
    index('email_tokens_expires_idx').on(t.expiresAt),
  ],
);
