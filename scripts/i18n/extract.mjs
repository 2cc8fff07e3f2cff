// npm run i18n:extract: writes each domain's en.json (client/src/locales, server/locales) from the source, every
// message as written, and adds each new message to the other catalogues as an empty string to translate (filled
// from the other domain's catalogue when it holds the same message), dropping the ones no longer used.
// The catalogue test (client/src/i18n/catalogues.test.ts) fails while any is empty.
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../../shared/domain/locales.ts';
import { catalogueFile, DOMAINS, extractMessages } from './messages.mjs';

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {});

for (const domain of Object.keys(DOMAINS)) {
  const messages = [...extractMessages(domain).keys()];
  for (const locale of LOCALES) {
    const file = catalogueFile(locale, domain);
    const previous = read(file);
    const others = Object.keys(DOMAINS).filter((other) => other !== domain).map((other) => read(catalogueFile(locale, other)));
    const translated = (message) => previous[message] || others.map((other) => other[message]).find(Boolean) || '';
    const catalogue = Object.fromEntries(messages.map((message) => [message, locale === 'en' ? message : translated(message)]));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(catalogue, null, 2)}\n`);
    const missing = Object.values(catalogue).filter((translation) => translation === '').length;
    console.log(`${domain} ${locale}: ${messages.length} messages${missing ? `, ${missing} to translate` : ''}`);
  }
}
