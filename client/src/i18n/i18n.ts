import { type Messages, setupI18n } from '@lingui/core';
import { DEFAULT_LOCALE, firstSupportedLocale, isLocale, type Locale } from '@shared/domain/locales';
import { filledTemplates } from '@shared/domain/messages';

/**
 * The one Lingui instance of the app (docs/architecture.md "Languages"). Messages are their English text (the `en`
 * catalogue is SPEC.md's words); each language's compiled catalogue is a lazy chunk (scripts/lib/vite-catalogues.mjs),
 * and only the reader's is fetched. A message no catalogue holds (English that reads as its id, a server's words
 * read through t(variable)) is shown as it came: Lingui would otherwise warn that it is uncompiled.
 */
export const i18n = setupI18n({ missing: (_locale, id) => id });

/** What the app can be shown in: the four languages, and the pseudo-locale that proves nothing is left out. */
export type ShownLocale = Locale | 'pseudo';

const CATALOGUES: Record<ShownLocale, () => Promise<{ messages: Messages; apiTemplates: readonly string[] }>> = {
  en: () => import('virtual:catalogue/en'),
  es: () => import('virtual:catalogue/es'),
  'pt-BR': () => import('virtual:catalogue/pt-BR'),
  ko: () => import('virtual:catalogue/ko'),
  pseudo: () => import('virtual:catalogue/pseudo'),
};

/** This browser's last language, so a signed-out screen and the next visit open in it before anyone is asked. */
const STORED_LOCALE_KEY = 'steadfast.locale';

export function isShownLocale(value: unknown): value is ShownLocale {
  return value === 'pseudo' || isLocale(value);
}

function storedLocale(): ShownLocale | null {
  try {
    const stored = localStorage.getItem(STORED_LOCALE_KEY);
    return isShownLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The language to open in: the signed-in user's (the page session's), else this browser's last one, else its own
 * preference, else English. The pseudo-locale, once stored (by the walk that proves the catalogues), wins over all.
 */
export function initialLocale(signedInLocale: Locale | null = null): ShownLocale {
  const stored = storedLocale();
  if (stored === 'pseudo') return stored;
  return signedInLocale ?? stored ?? firstSupportedLocale(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])) ?? DEFAULT_LOCALE;
}

const loaded = new Set<ShownLocale>();

/**
 * Fetches a language's catalogue once and shows the app in it; `html[lang]` follows. `remember` keeps it as this
 * browser's language: only a pick on the signed-out switcher does (a signed-in member's language is their account's,
 * and must not pass to the next person signing in on a shared computer).
 */
export async function activateLocale(locale: ShownLocale, { remember = false } = {}): Promise<void> {
  if (!loaded.has(locale)) {
    const { messages, apiTemplates: templates } = await CATALOGUES[locale]();
    i18n.load(locale, messages);
    apiTemplates = templates;
    loaded.add(locale);
  }
  if (remember) {
    try {
      localStorage.setItem(STORED_LOCALE_KEY, locale);
    } catch {
      // Private windows may refuse storage: the language is then asked again next time.
    }
  }
  if (i18n.locale === locale) return;
  i18n.activate(locale, locale === 'pseudo' ? ['en'] : [locale]);
  if (typeof document !== 'undefined') document.documentElement.lang = locale === 'pseudo' ? 'en' : locale;
}

/** The language shown now, as Intl formatters take it (the pseudo-locale formats as English). */
export function intlLocale(): string {
  return i18n.locale === 'pseudo' || !i18n.locale ? 'en' : i18n.locale;
}

const templatePatterns = new Map<string, RegExp | null>();
/** A template as a pattern that reads its values back; null for one that names a value twice (it cannot be read back). */
function patternOf(template: string): RegExp | null {
  let pattern = templatePatterns.get(template);
  if (pattern === undefined) {
    const source = template
      .split(/(\{\w+\})/)
      .map((part) => (/^\{\w+\}$/.test(part) ? `(?<${part.slice(1, -1)}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    const names = template.match(/\{\w+\}/g) ?? [];
    pattern = new Set(names).size === names.length ? new RegExp(`^${source}$`, 's') : null;
    templatePatterns.set(template, pattern);
  }
  return pattern;
}

/**
 * The templates of the API's messages that only the server fills (`fill(apiMessage('… {count} times …'), …)`), so no
 * `fill` here has named them: they come with the catalogue (scripts/i18n/messages.mjs apiTemplates).
 */
let apiTemplates: readonly string[] = [];

/** The values a template takes that are themselves messages (a field's label, a status), shown translated; any other (a name, a CSV cell) as it came. */
const MESSAGE_VALUES = new Set(['label', 'field', 'from', 'to']);

/** translateMessage of a server's message when there is one. */
export const translateServerMessage = (message: string | undefined) => (message === undefined ? undefined : translateMessage(message));

/**
 * A message that arrived as English text (a zod error under a field, a server's `message` in a toast) in the reader's
 * language: the catalogues' own translation when they hold it, else that of the template it was filled from
 * (shared/domain/messages.ts `fill`), with its values read back; else as it came.
 */
export function translateMessage(message: string): string {
  // Long text is no message of ours (and matching it against every template would cost).
  if (message.length > 1_000) return message;
  if (Object.hasOwn(i18n.messages, message)) return i18n._(message);
  for (const template of [...filledTemplates(), ...apiTemplates]) {
    const match = patternOf(template)?.exec(message);
    // A value may be a message itself: a field's label ('Time zone must be text').
    const value = ([name, text]: [string, string]) => [name, MESSAGE_VALUES.has(name) && Object.hasOwn(i18n.messages, text) ? i18n._(text) : text];
    if (match) return i18n._(template, Object.fromEntries(Object.entries(match.groups ?? {}).map(value)));
  }
  return message;
}
