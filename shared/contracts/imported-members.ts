import { z } from 'zod';
import { uuidField } from './fields';

/**
 * POST /api/communities/{id}/imported-members/{importedUserId}/link (DECISIONS.md "Imported members and
 * claiming"): an admin of the community offers a name-only imported record's history to a real member of it,
 * who accepts or declines it (issue 38 item 7). Answered 202: nothing of the member's log changes before they accept.
 */
export const linkImportedMemberBody = z.object({ userId: uuidField });
export type LinkImportedMemberBody = z.infer<typeof linkImportedMemberBody>;

export interface LinkImportedMemberResult {
  message: string;
}

/** GET /api/user/history-offers: the history admins have offered the caller, waiting for their answer. */
export interface HistoryOfferView {
  id: string;
  communityId: string;
  communityName: string;
  /** The months and days of history the offer brings (counted when it was made). */
  months: number;
  days: number;
  /** The admin who made the offer (null once their account is gone). */
  offeredBy: string | null;
  createdAt: string;
  expiresAt: string;
}
