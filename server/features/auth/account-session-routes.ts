import { Router } from 'express';
import { apiMessage } from '@shared/domain/messages';
import { signOut } from '../../auth/passport';
import { clearSessionCookie } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { requireUser } from '../../http/require';
import { finishTakeoverReview, signOutEverywhere, takeoverReview } from './account-sessions';

export const SIGNED_OUT_EVERYWHERE_MESSAGE = apiMessage('Signed out on every device.');

/** The account's sessions and devices as a whole (issue 38 item 1): sign out everywhere, and a takeover's review. */
export function accountSessionRoutes(db: Database): Router {
  const router = Router();

  router.post('/api/logout-everywhere', requireUser, async (req, res) => {
    await signOutEverywhere(db, req.user!.id);
    await signOut(req);
    clearSessionCookie(req, res);
    res.json({ message: SIGNED_OUT_EVERYWHERE_MESSAGE });
  });

  router.get('/api/user/takeover-review', requireUser, async (req, res) => {
    res.json(await takeoverReview(db, req.user!.id));
  });

  router.post('/api/user/takeover-review/done', requireUser, async (req, res) => {
    await finishTakeoverReview(db, req.user!.id);
    res.status(204).end();
  });

  return router;
}
