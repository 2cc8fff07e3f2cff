import { Router } from 'express';
import { needsAWordQuery } from '@shared/contracts/care';
import type { Database } from '../../db/client';
import { inCommunity } from '../../http/community-context';
import { idParam } from '../../http/validate';
import { MEMBER_NOT_FOUND, markReachedOut, needsAWord } from './needs-a-word';

/** Pastoral care for commanders (issue 26): private like questions, to the member's commander and the community's admins. */
export function careRoutes(db: Database, now: () => Date): Router {
  const router = Router();

  router.get('/api/communities/:id/needs-a-word', inCommunity(db, 'care:read', { pathParam: 'id' }), async (req, res) => {
    const { subgroupId } = needsAWordQuery.parse(req.query);
    res.json(await needsAWord(db, req.community!, subgroupId, now()));
  });

  router.post('/api/communities/:id/needs-a-word/:userId/reached-out', inCommunity(db, 'care:reach-out', { pathParam: 'id' }), async (req, res) => {
    res.json(await markReachedOut(db, req.community!, idParam(req.params.userId, MEMBER_NOT_FOUND), now()));
  });

  return router;
}
