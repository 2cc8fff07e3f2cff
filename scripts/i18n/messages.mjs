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
 * the pages it writes itself). Both read shared/, whose messages either may show. The client's also holds the
 * API's error messages, written in server/ (the API sends them in English; the client shows them translated):
 * each source names which kinds of message it gives a domain.
 */
export const DOMAINS = {
  client: { sources: [['client/src', 'all'], ['shared', 'all'], ['server', 'api']], catalogues: 'client/src/locales' },
  server: { sources: [['server', 'words'], ['shared', 'words']], catalogues: 'server/locales' },
};
const MARKERS = new Set(['t', 'msg', 'fill', 'template']);
/** `apiMessage('…')` marks a message the API sends, written apart from where it is thrown or sent (a constant). */
export const API_MARKER = 'apiMessage';
/** The server's error helpers (server/http/errors.ts): the message is their first argument (HttpError's second). */
export const ERROR_HELPERS = new Set(['badRequest', 'notFound', 'conflict', 'forbidden', 'unauthorized', 'locked', 'tooManyRequests']);

export function sourceFiles(directory) {
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

/** The argument of an error helper call (or `new HttpError`) that is its message, and the one of its fields, else undefined. */
export function errorMessageArgument(node) {
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ERROR_HELPERS.has(node.expression.text)) return { node: node.arguments[0], fields: node.arguments[1] };
  if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'HttpError') {
    return { node: node.arguments?.[1], fields: node.arguments?.[3], withValuesFor: node.arguments?.[4] };
  }
  return undefined;
}

/** The messages of an error's fields written out: `badRequest('…', { commanderId: 'Not a commander here' })`. */
export function fieldMessages(fields) {
  if (!fields || !ts.isObjectLiteralExpression(fields)) return [];
  return fields.properties.filter(ts.isPropertyAssignment).map((property) => property.initializer);
}

/**
 * The `message` of an object literal that also has a `code` (an error body the server sends as it is) or a
 * `windowMs` (a rate limit's, sent with its 429).
 */
export function errorBodyMessage(node) {
  if (!ts.isObjectLiteralExpression(node)) return undefined;
  const property = (name) => node.properties.find((each) => (ts.isPropertyAssignment(each) || ts.isShorthandPropertyAssignment(each)) && each.name.getText() === name);
  const message = property('message');
  if (!(property('code') || property('windowMs')) || !message) return undefined;
  // `{ message, code }`: the name is the expression sent.
  return ts.isShorthandPropertyAssignment(message) ? message.name : message.initializer;
}

/**
 * Every message of one file's text, with where it is and its kind: `words` (marked with t, msg, fill, template, or
 * a <Trans> id) or `api` (a message the API sends: marked with apiMessage, or a literal given to an error helper).
 */
export function messagesOfSource(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const at = (node) => `${path.relative(root, fileName)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : null;
      // apiMessage(msg('…')): a message both the API sends and the server writes itself (a page, an e-mail).
      const inner = node.arguments[0] && ts.isCallExpression(node.arguments[0]) ? node.arguments[0] : undefined;
      const message = literal(node.arguments[0]) ?? (name === API_MARKER && inner && ts.isIdentifier(inner.expression) && MARKERS.has(inner.expression.text) ? literal(inner.arguments[0]) : null);
      if (name && MARKERS.has(name) && message !== null) found.push({ message, at: at(node), kind: 'words' });
      if (name === API_MARKER && message !== null) found.push({ message, at: at(node), kind: 'api' });
    }
    const thrown = errorMessageArgument(node);
    for (const message of thrown ? [thrown.node, ...fieldMessages(thrown.fields)] : []) {
      if (literal(message) !== null) found.push({ message: literal(message), at: at(node), kind: 'api' });
    }
    // An error body written out: `{ message: 'Not found.', code: 'not_found' }`.
    const bodyMessage = errorBodyMessage(node);
    if (bodyMessage && literal(bodyMessage) !== null) found.push({ message: literal(bodyMessage), at: at(node), kind: 'api' });
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText(source) === 'Trans') {
      for (const attribute of node.attributes.properties) {
        if (ts.isJsxAttribute(attribute) && attribute.name.getText(source) === 'id' && attribute.initializer) {
          const initializer = attribute.initializer;
          const message = ts.isStringLiteral(initializer) ? initializer.text : ts.isJsxExpression(initializer) ? literal(initializer.expression) : null;
          if (message !== null) found.push({ message, at: at(node), kind: 'words' });
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
  for (const [directory, kinds] of DOMAINS[domain].sources) {
    for (const file of sourceFiles(path.join(root, directory))) {
      for (const { message, at, kind } of messagesOfSource(file, fs.readFileSync(file, 'utf8'))) {
        if (kinds === 'all' || kinds === kind) places.set(message, [...(places.get(message) ?? []), at]);
      }
    }
  }
  return new Map([...places].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The templates among the messages the API sends ('… {count} times …'): the client reads a message the server filled
 * back into its template and values only against these (and the templates its own code filled), never against its
 * screens' templates, which could match text they did not make.
 */
export function apiTemplates() {
  const templates = new Set();
  for (const directory of ['server', 'shared']) {
    for (const file of sourceFiles(path.join(root, directory))) {
      const text = fs.readFileSync(file, 'utf8');
      // A template is always marked (the build reads this: only the files that mark one are parsed).
      if (!text.includes(`${API_MARKER}(`)) continue;
      for (const { message, kind } of messagesOfSource(file, text)) {
        if (kind === 'api' && /\{\w+\}/.test(message) && !/\{\w+,/.test(message)) templates.add(message);
      }
    }
  }
  return [...templates].sort();
}

export const catalogueFile = (locale, domain = 'client') => path.join(root, DOMAINS[domain].catalogues, `${locale}.json`);
export function readCatalogue(locale, domain = 'client') {
  return JSON.parse(fs.readFileSync(catalogueFile(locale, domain), 'utf8'));
}
