import type { RequestHandler } from 'express';

export interface RequestDrain {
  /** Counts the requests in flight; while draining, tells each client to close its connection after the answer. */
  middleware: RequestHandler;
  isDraining(): boolean;
  /** Starts draining: readiness answers 503 and every answer closes its connection. */
  startDraining(): void;
  /**
   * Resolves once no request is in flight. Ask after the server has stopped listening: before that, a new
   * request can still arrive after an idle moment.
   */
  whenIdle(): Promise<void>;
}

/**
 * What a graceful stop needs from the app: the requests already accepted finish (the database stays open
 * until they have), and no client keeps a connection open to send more, so the process can exit.
 */
export function requestDrain(): RequestDrain {
  let draining = false;
  let inFlight = 0;
  let waiting: (() => void)[] = [];
  return {
    middleware: (_req, res, next) => {
      inFlight++;
      if (draining) res.setHeader('Connection', 'close');
      res.once('close', () => {
        inFlight--;
        if (inFlight > 0) return;
        for (const resolve of waiting) resolve();
        waiting = [];
      });
      next();
    },
    isDraining: () => draining,
    startDraining: () => {
      draining = true;
    },
    whenIdle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
  };
}
