import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, json, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Trimmed and lower-cased. Imported members may have none. */
    email: text('email'),
    /** Null for imported members (cannot sign in) and Google-only accounts. */
    passwordHash: text('password_hash'),
    displayName: text('display_name').notNull(),
    /** Created by a CSV import and not yet claimed by a real person. */
    isImported: boolean('is_imported').notNull().default(false),
    /** Granted only from the command line (npm run grant-superadmin). */
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    /**
     * Bumped by a password change (and any "sign out everywhere"): every session records the version it was
     * opened with, and a session with an older version is refused when it is read.
     */
    credentialVersion: integer('credential_version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One real account per e-mail. An unclaimed imported record may share its e-mail with the real account
    // of the same person, who signed up (under any name) and then claims the history after joining.
    uniqueIndex('users_email_unique').on(t.email).where(sql`NOT ${t.isImported}`),
    uniqueIndex('users_imported_email_unique').on(t.email).where(sql`${t.isImported}`),
    uniqueIndex('users_display_name_unique').on(sql`lower(${t.displayName})`),
    check('users_email_required', sql`${t.isImported} OR ${t.email} IS NOT NULL`),
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
