import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './columns';

/**
 * Scheduled backups (issue 42, BACKUP_SCHEDULE): one row per scheduled moment, claimed by the first server of a
 * deployment to reach it (the unique moment), so a backup is written once however many servers run. It holds no
 * personal data: when, which file, and what went wrong. The retention scan deletes them after BACKUP_RUN_KEEP_DAYS.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: id(),
    /** The scheduled moment this run is for. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The backup's file name in DATA_DIR/backups, once written. */
    file: text('file'),
    /** Why it failed (for the operator: no personal data). */
    error: text('error'),
  },
  (t) => [uniqueIndex('backup_runs_due_unique').on(t.dueAt), index('backup_runs_started_idx').on(t.startedAt)],
);
