import { Router } from 'express';
import { dashboardQuery, type DashboardView } from '@shared/contracts/dashboard';
import type { Database } from '../../db/client';
import { inCommunity } from '../../http/community-context';
import { toCommunityView } from '../communities/service';
import { getGuidance } from '../guidance/service';
import { getDailyLog } from '../tracking/daily-logs';
import { communityDisciplines } from '../tracking/disciplines';
import { memberStreaks } from '../tracking/streaks';
import { getTargets } from '../tracking/targets';

/**
 * The dashboard's own data in one call: the same services its separate endpoints use, for the signed-in
 * member, the month and the date given (the client's current month and today).
 */
export function dashboardRoutes(db: Database): Router {
  const router = Router();

  router.get('/api/communities/:id/dashboard', inCommunity(db, 'community:read', { pathParam: 'id' }), async (req, res) => {
    const query = dashboardQuery.parse(req.query);
    const context = req.community!;
    const period = { year: query.year, month: query.month };
    // The disciplines are kept per server (communityDisciplines): the streaks read the same copy.
    const [disciplines, dailyLog, targets, streaks, guidance] = await Promise.all([
      communityDisciplines(db, context.community),
      getDailyLog(db, context, context.userId, period),
      getTargets(db, context, context.userId, period),
      memberStreaks(db, context, context.userId, query.date),
      getGuidance(db, context.community.id),
    ]);
    const view: DashboardView = { community: toCommunityView(context.community), disciplines, dailyLog, targets, streaks, guidance };
    res.json(view);
  });

  return router;
}
