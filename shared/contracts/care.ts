import { z } from 'zod';
import type { NeedsAWordReason } from '../domain/needs-a-word';
import { multiLineText, uuidField } from './fields';
import { monthField, yearField } from './tracking';
import { fill, msg } from '../domain/messages';

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
export const CARE_NOTE_PREFILL = msg('Thinking of you this week. How are you?');
export const CARE_NOTE_MAX = 500;

/** POST /api/communities/{id}/needs-a-word/{userId}/note: a short note the member receives as a notification (in the app only). */
export const careNoteBody = z.object({
  message: multiLineText(msg('Note')).pipe(z.string().min(1, msg('Please write a short note.')).max(CARE_NOTE_MAX, fill('A note must be at most {careNoteMax} characters.', { careNoteMax: CARE_NOTE_MAX }))),
});
export type CareNoteBody = z.infer<typeof careNoteBody>;

export const REFLECTION_TEXT_MAX = 2000;
export const REFLECTION_REPLY_MAX = 500;
/** The one-tap reply to a reflection ('Praying'). */
export const PRAYER_REPLY = msg('Praying for you 🙏');
const reflectionText = (label: string) =>
  multiLineText(label)
    .pipe(z.string().max(REFLECTION_TEXT_MAX, fill('{label} must be at most {reflectionTextMax} characters', { label, reflectionTextMax: REFLECTION_TEXT_MAX })))
    .nullable()
    .optional()
    .transform((text) => (text ? text : null));

/** PUT /api/communities/{id}/reflections: the caller's own look back on a month that has ended; each part optional, not all. */
export const reflectionBody = z
  .object({
    month: monthField,
    year: yearField,
    helped: reflectionText('What helped'),
    hard: reflectionText('What was hard'),
    prayerRequest: reflectionText('Prayer request'),
  })
  .superRefine((body, context) => {
    if (body.helped || body.hard || body.prayerRequest) return;
    for (const path of ['helped', 'hard', 'prayerRequest']) context.addIssue({ code: 'custom', path: [path], message: msg('Write at least one of the three.') });
  });
export type ReflectionBody = z.input<typeof reflectionBody>;

/** GET /api/communities/{id}/reflections?month&year[&userId]: one's own, or a member's to their commander and admins. */
export const reflectionQuery = z.object({ month: monthField, year: yearField, userId: uuidField.optional() });
/** GET /api/communities/{id}/reflections/subgroup?month&year[&subgroupId]. */
export const subgroupReflectionsQuery = z.object({ month: monthField, year: yearField, subgroupId: uuidField.optional() });

/** POST /api/communities/{id}/reflections/{reflectionId}/acknowledge: a short reply, or a prayer emoji. */
export const acknowledgeReflectionBody = z.object({
  reply: multiLineText(msg('Reply')).pipe(z.string().min(1, msg('Please write a short reply, or send a prayer.')).max(REFLECTION_REPLY_MAX, fill('A reply must be at most {reflectionReplyMax} characters.', { reflectionReplyMax: REFLECTION_REPLY_MAX }))),
});

export interface ReflectionView {
  id: string;
  userId: string;
  displayName: string;
  month: number;
  year: number;
  helped: string | null;
  hard: string | null;
  prayerRequest: string | null;
  acknowledgedAt: string | null;
  acknowledgedByName: string | null;
  reply: string | null;
  updatedAt: string;
}

/** GET /api/communities/{id}/care-at-a-glance[?subgroupId=]: the months it answers, the current one last. */
export const CARE_GLANCE_MONTHS = 6;

/** One month of a commander's care of their subgroup(s) (issue 26): what they can look back on, never who. */
export interface CareGlanceMonth {
  year: number;
  month: number;
  /** Reflections written on this month by the members, and how many of them were acknowledged. */
  reflectionsWritten: number;
  reflectionsAcknowledged: number;
  /** 'Needs a word' rows resolved this month: days someone reached out to a member (a note or "I've reached out"). */
  reachedOut: number;
}

export interface CareGlanceView {
  /** How many subgroups the figures cover (0: the caller leads none). */
  subgroups: number;
  months: CareGlanceMonth[];
}
