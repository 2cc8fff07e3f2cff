// The message catalogues as Vite modules: `import('virtual:catalogue/es')` is client/src/locales/es.json compiled
// for Lingui's runtime (which carries no ICU compiler), one lazy chunk per language: only the reader's loads.
// A message not yet translated falls back to the English one, compiled too, so no reader ever sees raw ICU; one that
// reads as its own id is left out (the runtime shows the id).
// `virtual:catalogue/pseudo` is English with every text wrapped and lengthened by 40 % (issue 43 item 6): a screen
// walked in it shows any text left outside the catalogues (unwrapped) and any label the longer text cuts off.
import fs from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { apiTemplates } from '../i18n/messages.mjs';

const PREFIX = 'virtual:catalogue/';
const CATALOGUES = path.resolve(import.meta.dirname, '../../client/src/locales');

/**
 * 'Sign in' -> '⟦Šîĝñ îñ···⟧': accented so it is plainly not English, 40 % longer, marked at both ends. The text
 * between a <Trans>'s numbered tags is marked piece by piece, as each piece becomes a text of its own on screen.
 */
export function pseudoText(text) {
  if (/<\/?\d+\/?>/.test(text)) return text.split(/(<\/?\d+\/?>)/).map((part) => (/^<\/?\d+\/?>$/.test(part) ? part : pseudoText(part))).join('');
  if (!text.trim()) return text;
  const ACCENTED = { a: 'á', e: 'é', i: 'î', o: 'ö', u: 'ü', n: 'ñ', c: 'ç', s: 'š', g: 'ĝ', y: 'ý', A: 'Á', E: 'É', I: 'Î', O: 'Ö', U: 'Ü', S: 'Š' };
  const accented = [...text].map((character) => ACCENTED[character] ?? character).join('');
  // The padding comes in groups a line may break between, as the words of a longer translation would.
  const padding = Math.max(1, Math.round(text.length * 0.4) - 2);
  const groups = Array.from({ length: Math.ceil(padding / 4) }, (_, index) => '·'.repeat(Math.min(4, padding - index * 4)));
  return `⟦${accented} ${groups.join(' ')}⟧`;
}

function readJson(locale) {
  return JSON.parse(fs.readFileSync(path.join(CATALOGUES, `${locale}.json`), 'utf8'));
}

export function compiledCatalogue(locale) {
  const english = readJson('en');
  const translated = locale === 'en' || locale === 'pseudo' ? english : readJson(locale);
  const compiled = {};
  for (const [id, message] of Object.entries(english)) {
    const entry = locale === 'pseudo' ? compileMessage(message, pseudoText) : compileMessage(translated[id] || message);
    // A message that reads exactly as its id (most of English) is left out: the runtime shows the id of a message
    // it does not hold (client/src/i18n/i18n.ts `missing`), so the English catalogue is only its plurals and values.
    if (!(entry.length === 1 && entry[0] === id)) compiled[id] = entry;
  }
  return compiled;
}

export function catalogues() {
  let templates;
  return {
    name: 'steadfast-catalogues',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const locale = id.slice(PREFIX.length + 1);
      if (!/^[a-zA-Z-]+$/.test(locale) || (locale !== 'pseudo' && !fs.existsSync(path.join(CATALOGUES, `${locale}.json`)))) {
        this.error(`No catalogue for "${locale}" in client/src/locales`);
      }
      this.addWatchFile(path.join(CATALOGUES, 'en.json'));
      if (locale !== 'pseudo') this.addWatchFile(path.join(CATALOGUES, `${locale}.json`));
      // JSON.parse of a string is faster for the browser to read than the same object as a literal. With each
      // catalogue, the templates of the API's messages (the same in every language; read once per build).
      templates ??= apiTemplates();
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiledCatalogue(locale)))});\nexport const apiTemplates = ${JSON.stringify(templates)};`;
    },
  };
}
