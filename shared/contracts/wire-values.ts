/**
 * The contracts' plain values (page sizes, lengths, header names), apart from the zod schemas of the modules that
 * re-export them: the client's API hooks read these on every signed-in screen, and importing them from a schema
 * module brought zod (25 KB gzip) into the chunk every signed-in screen waits for (issue 40 item 4). Only the
 * forms, which validate with the schemas, load zod.
 */

/** GET /api/communities/{id}/members?limit=: the largest page. */
export const MEMBERS_PAGE_MAX = 100;

/** GET /api/notifications: at most this many, newest first. */
export const NOTIFICATION_LIST_LIMIT = 50;

/** Every answer of GET /api/notifications (200 and 304) carries the true unread count in this header. */
export const UNREAD_COUNT_HEADER = 'X-Unread-Count';

export const QUESTION_TITLE_MAX = 200;
export const QUESTION_TEXT_MAX = 5000;
/** Question lists answer newest first, at most this many (a commander's received list can grow for years). */
export const QUESTION_LIST_LIMIT = 100;
