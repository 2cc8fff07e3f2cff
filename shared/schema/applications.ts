import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { ApplicationStatus } from '../domain/constants';
import { users } from './auth';
import { createdAt, id, updatedAt } from './columns';
import { communities } from './communities';

export const memberApplications = pgTable(
  'member_applications',
  {
    id: id(),
    communityId: uuid('community_id').notNull().references(() => communities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    disciplineTargets: jsonb('discipline_targets').$type<Record<string, string>>().notNull().default({}),
    message: text('message'),
    status: text('status').$type<ApplicationStatus>().notNull().default('Pending'),
    reviewedByUserId: uuid('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewNotes: text('review_notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('member_applications_community_idx').on(t.communityId, t.createdAt)],
);
