import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@shared/domain/locales';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ko from '../locales/ko.json';
import ptBR from '../locales/pt-BR.json';

/**
 * The server's words in a reader's language (issue 43 item 4): e-mails, pushes and the pages it writes itself.
 * The English text is the message's id, as on the client (scripts/i18n/messages.mjs finds `t('…')` and `msg('…')`
 * in server/ and shared/); server/locales holds the translations. One Lingui instance per language, made on first
 * use: an instance has one active language, and requests for different readers interleave.
 */
export interface ServerTranslate {
  (message: string, values?: Record<string, unknown>): string;
  /** The language it writes: an e-mail's HTML part names it (`lang`), so screen readers pronounce it right. */
  readonly locale: Locale;
}

const CATALOGUES: Record<Locale, Record<string, string>> = { en, es, 'pt-BR': ptBR, ko };
const instances = new Map<Locale, I18n>();

function instanceFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = setupI18n({ missing: (_locale, id) => id });
    // A message without a translation yet reads as English, compiled, so its placeholders are filled.
    const translated = CATALOGUES[locale];
    const messages = Object.fromEntries(Object.keys(en).map((id) => [id, compileMessage(translated[id] || id)]));
    instance.loadAndActivate({ locale, messages });
    instances.set(locale, instance);
  }
  return instance;
}

/** `translator(user.locale)('Reset your Steadfast password')`; an unknown locale reads English. */
export function translator(locale: string | null | undefined): ServerTranslate {
  const known = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const instance = instanceFor(known);
  return Object.assign((message: string, values?: Record<string, unknown>) => instance._(message, values), { locale: known });
}
