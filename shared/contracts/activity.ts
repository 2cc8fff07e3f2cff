import { z } from 'zod';
import { cursorField } from './fields';

/** Entries a page of Recent Activity holds. */
export const ACTIVITY_PAGE_SIZE = 20;

/** GET /api/communities/{id}/activity?cursor=: the community's audit log, newest first, a page at a time. */
export const activityQuery = z.object({ cursor: cursorField.optional() });

/**
 * One line of Recent Activity. Only what its sentence needs leaves the server: names the admins already see on
 * the Members and Subgroups tabs, months, roles and counts; never a note, an answer, a target or an e-mail.
 */
export interface ActivityEntry {
  id: string;
  at: string;
  /** The audit log's entity and action joined by a dot, e.g. 'membership.roles.update'. */
  kind: string;
  /** Who acted: their name; 'a deleted account'; null for the server's operator (a command-line script). */
  actor: string | null;
  /** The member or subgroup the action was about, while it exists; null when it is gone. */
  subject: string | null;
  detail: ActivityDetail;
}

export interface ActivityDetail {
  /** A subgroup's or the community's name as it was written down; an imported record's name; a member's former name. */
  name?: string;
  /** A member's roles after the change. */
  roles?: string[];
  month?: number;
  year?: number;
  /** Rows imported. */
  count?: number;
  /** The community's settings that changed (their field names). */
  fields?: string[];
  /** The subgroup a member was placed in, or its new commander; null for none. */
  to?: string | null;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  nextCursor: string | null;
}
