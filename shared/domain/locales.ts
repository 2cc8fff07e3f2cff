import { msg } from './messages';

/** The languages Steadfast speaks (DECISIONS.md "Languages"); `en` is SPEC.md's own words. */
export const LOCALES = ['en', 'es', 'pt-BR', 'ko'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, as a switcher offers it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', 'pt-BR': 'Português (Brasil)', ko: '한국어' };

/** Intl's name for a locale: English keeps the US forms the app has always written ('Wednesday, December 2 at 7:00 PM'). */
export const intlLocaleOf = (locale: Locale): string => (locale === 'en' ? 'en-US' : locale);

export const LOCALE_CHOICE_MESSAGE = msg('Language must be one of en, es, pt-BR or ko');

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The supported language closest to one tag a browser prefers: exact, else by language alone
 * ('pt-PT' and 'pt' read Brazilian Portuguese, 'es-MX' Spanish, 'ko-KR' Korean, 'en-GB' English). Null when none is.
 */
export function matchLocale(tag: string): Locale | null {
  const wanted = tag.trim().toLowerCase();
  if (!wanted || wanted === '*') return null;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  return LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === language) ?? null;
}

/** The first supported language of a list in preference order (navigator.languages), else null. */
export function firstSupportedLocale(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return null;
}

/**
 * The supported language an Accept-Language header prefers ('ko-KR,ko;q=0.9,en;q=0.8'), by its q-values; null when
 * the header names none of ours. A long or malformed header is read only as far as its first 32 entries.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  const entries = header
    .slice(0, 1_000)
    .split(',')
    .slice(0, 32)
    .map((entry, index) => {
      const [tag = '', ...parameters] = entry.split(';');
      const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0 && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(entry.tag))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return firstSupportedLocale(entries.map((entry) => entry.tag));
}
