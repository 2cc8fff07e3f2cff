import { msg } from './messages';
/** Business constants of SPEC.md section 9 and DECISIONS.md, shared by client and server. */
export const ROLES = ['SuperAdmin', 'InstitutionAdmin', 'CommunityModerator', 'Commander', 'Member'] as const;
export type Role = (typeof ROLES)[number];

export const DAY_STATUSES = ['Yes', 'No', 'Partially', 'Sick', 'FeelingTired', 'Blank'] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];

/** Each day status as people read it (translated where shown; an import reads it in any of our languages). */
export const DAY_STATUS_LABELS: Record<DayStatus, string> = {
  Yes: msg('Yes'),
  No: msg('No'),
  Partially: msg('Partially'),
  Sick: msg('Sick'),
  FeelingTired: msg('Feeling Tired'),
  Blank: msg('Not set'),
};

export const PRIORITIES = ['Low', 'Normal', 'High', 'Urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const QUESTION_STATUSES = ['Open', 'InProgress', 'Answered', 'Archived', 'Meeting Scheduled'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

export const APPLICATION_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * SPEC.md's five, the care ones (issue 36), and one per kind the bell links or refreshes by (issue 43: a title is
 * written in its reader's language, so the client cannot tell kinds apart by it). `other` remains for older rows.
 */
export const NOTIFICATION_TYPES = [
  'question',
  'answer',
  'question_answered',
  'meeting',
  'care_note',
  'care_weekly',
  'reflection',
  'reflection_reply',
  'application',
  'history_claimed',
  'history_offered',
  'community',
  'other',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;

export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;
export const INVITE_CODE_LIFETIME_DAYS = 7;

export const SESSION_IDLE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;

export const TOAST_DURATION_MS = 5000;
export const MOBILE_BREAKPOINT_PX = 768;
export const NOTIFICATION_POLL_MS = 30_000;
export const CAROUSEL_ADVANCE_MS = 500;
export const SWIPE_THRESHOLD_PX = 50;
export const STREAK_MAX_DAYS = 365;

/** 'Needs a word' (issue 26): days without a check-in that make a member quiet, a community setting. */
export const QUIET_DAYS_DEFAULT = 4;
export const QUIET_DAYS_MIN = 2;
export const QUIET_DAYS_MAX = 14;
/** A streak at least this long that ended yesterday makes a member need a word. */
export const ENDED_STREAK_MIN_DAYS = 7;
/** Progress so far this many points below the previous month's at the same day makes a member need a word. */
export const PROGRESS_DROP_MIN_POINTS = 30;

export const DEFAULT_COMMUNITY_NAME = msg('Faith Community');
export const DEFAULT_COMMUNITY_DESCRIPTION = msg('Your spiritual accountability community');
export const PRODUCT_NAME = 'Steadfast';
export const PRODUCT_TAGLINE = msg('Faith Journey Community');

/** The title of the notification moderators get for each application (type `application`). */
export const APPLICATION_NOTIFICATION_TITLE = msg('New application');
/** The moderators' notification when an imported history is claimed or linked (type `history_claimed`). */
export const HISTORY_CLAIMED_NOTIFICATION_TITLE = msg('History claimed');
/** The member's notification when an admin offers them an imported history (type `history_offered`). */
export const HISTORY_OFFERED_NOTIFICATION_TITLE = msg('History offered to you');
