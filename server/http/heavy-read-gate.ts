import type { Request, RequestHandler } from 'express';
import type { ErrorBody } from './errors';

export interface HeavyReadGateOptions {
  /** How many such reads run at once on this server, whoever asks. */
  concurrent: number;
  /** How many more wait for a turn per key (community); beyond them a caller of that key is asked to retry (503). */
  queued: number;
  /** Seconds a refused caller is told to wait (Retry-After). */
  retryAfterSeconds: number;
  message: string;
  /** Whose queue a request waits in (the community whose list it reads); one queue for all without it. */
  key?: (req: Request) => string;
}

/** The requests of one key waiting for a turn, and when that key last got one (for taking turns). */
interface Queue {
  waiting: (() => void)[];
  lastTurn: number;
}

/**
 * Lets at most `concurrent` requests of one costly kind run at a time on this server, and queues up to `queued`
 * more per key (per community) in arrival order, answering a caller beyond their own key's queue 503 with
 * Retry-After. Freed turns go round the keys that wait, the one served longest ago first, so a flood from one
 * community (one account with 10,000 imported members reading its list over and over) fills only its own queue:
 * another community's caller is queued, never refused for it, and served at the next freed turn. A turn ends
 * when the response is finished or the connection closes. For reads whose cost grows with the congregation
 * (SPEC.md's whole member list: 20,000 members take seconds and megabytes each), so that many of them at once
 * cannot stall every other request of the server (rate limits are per caller; this holds across callers).
 */
export function heavyReadGate({ concurrent, queued, retryAfterSeconds, message, key = () => '' }: HeavyReadGateOptions): RequestHandler {
  let running = 0;
  let turns = 0;
  /** Keys with requests waiting, each queue non-empty. */
  const queues = new Map<string, Queue>();
  /** When each key last got a turn, while it has requests running (a key that runs and queues again keeps its place). */
  const lastTurns = new Map<string, { turn: number; running: number }>();

  const started = (name: string) => {
    const turn = (turns += 1);
    const entry = lastTurns.get(name);
    lastTurns.set(name, { turn, running: (entry?.running ?? 0) + 1 });
  };
  const finished = (name: string) => {
    const entry = lastTurns.get(name)!;
    if (--entry.running === 0) lastTurns.delete(name);
  };
  const release = () => {
    let next: [string, Queue] | undefined;
    for (const entry of queues) if (!next || entry[1].lastTurn < next[1].lastTurn) next = entry;
    if (!next) {
      running--;
      return;
    }
    const [name, queue] = next;
    const start = queue.waiting.shift()!;
    if (queue.waiting.length === 0) queues.delete(name);
    start();
  };

  return (req, res, next) => {
    const name = key(req);
    const start = () => {
      started(name);
      const queue = queues.get(name);
      if (queue) queue.lastTurn = turns;
      const done = () => {
        finished(name);
        release();
      };
      // A caller who hung up before their turn (waiting here, or before the gate while their session was
      // checked) passes it on at once: their 'close' has been and gone, and would never give it back.
      if (res.destroyed) return done();
      res.once('close', done);
      next();
    };
    if (running < concurrent) {
      running++;
      start();
      return;
    }
    const queue = queues.get(name);
    if ((queue?.waiting.length ?? 0) >= queued) {
      res.setHeader('Retry-After', String(retryAfterSeconds));
      res.status(503).json({ message, code: 'busy' } satisfies ErrorBody);
    } else if (queue) {
      queue.waiting.push(start);
    } else {
      // A key with nothing running waits as if served before anyone: it goes first.
      queues.set(name, { waiting: [start], lastTurn: lastTurns.get(name)?.turn ?? 0 });
    }
  };
}
