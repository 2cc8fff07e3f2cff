import { Router } from 'express';
import { availabilityBody, createMeetingBody, freeSlotsQuery, rescheduleMeetingBody } from '@shared/contracts/meetings';
import type { Database } from '../../db/client';
import { inCommunity } from '../../http/community-context';
import { body, idParam } from '../../http/validate';
import { icsFileName, meetingIcs } from './ics';
import * as meetings from './service';

export function meetingRoutes(db: Database, now: () => Date): Router {
  const router = Router();

  router.get('/api/meetings', inCommunity(db, 'community:read'), async (req, res) => {
    res.json(await meetings.listMeetings(db, req.community!));
  });

  router.post('/api/meetings', inCommunity(db, 'community:read'), body(createMeetingBody), async (req, res) => {
    res.status(201).json(await meetings.createMeeting(db, req.community!, req.user!, req.body, now()));
  });

  router.patch('/api/meetings/:id', inCommunity(db, 'community:read'), body(rescheduleMeetingBody), async (req, res) => {
    res.json(await meetings.rescheduleMeeting(db, req.community!, req.user!, idParam(req.params.id, meetings.MEETING_NOT_FOUND), req.body, now()));
  });

  router.get('/api/meetings/:id/ics', inCommunity(db, 'community:read'), async (req, res) => {
    const meeting = await meetings.getMeeting(db, req.community!, idParam(req.params.id, meetings.MEETING_NOT_FOUND));
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    const timeZone = req.community!.community.timeZone;
    res.setHeader('Content-Disposition', `attachment; filename="${icsFileName(meeting, timeZone)}"`);
    res.send(meetingIcs(meeting, req.user!.id, timeZone, now()));
  });

  router.get('/api/commanders/:id/free-slots', inCommunity(db, 'community:read'), async (req, res) => {
    const { date } = freeSlotsQuery.parse(req.query);
    res.json({ date, slots: await meetings.commanderFreeSlots(db, req.community!, idParam(req.params.id, meetings.COMMANDER_NOT_FOUND), date) });
  });

  router.get('/api/user/availability', inCommunity(db, 'community:read'), async (req, res) => {
    res.json({ windows: await meetings.ownAvailability(db, req.community!) });
  });

  router.put('/api/user/availability', inCommunity(db, 'subgroup-stats:read'), body(availabilityBody), async (req, res) => {
    res.json({ windows: await meetings.setAvailability(db, req.community!, req.body) });
  });

  return router;
}
