import { setImmediate as nextTurn } from 'node:timers/promises';
import { type SQL, sql } from 'drizzle-orm';
import { AUDIT_KEEP_DAYS, BACKUP_RUN_KEEP_DAYS, CARE_MARK_KEEP_DAYS, daysBefore, EMAIL_LINK_KEEP_DAYS, NOTIFICATION_KEEP_DAYS, SENT_MAIL_KEEP_DAYS } from '@shared/domain/retention';
import { type Database, rowsOf } from '../../db/client';

/**
 * Nothing kept for ever (issue 39 item 4): what has outlived its keeping (shared/domain/retention.ts) is
 * deleted by the scheduled scan.
 *
 * - Each rule deletes one batch per statement: the ids of at most `batchSize` rows past their time, read
 *   oldest first through the index made for it (migration 0025) and locked with SKIP LOCKED, so a statement
 *   holds a few hundred rows for a moment, never the table, and two servers pruning at once never wait on
 *   each other. Between batches the event loop turns (PGlite runs every query of the process on one
 *   connection: requests get their turn).
 * - A run stops a rule after `maxBatches` batches; what is left (a first run on years of data) is taken up
 *   again at the next scan, 20 s later, until the backlog is gone.
 * - With nothing left over, a server prunes again an hour later: the scan calls every 20 s, and those calls
 *   cost nothing but a clock comparison. Each rule's first statement is itself the cheap probe: an index
 *   range scan that finds nothing.
 *
 * Pruned elsewhere already: sessions past their expiry (connect-pg-simple's own pruning every 15 minutes,
 * server/auth/sessions.ts), with their push devices (a foreign key); rate-limit counters past their window
 * (server/http/rate-limit-store.ts, every 10 minutes); weekly-word claims older than eight weeks
 * (server/features/care/weekly-word.ts, each scan).
 */

export const PRUNE_BATCH_SIZE = 500;
export const PRUNE_MAX_BATCHES = 20;
/** How often a server prunes when the last run left nothing over. */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** After a failed run (the database away), the next try. */
const RETRY_AFTER_FAILURE_MS = 5 * 60 * 1000;

interface PruneRule {
  /** The table and what goes, for tests and logs. */
  name: string;
  /** One batch: deletes at most `limit` rows past their time as of `at` and answers `count` (the rows deleted). */
  batch: (at: Date, limit: number) => SQL;
}

const iso = (date: Date) => date.toISOString();

/**
 * Deletes, from `table`, the first `limit` rows (ordered by `order`) that `where` selects, each batch its own
 * short statement. `id = ANY(ARRAY(…))` rather than `id IN (…)`: with IN, Postgres planned a hash semi-join
 * over a sequential scan of the whole table for every batch (100,000 outbox rows); with ANY it reads the
 * batch from the retention index and finds its rows through the primary key.
 */
const batchDelete = (table: string, where: SQL, order: string, limit: number) => sql`
  WITH gone AS (
    DELETE FROM ${sql.identifier(table)} WHERE id = ANY(ARRAY(
      SELECT id FROM ${sql.identifier(table)} WHERE ${where} ORDER BY ${sql.identifier(order)} LIMIT ${limit} FOR UPDATE SKIP LOCKED
    )) RETURNING 1
  )
  SELECT count(*)::int AS count FROM gone`;

export const PRUNE_RULES: readonly PruneRule[] = [
  {
    name: 'notifications',
    // notifications_created_idx
    batch: (at, limit) => batchDelete('notifications', sql`created_at < ${iso(daysBefore(at, NOTIFICATION_KEEP_DAYS))}::timestamptz`, 'created_at', limit),
  },
  {
    name: 'audit_logs',
    // audit_logs_created_idx
    batch: (at, limit) => batchDelete('audit_logs', sql`created_at < ${iso(daysBefore(at, AUDIT_KEEP_DAYS))}::timestamptz`, 'created_at', limit),
  },
  {
    name: 'care_reach_outs',
    // care_reach_outs_reached_at_idx
    batch: (at, limit) => batchDelete('care_reach_outs', sql`reached_at < ${iso(daysBefore(at, CARE_MARK_KEEP_DAYS))}::timestamptz`, 'reached_at', limit),
  },
  {
    name: 'email_tokens',
    // email_tokens_expires_idx. A used token goes with the expired ones: every token expires within 24 h of being sent.
    batch: (at, limit) => batchDelete('email_tokens', sql`expires_at < ${iso(daysBefore(at, EMAIL_LINK_KEEP_DAYS))}::timestamptz`, 'expires_at', limit),
  },
  {
    name: 'mail_outbox',
    // mail_outbox_done_idx: its predicate is repeated word for word so the planner may use the partial index.
    batch: (at, limit) =>
      batchDelete(
        'mail_outbox',
        sql`(sent_at IS NOT NULL OR failed_at IS NOT NULL) AND created_at < ${iso(daysBefore(at, SENT_MAIL_KEEP_DAYS))}::timestamptz`,
        'created_at',
        limit,
      ),
  },
  {
    name: 'backup_runs',
    // backup_runs_started_idx
    batch: (at, limit) => batchDelete('backup_runs', sql`started_at < ${iso(daysBefore(at, BACKUP_RUN_KEEP_DAYS))}::timestamptz`, 'started_at', limit),
  },
  {
    name: 'history_offers (lapsed)',
    // history_offers_expires_idx: an offer past its 30 days, whatever its answer (an accepted one goes with
    // its imported record, which the acceptance deletes).
    batch: (at, limit) => batchDelete('history_offers', sql`expires_at < ${iso(at)}::timestamptz`, 'expires_at', limit),
  },
  {
    name: 'history_offers (declined)',
    // A declined offer holds nothing anyone reads. At most one offer per imported record is pending, and a
    // declined one is gone by the next run, so this reads a small table.
    batch: (_at, limit) => batchDelete('history_offers', sql`status = 'declined'`, 'created_at', limit),
  },
];

export interface PruneOptions {
  batchSize?: number;
  maxBatches?: number;
}

export interface PruneResult {
  /** Rows deleted per rule. */
  deleted: Record<string, number>;
  /** True when a rule stopped at `maxBatches` with more to delete. */
  more: boolean;
}

/** One pruning run, whenever asked (the scan goes through pruneExpiredData, which decides when). */
export async function pruneNow(db: Database, at: Date, { batchSize = PRUNE_BATCH_SIZE, maxBatches = PRUNE_MAX_BATCHES }: PruneOptions = {}): Promise<PruneResult> {
  const deleted: Record<string, number> = {};
  let more = false;
  for (const rule of PRUNE_RULES) {
    let total = 0;
    for (let batch = 1; ; batch++) {
      const [row] = rowsOf<{ count: number }>(await db.execute(rule.batch(at, batchSize)));
      const count = Number(row?.count ?? 0);
      total += count;
      if (count < batchSize) break;
      if (batch >= maxBatches) {
        more = true;
        break;
      }
      await nextTurn();
    }
    deleted[rule.name] = total;
    await nextTurn();
  }
  return { deleted, more };
}

/** Per server (per database handle): when the next run is due. */
const nextRunAt = new WeakMap<Database, number>();

/**
 * The scheduled scan's job: prunes at most once an hour per server, and at every scan while a backlog is
 * left. Returns 0 (it queues no message).
 */
export async function pruneExpiredData(db: Database, at: Date): Promise<number> {
  const due = nextRunAt.get(db);
  if (due !== undefined && at.getTime() < due) return 0;
  nextRunAt.set(db, at.getTime() + RETRY_AFTER_FAILURE_MS);
  const { more } = await pruneNow(db, at);
  nextRunAt.set(db, more ? at.getTime() : at.getTime() + PRUNE_EVERY_MS);
  return 0;
}
