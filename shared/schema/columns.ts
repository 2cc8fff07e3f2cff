import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LOCALES } from '../domain/locales';

/** Column helpers every table uses, so ids and timestamps look the same everywhere. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A language column holds one of LOCALES or nothing. */
export const knownLocale = (name: string, column: AnyPgColumn) =>
  check(name, sql`${column} IS NULL OR ${column} IN (${sql.raw(LOCALES.map((locale) => `'${locale}'`).join(', '))})`);
