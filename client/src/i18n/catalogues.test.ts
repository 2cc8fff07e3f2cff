import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { LOCALES } from '@shared/domain/locales';
import { unmarkedApiMessages } from '../../../scripts/i18n/api-messages.mjs';
import { extractMessages, readCatalogue } from '../../../scripts/i18n/messages.mjs';

/** The ICU arguments and numbered tags a message reads: '{count, plural, ...} <0>x</0>' -> ['<0>', 'count']. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)) names.add(match[1]!);
  for (const match of message.matchAll(/<\/?(\d+)\s*\/?>/g)) names.add(`<${match[1]}>`);
  // A plural's '#' is the count itself, not a placeholder of its own.
  return [...names].sort();
}

// The API sends its messages in English beside their codes; the client shows them in the reader's language, so its
// catalogues must hold each one (issue 43 item 4): a message the extractor cannot read would reach readers in English.
it('the client catalogues can hold every message the API sends: each is a literal, a marked constant or a marked template', () => {
  expect(unmarkedApiMessages()).toEqual([]);
});

describe.each(['client', 'server'] as const)('the %s catalogues', (domain) => {
  const source = extractMessages(domain);
  const english = readCatalogue('en', domain);

  it('en holds every message of the source, word for word, and nothing else (npm run i18n:extract)', () => {
    expect(Object.keys(english)).toEqual([...source.keys()]);
    for (const [id, message] of Object.entries(english)) expect(message).toBe(id);
  });

  describe.each(LOCALES.filter((locale) => locale !== 'en'))('%s', (locale) => {
    const catalogue = readCatalogue(locale, domain);

    it('translates every message and keeps no stale one', () => {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
      const untranslated = Object.entries(catalogue).filter(([, translation]) => !translation.trim()).map(([id]) => id);
      expect(untranslated).toEqual([]);
    });

    it("reads the same placeholders and tags as the English message, and each compiles", () => {
      const differing = Object.entries(catalogue)
        .filter(([id, translation]) => translation && placeholders(translation).join() !== placeholders(id).join())
        .map(([id, translation]) => ({ id, translation }));
      expect(differing).toEqual([]);
      for (const translation of Object.values(catalogue)) expect(() => compileMessageOrThrow(translation)).not.toThrow();
    });
  });
});

// A deleted member's name is replaced in the notifications others keep as a whole word (account-deletion.ts): a
// translation that glued a letter to it ('{name}님') would keep their name there.
describe.each(LOCALES.filter((locale) => locale !== 'en'))('the server catalogue in %s', (locale) => {
  it('leaves a name a word of its own, and no backslash in a tombstone', () => {
    const catalogue = readCatalogue(locale, 'server');
    expect(Object.values(catalogue).filter((translation) => /\{name\}\p{L}|\p{L}\{name\}/u.test(translation))).toEqual([]);
    expect(catalogue['a former member']).not.toContain('\\');
  });
});
