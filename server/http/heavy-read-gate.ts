import type { RequestHandler } from 'express';
import type { ErrorBody } from './errors';

export interface HeavyReadGateOptions {
  /** How many such reads run at once on this server. */
  concurrent: number;
  /** How many more wait for a turn; beyond them a caller is asked to retry (503). */
  queued: number;
  /** Seconds a refused caller is told to wait (Retry-After). */
  retryAfterSeconds: number;
  message: string;
}

/**
 * Lets at most `concurrent` requests of one costly kind run at a time on this server, queues `queued` more
 * in arrival order, and answers anyone beyond them 503 with Retry-After. A turn ends when the response is
 * finished or the connection closes. For reads whose cost grows with the congregation (SPEC.md's whole
 * member list: 20,000 members take seconds and megabytes each), so that many of them at once cannot stall
 * every other request of the server (rate limits are per caller; this holds across callers).
 */
export function heavyReadGate({ concurrent, queued, retryAfterSeconds, message }: HeavyReadGateOptions): RequestHandler {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return (_req, res, next) => {
    const start = () => {
      // A caller who hung up before their turn (waiting here, or before the gate while their session was
      // checked) passes it on at once: their 'close' has been and gone, and would never give it back.
      if (res.destroyed) return release();
      res.once('close', release);
      next();
    };
    if (running < concurrent) {
      running++;
      start();
    } else if (waiting.length < queued) {
      waiting.push(start);
    } else {
      res.setHeader('Retry-After', String(retryAfterSeconds));
      res.status(503).json({ message, code: 'busy' } satisfies ErrorBody);
    }
  };
}
