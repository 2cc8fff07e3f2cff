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
  toggleLockBody,
} from '@shared/contracts/tracking';
import { dateInTimeZone, parseIsoDate } from '@shared/domain/calendar';
import type { Database } from '../../db/client';
import { type CommunityContext, inCommunity } from '../../http/community-context';
import { body, idParam } from '../../http/validate';
import * as tracking from './service';

const onPath = { pathParam: 'id' } as const;

export function trackingRoutes(db: Database, now: () => Date): Router {
  const router = Router();
  /** This month in the community's time zone, for calls that name no month. */
  const currentMonth = (context: CommunityContext) => parseIsoDate(dateInTimeZone(now(), context.community.timeZone));

  router.get('/api/communities/:id/discipline-templates', inCommunity(db, 'community:read', onPath), async (req, res) => {
    res.json(await tracking.listDisciplines(db, req.community!.community.id));
  });

  router.post('/api/communities/:id/discipline-templates', inCommunity(db, 'templates:edit', onPath), body(disciplineTemplatesBody), async (req, res) => {
    res.json(await tracking.replaceDisciplines(db, req.community!, req.body.templates));
  });

  router.get('/api/communities/:id/daily-log', inCommunity(db, 'community:read', onPath), async (req, res) => {
    const query = dailyLogQuery.parse(req.query);
    res.json(await tracking.getDailyLog(db, req.community!, query.userId ?? req.user!.id, query));
  });

  router.post('/api/communities/:id/daily-log', inCommunity(db, 'community:read', onPath), body(saveDailyLogBody), async (req, res) => {
    res.json(await tracking.saveDailyLog(db, req.community!, req.body, now()));
  });

  router.get('/api/communities/:id/calendar-locks', inCommunity(db, 'community:read', onPath), async (req, res) => {
    res.json(await tracking.listLocks(db, req.community!.community.id));
  });

  router.post('/api/communities/:id/calendar-locks', inCommunity(db, 'locks:manage', onPath), body(calendarLockBody), async (req, res) => {
    res.status(201).json(await tracking.setLock(db, req.community!, req.body, now()));
  });

  router.patch('/api/communities/:id/toggle-lock', inCommunity(db, 'locks:manage', onPath), body(toggleLockBody), async (req, res) => {
    res.json(await tracking.toggleLock(db, req.community!, req.body, now()));
  });

  router.delete('/api/communities/:id/calendar-locks/:lockId', inCommunity(db, 'locks:manage', onPath), async (req, res) => {
    await tracking.removeLock(db, req.community!, idParam(req.params.lockId, 'Calendar lock not found.'));
    res.json({ message: 'Calendar lock removed.' });
  });

  router.get('/api/users/:id/discipline-targets', inCommunity(db, 'community:read'), async (req, res) => {
    const query = targetsQuery.parse(req.query);
    const period = query.month && query.year ? { month: query.month, year: query.year } : currentMonth(req.community!);
    res.json(await tracking.getTargets(db, req.community!, idParam(req.params.id, 'Member not found.'), period));
  });

  router.post('/api/users/monthly-targets', inCommunity(db, 'targets:edit'), body(monthlyTargetsBody), async (req, res) => {
    res.json(await tracking.setTargets(db, req.community!, req.body, now()));
  });

  router.post('/api/users/monthly-completion-goals', inCommunity(db, 'community:read'), body(completionGoalsBody), async (req, res) => {
    res.json(await tracking.setCompletionGoals(db, req.community!, req.body, now()));
  });

  router.get('/api/commanders/:id/subgroup-members', inCommunity(db, 'subgroup-stats:read'), async (req, res) => {
    const commanderId = idParam(req.params.id, 'Commander not found.');
    await tracking.assertMayReadCommander(db, req.community!, commanderId);
    res.json(await tracking.subgroupMembers(db, req.community!, commanderId));
  });

  router.get('/api/commanders/:id/member-stats', inCommunity(db, 'subgroup-stats:read'), async (req, res) => {
    const commanderId = idParam(req.params.id, 'Commander not found.');
    await tracking.assertMayReadCommander(db, req.community!, commanderId);
    const period = memberStatsQuery.parse(req.query);
    res.json(await tracking.memberStats(db, req.community!, commanderId, period, now()));
  });

  return router;
}
