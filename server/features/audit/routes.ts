import { Router } from 'express';
import { activityQuery } from '@shared/contracts/activity';
import type { Database } from '../../db/client';
import { inCommunity } from '../../http/community-context';
import { query } from '../../http/validate';
import { communityActivity } from './activity';

/** Recent Activity on the Overview: the audit log, read by the community's admins. */
export function auditRoutes(db: Database): Router {
  const router = Router();
  router.get('/api/communities/:id/activity', inCommunity(db, 'audit:read', { pathParam: 'id' }), query(activityQuery), async (req, res) => {
    res.json(await communityActivity(db, req.community!, res.locals.query.cursor));
  });
  return router;
}
