import { Router } from 'express';
import { dashboardQuery } from '@shared/contracts/dashboard';
import type { Database } from '../../db/client';
import { inCommunity } from '../../http/community-context';
import { dashboardOwnData } from './own-data';

/**
 * The dashboard's own data in one call, for the signed-in member, the month and the date given (the
 * client's current month and today): what the separate endpoints answer, read in one statement.
 */
export function dashboardRoutes(db: Database): Router {
  const router = Router();

  router.get('/api/communities/:id/dashboard', inCommunity(db, 'community:read', { pathParam: 'id' }), async (req, res) => {
    res.json(await dashboardOwnData(db, req.community!, dashboardQuery.parse(req.query)));
  });

  return router;
}
