import { Router } from 'express';
import { assignSubgroupBody, createSubgroupBody, setCommanderBody } from '@shared/contracts/subgroups';
import type { Database } from '../../db/client';
import { inCommunity } from '../../http/community-context';
import { body, idParam } from '../../http/validate';
import * as subgroups from './service';

export function subgroupRoutes(db: Database): Router {
  const router = Router();

  router.get('/api/communities/:id/subgroups', inCommunity(db, 'community:read', { pathParam: 'id' }), async (req, res) => {
    res.json(await subgroups.listSubgroups(db, req.community!.community.id));
  });

  router.post('/api/subgroups', inCommunity(db, 'subgroups:manage'), body(createSubgroupBody), async (req, res) => {
    res.status(201).json(await subgroups.createSubgroup(db, req.community!, req.body));
  });

  router.patch('/api/subgroups/:id/commander', inCommunity(db, 'subgroups:manage'), body(setCommanderBody), async (req, res) => {
    res.json(await subgroups.setCommander(db, req.community!, idParam(req.params.id, subgroups.SUBGROUP_NOT_FOUND), req.body.commanderId));
  });

  router.delete('/api/subgroups/:id', inCommunity(db, 'subgroups:manage'), async (req, res) => {
    await subgroups.deleteSubgroup(db, req.community!, idParam(req.params.id, subgroups.SUBGROUP_NOT_FOUND));
    res.json({ message: 'Subgroup deleted. Its members are now unassigned.' });
  });

  router.patch('/api/users/:userId/subgroup', inCommunity(db, 'subgroups:manage'), body(assignSubgroupBody), async (req, res) => {
    res.json(await subgroups.assignSubgroup(db, req.community!, idParam(req.params.userId, subgroups.MEMBER_NOT_FOUND), req.body.subgroupId));
  });

  router.get('/api/user/subgroup', inCommunity(db, 'community:read'), async (req, res) => {
    res.json(await subgroups.ownSubgroup(db, req.community!));
  });

  return router;
}
