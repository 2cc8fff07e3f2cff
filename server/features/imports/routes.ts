import { Router } from 'express';
import type { Database } from '../../db/client';
import { inCommunity } from '../../http/community-context';
import * as imports from './service';

export function importRoutes(db: Database, now: () => Date): Router {
  const router = Router();

  router.get('/api/export/csv', inCommunity(db, 'members:export'), async (req, res) => {
    res.json(await imports.exportMembers(db, req.community!, now()));
  });

  return router;
}
