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
const API_MARKER = 'apiMessage';
/** The server's error helpers (server/http/errors.ts): the message is their first argument (HttpError's second). */
export const ERROR_HELPERS = new Set(['badRequest', 'notFound', 'conflict', 'forbidden', 'unauthorized', 'locked', 'tooManyRequests']);

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

/** The argument of an error helper call (or `new HttpError`) that is its message, else undefined. */
export function errorMessageArgument(node) {
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ERROR_HELPERS.has(node.expression.text)) return { present: true, node: node.arguments[0] };
  if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'HttpError') return { present: true, node: node.arguments?.[1] };
  return undefined;
}

/**
 * The `message` of an object literal that also has a `code` (an error body the server sends as it is) or a
 * `windowMs` (a rate limit's, sent with its 429).
 */
function errorBodyMessage(node) {
  if (!ts.isObjectLiteralExpression(node)) return undefined;
  const property = (name) => node.properties.find((each) => (ts.isPropertyAssignment(each) || ts.isShorthandPropertyAssignment(each)) && each.name.getText() === name);
  return property('code') || property('windowMs') ? property('message')?.initializer : undefined;
}

/**
 * Where a message the API sends is not one the client's catalogues can hold (issue 43 item 4): an error helper given
 * a template literal with values, a constant not marked with apiMessage (or msg, template in shared/), or an
 * expression the extractor cannot read. A lower-case name is a helper's parameter, passed through from a caller that
 * is checked where it calls. Returns 'file:line  expression' for each.
 */
export function unmarkedApiMessages() {
  const files = [...sourceFiles(path.join(root, 'server')), ...sourceFiles(path.join(root, 'shared'))];
  const sources = files.map((file) => [file, ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)]);
  const marked = new Set();
  const markers = new Set([API_MARKER, 'msg', 'template', 'fill']);
  for (const [, source] of sources) {
    const visit = (node) => {
      const initializer = ts.isVariableDeclaration(node) ? node.initializer : ts.isPropertyAssignment(node) ? node.initializer : undefined;
      const body = initializer && ts.isArrowFunction(initializer) ? initializer.body : initializer;
      if (body && ts.isCallExpression(body) && ts.isIdentifier(body.expression) && markers.has(body.expression.text)) marked.add(node.name.getText(source));
      // function closingRefusal(…) { …; return fill(CLOSING_REFUSAL, …); }
      if (ts.isFunctionDeclaration(node) && node.name && node.body) {
        const returned = node.body.statements.filter(ts.isReturnStatement).map((statement) => statement.expression);
        if (returned.length > 0 && returned.every((each) => each && ts.isCallExpression(each) && ts.isIdentifier(each.expression) && markers.has(each.expression.text))) marked.add(node.name.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const readable = (node) =>
    ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    (ts.isIdentifier(node) && (marked.has(node.text) || /^[a-z]/.test(node.text))) ||
    (ts.isPropertyAccessExpression(node) && (marked.has(node.name.text) || /^[a-z]/.test(node.name.text))) ||
    (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && (markers.has(node.expression.text) || marked.has(node.expression.text))) ||
    (ts.isConditionalExpression(node) && readable(node.whenTrue) && readable(node.whenFalse)) ||
    (ts.isParenthesizedExpression(node) && readable(node.expression));
  const unmarked = [];
  for (const [file, source] of sources) {
    if (!file.includes(`${path.sep}server${path.sep}`)) continue;
    const visit = (node) => {
      const message = errorMessageArgument(node)?.node ?? errorBodyMessage(node);
      if (message && !readable(message)) unmarked.push(`${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}  ${message.getText(source).slice(0, 100)}`);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return unmarked;
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
      const message = literal(node.arguments[0]);
      if (name && MARKERS.has(name) && message !== null) found.push({ message, at: at(node), kind: 'words' });
      if (name === API_MARKER && message !== null) found.push({ message, at: at(node), kind: 'api' });
    }
    const thrown = errorMessageArgument(node);
    if (thrown && literal(thrown.node) !== null) found.push({ message: literal(thrown.node), at: at(node), kind: 'api' });
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

export const catalogueFile = (locale, domain = 'client') => path.join(root, DOMAINS[domain].catalogues, `${locale}.json`);
export function readCatalogue(locale, domain = 'client') {
  return JSON.parse(fs.readFileSync(catalogueFile(locale, domain), 'utf8'));
}
