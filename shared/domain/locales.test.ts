import { firstSupportedLocale, localeFromAcceptLanguage, matchLocale } from './locales';

describe('matchLocale', () => {
  it.each([
    ['en', 'en'],
    ['en-GB', 'en'],
    ['es-MX', 'es'],
    ['ES', 'es'],
    ['pt-BR', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['ko-KR', 'ko'],
    ['fr', null],
    ['*', null],
    ['', null],
  ])('%s reads %s', (tag, expected) => expect(matchLocale(tag)).toBe(expected));
});

describe('localeFromAcceptLanguage', () => {
  it('follows the q-values, then the order', () => {
    expect(localeFromAcceptLanguage('fr-FR,fr;q=0.9,ko;q=0.8,en;q=0.7')).toBe('ko');
    expect(localeFromAcceptLanguage('en;q=0.5,es;q=0.9')).toBe('es');
    expect(localeFromAcceptLanguage('pt-BR, en')).toBe('pt-BR');
  });

  it('is null for a missing, foreign or malformed header', () => {
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
    expect(localeFromAcceptLanguage('fr, de;q=0.5')).toBeNull();
    expect(localeFromAcceptLanguage('es;q=0')).toBeNull();
    expect(localeFromAcceptLanguage('<script>, ;;;, ko;q=abc')).toBeNull();
    expect(localeFromAcceptLanguage(`${'x-'.repeat(5_000)}ko`)).toBeNull();
  });

  it('keeps the first supported of a preference list', () => {
    expect(firstSupportedLocale(['fr', 'ko-KR', 'en'])).toBe('ko');
    expect(firstSupportedLocale([])).toBeNull();
  });
});
