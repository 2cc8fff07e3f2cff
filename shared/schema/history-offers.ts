import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id } from './columns';
import { communities } from './communities';

export type HistoryOfferStatus = 'pending' | 'accepted' | 'declined';

/**
 * An admin's link of an imported record to a real member is an offer (issue 38 item 7, DECISIONS.md "A link
 * is an offer the member accepts"): nothing of the member's log changes until they accept it. `months` and
 * `days` say what it brings (counted when offered). One pending offer per record; a new link replaces it.
 */
export const historyOffers = pgTable(
  'history_offers',
  {
    id: id(),
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    importedUserId: uuid('imported_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member it is offered to. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offeredBy: uuid('offered_by').references(() => users.id, { onDelete: 'set null' }),
    months: integer('months').notNull(),
    days: integer('days').notNull(),
    status: text('status').$type<HistoryOfferStatus>().notNull().default('pending'),
    createdAt: createdAt(),
    /** A pending offer not answered by then lapses (and is pruned). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('history_offers_pending_record_unique').on(t.importedUserId).where(sql`${t.status} = 'pending'`),
    index('history_offers_user_idx').on(t.userId, t.status),
    index('history_offers_offered_by_idx').on(t.offeredBy),
    index('history_offers_community_idx').on(t.communityId),
    // Retention (issue 39): declined, lapsed and expired offers are pruned.
    index('history_offers_expires_idx').on(t.expiresAt),
  ],
);
