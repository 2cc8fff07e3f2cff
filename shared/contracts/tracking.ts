import { z } from 'zod';
import { DAY_STATUSES, type DayStatus } from '../domain/constants';
import { MONTHLY_GOAL_KEYS, type Discipline, type TargetKey } from '../domain/disciplines';
import { calendarDate, multiLineText, numberOrDigits, singleLineText, uuidField } from './fields';
import { fill, msg } from '../domain/messages';

export const monthField = numberOrDigits(z.number({ error: msg('Month must be 1 to 12') }).int(msg('Month must be 1 to 12')).min(1, msg('Month must be 1 to 12')).max(12, msg('Month must be 1 to 12')));
export const yearField = numberOrDigits(
  z.number({ error: msg('Year must be between 2000 and 2100') }).int(msg('Year must be a whole number')).min(2000, msg('Year must be between 2000 and 2100')).max(2100, msg('Year must be between 2000 and 2100')),
);

/** A discipline's key as its template holds it ('bibleReading', 'prayer-walk'). */
export const disciplineKeyField = z.string().regex(/^[A-Za-z][\w-]{0,63}$/, msg('Not a discipline key'));
const dayField = z.string().regex(/^([1-9]|[12]\d|3[01])$/, msg('Days are 1 to 31'));

/** GET /api/communities/{id}/daily-log?month&year[&userId]. */
export const dailyLogQuery = z.object({ month: monthField, year: yearField, userId: uuidField.optional() });

/**
 * POST /api/communities/{id}/daily-log. `dayStatus` holds only the cells to change: the server merges
 * them per discipline and day into the stored month ('Blank' clears a cell), and derives `entries`.
 */
export const saveDailyLogBody = z.object({
  communityId: singleLineText(msg('Community')).max(64).optional(),
  userId: uuidField.optional(),
  month: monthField,
  year: yearField,
  entries: z.unknown().optional(),
  dayStatus: z.record(disciplineKeyField, z.record(dayField, z.enum(DAY_STATUSES, { error: fill('Status must be one of {dayStatuses}', { dayStatuses: DAY_STATUSES.join(', ') }) }))),
});
export type SaveDailyLogBody = z.infer<typeof saveDailyLogBody>;

export interface DailyLogView {
  userId: string;
  communityId: string;
  month: number;
  year: number;
  entries: Record<string, Record<string, Record<string, boolean>>>;
  dayStatus: Record<string, Record<string, DayStatus>>;
  monthlyCompletions: Record<string, boolean>;
  /** The month is locked by an admin (admins may still edit). */
  isLocked: boolean;
  updatedAt: string | null;
  /** Disciplines kept in secret that this reader may not see (issue 26): left out of the statuses above. */
  withheldKeys: string[];
}

export const disciplineTemplatesBody = z.object({
  templates: z
    .array(
      z.object({
        key: disciplineKeyField,
        label: singleLineText(msg('Label')).min(1, msg('Label is required')).max(60, msg('Label must be at most 60 characters')),
        unit: singleLineText(msg('Unit')).max(30, msg('Unit must be at most 30 characters')).nullish().transform((unit) => unit || null),
        isNumeric: z.boolean().default(false),
        isDailyGrid: z.boolean().default(true),
        isPrivate: z.boolean().default(false),
        order: z.number().int().min(1).max(100),
      }),
    )
    .min(1, msg('Your community needs at least one spiritual discipline to track.'))
    .max(30)
    .refine((templates) => new Set(templates.map((t) => t.key)).size === templates.length, msg('Each discipline key may appear once')),
});

export type DisciplineView = Discipline;

/** POST /api/communities/{id}/calendar-locks. */
export const calendarLockBody = z.object({
  month: monthField,
  year: yearField,
  isLocked: z.boolean().default(true),
  reason: multiLineText(msg('Reason')).max(500, msg('Reason must be at most 500 characters')).nullish().transform((reason) => reason || null),
});

/**
 * PATCH /api/communities/{id}/toggle-lock: the lock by id, or the month's lock. One object rather than
 * a union, so a refusal names its fields (a union's error has no path: fields would only hold '_').
 */
export const toggleLockBody = z
  .object({ lockId: uuidField.optional(), month: monthField.optional(), year: yearField.optional() })
  .superRefine((target, ctx) => {
    if (target.lockId !== undefined) return;
    if (target.month === undefined) ctx.addIssue({ code: 'custom', path: ['month'], message: msg('Please select a valid month and year.') });
    if (target.year === undefined) ctx.addIssue({ code: 'custom', path: ['year'], message: msg('Please select a valid month and year.') });
  })
  .transform((target): { lockId: string } | { month: number; year: number } =>
    target.lockId !== undefined ? { lockId: target.lockId } : { month: target.month!, year: target.year! },
  );

export interface CalendarLockView {
  id: string;
  communityId: string;
  month: number;
  year: number;
  isLocked: boolean;
  lockedByUserId: string | null;
  lockedBy: string | null;
  lockedAt: string;
  reason: string | null;
}

const targetText = singleLineText(msg('Target')).max(300, msg('At most 300 characters')).nullish().transform((text) => text || null);
export const MONTHLY_TARGET_MESSAGE = "Choose 'Yes', or leave it not set";
const YES = /^(yes|true|1|y)$/i;
const NOT_SET = /^(no|false|0|n|)$/i;
/**
 * The monthly targets hold 'Yes' or nothing: booleans and 'Yes'/'No' strings are accepted (as the client and
 * older spreadsheets send them); any other text is refused with a field message, never stored as 'not set'.
 */
const monthlyTarget = z
  .union([z.boolean(), singleLineText(msg('Target')).max(20, MONTHLY_TARGET_MESSAGE)])
  .nullish()
  .refine((value) => typeof value !== 'string' || YES.test(value) || NOT_SET.test(value), MONTHLY_TARGET_MESSAGE)
  .transform((value) => (value === true || (typeof value === 'string' && YES.test(value)) ? 'Yes' : null));

/** Monthly retreat and the hour of silence are required of every member (SPEC.md section 9): always 'Yes'. */
const fixedTarget = z
  .unknown()
  .optional()
  .transform(() => 'Yes' as const);

/** POST /api/users/monthly-targets (admins). */
export const monthlyTargetsBody = z.object({
  userId: uuidField,
  month: monthField,
  year: yearField,
  bibleReading: targetText,
  fasting: targetText,
  morningIntimacy: targetText,
  midnightPrayer: targetText,
  meditation: targetText,
  monthlyRetreat: fixedTarget,
  prayerWalk: monthlyTarget,
  evangelism: monthlyTarget,
  completionOfNewTestament: monthlyTarget,
  silenceHour: fixedTarget,
});
export type MonthlyTargetsBody = z.infer<typeof monthlyTargetsBody>;

/** POST /api/users/monthly-completion-goals (the owner). */
export const completionGoalsBody = z.object({
  userId: uuidField,
  month: monthField,
  year: yearField,
  ...Object.fromEntries(MONTHLY_GOAL_KEYS.map((key) => [key, z.boolean().default(false)])),
} as { userId: typeof uuidField; month: typeof monthField; year: typeof yearField } & Record<(typeof MONTHLY_GOAL_KEYS)[number], z.ZodDefault<z.ZodBoolean>>);
export type CompletionGoalsBody = z.infer<typeof completionGoalsBody>;

/** GET /api/users/{id}/discipline-targets[?month&year]: both or neither (neither: this month). */
export const targetsQuery = z.object({ month: monthField.optional(), year: yearField.optional() }).superRefine((query, ctx) => {
  if (query.month !== undefined && query.year === undefined) ctx.addIssue({ code: 'custom', path: ['year'], message: msg('Give the year with the month') });
  if (query.year !== undefined && query.month === undefined) ctx.addIssue({ code: 'custom', path: ['month'], message: msg('Give the month with the year') });
});

export type DisciplineTargets = { userId: string; month: number | null; year: number | null } & Record<TargetKey, string | null>;

export const memberStatsQuery = z.object({ month: monthField, year: yearField });

export interface CommanderMemberStat {
  id: string;
  displayName: string;
  lastUpdated: string | null;
  streak: number;
  completionPercent: number;
  weeklyStats: { thisWeek: number; lastWeek: number };
}

export interface SubgroupMember {
  id: string;
  displayName: string;
  email: string | null;
  subgroupId: string;
  subgroupName: string;
}

/**
 * GET /api/communities/{id}/streaks[?userId&date]: every daily discipline's current streak for a member
 * (oneself without userId) as of `date` (YYYY-MM-DD; the community's today without it), in one request.
 */
export const streaksQuery = z.object({
  userId: uuidField.optional(),
  date: calendarDate('Date must be YYYY-MM-DD').optional(),
});

export interface StreakView {
  days: number;
  /** A Sick or FeelingTired day inside the streak was passed over thanks to the community's grace days. */
  keptWithGrace: boolean;
}

export interface DisciplineStreakView extends StreakView {
  key: string;
  label: string;
}

export interface MemberStreaksView {
  userId: string;
  asOf: string;
  /** One per daily discipline, in the community's order. */
  streaks: DisciplineStreakView[];
  /** Days in a row with at least one daily discipline kept (the commander statistics' streak). */
  overall: StreakView;
}
