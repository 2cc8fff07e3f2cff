import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { apiMessage } from '@shared/domain/messages';
import { uuidField } from '@shared/contracts/fields';
import { invalidInput, notFound } from './errors';

/**
 * Route guards that parse the request with a shared contract; a failure throws the ZodError,
 * which the error handler answers with 400 and a message per field. The parsed value replaces the raw one.
 */
export function body<Schema extends z.ZodType>(schema: Schema): RequestHandler {
  return (req, _res, next) => {
    assertNoPrototypeKeys(req.body);
    req.body = schema.parse(req.body ?? {});
    next();
  };
}

export function query<Schema extends z.ZodType>(schema: Schema): RequestHandler {
  return (req, res, next) => {
    res.locals.query = schema.parse(req.query);
    next();
  };
}

export function params<Schema extends z.ZodType>(schema: Schema): RequestHandler {
  return (req, res, next) => {
    res.locals.params = schema.parse(req.params);
    next();
  };
}

/** A path id that must be a uuid; anything else names nothing that exists, so it is a 404 with `notFoundMessage`. */
export function idParam(value: unknown, notFoundMessage: string): string {
  const parsed = uuidField.safeParse(value);
  if (!parsed.success) throw notFound(notFoundMessage);
  return parsed.data;
}

export const PROTOTYPE_KEY_MESSAGE = apiMessage('Not a field this request takes');

/**
 * JSON.parse keeps a `"__proto__"` key as an own property, and zod drops it from records without a word
 * (a record of discipline targets holding only `__proto__` parses as an empty one): a body holding one is
 * refused with 400 and the key's path, before any schema reads it. Walked without recursion, so a deeply
 * nested body cannot exhaust the stack.
 */
function assertNoPrototypeKeys(value: unknown): void {
  type Node = { value: unknown; key?: string; parent?: Node };
  const pathOf = (node: Node) => {
    const keys: string[] = [];
    for (let at: Node | undefined = node; at?.key !== undefined; at = at.parent) keys.unshift(at.key);
    return keys.join('.');
  };
  const pending: Node[] = [{ value }];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (!node.value || typeof node.value !== 'object') continue;
    for (const key of Object.keys(node.value)) {
      const child: Node = { value: (node.value as Record<string, unknown>)[key], key, parent: node };
      if (key === '__proto__') throw invalidInput({ [pathOf(child)]: PROTOTYPE_KEY_MESSAGE });
      pending.push(child);
    }
  }
}
