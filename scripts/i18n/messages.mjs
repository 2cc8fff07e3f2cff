// The client's messages, found in the source: the English text is the message's id (Lingui's own model), so the
// `en` catalogue is SPEC.md's words and a translator reads the sentence they translate.
//
// A message is the first argument of t('...'), msg('...') or fill('...') when it is a string literal, and the id of
// <Trans id="..." />. Anything else (a variable passed to t) is translated at run time but must have been marked
// with msg() where it was written. Read by `npm run i18n:extract` and by the catalogue test.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '../..');
/**
 * Two sets of catalogues: the client's (its screens, lazy chunks per language) and the server's (e-mails, pushes,
 * the pages it writes itself). Both read shared/, whose messages either may show.
 */
export const DOMAINS = {
  client: { sources: ['client/src', 'shared'], catalogues: 'client/src/locales' },
  server: { sources: ['server', 'shared'], catalogues: 'server/locales' },
};
const MARKERS = new Set(['t', 'msg', 'fill', 'template']);

function sourceFiles(directory) {
  const files = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!['test', 'e2e', 'locales', 'node_modules'].includes(entry.name)) files.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-kit\.tsx?$|\.d\.ts$/.test(entry.name)) {
      files.push(full);
    }
  }
  return files;
}

function literal(node) {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;
}

/** Every message of one file's text, with where it is. */
export function messagesOfSource(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const at = (node) => `${path.relative(root, fileName)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : null;
      const message = literal(node.arguments[0]);
      if (name && MARKERS.has(name) && message !== null) found.push({ message, at: at(node) });
    } else if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText(source) === 'Trans') {
      for (const attribute of node.attributes.properties) {
        if (ts.isJsxAttribute(attribute) && attribute.name.getText(source) === 'id' && attribute.initializer) {
          const initializer = attribute.initializer;
          const message = ts.isStringLiteral(initializer) ? initializer.text : ts.isJsxExpression(initializer) ? literal(initializer.expression) : null;
          if (message !== null) found.push({ message, at: at(node) });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every message of a domain ('client' or 'server'), sorted, each with the places it is written. */
export function extractMessages(domain = 'client') {
  const places = new Map();
  for (const directory of DOMAINS[domain].sources) {
    for (const file of sourceFiles(path.join(root, directory))) {
      for (const { message, at } of messagesOfSource(file, fs.readFileSync(file, 'utf8'))) {
        places.set(message, [...(places.get(message) ?? []), at]);
      }
    }
  }
  return new Map([...places].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export const catalogueFile = (locale, domain = 'client') => path.join(root, DOMAINS[domain].catalogues, `${locale}.json`);
export function readCatalogue(locale, domain = 'client') {
  return JSON.parse(fs.readFileSync(catalogueFile(locale, domain), 'utf8'));
}
