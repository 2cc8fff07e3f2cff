// npm run i18n:extract: writes client/src/locales/en.json from the source (every message, as written), and adds
// each new message to the other catalogues as an empty string to translate, dropping the ones no longer used.
// The catalogue test (client/src/i18n/catalogues.test.ts) fails while any is empty.
import fs from 'node:fs';
import { LOCALES } from '../../shared/domain/locales.ts';
import { catalogueFile, extractMessages } from './messages.mjs';

const messages = [...extractMessages().keys()];
for (const locale of LOCALES) {
  const file = catalogueFile(locale);
  const previous = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const catalogue = Object.fromEntries(messages.map((message) => [message, locale === 'en' ? message : (previous[message] ?? '')]));
  fs.writeFileSync(file, `${JSON.stringify(catalogue, null, 2)}\n`);
  const missing = Object.values(catalogue).filter((translation) => translation === '').length;
  console.log(`${locale}: ${messages.length} messages${missing ? `, ${missing} to translate` : ''}`);
}
