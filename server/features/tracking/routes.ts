import { Router } from 'express';
import {
  calendarLockBody,
  completionGoalsBody,
  dailyLogQuery,
  disciplineTemplatesBody,
  memberStatsQuery,
  monthlyTargetsBody,
  saveDailyLogBody,
  targetsQuery,
  streaksQuery,
  toggleLockBody,
} from '@shared/contracts/tracking';
import { apiMessage } from '@shared/domain/messages';
import { parseIsoDate } from '@shared/domain/calendar';
import type { Database } from '../../db/client';
import { type CommunityContext, inCommunity } from '../../http/community-context';
import { body, idParam } from '../../http/validate';
import { assertMayReadCommander, memberStats, subgroupMembers } from './commander-stats';
import { getDailyLog } from './daily-logs';
import { saveDailyLog, setCompletionGoals } from './save-daily-log';
import { communityDisciplines, replaceDisciplines } from './disciplines';
import { listLocks, removeLock, setLock, toggleLock } from './locks';
import { communityToday } from './member-streaks';
import { memberStreaks } from './streaks';
import { getTargets, setTargets } from './targets';

const onPath = { pathParam: 'id' } as const;

export function trackingRoutes(db: Database, now: () => Date): Router {
  const router = Router();
  /** This month in the community's time zone, for calls that name no month. */
  const currentMonth = (context: CommunityContext) => parseIsoDate(communityToday(context.community, now()));

  router.get('/api/communities/:id/discipline-templates', inCommunity(db, 'community:read', onPath), async (req, res) => {
    res.json(await communityDisciplines(db, req.community!.community));
  });

  router.post('/api/communities/:id/discipline-templates', inCommunity(db, 'templates:edit', onPath), body(disciplineTemplatesBody), async (req, res) => {
    res.json(await replaceDisciplines(db, req.community!, req.body.templates));
  });

  router.get('/api/communities/:id/daily-log', inCommunity(db, 'community:read', onPath), async (req, res) => {
    const query = dailyLogQuery.parse(req.query);
    res.json(await getDailyLog(db, req.community!, query.userId ?? req.user!.id, query));
  });

  router.post('/api/communities/:id/daily-log', inCommunity(db, 'community:read', onPath), body(saveDailyLogBody), async (req, res) => {
    res.json(await saveDailyLog(db, req.community!, req.body, now()));
  });

  // Every daily discipline's streak for a member in one call (the dashboard), as of the community's today or a given date.
  router.get('/api/communities/:id/streaks', inCommunity(db, 'community:read', onPath), async (req, res) => {
    const query = streaksQuery.parse(req.query);
    res.json(await memberStreaks(db, req.community!, query.userId ?? req.user!.id, query.date ?? communityToday(req.community!.community, now())));
  });

  router.get('/api/communities/:id/calendar-locks', inCommunity(db, 'community:read', onPath), async (req, res) => {
    res.json(await listLocks(db, req.community!.community.id));
  });

  router.post('/api/communities/:id/calendar-locks', inCommunity(db, 'locks:manage', onPath), body(calendarLockBody), async (req, res) => {
    res.status(201).json(await setLock(db, req.community!, req.body, now()));
  });

  router.patch('/api/communities/:id/toggle-lock', inCommunity(db, 'locks:manage', onPath), body(toggleLockBody), async (req, res) => {
    res.json(await toggleLock(db, req.community!, req.body, now()));
  });

  router.delete('/api/communities/:id/calendar-locks/:lockId', inCommunity(db, 'locks:manage', onPath), async (req, res) => {
    await removeLock(db, req.community!, idParam(req.params.lockId, apiMessage('Calendar lock not found.')));
    res.json({ message: 'Calendar lock removed.' });
  });

  router.get('/api/users/:id/discipline-targets', inCommunity(db, 'community:read'), async (req, res) => {
    const query = targetsQuery.parse(req.query);
    const period = query.month && query.year ? { month: query.month, year: query.year } : currentMonth(req.community!);
    res.json(await getTargets(db, req.community!, idParam(req.params.id, apiMessage('Member not found.')), period));
  });

  router.post('/api/users/monthly-targets', inCommunity(db, 'targets:edit'), body(monthlyTargetsBody), async (req, res) => {
    res.json(await setTargets(db, req.community!, req.body, now()));
  });

  router.post('/api/users/monthly-completion-goals', inCommunity(db, 'community:read'), body(completionGoalsBody), async (req, res) => {
    res.json(await setCompletionGoals(db, req.community!, req.body, now()));
  });

  router.get('/api/commanders/:id/subgroup-members', inCommunity(db, 'subgroup-stats:read'), async (req, res) => {
    const commanderId = idParam(req.params.id, apiMessage('Commander not found.'));
    await assertMayReadCommander(db, req.community!, commanderId);
    res.json(await subgroupMembers(db, req.community!, commanderId));
  });

  router.get('/api/commanders/:id/member-stats', inCommunity(db, 'subgroup-stats:read'), async (req, res) => {
    const commanderId = idParam(req.params.id, apiMessage('Commander not found.'));
    await assertMayReadCommander(db, req.community!, commanderId);
    const period = memberStatsQuery.parse(req.query);
    res.json(await memberStats(db, req.community!, commanderId, period, now()));
  });

  return router;
}
