import { apiMessage } from '@shared/domain/messages';
import { badRequest } from './errors';

/**
 * Keyset paging's cursors: where a page ended (the last row's sort values), handed to the client as an
 * opaque base64url string and checked field by field when it comes back, so a forged one is a 400 and
 * never reaches Postgres as something it would refuse.
 */

export const INVALID_CURSOR = apiMessage('This list has changed; load it again from the start.');

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A sort value Postgres text accepts: a string without NUL, of a sane length. */
export const isSortText = (value: unknown): value is string => typeof value === 'string' && value.length <= 300 && !value.includes('\u0000');

export function encodeCursor(parts: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The cursor's parts when `read` accepts them (it answers null otherwise); else a 400 naming the cursor. */
export function decodeCursor<Parts>(cursor: string, read: (parts: unknown[]) => Parts | null): Parts {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parts = null;
  }
  const decoded = Array.isArray(parts) ? read(parts) : null;
  if (decoded === null) throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  return decoded;
}
