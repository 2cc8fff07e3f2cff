import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id } from './columns';
import { communities, subgroups } from './communities';
import { questions } from './questions';

export const meetings = pgTable(
  'meetings',
  {
    id: id(),
    communityId: uuid('community_id').notNull().references(() => communities.id, { onDelete: 'cascade' }),
    subgroupId: uuid('subgroup_id').references(() => subgroups.id, { onDelete: 'set null' }),
    memberId: uuid('member_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    commanderId: uuid('commander_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    location: text('location'),
    notes: text('notes'),
    outcome: text('outcome'),
    /** Grows with each reschedule: the .ics SEQUENCE, so calendar apps replace the event they imported. */
    sequence: integer('sequence').notNull().default(0),
    /** Set when either person cancels: the meeting stays listed as 'Cancelled' and frees its time. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('meetings_commander_starts_idx').on(t.commanderId, t.startsAt),
    index('meetings_member_starts_idx').on(t.memberId, t.startsAt),
    index('meetings_community_starts_idx').on(t.communityId, t.startsAt),
  ],
);

export const commanderAvailability = pgTable(
  'commander_availability',
  {
    id: id(),
    commanderId: uuid('commander_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    /** 0 = Sunday ... 6 = Saturday. */
    dayOfWeek: integer('day_of_week').notNull(),
    /** HH:MM in the community's time zone. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('commander_availability_commander_idx').on(t.commanderId, t.dayOfWeek)],
);
