import { Router } from 'express';
import type { Database } from '../../db/client';
import { requireUser } from '../../http/require';
import * as communities from './service';

export function communityRoutes(db: Database): Router {
  const router = Router();

  router.get('/api/memberships', requireUser, async (req, res) => {
    res.json(await communities.listMemberships(db, req.user!));
  });

  return router;
}
