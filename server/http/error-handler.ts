import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { DEFAULT_LOCALE, type Locale, localeFromAcceptLanguage } from '@shared/domain/locales';
import { DATABASE_UNAVAILABLE_MESSAGE, type ErrorBody, HttpError, invalidInput, isDatabaseUnavailable, postgresCode } from './errors';

/** Turns a zod error into one message per field ("email", "password", "roles.0", ...). */
export function fieldErrors(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * Drizzle's query errors carry the query's parameters in their message (a password hash, an e-mail):
 * log the SQL and the driver's error, never the values.
 */
function loggable(error: unknown): unknown {
  if (error instanceof Error && 'query' in error && 'params' in error) {
    const cause = (error as { cause?: unknown }).cause;
    return { type: error.name, query: (error as { query: unknown }).query, cause: cause instanceof Error ? { message: cause.message, code: postgresCode(cause), stack: cause.stack } : cause };
  }
  return error;
}

function toResponse(error: unknown, locale: Locale): { status: number; body: ErrorBody } | undefined {
  if (error instanceof HttpError) {
    const message = error.withValuesFor?.(locale) ?? error.message;
    return { status: error.status, body: { message, code: error.code, fields: error.fields } };
  }
  if (error instanceof ZodError) return toResponse(invalidInput(fieldErrors(error)), locale);
  const bodyParserType = (error as { type?: unknown })?.type;
  if (bodyParserType === 'entity.parse.failed') return { status: 400, body: { message: 'The request body is not valid JSON.', code: 'malformed_json' } };
  if (bodyParserType === 'entity.too.large') return { status: 413, body: { message: 'The request body is too large.', code: 'too_large' } };
  if (bodyParserType === 'encoding.unsupported' || bodyParserType === 'charset.unsupported') {
    return { status: 415, body: { message: 'Unsupported request encoding.', code: 'unsupported_encoding' } };
  }
  if (isDatabaseUnavailable(error)) return { status: 503, body: { message: DATABASE_UNAVAILABLE_MESSAGE, code: 'database_unavailable' } };
  const code = postgresCode(error);
  switch (code) {
    case '23505':
      return { status: 409, body: { message: 'That already exists.', code: 'conflict' } };
    case '22P02':
      return { status: 400, body: { message: 'An identifier in the request is not valid.', code: 'bad_request' } };
    case '23503':
      return { status: 409, body: { message: 'That refers to something that no longer exists.', code: 'conflict' } };
  }
  // Class 22 (data exception: a NUL byte, a value out of range, ...): the contracts should have refused the
  // input already; this backstop keeps a missed case a 400 instead of a 500.
  if (code?.startsWith('22')) return { status: 400, body: { message: 'Some of the input is not valid.', code: 'invalid_input' } };
  // Client errors of Express's own middleware (http-errors, e.g. a missing static asset): their status, our
  // words (their message may name a file on the server).
  const status = (error as { status?: unknown })?.status;
  if (typeof status === 'number' && Number.isInteger(status) && status >= 400 && status < 500) {
    if (status === 404) return { status, body: { message: 'Not found.', code: 'not_found' } };
    if (status === 403) return { status, body: { message: 'You do not have permission to do that.', code: 'forbidden' } };
    if (status === 405) return { status, body: { message: 'Method not allowed.', code: 'method_not_allowed' } };
    return { status, body: { message: 'The request could not be processed.', code: 'bad_request' } };
  }
  return undefined;
}

/** The one place errors become responses: known errors get their status, anything else a logged 500. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  // The client sends the language it shows as Accept-Language.
  const known = toResponse(error, localeFromAcceptLanguage(req.get('accept-language')) ?? DEFAULT_LOCALE);
  // Rate limits that count only some failures read the code once the response is finished.
  res.locals.errorCode = known?.body.code;
  if (known) {
    if (known.status >= 500) req.log?.error({ err: loggable(error) }, 'request failed');
    if (known.body.code === 'database_unavailable') res.setHeader('Retry-After', '5');
    res.status(known.status).json(known.body);
    return;
  }
  req.log?.error({ err: loggable(error) }, 'unexpected error');
  if (res.headersSent) {
    res.end();
    return;
  }
  const body: ErrorBody = { message: 'Something went wrong on our side. Please try again.', code: 'internal' };
  res.status(500).json(body);
};

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'Not found.', code: 'not_found' } satisfies ErrorBody);
};
