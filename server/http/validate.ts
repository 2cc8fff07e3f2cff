import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { uuidField } from '@shared/contracts/fields';
import { notFound } from './errors';

/**
 * Route guards that parse the request with a shared contract; a failure throws the ZodError,
 * which the error handler answers with 400 and a message per field. The parsed value replaces the raw one.
 */
export function body<Schema extends z.ZodType>(schema: Schema): RequestHandler {
  return (req, _res, next) => {
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
