import { Router } from 'express';
import type { Database } from '../../db/client';
import { requireUser } from '../../http/require';
import { idParam } from '../../http/validate';
import { acceptHistoryOffer, declineHistoryOffer, HISTORY_OFFER_NOT_FOUND, listHistoryOffers } from './history-offers';

/** The history admins offered the signed-in member (history-offers.ts): listed, accepted or declined by them alone. */
export function historyOfferRoutes(db: Database, now: () => Date): Router {
  const router = Router();

  router.get('/api/user/history-offers', requireUser, async (req, res) => {
    res.json(await listHistoryOffers(db, req.user!.id, now()));
  });

  router.post('/api/user/history-offers/:id/accept', requireUser, async (req, res) => {
    res.json(await acceptHistoryOffer(db, req.user!, idParam(req.params.id, HISTORY_OFFER_NOT_FOUND), now()));
  });

  router.post('/api/user/history-offers/:id/decline', requireUser, async (req, res) => {
    res.json(await declineHistoryOffer(db, req.user!.id, idParam(req.params.id, HISTORY_OFFER_NOT_FOUND), now()));
  });

  return router;
}
