import { intlLocale } from './i18n';

// Intl formatters in the language shown now, made once per language and options (building one costs far more
// than using it). Call them where the text is rendered, never at module load: the language can change.
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat | Intl.RelativeTimeFormat>();

function cached<Formatter>(kind: string, options: object, make: (locale: string) => Formatter): Formatter {
  const key = `${kind}|${intlLocale()}|${JSON.stringify(options)}`;
  let formatter = cache.get(key) as Formatter | undefined;
  if (!formatter) {
    formatter = make(intlLocale());
    cache.set(key, formatter as never);
  }
  return formatter;
}

/** `dateFormat({ month: 'long', year: 'numeric' }).format(date)` in the reader's language. */
export const dateFormat = (options: Intl.DateTimeFormatOptions = {}) => cached('date', options, (locale) => new Intl.DateTimeFormat(locale, options));

/** 1234 -> '1,234' (en), '1.234' (es, pt-BR), '1,234' (ko). */
export const formatNumber = (value: number, options: Intl.NumberFormatOptions = {}) =>
  cached('number', options, (locale) => new Intl.NumberFormat(locale, options)).format(value);

/** ['Prayer', 'Fasting', 'Reading'] -> 'Prayer, Fasting, and Reading' in the reader's language ('y', 'e', '및'). */
export const formatList = (items: readonly string[], options: Intl.ListFormatOptions = { style: 'long', type: 'conjunction' }) =>
  cached('list', options, (locale) => new Intl.ListFormat(locale, options)).format(items);

/** `relativeTimeFormat().format(-3, 'day')` -> '3 days ago' in the reader's language. */
export const relativeTimeFormat = (options: Intl.RelativeTimeFormatOptions = { numeric: 'auto' }) =>
  cached('relative', options, (locale) => new Intl.RelativeTimeFormat(locale, options));

/** Where CLDR starts each of our languages' week, for a browser without Intl.Locale's week info (1 = Monday, 7 = Sunday). */
const FIRST_DAY_FALLBACK: Record<string, number> = { en: 7, es: 1, 'pt-BR': 7, ko: 7 };

/**
 * The weekday the reader's week starts on, as Date.getDay() counts (0 = Sunday, 1 = Monday): Sunday in English,
 * Brazilian Portuguese and Korean, Monday in Spanish (CLDR's `es`). The month grid's first column.
 */
export function firstDayOfWeek(locale = intlLocale()): number {
  let firstDay = FIRST_DAY_FALLBACK[locale] ?? 7;
  try {
    const intlLocale = new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
    firstDay = intlLocale.getWeekInfo?.().firstDay ?? intlLocale.weekInfo?.firstDay ?? firstDay;
  } catch {
    // An engine without Intl.Locale keeps the table's answer.
  }
  return firstDay % 7;
}
