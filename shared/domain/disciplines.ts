import { squash } from './squash';
import { msg } from './messages';

/** A community's discipline as the tracking screens use it (a discipline_templates row, or a default). */
export interface Discipline {
  key: string;
  label: string;
  unit: string | null;
  isNumeric: boolean;
  isDailyGrid: boolean;
  /**
   * Kept in secret ("your Father who sees in secret", Matt 6:18): its days, streak and figures reach only
   * the member, the commander of their subgroup and the community's admins.
   */
  isPrivate: boolean;
  order: number;
}

export const DAILY_TARGET_KEYS = ['bibleReading', 'fasting', 'morningIntimacy', 'midnightPrayer', 'meditation'] as const;
export const MONTHLY_GOAL_KEYS = ['monthlyRetreat', 'prayerWalk', 'evangelism', 'completionOfNewTestament', 'silenceHour'] as const;
export type DailyTargetKey = (typeof DAILY_TARGET_KEYS)[number];
export type MonthlyGoalKey = (typeof MONTHLY_GOAL_KEYS)[number];
export const TARGET_KEYS = [...DAILY_TARGET_KEYS, ...MONTHLY_GOAL_KEYS] as const;
export type TargetKey = (typeof TARGET_KEYS)[number];

export const TARGET_LABELS: Record<TargetKey, string> = {
  bibleReading: msg('Bible Reading'),
  fasting: msg('Fasting'),
  morningIntimacy: msg('Morning Intimacy'),
  midnightPrayer: msg('Midnight Prayer'),
  meditation: msg('Meditation'),
  monthlyRetreat: msg('Monthly Retreat'),
  prayerWalk: msg('Prayer Walk'),
  evangelism: msg('Evangelism'),
  completionOfNewTestament: msg('Completion of the New Testament'),
  silenceHour: msg('1 Hr Silence'),
};

/**
 * The disciplines a new community can choose from (SPEC.md section 3, the wizard's catalogue), by their English names:
 * with TARGET_LABELS, the built-in names a reader sees in their own language (a name a community typed stays as typed).
 */
export const CATALOGUE_DISCIPLINE_LABELS = [
  msg('Bible Reading'),
  msg('Prayer Time'),
  msg('Meditation'),
  msg('Fasting'),
  msg('Worship & Praise'),
  msg('Evangelism'),
  msg('Acts of Service'),
  msg('Fellowship'),
] as const;

const BUILT_IN_LABELS: ReadonlySet<string> = new Set([...Object.values(TARGET_LABELS), ...CATALOGUE_DISCIPLINE_LABELS]);

/** Whether a discipline's name is one of ours, translated for each reader, rather than one a community typed. */
export const isBuiltInDisciplineLabel = (label: string) => BUILT_IN_LABELS.has(label);

/**
 * The targets that speak of a discipline: those whose key or label, squashed, is the discipline's key or label.
 * A community's templates are keyed as its admins chose ('bible_reading' from the wizard), while a
 * member's targets keep SPEC's ten keys ('bibleReading').
 */
export function targetKeysOf(discipline: Pick<Discipline, 'key' | 'label'>): TargetKey[] {
  const names = new Set([squash(discipline.key), squash(discipline.label)]);
  return TARGET_KEYS.filter((key) => names.has(squash(key)) || names.has(squash(TARGET_LABELS[key])));
}

/**
 * The ten disciplines of SPEC.md section 1, for a community without templates (DECISIONS.md "Tracking"):
 * five on the daily grid, five monthly completion goals. Keys are those of user_discipline_targets.
 */
export const DEFAULT_DISCIPLINES: readonly Discipline[] = TARGET_KEYS.map((key, index) => ({
  key,
  label: TARGET_LABELS[key],
  unit: null,
  isNumeric: false,
  isDailyGrid: (DAILY_TARGET_KEYS as readonly string[]).includes(key),
  isPrivate: false,
  order: index + 1,
}));

/** The two monthly goals fixed for every member (SPEC.md section 9), with what they ask. */
export const FIXED_TARGETS: Readonly<Record<'monthlyRetreat' | 'silenceHour', string> & Partial<Record<MonthlyGoalKey, string>>> = {
  monthlyRetreat: msg('One day monthly'),
  silenceHour: msg('1 hour weekly'),
};

/** How the fixed goals are stored and answered in a member's targets: always 'Yes'. */
export const FIXED_TARGET_VALUES = { monthlyRetreat: 'Yes', silenceHour: 'Yes' } as const satisfies Record<'monthlyRetreat' | 'silenceHour', 'Yes'>;

/** How the apply form shows and an application stores the fixed goals (SPEC.md section 4, "Application form"). */
export const FIXED_APPLICATION_TARGETS = {
  monthlyRetreat: `Required - ${FIXED_TARGETS.monthlyRetreat}`,
  silenceHour: `Required - ${FIXED_TARGETS.silenceHour}`,
} as const;
