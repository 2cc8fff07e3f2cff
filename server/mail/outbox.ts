import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { mailOutbox } from '@shared/schema/mail';
import type { Database, Executor } from '../db/client';
import type { OutgoingMail, SendMail } from './transport';

/** Set while an API request runs: whether it queued mail, so the worker looks as soon as it has committed. */
const queuedByRequest = new AsyncLocalStorage<{ queued: boolean }>();

/** Wakes the worker once a request that queued mail has answered (its transaction has committed by then). */
export function wakeAfterRequests(worker: () => OutboxWorker | undefined): RequestHandler {
  return (_req, res, next) => {
    const request = { queued: false };
    res.on('finish', () => {
      if (request.queued) worker()?.wake();
    });
    queuedByRequest.run(request, next);
  };
}

/** A message to send, and what kind it is (for logs and tests; never its content). */
export interface QueuedMail extends OutgoingMail {
  kind: string;
}

/** A Web Push message: to one subscription's endpoint, its JSON payload. */
export interface QueuedPush {
  kind: string;
  endpoint: string;
  payload: string;
}

/**
 * Hands a push to the subscription's push service; throws when it should be retried. A subscription the
 * service says is gone (404, 410) is forgotten and counts as done.
 */
export type SendPush = (message: { endpoint: string; payload: string }) => Promise<void>;

/**
 * Queues a message inside the caller's transaction: it is sent only if the change that causes it commits,
 * and a commit always leaves it to be sent, whatever happens to this process afterwards. `notBefore` holds
 * it back until then (someone's quiet hours).
 */
export async function enqueueMail(tx: Executor, message: QueuedMail, { notBefore }: { notBefore?: Date } = {}): Promise<void> {
  markQueued();
  await tx.insert(mailOutbox).values({
    recipient: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? null,
    headers: message.headers ?? null,
    kind: message.kind,
    // Held back (quiet hours) or due now.
    ...(notBefore ? { nextAttemptAt: notBefore } : {}),
  });
}

/** Queues pushes like e-mails: in the caller's transaction, sent by the same worker once it commits. */
export async function enqueuePushes(tx: Executor, messages: readonly QueuedPush[], { notBefore }: { notBefore?: Date } = {}): Promise<void> {
  if (messages.length === 0) return;
  markQueued();
  await tx.insert(mailOutbox).values(
    messages.map((message) => ({ channel: 'push' as const, recipient: message.endpoint, subject: '', textBody: message.payload, kind: message.kind, ...(notBefore ? { nextAttemptAt: notBefore } : {}) })),
  );
}

function markQueued() {
  const request = queuedByRequest.getStore();
  if (request) request.queued = true;
}

export const SECOND = 1000;
/**
 * How long a server may take to send the one message it claimed before another server may claim it again:
 * well above the longest an SMTP send can take (the transport's timeouts add up to under a minute).
 */
const LEASE_MS = 3 * 60 * SECOND;
/** A send that has not finished by now counts as failed (and is retried): a tarpitting server cannot hold the worker. */
const SEND_TIMEOUT_MS = 60 * SECOND;

function withinSendTimeout(sending: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${SEND_TIMEOUT_MS / SECOND} s`)), SEND_TIMEOUT_MS);
  });
  return Promise.race([sending, timeout]).finally(() => clearTimeout(timer));
}
/** Messages not accepted within this long are given up (and their bodies blanked). */
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * SECOND;
/** Kinds whose link dies sooner: no use delivering it after that. */
const GIVE_UP_SOONER: Record<string, number> = { 'password-reset': 60 * 60 * SECOND };

export interface OutboxWorkerOptions {
  db: Database;
  send: SendMail;
  /** Sends Web Push messages; without it (push not set up) a queued push is given up. */
  sendPush?: SendPush;
  logger: Logger;
  now?: () => Date;
  /** The fallback poll (messages queued by another server, retries that came due). */
  pollMs?: number;
  /** The first retry's wait; each further one doubles it, up to `maxRetryMs`. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /**
   * Only messages to addresses ending in this: test files sharing one Postgres each send only their own.
   * Production servers leave it unset.
   */
  recipientSuffix?: string;
}

export interface OutboxWorker {
  /** Looks for due messages now (call after a commit that queued one). */
  wake(): void;
  /** Resolves once no message is due and none is being sent (tests). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export function startOutboxWorker({
  db,
  send,
  sendPush,
  logger,
  now = () => new Date(),
  pollMs = SECOND,
  retryBaseMs = 15 * SECOND,
  maxRetryMs = 30 * 60 * SECOND,
  recipientSuffix,
}: OutboxWorkerOptions): OutboxWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  /**
   * Claims the next due message: one statement, so of several servers each row goes to one. One at a time,
   * so a lease never has to outlast a batch of slow sends.
   */
  const claimDue = async () => {
    const at = now();
    const leaseEnd = new Date(at.getTime() + LEASE_MS);
    // Two statements in one transaction rather than UPDATE … WHERE id IN (SELECT … LIMIT 1 FOR UPDATE SKIP
    // LOCKED): the planner may run such a subquery more than once (and lease more than one row); here exactly
    // the row selected is leased.
    return db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            isNull(mailOutbox.sentAt),
            isNull(mailOutbox.failedAt),
            lte(mailOutbox.nextAttemptAt, at),
            or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, at)),
            recipientSuffix ? sql`right(${mailOutbox.recipient}, ${recipientSuffix.length}) = ${recipientSuffix}` : undefined,
          ),
        )
        .orderBy(mailOutbox.nextAttemptAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return undefined;
      const [claimed] = await tx
        .update(mailOutbox)
        .set({ lockedUntil: leaseEnd, attempts: sql`${mailOutbox.attempts} + 1` })
        .where(eq(mailOutbox.id, due.id))
        .returning();
      return claimed;
    });
  };

  const deliver = async (row: NonNullable<Awaited<ReturnType<typeof claimDue>>>) => {
    try {
      if (row.channel === 'push') {
        if (!sendPush) throw new Error('push is not set up on this server');
        await withinSendTimeout(sendPush({ endpoint: row.recipient, payload: row.textBody }));
      } else {
        await withinSendTimeout(send({ to: row.recipient, subject: row.subject, text: row.textBody, html: row.htmlBody, headers: row.headers }));
      }
      await db
        .update(mailOutbox)
        .set({ sentAt: now(), lockedUntil: null, lastError: null, textBody: '', htmlBody: null })
        .where(eq(mailOutbox.id, row.id));
      logger.info({ mailId: row.id, kind: row.kind, attempts: row.attempts }, row.channel === 'push' ? 'push sent' : 'e-mail sent');
    } catch (error) {
      const at = now();
      const reason = error instanceof Error ? error.message.slice(0, 300) : 'unknown error';
      const givingUp = at.getTime() - row.createdAt.getTime() >= (GIVE_UP_SOONER[row.kind] ?? GIVE_UP_AFTER_MS);
      const wait = Math.min(retryBaseMs * 2 ** (row.attempts - 1), maxRetryMs);
      await db
        .update(mailOutbox)
        .set(
          givingUp
            ? { failedAt: at, lockedUntil: null, lastError: reason, textBody: '', htmlBody: null }
            : { nextAttemptAt: new Date(at.getTime() + wait), lockedUntil: null, lastError: reason },
        )
        .where(eq(mailOutbox.id, row.id));
      logger.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, reason, givingUp }, givingUp ? 'e-mail given up' : 'e-mail not accepted, will retry');
    }
  };

  const runUntilNoneDue = async () => {
    do {
      again = false;
      const due = await claimDue();
      if (due) {
        await deliver(due);
        again = true;
      }
    } while (again && !stopped);
  };

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runUntilNoneDue()
      .catch((error: unknown) => logger.warn({ err: error }, 'mail outbox: could not read due messages'))
      .finally(() => {
        running = null;
      });
  };

  const timer = setInterval(wake, pollMs);
  timer.unref();
  wake();

  return {
    wake,
    async drain() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
