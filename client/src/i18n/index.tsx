import { type MessageOptions } from '@lingui/core';
import { TransNoContext, type TransProps } from '@lingui/react/server';
import { useCallback, useSyncExternalStore } from 'react';
import { i18n } from './i18n';

export { fill, msg } from '@shared/domain/messages';
export { activateLocale, i18n, initialLocale, intlLocale, isShownLocale, type ShownLocale, translateMessage, translateServerMessage } from './i18n';

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const currentLocale = () => i18n.locale;

/** The language shown now; a component that reads it renders again when it changes. */
export function useLocale(): string {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

/** Values an ICU message reads: `t('{count, plural, one {# member} other {# members}}', { count })`. */
export type MessageValues = Record<string, unknown>;
export type Translate = (message: string, values?: MessageValues, options?: MessageOptions) => string;

/**
 * `const t = useT()`, then `t('Sign in')`: the message in the reader's language. The English text is the id, so a
 * literal must be written out in the call (the extractor reads it); a label kept in a constant is marked with
 * `msg('…')` there and passed as `t(label)`. The component renders again when the language changes.
 */
export function useT(): Translate {
  const locale = useLocale();
  // A new function per language, so memoised children that take it render again too.
  return useCallback<Translate>((message, values, options) => i18n._(message, values, options), [locale]);
}

/**
 * A message with elements inside it: `<Trans id="Read the <0>privacy page</0>." components={{ 0: <Link href="/privacy" /> }} />`.
 * Placeholders are `{name}` with `values`; the id is the English text, written out as a literal.
 */
export function Trans({ values, ...props }: Omit<TransProps, 'render' | 'component'>) {
  useLocale();
  // A value that is text (a member's name) goes in as an element, so Lingui never reads tags inside it: a name such
  // as '<0>x</0>' stays text.
  const safeValues = values && Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? <>{value}</> : value]));
  return <TransNoContext {...props} values={safeValues} lingui={{ i18n }} />;
}

export { dateFormat, firstDayOfWeek, formatList, formatNumber, relativeTimeFormat } from './format';
