import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, updatedAt } from './columns';
import { communities } from './communities';

/**
 * 'I've reached out' (issue 26): a member someone who cares for them has reached out to (a mark or a note),
 * left out of 'Needs a word' for a week from `reachedAt`. One row per member, community and day (the
 * community's), renewed by a second mark that day: the history a commander's care at a glance counts.
 */
export const careReachOuts = pgTable(
  'care_reach_outs',
  {
    id: id(),
    communityId: uuid('community_id').notNull().references(() => communities.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    reachedBy: uuid('reached_by').references(() => users.id, { onDelete: 'set null' }),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
    /** The community's calendar day of reachedAt. */
    reachedOn: date('reached_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('care_reach_outs_member_day_idx').on(t.communityId, t.memberId, t.reachedOn),
    // The week's reach-outs that hide members from the list.
    index('care_reach_outs_recent_idx').on(t.communityId, t.reachedAt),
    // A deleted account's rows are found by these (its cascade and set-null).
    index('care_reach_outs_member_only_idx').on(t.memberId),
    index('care_reach_outs_reached_by_idx').on(t.reachedBy),
    // Retention (issue 39): marks older than CARE_MARK_KEEP_DAYS are pruned oldest first.
    index('care_reach_outs_reached_at_idx').on(t.reachedAt),
  ],
);

/**
 * The weekly word (issue 26): one row per commander, community and week once its Monday morning's scan has
 * claimed it, so several servers, or a restart, never send it twice.
 */
export const careWeeklyWords = pgTable(
  'care_weekly_words',
  {
    id: id(),
    communityId: uuid('community_id').notNull().references(() => communities.id, { onDelete: 'cascade' }),
    commanderId: uuid('commander_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The Monday, in the community's zone ('YYYY-MM-DD'). */
    weekOf: text('week_of').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('care_weekly_words_unique').on(t.communityId, t.commanderId, t.weekOf),
    index('care_weekly_words_commander_idx').on(t.commanderId),
    // The scan's pruning of past weeks.
    index('care_weekly_words_sent_idx').on(t.sentAt),
  ],
);

/**
 * Month-close reflections (issue 26): a member's look back on a month that ended, to their commander, who
 * acknowledges it with a short reply. One per member, community and month; private like questions.
 */
export const reflections = pgTable(
  'reflections',
  {
    id: id(),
    communityId: uuid('community_id').notNull().references(() => communities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    helped: text('helped'),
    hard: text('hard'),
    prayerRequest: text('prayer_request'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    reply: text('reply'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reflections_member_month_idx').on(t.communityId, t.userId, t.year, t.month),
    index('reflections_community_month_idx').on(t.communityId, t.year, t.month),
    index('reflections_user_idx').on(t.userId),
    index('reflections_acknowledged_by_idx').on(t.acknowledgedBy),
  ],
);
