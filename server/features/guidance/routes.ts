import { Router } from 'express';
import { saveGuidanceBody } from '@shared/contracts/guidance';
import type { Database } from '../../db/client';
import { inCommunity } from '../../http/community-context';
import { body } from '../../http/validate';
import * as guidance from './service';

const onPath = { pathParam: 'id' } as const;

export function guidanceRoutes(db: Database, now: () => Date): Router {
  const router = Router();

  router.get('/api/communities/:id/guidance', inCommunity(db, 'community:read', onPath), async (req, res) => {
    res.json(await guidance.getGuidance(db, req.community!.community.id));
  });

  router.post('/api/communities/:id/guidance', inCommunity(db, 'guidance:edit', onPath), body(saveGuidanceBody), async (req, res) => {
    res.json(await guidance.saveGuidance(db, req.community!, req.body, now()));
  });

  return router;
}
