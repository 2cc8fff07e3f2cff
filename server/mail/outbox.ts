import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { mailOutbox } from '@shared/schema/mail';
import type { Database, Executor } from '../db/client';
import { ACCOUNT_DELETED_KIND } from './messages';
import type { OutgoingMail, SendMail } from './transport';
import { htmlBodyOf } from './html-body';

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
  /** The language it is written in (BCP 47), for its HTML part's `lang`; English when not said. */
  language?: string;
}

/** A Web Push message: to one subscription's endpoint, its JSON payload. */
export interface QueuedPush {
  kind: string;
  endpoint: string;
  payload: string;
}

/**
 * Hands a push to the subscription's push service; throws when it should be retried. A subscription the
 * service says is gone (404, 410) is forgotten and counts as done. `signal` fires at the send's total timeout:
 * the request must end then.
 */
export type SendPush = (message: { endpoint: string; payload: string }, signal: AbortSignal) => Promise<void>;

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
    // Every e-mail has an HTML part made from its text: multipart/alternative, the same words in both.
    htmlBody: message.html ?? htmlBodyOf(message.subject, message.text, message.language),
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

/** Kinds of message whose row is deleted once sent or given up (a deleted account's last e-mail): nothing of it stays. */
const ERASED_WHEN_DONE: ReadonlySet<string> = new Set([ACCOUNT_DELETED_KIND]);

export type OutboxChannel = 'email' | 'push';

/**
 * Each channel is worked off on its own (issue 38 item 2), with a few sends in flight, and every send has a
 * total timeout: a push service that never answers holds at most its own lane's slots for 10 s a try, never an
 * e-mail (a password-reset link must not wait behind someone's dead phone). A timed-out send is retried with
 * backoff like any failure.
 */
export const CHANNEL_LIMITS: Record<OutboxChannel, { inFlight: number; timeoutMs: number }> = {
  email: { inFlight: 3, timeoutMs: 30 * SECOND },
  push: { inFlight: 4, timeoutMs: 10 * SECOND },
};

/**
 * How long a server may take to send a message it claimed before another server may claim it again: well above
 * the longest a send can take (its channel's total timeout).
 */
const LEASE_MS = 3 * 60 * SECOND;

/**
 * Runs `send` with an abort signal that fires at `timeoutMs`, or when `stopping` fires (the server is shutting
 * down); a send still running then fails the attempt, and the message is retried like any failure.
 */
function withinTimeout(timeoutMs: number, what: string, stopping: AbortSignal, send: (signal: AbortSignal) => Promise<void>): Promise<void> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let onStop: (() => void) | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer from the ${what} within ${timeoutMs / SECOND} s`));
    }, timeoutMs);
    onStop = () => {
      controller.abort();
      reject(new Error('the server stopped while sending'));
    };
    if (stopping.aborted) onStop();
    else stopping.addEventListener('abort', onStop, { once: true });
  });
  return Promise.race([send(controller.signal), timeout]).finally(() => {
    clearTimeout(timer);
    stopping.removeEventListener('abort', onStop!);
  });
}
/** How long a stopping server lets the sends in flight finish before it ends them. */
const STOP_GRACE_MS = 5 * SECOND;
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
   * Only messages to addresses (or push endpoints) ending in this, or in one of these: test files sharing one
   * Postgres each send only their own. Production servers leave it unset.
   */
  recipientSuffix?: string | readonly string[];
  /** Sends in flight and the total timeout of a send, per channel (tests shorten them). */
  channelLimits?: typeof CHANNEL_LIMITS;
  /** Told of every send that failed (GET /metrics counts them). */
  onSendFailed?: (channel: 'email' | 'push', givenUp: boolean) => void;
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
  channelLimits = CHANNEL_LIMITS,
  onSendFailed,
}: OutboxWorkerOptions): OutboxWorker {
  let stopped = false;
  const stopping = new AbortController();
  const suffixes = typeof recipientSuffix === 'string' ? [recipientSuffix] : (recipientSuffix ?? []);
  const ownRecipients = suffixes.length > 0 ? or(...suffixes.map((suffix) => sql`right(${mailOutbox.recipient}, ${suffix.length}) = ${suffix}`)) : undefined;

  /**
   * Claims the channel's next due message: one statement, so of several servers each row goes to one. One row
   * a claim, so a lease never has to outlast a batch of slow sends.
   */
  const claimDue = async (channel: OutboxChannel) => {
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
            eq(mailOutbox.channel, channel),
            or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, at)),
            ownRecipients,
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
    const isPush = row.channel === 'push';
    try {
      const { timeoutMs } = channelLimits[row.channel];
      if (isPush) {
        if (!sendPush) throw new Error('push is not set up on this server');
        await withinTimeout(timeoutMs, 'push service', stopping.signal, (signal) => sendPush({ endpoint: row.recipient, payload: row.textBody }, signal));
      } else {
        await withinTimeout(timeoutMs, 'mail server', stopping.signal, () => send({ to: row.recipient, subject: row.subject, text: row.textBody, html: row.htmlBody, headers: row.headers }));
      }
      if (ERASED_WHEN_DONE.has(row.kind)) await db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
      else await db.update(mailOutbox).set({ sentAt: now(), lockedUntil: null, lastError: null, textBody: '', htmlBody: null }).where(eq(mailOutbox.id, row.id));
      logger.info({ mailId: row.id, kind: row.kind, attempts: row.attempts }, isPush ? 'push sent' : 'e-mail sent');
    } catch (error) {
      const at = now();
      const reason = error instanceof Error ? error.message.slice(0, 300) : 'unknown error';
      const givingUp = at.getTime() - row.createdAt.getTime() >= (GIVE_UP_SOONER[row.kind] ?? GIVE_UP_AFTER_MS);
      const wait = Math.min(retryBaseMs * 2 ** (row.attempts - 1), maxRetryMs);
      if (givingUp && ERASED_WHEN_DONE.has(row.kind)) {
        await db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
      } else {
        await db
          .update(mailOutbox)
          .set(
            givingUp
              ? { failedAt: at, lockedUntil: null, lastError: reason, textBody: '', htmlBody: null }
              : { nextAttemptAt: new Date(at.getTime() + wait), lockedUntil: null, lastError: reason },
          )
          .where(eq(mailOutbox.id, row.id));
      }
      const what = isPush ? 'push' : 'e-mail';
      onSendFailed?.(isPush ? 'push' : 'email', givingUp);
      logger.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, reason, givingUp }, givingUp ? `${what} given up` : `${what} not accepted, will retry`);
    }
  };

  /**
   * One channel's sends: up to its `inFlight` runners, each claiming and sending one message at a time until
   * none is due. A runner that claimed one starts another (there may be more), so an idle lane costs one query a
   * poll and a busy one fills its slots.
   */
  const lane = (channel: OutboxChannel) => {
    const limit = channelLimits[channel].inFlight;
    const runners = new Set<Promise<void>>();
    let missed = false;
    const run = async () => {
      while (!stopped) {
        const due = await claimDue(channel);
        if (!due) {
          // A wake that found every slot busy: look once more before leaving.
          if (!missed) return;
          missed = false;
          continue;
        }
        spawn();
        await deliver(due);
      }
    };
    const spawn = () => {
      if (stopped) return;
      if (runners.size >= limit) {
        missed = true;
        return;
      }
      const runner: Promise<void> = run()
        .catch((error: unknown) => logger.warn({ err: error, channel }, 'mail outbox: could not read due messages'))
        .finally(() => runners.delete(runner));
      runners.add(runner);
    };
    return {
      wake: spawn,
      async idle() {
        while (runners.size > 0) await Promise.all([...runners]);
      },
    };
  };
  const lanes = [lane('email'), lane('push')];

  const wake = () => {
    for (const each of lanes) each.wake();
  };
  const idle = async () => {
    for (const each of lanes) await each.idle();
  };

  const timer = setInterval(wake, pollMs);
  timer.unref();
  wake();

  return {
    wake,
    drain: idle,
    async stop() {
      stopped = true;
      clearInterval(timer);
      // Sends in flight may finish for a few seconds (one that was accepted must not be sent again); any still
      // running then is ended and retried later, by this server's successor or another one.
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([idle(), new Promise((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS)))]);
      clearTimeout(grace);
      stopping.abort();
      await idle();
    },
  };
}
