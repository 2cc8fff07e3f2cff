import type { RequestHandler } from 'express';

export interface RequestDrain {
  /** Counts the requests in flight; while draining, tells each client to close its connection after the answer. */
  middleware: RequestHandler;
  isDraining(): boolean;
  /** Starts draining and resolves once no request is in flight. */
  drain(): Promise<void>;
}

/**
 * What a graceful stop needs from the app: the requests already accepted finish (the database stays open
 * until they have), and no client keeps a connection open to send more, so the process can exit.
 */
export function requestDrain(): RequestDrain {
  let draining = false;
  let inFlight = 0;
  let whenIdle: (() => void)[] = [];
  const settleIfIdle = () => {
    if (!draining || inFlight > 0) return;
    for (const resolve of whenIdle) resolve();
    whenIdle = [];
  };
  return {
    middleware: (_req, res, next) => {
      inFlight++;
      if (draining) res.setHeader('Connection', 'close');
      res.once('close', () => {
        inFlight--;
        settleIfIdle();
      });
      next();
    },
    isDraining: () => draining,
    drain: () => {
      draining = true;
      const idle = new Promise<void>((resolve) => whenIdle.push(resolve));
      settleIfIdle();
      return idle;
    },
  };
}
