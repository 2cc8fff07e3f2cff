import { z } from 'zod';
import type { NeedsAWordReason } from '../domain/needs-a-word';
import { uuidField } from './fields';

/** GET /api/communities/{id}/needs-a-word[?subgroupId=]: a subgroup the caller leads, or any of the community's for admins. */
export const needsAWordQuery = z.object({
  subgroupId: uuidField.optional(),
});
export type NeedsAWordQuery = z.input<typeof needsAWordQuery>;

/** A member of a subgroup the caller leads who may need a word this week, and why (never private text). */
export interface NeedsAWordRow {
  userId: string;
  displayName: string;
  reasons: NeedsAWordReason[];
}

/** POST /api/communities/{id}/needs-a-word/{userId}/reached-out: the member is left out of the list until then. */
export interface ReachedOutView {
  userId: string;
  hiddenUntil: string;
}
