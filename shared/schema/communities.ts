import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '../domain/constants';
import { users } from './auth';
import { createdAt, id, knownLocale, updatedAt } from './columns';

export const institutions = pgTable('institutions', {
  id: id(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const communities = pgTable(
  'communities',
  {
    id: id(),
    institutionId: uuid('institution_id').notNull().references(() => institutions.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    isPrivate: boolean('is_private').notNull().default(true),
    isProgressLocked: boolean('is_progress_locked').notNull().default(false),
    /** IANA zone taken from the creator's browser; server-side "today" uses it. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** The language of members who never chose one (DECISIONS.md "Languages"); null: each member's browser decides. */
    defaultLocale: text('default_locale'),
    /** Sick and FeelingTired neither break nor extend a streak when on. */
    graceDays: boolean('grace_days').notNull().default(false),
    /** Days without a check-in after which a member shows in their commander's 'Needs a word' (2 to 14). */
    quietDays: integer('quiet_days').notNull().default(4),
    /** The setup wizard's theme id (general, intensive, ...). */
    theme: text('theme'),
    /**
     * Counts replacements of the discipline templates (raised in the same transaction): a server keeps the
     * templates it read under this number, and every request reads the number with its community.
     */
    disciplinesVersion: integer('disciplines_version').notNull().default(0),
    /**
     * Raised by every change that takes the community's row (membership changes, month locks, imports,
     * links): a check-in reads it outside any transaction and writes only while it is unchanged.
     */
    changeVersion: integer('change_version').notNull().default(0),
    /**
     * How many memberships the community has, kept by statement triggers on memberships (migration 0014)
     * so every path that adds or removes one (joins, imports, removals, account deletions) keeps it.
     */
    memberCount: integer('member_count').notNull().default(0),
    /** How many of its questions are Open or InProgress, kept the same way by triggers on questions (migration 0015). */
    openQuestionCount: integer('open_question_count').notNull().default(0),
    /**
     * Set while the community is closing (issue 39): read-only until then, erased by the scheduled scan at
     * this time. Null while it is open.
     */
    closesAt: timestamp('closes_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('communities_institution_idx').on(t.institutionId),
    // The scheduled scan's communities whose closing date has come.
    index('communities_closes_at_idx').on(t.closesAt).where(sql`${t.closesAt} IS NOT NULL`),
    check('communities_quiet_days_range', sql`${t.quietDays} BETWEEN 2 AND 14`),
    knownLocale('communities_default_locale_known', t.defaultLocale),
  ],
);

export const subgroups = pgTable(
  'subgroups',
  {
    id: id(),
    communityId: uuid('community_id').notNull().references(() => communities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    commanderId: uuid('commander_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('subgroups_community_idx').on(t.communityId),
    index('subgroups_commander_idx').on(t.commanderId),
    // One subgroup of a name in a community, case aside ("Alpha" and "alpha" would be told apart by no one).
    uniqueIndex('subgroups_community_name_unique').on(t.communityId, sql`lower(${t.name})`),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    communityId: uuid('community_id').notNull().references(() => communities.id, { onDelete: 'cascade' }),
    roles: text('roles').array().$type<Role[]>().notNull().default(sql`ARRAY['Member']::text[]`),
    subgroupId: uuid('subgroup_id').references(() => subgroups.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memberships_user_community_unique').on(t.userId, t.communityId),
    index('memberships_community_idx').on(t.communityId),
    index('memberships_subgroup_idx').on(t.subgroupId),
    // The few InstitutionAdmin memberships: the member list finds an institution's admins here in one
    // probe instead of reading every membership of the institution's communities.
    index('memberships_institution_admin_idx').on(t.communityId, t.userId).where(sql`'InstitutionAdmin' = ANY(${t.roles})`),
  ],
);

export const inviteCodes = pgTable(
  'invite_codes',
  {
    id: id(),
    code: text('code').notNull(),
    communityId: uuid('community_id').notNull().references(() => communities.id, { onDelete: 'cascade' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** How many members joined with this code. */
    uses: integer('uses').notNull().default(0),
    /** Set when an admin revoked the code; a revoked code no longer lets anyone join. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedByUserId: uuid('revoked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invite_codes_code_unique').on(t.code), index('invite_codes_community_created_idx').on(t.communityId, t.createdAt)],
);

/**
 * When a member was last removed from a community: they may rejoin only with an invitation code created
 * after that moment (a code they were given before their removal no longer lets them back in).
 */
export const memberRemovals = pgTable(
  'member_removals',
  {
    id: id(),
    communityId: uuid('community_id').notNull().references(() => communities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('member_removals_community_user_unique').on(t.communityId, t.userId)],
);

export const guidancePanels = pgTable('guidance_panels', {
  id: id(),
  communityId: uuid('community_id').notNull().unique('guidance_panels_community_unique').references(() => communities.id, { onDelete: 'cascade' }),
  sections: jsonb('sections').$type<unknown[]>().notNull().default([]),
  contentMarkdown: text('content_markdown').notNull().default(''),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
