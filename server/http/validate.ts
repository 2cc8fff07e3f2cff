import type { RequestHandler } from 'express';
import type { z } from 'zod';

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
