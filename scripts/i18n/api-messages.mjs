// Which messages the API sends could reach a reader in English (issue 43 item 4). The API keeps its messages in
// English beside their codes and the client shows them translated, so the client's catalogues must hold each one:
// the extractor (messages.mjs) takes a literal given to an error helper, an error body's or a rate limit's literal
// `message`, a literal field message, and every apiMessage('…'). This reads server/ for a message given any other way.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { API_MARKER, ERROR_HELPERS, errorBodyMessage, errorMessageArgument, fieldMessages, sourceFiles } from './messages.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const isLiteral = (node) => ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
const calleeName = (call) => (ts.isIdentifier(call.expression) ? call.expression.text : ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : null);
const unwrap = (node) => (node && (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node)) ? unwrap(node.expression) : node);

/** A function's name as callers write it: a declaration's, a method's, or the const an arrow is assigned to. */
function functionName(fn) {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name) return fn.name.getText();
  const parent = fn.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return null;
}
const enclosingFunctions = (node) => {
  const found = [];
  for (let at = node.parent; at; at = at.parent) if (ts.isFunctionLike(at)) found.push(at);
  return found;
};

/**
 * Names that stand for a message the client's catalogues hold: a constant (or a function returning one) made with
 * apiMessage, or with fill of one; in shared/ (whose messages the client's catalogues read whole) also msg and template.
 */
function markedNames(sources) {
  const marked = { names: new Set(), properties: new Set() };
  for (const [file, source] of sources) {
    const inShared = file.includes(`${path.sep}shared${path.sep}`);
    const marks = (node) => {
      const call = unwrap(node);
      if (!call || !ts.isCallExpression(call)) return false;
      const name = calleeName(call);
      if (name === API_MARKER) return true;
      if (inShared && (name === 'msg' || name === 'template')) return true;
      if (name === 'fill') return marks(call.arguments[0]) || (ts.isIdentifier(call.arguments[0] ?? source) && marked.names.has(call.arguments[0].text));
      return false;
    };
    /** A function's returned message: marked, a marked constant, either of two, or none (null). */
    const returnsMarked = (node) => {
      const expression = unwrap(node);
      if (!expression) return false;
      if (expression.kind === ts.SyntaxKind.NullKeyword) return true;
      if (ts.isConditionalExpression(expression)) return returnsMarked(expression.whenTrue) && returnsMarked(expression.whenFalse);
      return marks(expression) || (ts.isIdentifier(expression) && marked.names.has(expression.text));
    };
    const visit = (node) => {
      // A constant's name stands for its message anywhere; a property's only where it is read as one (RECORD.key).
      const initializer = ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node) ? node.initializer : undefined;
      const body = initializer && ts.isArrowFunction(initializer) ? initializer.body : initializer;
      if (body && marks(body)) (ts.isPropertyAssignment(node) ? marked.properties : marked.names).add(node.name.getText(source));
      if (ts.isFunctionDeclaration(node) && node.name && node.body) {
        const returned = node.body.statements.filter(ts.isReturnStatement).map((statement) => statement.expression);
        if (returned.length > 0 && returned.every(returnsMarked)) marked.names.add(node.name.text);
      }
      ts.forEachChild(node, visit);
    };
    // Twice: a function returning a constant declared below it in the file.
    visit(source);
    visit(source);
  }
  return marked;
}

/**
 * Where a message the API sends is not one the client's catalogues can hold: an error helper (or a function that
 * passes its parameter on to one: a wrapper, found to a fixed point) given a template literal with values, an
 * unmarked constant, or an expression this cannot read. A literal is fine where the extractor takes it (an error
 * helper's own argument, an error body); given to a wrapper it must be marked apiMessage('…'). Returns
 * 'file:line  expression' for each.
 */
export function unmarkedApiMessages() {
  const files = [...sourceFiles(path.join(root, 'server')), ...sourceFiles(path.join(root, 'shared'))];
  const sources = files.map((file) => [file, ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)]);
  const marked = markedNames(sources);
  /** 'name' (exported or unique) and 'file:name' (a file's own) -> the indexes of parameters that become messages. */
  const wrappers = new Map();
  const addWrapper = (key, index) => {
    // The error helpers themselves: a literal given to them is extracted.
    if (ERROR_HELPERS.has(key)) return false;
    const indexes = wrappers.get(key) ?? new Set();
    if (indexes.has(index)) return false;
    wrappers.set(key, indexes.add(index));
    return true;
  };

  const scan = (file, source, report) => {
    let grew = false;
    /** Whether `node`, sent as a message, is one the catalogues hold; `extracted`: a bare literal here is extracted. */
    const readable = (node, extracted) => {
      const expression = unwrap(node);
      if (!expression) return true; // an omitted message: the helper's default, itself checked where it is written
      if (isLiteral(expression)) return extracted;
      if (ts.isConditionalExpression(expression)) return readable(expression.whenTrue, extracted) && readable(expression.whenFalse, extracted);
      if (ts.isBinaryExpression(expression) && ['??', '||'].includes(expression.operatorToken.getText(source))) {
        return readable(expression.left, extracted) && readable(expression.right, extracted);
      }
      // RECORD.key, a namespace's constant (applications.APPLICATION_SENT), or an error's own message sent on.
      if (ts.isPropertyAccessExpression(expression)) {
        if (marked.properties.has(expression.name.text) || marked.names.has(expression.name.text) || expression.name.text === 'message') return true;
        // options.forbiddenMessage, of a parameter: its callers give it.
        const owner = unwrap(expression.expression);
        return ts.isIdentifier(owner) && parameterReaches(owner, (index) => `${index}.${expression.name.text}`) !== false;
      }
      if (ts.isCallExpression(expression)) {
        const name = calleeName(expression);
        if (name === API_MARKER) return true;
        if (name === 'fill') return readable(expression.arguments[0], false);
        // HttpError's message with its values for a reader: checked where the error is made.
        if (name === 'withValuesFor') return true;
        return name !== null && marked.names.has(name);
      }
      if (ts.isIdentifier(expression)) {
        if (marked.names.has(expression.text)) return true;
        const reached = parameterReaches(expression, (index) => String(index));
        if (reached !== undefined) return reached;
        for (const fn of enclosingFunctions(expression)) {
          const local = fn.body && ts.isBlock(fn.body) ? findConst(fn.body, expression.text) : undefined;
          if (local) return readable(local, false);
        }
        return false;
      }
      return false;
    };
    /**
     * When `identifier` is a parameter of an enclosing function (or a property destructured from one), that function
     * passes its callers' message on: it is recorded as a wrapper at `position` ('1', or '0.message' for a property of
     * the first argument), and the answer is whether its default, if any, is readable. Undefined when it is none.
     */
    const parameterReaches = (identifier, position) => {
      for (const fn of enclosingFunctions(identifier)) {
        for (const [index, parameter] of fn.parameters.entries()) {
          const element = ts.isObjectBindingPattern(parameter.name)
            ? parameter.name.elements.find((each) => each.name.getText(source) === identifier.text)
            : undefined;
          if (!element && parameter.name.getText(source) !== identifier.text) continue;
          const name = functionName(fn);
          // A rate limit's options, destructured by the limiter it makes: each `{ windowMs, message }` is checked where written.
          if (!name) return element?.getText(source) === 'message';
          const exported = ts.getCombinedModifierFlags(ts.isVariableDeclaration(fn.parent) ? fn.parent : fn) & ts.ModifierFlags.Export;
          const at = element ? `${index}.${(element.propertyName ?? element.name).getText(source)}` : position(index);
          if (addWrapper(exported ? name : `${file}:${name}`, at)) grew = true;
          // A default message is sent when a caller gives none (an options object's default: its property, if it has one).
          const property = at.split('.')[1];
          const defaults = property ? unwrap(parameter.initializer) : undefined;
          const fallback = element
            ? element.initializer
            : property
              ? defaults && ts.isObjectLiteralExpression(defaults)
                ? defaults.properties.find((each) => ts.isPropertyAssignment(each) && each.name.getText(source) === property)?.initializer
                : undefined
              : parameter.initializer;
          return !fallback || readable(fallback, false);
        }
      }
      return undefined;
    };
    const check = (node, message, extracted) => {
      if (message && !readable(message, extracted)) report?.(`${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}  ${message.getText(source).slice(0, 100)}`);
    };
    const visit = (node) => {
      const thrown = errorMessageArgument(node);
      if (thrown) {
        check(node, thrown.node, true);
        for (const field of fieldMessages(thrown.fields)) check(node, field, true);
        const withValues = unwrap(thrown.withValuesFor);
        if (withValues && ts.isArrowFunction(withValues) && !ts.isBlock(withValues.body)) check(node, withValues.body, false);
      }
      check(node, errorBodyMessage(node), true);
      if (ts.isCallExpression(node)) {
        const name = calleeName(node);
        const indexes = name && (wrappers.get(`${file}:${name}`) ?? wrappers.get(name));
        for (const position of indexes ?? []) {
          const [index, property] = position.split('.');
          const argument = unwrap(node.arguments[Number(index)]);
          if (!property) check(node, argument, false);
          else if (argument && ts.isObjectLiteralExpression(argument)) {
            const given = argument.properties.find((each) => ts.isPropertyAssignment(each) && each.name.getText(source) === property);
            check(node, given?.initializer, false);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return grew;
  };

  const serverSources = sources.filter(([file]) => file.includes(`${path.sep}server${path.sep}`));
  // Wrappers are found as their parameters reach an error; their callers are checked once none is left to find.
  while (serverSources.map(([file, source]) => scan(file, source)).some(Boolean));
  const unmarked = [];
  for (const [file, source] of serverSources) scan(file, source, (problem) => unmarked.push(problem));
  return [...new Set(unmarked)];
}

/** The initializer of `const name = …` in a function's body (a message computed before it is sent). */
function findConst(body, name) {
  let found;
  const visit = (node) => {
    if (found) return;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) found = node.initializer;
    else if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}
