import { and, eq, sql } from 'drizzle-orm';
import type { Request } from 'express';
import { DEFAULT_LOCALE, isLocale, type Locale, localeFromAcceptLanguage } from '@shared/domain/locales';
import { users } from '@shared/schema/auth';
import { sessionUserColumns } from '../../auth/passport';
import type { Executor } from '../../db/client';

interface LocaleSources {
  locale: string | null;
  communityLocale: string | null;
  browserLocale: string | null;
}

/**
 * The language someone reads (DECISIONS.md "Languages"): their choice, else their community's default, else what
 * their browser asked for when they last signed up or in (the language the app was shown in then: an account made
 * from a page switched to Korean stays Korean on an English browser), else what the browser asking now prefers, else
 * English. Never null.
 */
export function effectiveLocale(user: LocaleSources, acceptLanguage?: string): Locale {
  for (const candidate of [user.locale, user.communityLocale, user.browserLocale]) if (isLocale(candidate)) return candidate;
  return localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The language the account itself says, in SQL, in the same order (null: nothing yet). Reads the outer query's `users` row. */
const storedLocaleSql = sql<Locale | null>`coalesce(${users.locale}, ${sessionUserColumns.communityLocale}, ${users.browserLocale})`;

/** A user's language in SQL where no request asks (a notification to them): what the account says, else English. */
export const userLocaleSql = sql<Locale>`coalesce(${storedLocaleSql}, ${DEFAULT_LOCALE}::text)`;

/**
 * The language a person reads in an e-mail: the same order, with the Accept-Language of the page that asked for it
 * when one did (a reset asked for from a Korean page, by an account that has nothing better).
 */
export async function readerLocale(db: Executor, userId: string, acceptLanguage?: string): Promise<Locale> {
  const [row] = await db.select({ stored: storedLocaleSql }).from(users).where(eq(users.id, userId)).limit(1);
  return isLocale(row?.stored) ? row.stored : (localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE);
}

/**
 * Keeps what the browser signing in prefers, for the e-mails of someone who chose no language (a verification
 * link right after sign-up reads like the page that asked for it). A browser that names none of ours changes nothing.
 */
export async function rememberBrowserLocale(db: Executor, userId: string, req: Request): Promise<void> {
  const locale = localeFromAcceptLanguage(req.get('accept-language'));
  if (locale) await db.update(users).set({ browserLocale: locale }).where(and(eq(users.id, userId), sql`${users.browserLocale} IS DISTINCT FROM ${locale}`));
}

/** PUT /api/user/locale. */
export async function chooseLocale(db: Executor, userId: string, locale: Locale, now: Date): Promise<void> {
  await db.update(users).set({ locale, updatedAt: now }).where(eq(users.id, userId));
}
