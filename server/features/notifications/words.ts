import { type SQL, sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@shared/domain/locales';
import { type ServerTranslate, translator } from '../../i18n/translate';

/**
 * A notification is written in its reader's language when it is made (issue 43 item 4): the bell's line, the
 * e-mail and the push alike. What someone typed (a care note, a question's subject, a name) goes in as they
 * typed it; only our words are translated.
 */
export interface Reader {
  t: ServerTranslate;
  locale: Locale;
}

/** Words of a notification: as typed (a care note), or written for each reader. */
export type Words = string | ((reader: Reader) => string);

export const readerIn = (locale: Locale): Reader => ({ t: translator(locale), locale });

export const wordsFor = (words: Words, reader: Reader): string => (typeof words === 'string' ? words : words(reader));

/** `words` in each of our languages, picked row by row by `locale`: one INSERT … SELECT tells each reader in theirs. */
export function wordsByLocale(words: Words, locale: SQL): SQL {
  if (typeof words === 'string') return sql`${words}::text`;
  const others = LOCALES.filter((each) => each !== DEFAULT_LOCALE).map((each) => sql` WHEN ${each}::text THEN ${words(readerIn(each))}::text`);
  return sql`(CASE ${locale}${sql.join(others, sql``)} ELSE ${words(readerIn(DEFAULT_LOCALE))}::text END)`;
}
