import { type Request, type RequestHandler, type Response, Router } from 'express';
import { apiMessage } from '@shared/domain/messages';
import { availabilityBody, createMeetingBody, freeSlotsQuery, type MeetingView, rescheduleMeetingBody } from '@shared/contracts/meetings';
import { atLeast } from '@shared/domain/roles';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { inCommunity } from '../../http/community-context';
import { type LimitRequests, MINUTE } from '../../http/security';
import { body, idParam } from '../../http/validate';
import { icsFileName, meetingIcs } from './ics';
import * as meetings from './service';

export const MEETING_REQUEST_FLOOD_MESSAGE = apiMessage('You have requested several meetings in the last hour. Your commander has them; please wait a while before requesting another.');
export const MEETING_CHANGE_FLOOD_MESSAGE = apiMessage('You have rescheduled or cancelled several meetings in the last hour. Your commander has the changes; please wait a while before changing another.');

export function meetingRoutes(db: Database, config: Config, limitRequests: LimitRequests, now: () => Date): Router {
  const router = Router();
  // A member's own requests are counted (not a commander or admin scheduling with a member), successes only.
  const requestLimit = limitRequests({
    name: 'meeting-requests-per-member',
    windowMs: 60 * MINUTE,
    limit: config.RATE_LIMIT_MEETING_REQUESTS_PER_USER,
    countSuccessesOnly: true,
    key: (req) => `meeting-requests:${req.user?.id}`,
    message: MEETING_REQUEST_FLOOD_MESSAGE,
  });
  const limitMemberRequests: RequestHandler = (req, res, next) =>
    !req.body.memberId || req.body.memberId === req.user!.id ? requestLimit(req, res, next) : next();
  // A member's reschedules and cancels of their meetings with a commander (issue 38 item 5: 40 in 6 s sent 40
  // e-mails). Who the caller is in the meeting is known once it is read: the handler says so, and only the
  // member's accepted changes count. A Commander or above is never counted (their own scheduling is their work).
  const changeLimit = limitRequests({
    name: 'meeting-changes-per-member',
    windowMs: 60 * MINUTE,
    limit: config.RATE_LIMIT_MEETING_CHANGES_PER_USER,
    countSuccessesOnly: true,
    countsSuccess: (_req, res) => res.locals.changedAsMember === true,
    exempt: (req) => atLeast(req.community!.roles, 'Commander'),
    key: (req) => `meeting-changes:${req.user?.id}`,
    message: MEETING_CHANGE_FLOOD_MESSAGE,
  });
  const answerChange = (req: Request, res: Response, meeting: MeetingView) => {
    res.locals.changedAsMember = meeting.memberId === req.user!.id;
    res.json(meeting);
  };

  router.get('/api/meetings', inCommunity(db, 'community:read'), async (req, res) => {
    res.json(await meetings.listMeetings(db, req.community!, now()));
  });

  router.post('/api/meetings', inCommunity(db, 'community:read'), body(createMeetingBody), limitMemberRequests, async (req, res) => {
    res.status(201).json(await meetings.createMeeting(db, req.community!, req.user!, req.body, now()));
  });

  router.patch('/api/meetings/:id', inCommunity(db, 'community:read'), body(rescheduleMeetingBody), changeLimit, async (req, res) => {
    answerChange(req, res, await meetings.rescheduleMeeting(db, req.community!, req.user!, idParam(req.params.id, meetings.MEETING_NOT_FOUND), req.body, now()));
  });

  router.post('/api/meetings/:id/cancel', inCommunity(db, 'community:read'), changeLimit, async (req, res) => {
    answerChange(req, res, await meetings.cancelMeeting(db, req.community!, req.user!, idParam(req.params.id, meetings.MEETING_NOT_FOUND), now()));
  });

  router.get('/api/meetings/:id/ics', inCommunity(db, 'community:read'), async (req, res) => {
    const meeting = await meetings.getMeeting(db, req.community!, idParam(req.params.id, meetings.MEETING_NOT_FOUND), now());
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
