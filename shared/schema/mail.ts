import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/**
 * The mail outbox (server/mail/): a message is written here in the same transaction as the change that
 * causes it, and a worker hands it to the SMTP server (or the .eml folder) with retries. A server claims due
 * rows with FOR UPDATE SKIP LOCKED and leases them (`lockedUntil`), so several servers never send one twice.
 * Once sent or given up, the body is blanked: the links in it are credentials.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    /** 'email', or 'push' (a Web Push message: `recipient` is the subscription's endpoint, `textBody` its JSON payload). */
    channel: text('channel').$type<'email' | 'push'>().notNull().default('email'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Extra headers (List-Unsubscribe, ...). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** What the message is (verify-email, password-reset, ...): for logs and tests, never its content. */
    kind: text('kind').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    // Retention (issue 39): sent or given-up rows are pruned; a deleted account's queued messages are found by address.
    index('mail_outbox_done_idx').on(t.createdAt).where(sql`${t.sentAt} IS NOT NULL OR ${t.failedAt} IS NOT NULL`),
    index('mail_outbox_recipient_idx').on(t.recipient),
  ],
);
