import { SESSION_IDLE_TIMEOUT_MS } from './constants';

/**
 * How long Steadfast keeps what has done its work (issue 39 item 4, "Nothing kept for ever"). The scheduled
 * scan prunes by these numbers (server/features/retention/prune.ts) and the /privacy page quotes them, so the
 * two never say different things.
 */

/** A notification (the bell) is deleted this many days after it was written, read or not. */
export const NOTIFICATION_KEEP_DAYS = 180;

/** An audit entry (who changed what in a community) is deleted this many days after the change. */
export const AUDIT_KEEP_DAYS = 400;

/**
 * An outbox row (an e-mail or push) is deleted this many days after it was queued, once sent or given up. Its
 * body is blanked the moment it is sent or given up (its links are credentials); the row is kept a week so
 * an operator can still see that a message went out, and to whom.
 */
export const SENT_MAIL_KEEP_DAYS = 7;

/**
 * An e-mailed link's token (verification, password reset) is deleted this many days after it expires, used or
 * not. A link used, expired or deleted gets the same "this link does not work" answer, so no longer grace is
 * needed; the day lets an operator look into "the link did not work" the day it is reported. Every token
 * expires within 24 hours of being sent, so none is kept more than two days.
 */
export const EMAIL_LINK_KEEP_DAYS = 1;

/**
 * An "I've reached out" mark (a member's commander or an admin reached out to them, issue 26) is deleted this many
 * days after it was made: "Your care" counts the last six months, "Needs a word" the last week.
 */
export const CARE_MARK_KEEP_DAYS = 400;

/** A scheduled backup's record (when, which file, what failed: no personal data) is deleted this many days after it ran. */
export const BACKUP_RUN_KEEP_DAYS = 60;

/** An offer of imported history is answered within this many days, or lapses; declined and lapsed offers are deleted. */
export const HISTORY_OFFER_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A signed-in session ends after this many days without activity, and its row is deleted (the session store's own pruning). */
export const SESSION_IDLE_DAYS = SESSION_IDLE_TIMEOUT_MS / DAY_MS;

/** The instant `days` whole days before `at`: what was written before it has outlived its keeping. */
export const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * DAY_MS);
