import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DayStatus } from '../domain/constants';
import { users } from './auth';
import { createdAt, id, updatedAt } from './columns';
import { communities } from './communities';

export const disciplineTemplates = pgTable(
  'discipline_templates',
  {
    id: id(),
    communityId: uuid('community_id').notNull().references(() => communities.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    label: text('label').notNull(),
    unit: text('unit'),
    isNumeric: boolean('is_numeric').notNull().default(false),
    isDailyGrid: boolean('is_daily_grid').notNull().default(true),
    /** Kept in secret (issue 26): only the member, their commander and the admins see its days and figures. */
    isPrivate: boolean('is_private').notNull().default(false),
    order: integer('order').notNull(),
  },
  (t) => [uniqueIndex('discipline_templates_community_key_unique').on(t.communityId, t.key)],
);

/** An admin's targets for one member for one month. The five monthly fields hold 'Yes' or nothing. */
export const userDisciplineTargets = pgTable(
  'user_discipline_targets',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    communityId: uuid('community_id').notNull().references(() => communities.id, { onDelete: 'cascade' }),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    bibleReading: text('bible_reading'),
    fasting: text('fasting'),
    morningIntimacy: text('morning_intimacy'),
    midnightPrayer: text('midnight_prayer'),
    meditation: text('meditation'),
    monthlyRetreat: text('monthly_retreat'),
    prayerWalk: text('prayer_walk'),
    evangelism: text('evangelism'),
    completionOfNewTestament: text('completion_of_new_testament'),
    silenceHour: text('silence_hour'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_discipline_targets_user_month_unique').on(t.userId, t.communityId, t.year, t.month)],
);

/** entries: discipline key -> 'YYYY-MM' -> day -> completed. dayStatus: discipline key -> day -> status. */
export type DailyLogEntries = Record<string, Record<string, Record<string, boolean>>>;
export type DailyLogDayStatus = Record<string, Record<string, DayStatus>>;
/** The owner's yes/no per monthly completion goal (monthlyRetreat, prayerWalk, ...). */
export type MonthlyCompletions = Record<string, boolean>;

export const dailyLogs = pgTable(
  'daily_logs',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    communityId: uuid('community_id').notNull().references(() => communities.id, { onDelete: 'cascade' }),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    entries: jsonb('entries').$type<DailyLogEntries>().notNull().default({}),
    dayStatus: jsonb('day_status').$type<DailyLogDayStatus>().notNull().default({}),
    monthlyCompletions: jsonb('monthly_completions').$type<MonthlyCompletions>().notNull().default({}),
    /**
     * The month summarised for the community's daily disciplines (shared/domain/month-summary.ts), written
     * with every change of day_status and again when the daily disciplines change. Null until summarised
     * (rows older than the columns are summarised at start-up).
     */
    completedCount: integer('completed_count').notNull().default(0),
    dayMarks: text('day_marks'),
    /** Days kept per daily discipline, in the community's order of them; null until summarised. */
    disciplineDays: integer('discipline_days').array(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('daily_logs_user_community_month_unique').on(t.userId, t.communityId, t.year, t.month),
    // Avg. Completion reads every member's month from this index alone (an index-only scan): no log is read.
    // Reports add up every member's per-discipline days from it too.
    index('daily_logs_community_month_idx').on(t.communityId, t.year, t.month, t.userId, t.completedCount, t.disciplineDays),
    // The month's latest save, one index probe: whether a congregation's kept report figures still hold.
    index('daily_logs_community_month_saved_idx').on(t.communityId, t.year, t.month, t.updatedAt),
    // A subgroup's statistics read its members' month summaries from this index alone.
    index('daily_logs_member_summary_idx').on(t.communityId, t.userId, t.year, t.month, t.completedCount, t.updatedAt, t.dayMarks),
  ],
);

export const calendarLocks = pgTable(
  'calendar_locks',
  {
    id: id(),
    communityId: uuid('community_id').notNull().references(() => communities.id, { onDelete: 'cascade' }),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    isLocked: boolean('is_locked').notNull().default(true),
    lockedByUserId: uuid('locked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason'),
  },
  (t) => [uniqueIndex('calendar_locks_community_month_unique').on(t.communityId, t.year, t.month)],
);
