import { z } from 'zod';
import type { NeedsAWordReason } from '../domain/needs-a-word';
import { multiLineText, uuidField } from './fields';

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

/** What the note offers before the commander changes it. */
export const CARE_NOTE_PREFILL = 'Thinking of you this week. How are you?';
export const CARE_NOTE_MAX = 500;

/** POST /api/communities/{id}/needs-a-word/{userId}/note: a short note the member receives as a notification (in the app only). */
export const careNoteBody = z.object({
  message: multiLineText('Note').pipe(z.string().min(1, 'Please write a short note.').max(CARE_NOTE_MAX, `A note must be at most ${CARE_NOTE_MAX} characters.`)),
});
export type CareNoteBody = z.infer<typeof careNoteBody>;
