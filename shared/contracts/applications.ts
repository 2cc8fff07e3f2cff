import { z } from 'zod';
import type { ApplicationStatus } from '../domain/constants';
import type { InviteCodeView } from './communities';
import { displayNameField, emailField, multiLineText, singleLineText } from './fields';
import { disciplineKeyField } from './tracking';
import { fill, msg } from '../domain/messages';

export const APPLICATION_MESSAGE_MAX = 2000;
export const APPLICATION_TARGET_MAX = 200;
export const REVIEW_NOTES_MAX = 1000;
export const APPLICATION_TARGETS_MAX = 40;

// In domain/constants.ts, so the notification bell does not bring zod (this module's schemas) into every screen.
export { APPLICATION_NOTIFICATION_TITLE } from '../domain/constants';

/**
 * POST /api/member-applications (public). `communityId` is the id from the apply link; SPEC.md's
 * placeholder 'default' (or none) means the community named by X-Community-Id. Blank targets are dropped;
 * the fixed monthlyRetreat and silenceHour are stored as the community asks them, whatever was sent.
 */
export const createApplicationBody = z.object({
  name: displayNameField,
  email: emailField,
  message: multiLineText(msg('Message'))
    .max(APPLICATION_MESSAGE_MAX, fill('Message must be at most {applicationMessageMax} characters', { applicationMessageMax: APPLICATION_MESSAGE_MAX }))
    .nullish()
    .transform((message) => message || null),
  // Keyed by the community's own disciplines (its templates, or SPEC.md's ten): the service refuses a key the
  // community does not have. At most APPLICATION_TARGETS_MAX of them.
  disciplineTargets: z
    .record(
      disciplineKeyField,
      singleLineText(msg('Target')).max(APPLICATION_TARGET_MAX, fill('Targets must be at most {applicationTargetMax} characters', { applicationTargetMax: APPLICATION_TARGET_MAX })),
    )
    .refine((targets) => Object.keys(targets).length <= APPLICATION_TARGETS_MAX, fill('At most {applicationTargetsMax} disciplines', { applicationTargetsMax: APPLICATION_TARGETS_MAX }))
    .default({})
    .transform((targets) => Object.fromEntries(Object.entries(targets).filter(([, target]) => target)) as Record<string, string>),
  communityId: z.string().max(64).optional(),
});
export type CreateApplicationBody = z.input<typeof createApplicationBody>;

/** PATCH /api/member-applications/{id}/status: a Pending application is approved or rejected once. */
export const reviewApplicationBody = z.object({
  status: z.enum(['Approved', 'Rejected'], { error: msg('Status must be Approved or Rejected') }),
  reviewNotes: multiLineText(msg('Review notes'))
    .max(REVIEW_NOTES_MAX, fill('Review notes must be at most {reviewNotesMax} characters', { reviewNotesMax: REVIEW_NOTES_MAX }))
    .nullish()
    .transform((notes) => notes || null),
});
export type ReviewApplicationBody = z.input<typeof reviewApplicationBody>;

export interface ApplicationView {
  id: string;
  communityId: string;
  name: string;
  email: string;
  message: string | null;
  /** By discipline key: the community's own disciplines (labels from its templates), plus the two fixed goals. */
  disciplineTargets: Record<string, string>;
  status: ApplicationStatus;
  reviewNotes: string | null;
  /** The reviewer's display name (null while Pending, or once the reviewer is gone). */
  reviewedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The answer to a review: approving also creates an invitation code to send to the applicant. */
/** GET /api/communities/info?community=<id> (public): what the apply page shows, the community's name and disciplines. */
export interface ApplyCommunityInfo {
  name: string;
  disciplines: { key: string; label: string; isDailyGrid: boolean }[];
}

export interface ReviewResult {
  application: ApplicationView;
  inviteCode: InviteCodeView | null;
}
