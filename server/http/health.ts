import { Router } from 'express';
import { apiMessage } from '@shared/domain/messages';
import { type Database, schemaIsCurrent } from '../db/client';

/** How long readiness waits for the database before answering that it is not ready. */
const READINESS_TIMEOUT_MS = 2_000;
export const NOT_READY_MESSAGE = apiMessage('Steadfast cannot reach its database, or the database is not up to date yet.');
export const DRAINING_MESSAGE = apiMessage('Steadfast is shutting down.');

/**
 * Probes for a load balancer or an orchestrator (DECISIONS.md, Operations), answered without a session and
 * naming no versions: GET /healthz says the process is up; GET /readyz that the database answers and
 * holds every migration of this build (503 otherwise, within READINESS_TIMEOUT_MS), and that
 * this process is not shutting down (a load balancer stops sending it requests).
 */
export function healthRoutes(db: Database, isDraining: () => boolean): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (isDraining()) {
      res.status(503).json({ message: DRAINING_MESSAGE, code: 'not_ready' });
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), READINESS_TIMEOUT_MS);
    });
    const ready = await Promise.race([
      schemaIsCurrent(db).catch((error: unknown) => {
        req.log?.warn({ err: error }, 'readiness check failed');
        return false;
      }),
      timedOut,
    ]);
    clearTimeout(timer);
    if (ready) res.json({ status: 'ready' });
    else res.status(503).json({ message: NOT_READY_MESSAGE, code: 'not_ready' });
  });
  return router;
}
