import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Column helpers every table uses, so ids and timestamps look the same everywhere. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
