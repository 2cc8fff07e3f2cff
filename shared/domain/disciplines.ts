/** A community's discipline as the tracking screens use it (a discipline_templates row, or a default). */
export interface Discipline {
  key: string;
  label: string;
  unit: string | null;
  isNumeric: boolean;
  isDailyGrid: boolean;
  order: number;
}

/**
 * The ten disciplines of SPEC.md section 1, for a community without templates (DECISIONS.md "Tracking"):
 * five on the daily grid, five monthly completion goals. Keys are those of user_discipline_targets.
 */
export const DEFAULT_DISCIPLINES: readonly Discipline[] = [
  { key: 'bibleReading', label: 'Bible Reading', unit: null, isNumeric: false, isDailyGrid: true, order: 1 },
  { key: 'fasting', label: 'Fasting', unit: null, isNumeric: false, isDailyGrid: true, order: 2 },
  { key: 'morningIntimacy', label: 'Morning Intimacy', unit: null, isNumeric: false, isDailyGrid: true, order: 3 },
  { key: 'midnightPrayer', label: 'Midnight Prayer', unit: null, isNumeric: false, isDailyGrid: true, order: 4 },
  { key: 'meditation', label: 'Meditation', unit: null, isNumeric: false, isDailyGrid: true, order: 5 },
  { key: 'monthlyRetreat', label: 'Monthly Retreat', unit: null, isNumeric: false, isDailyGrid: false, order: 6 },
  { key: 'prayerWalk', label: 'Prayer Walk', unit: null, isNumeric: false, isDailyGrid: false, order: 7 },
  { key: 'evangelism', label: 'Evangelism', unit: null, isNumeric: false, isDailyGrid: false, order: 8 },
  { key: 'completionOfNewTestament', label: 'Completion of the New Testament', unit: null, isNumeric: false, isDailyGrid: false, order: 9 },
  { key: 'silenceHour', label: '1 Hr Silence', unit: null, isNumeric: false, isDailyGrid: false, order: 10 },
];

export const DAILY_TARGET_KEYS = ['bibleReading', 'fasting', 'morningIntimacy', 'midnightPrayer', 'meditation'] as const;
export const MONTHLY_GOAL_KEYS = ['monthlyRetreat', 'prayerWalk', 'evangelism', 'completionOfNewTestament', 'silenceHour'] as const;
export type DailyTargetKey = (typeof DAILY_TARGET_KEYS)[number];
export type MonthlyGoalKey = (typeof MONTHLY_GOAL_KEYS)[number];
export const TARGET_KEYS = [...DAILY_TARGET_KEYS, ...MONTHLY_GOAL_KEYS] as const;
export type TargetKey = (typeof TARGET_KEYS)[number];

export const TARGET_LABELS: Record<TargetKey, string> = {
  bibleReading: 'Bible Reading',
  fasting: 'Fasting',
  morningIntimacy: 'Morning Intimacy',
  midnightPrayer: 'Midnight Prayer',
  meditation: 'Meditation',
  monthlyRetreat: 'Monthly Retreat',
  prayerWalk: 'Prayer Walk',
  evangelism: 'Evangelism',
  completionOfNewTestament: 'Completion of the New Testament',
  silenceHour: '1 Hr Silence',
};

/** Fixed for every member (SPEC.md section 9). */
export const FIXED_TARGETS = { monthlyRetreat: 'Required - One day monthly', silenceHour: 'Required - 1 hour weekly' } as const;
