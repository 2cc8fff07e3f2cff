import { Router } from 'express';
import { reportMembersQuery, reportsQuery } from '@shared/contracts/reports';
import type { Database } from '../../db/client';
import { inCommunity } from '../../http/community-context';
import { progressReport, reportMembersPage } from './service';

export function reportRoutes(db: Database, now: () => Date): Router {
  const router = Router();

  // Every member may read reports; the service narrows what they see to their own subgroup (admins: the community).
  router.get('/api/reports', inCommunity(db, 'community:read'), async (req, res) => {
    const query = reportsQuery.parse(req.query);
    res.json(await progressReport(db, req.community!, query, now()));
  });

  router.get('/api/reports/members', inCommunity(db, 'community:read'), async (req, res) => {
    res.json(await reportMembersPage(db, req.community!, reportMembersQuery.parse(req.query)));
  });

  return router;
}
