import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { Priority, QuestionStatus } from '../domain/constants';
import { users } from './auth';
import { createdAt, id, updatedAt } from './columns';
import { communities, subgroups } from './communities';

export const questions = pgTable(
  'questions',
  {
    id: id(),
    communityId: uuid('community_id').notNull().references(() => communities.id, { onDelete: 'cascade' }),
    subgroupId: uuid('subgroup_id').references(() => subgroups.id, { onDelete: 'set null' }),
    fromUserId: uuid('from_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    fromUserName: text('from_user_name').notNull(),
    toCommanderId: uuid('to_commander_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    priority: text('priority').$type<Priority>().notNull().default('Normal'),
    status: text('status').$type<QuestionStatus>().notNull().default('Open'),
    tags: text('tags').array().notNull().default(sql`ARRAY[]::text[]`),
    answer: text('answer'),
    answeredByUserId: uuid('answered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questions_community_idx').on(t.communityId, t.createdAt),
    // The Overview's count of open questions, from the index alone.
    index('questions_community_status_idx').on(t.communityId, t.status),
    index('questions_from_user_idx').on(t.fromUserId, t.createdAt),
    index('questions_to_commander_idx').on(t.toCommanderId, t.createdAt),
  ],
);
