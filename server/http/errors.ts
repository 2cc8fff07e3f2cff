import type { Locale } from '@shared/domain/locales';
import { apiMessage } from '@shared/domain/messages';

/**
 * An error with an HTTP status that the error handler sends as the JSON error shape of DECISIONS.md. Its message is
 * English; the client shows it in the reader's language. `withValuesFor`, when given, writes the same English
 * message with its values (a date) formatted for the asking reader's language, so the translated sentence the client
 * shows holds a date written their way.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Stable, for the client's logic: never changes when the words do. */
    readonly code: string,
    readonly fields?: Record<string, string>,
    readonly withValuesFor?: (locale: Locale) => string,
  ) {
    super(message);
  }
}

/** A request refused field by field: the fields and their messages say what to change. */
export const invalidInput = (fields: Record<string, string>) => new HttpError(400, 'Please check the highlighted fields.', 'invalid_input', fields);
export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, 'bad_request', fields);
export const unauthorized = (message = apiMessage('Please sign in to continue.')) => new HttpError(401, message, 'unauthorized');
export const forbidden = (message = apiMessage('You do not have permission to do that.')) => new HttpError(403, message, 'forbidden');
export const notFound = (message = apiMessage('Not found.')) => new HttpError(404, message, 'not_found');
export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, message, 'conflict', fields);
export const locked = (message = apiMessage('This month is locked.')) => new HttpError(423, message, 'locked');
/** The code of a refused current password: rate limits count these failures, not other refusals. */
export const WRONG_PASSWORD_CODE = 'wrong_password';

export const tooManyRequests = (message: string) => new HttpError(429, message, 'rate_limited');

export interface ErrorBody {
  message: string;
  code: string;
  fields?: Record<string, string>;
}

/** The Postgres error code of a driver error, found on the error or its cause (drizzle wraps driver errors). */
export function postgresCode(error: unknown): string | undefined {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => postgresCode(error) === '23505';

/** The name of the constraint a driver error reports (on the error or its cause), e.g. a unique index. */
export function violatedConstraint(error: unknown): string | undefined {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

export const DATABASE_UNAVAILABLE_MESSAGE = apiMessage('Steadfast cannot reach its database right now. Please try again in a moment.');

/** Node's socket errors and pg's own words for a connection that could not be made or was lost. */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * Postgres away or refusing connections: shut down by an administrator or a crash (57P01, 57P02), still starting
 * (57P03), its database dropped (57P04), an idle session ended (57P05), too many connections (53300).
 */
const DATABASE_AWAY_CODES = new Set(['57P01', '57P02', '57P03', '57P04', '57P05', '53300']);
const CONNECTION_LOST = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed/i;
/**
 * Postgres's own words (severity) for an error that ends the connection: whatever its code, the session is
 * gone, and a connection could not be had (a database that does not allow connections, 55000; no database of
 * that name, 3D000; a role refused, class 28 …). A localized server says FATAL in its language; the routine of a
 * database refusing connections is named alike in every one.
 */
const CONNECTION_ENDING_SEVERITIES = new Set(['FATAL', 'PANIC']);
const REFUSING_CONNECTIONS_ROUTINE = 'CheckMyDatabase';

/**
 * Whether an error means the database could not be reached (stopped, restarting, failed over, network
 * gone, out of connections, not allowing connections), not that the request was wrong: connection exceptions
 * (class 08, except a protocol violation, which is a bug), the codes above, any error Postgres sends as FATAL
 * or PANIC (it ends the connection: every refusal at connect is one, such as 55000 "database does not allow
 * connections"), or a lost socket. A 55000 of a statement (an ERROR) is a bug, not an outage. The request may or
 * may not have been written: the answer promises nothing either way.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, severity, routine } = current as { code?: unknown; severity?: unknown; routine?: unknown };
    if (typeof code === 'string' && ((code.startsWith('08') && code !== '08P01') || DATABASE_AWAY_CODES.has(code) || CONNECTION_ERROR_CODES.has(code))) return true;
    if (typeof severity === 'string' && CONNECTION_ENDING_SEVERITIES.has(severity)) return true;
    if (code === '55000' && routine === REFUSING_CONNECTIONS_ROUTINE) return true;
    if (current instanceof Error && CONNECTION_LOST.test(current.message)) return true;
  }
  return false;
}
