import { Router } from 'express';
import { acknowledgeReflectionBody, careNoteBody, needsAWordQuery, reflectionBody, reflectionQuery, subgroupReflectionsQuery } from '@shared/contracts/care';
import type { Database } from '../../db/client';
import { inCommunity } from '../../http/community-context';
import type { LimitRequests } from '../../http/security';
import { body, idParam } from '../../http/validate';
import { careAtAGlance } from './care-glance';
import { MEMBER_NOT_FOUND, markReachedOut, needsAWord, sendCareNote } from './needs-a-word';
import { acknowledgeReflection, readReflection, REFLECTION_NOT_FOUND, subgroupReflections, writeReflection } from './reflections';

/** Notes one person may send in an hour, and to one member in a day. */
export const CARE_NOTES_PER_HOUR = 30;
export const CARE_NOTES_PER_MEMBER_PER_DAY = 3;
/** Reflection saves one person may make in an hour. */
export const REFLECTION_WRITES_PER_HOUR = 60;

/** Pastoral care for commanders (issue 26): private like questions, to the member's commander and the community's admins. */
export function careRoutes(db: Database, limitRequests: LimitRequests, now: () => Date): Router {
  const router = Router();
  // Per sender, counting notes sent: a commander writes a few a week, never a flood into someone's bell.
  const noteLimit = limitRequests({
    name: 'care-notes-per-sender',
    windowMs: 60 * 60 * 1000,
    limit: CARE_NOTES_PER_HOUR,
    countSuccessesOnly: true,
    key: (req) => `care-notes:${req.user?.id}`,
    message: 'You have sent many notes in the last hour. Please wait a little before sending another.',
  });
  // And per sender and member: a word now and then, never a stream into one person's bell and inbox.
  const notesToOneMember = limitRequests({
    name: 'care-notes-per-member',
    windowMs: 24 * 60 * 60 * 1000,
    limit: CARE_NOTES_PER_MEMBER_PER_DAY,
    countSuccessesOnly: true,
    key: (req) => `care-notes:${req.user?.id}:${String(req.params.userId).toLowerCase()}`,
    message: 'You have written to this member several times today. Another note can wait until tomorrow.',
  });

  // Per writer: a reflection is a few saves a month; this leaves room for edits and catching up, not a script.
  const reflectionWrites = limitRequests({
    name: 'reflection-writes',
    windowMs: 60 * 60 * 1000,
    limit: REFLECTION_WRITES_PER_HOUR,
    key: (req) => `reflections:${req.user?.id}`,
    message: 'You have saved many reflections in the last hour. Please wait a little before saving again.',
  });

  router.get('/api/communities/:id/needs-a-word', inCommunity(db, 'care:read', { pathParam: 'id' }), async (req, res) => {
    const { subgroupId } = needsAWordQuery.parse(req.query);
    res.json(await needsAWord(db, req.community!, subgroupId, now()));
  });

  router.get('/api/communities/:id/care-at-a-glance', inCommunity(db, 'care:read', { pathParam: 'id' }), async (req, res) => {
    const { subgroupId } = needsAWordQuery.parse(req.query);
    res.json(await careAtAGlance(db, req.community!, subgroupId, now()));
  });

  router.post('/api/communities/:id/needs-a-word/:userId/reached-out', inCommunity(db, 'care:reach-out', { pathParam: 'id' }), async (req, res) => {
    res.json(await markReachedOut(db, req.community!, idParam(req.params.userId, MEMBER_NOT_FOUND), now()));
  });

  router.post('/api/communities/:id/needs-a-word/:userId/note', inCommunity(db, 'care:reach-out', { pathParam: 'id' }), body(careNoteBody), noteLimit, notesToOneMember, async (req, res) => {
    const sender = { id: req.user!.id, displayName: req.user!.displayName };
    res.status(201).json(await sendCareNote(db, req.community!, sender, idParam(req.params.userId, MEMBER_NOT_FOUND), req.body.message, now()));
  });

  router.put('/api/communities/:id/reflections', inCommunity(db, 'community:read', { pathParam: 'id' }), body(reflectionBody), reflectionWrites, async (req, res) => {
    res.json(await writeReflection(db, req.community!, req.body, now()));
  });

  router.get('/api/communities/:id/reflections', inCommunity(db, 'community:read', { pathParam: 'id' }), async (req, res) => {
    res.json(await readReflection(db, req.community!, reflectionQuery.parse(req.query)));
  });

  router.get('/api/communities/:id/reflections/subgroup', inCommunity(db, 'care:read', { pathParam: 'id' }), async (req, res) => {
    res.json(await subgroupReflections(db, req.community!, subgroupReflectionsQuery.parse(req.query)));
  });

  router.post(
    '/api/communities/:id/reflections/:reflectionId/acknowledge',
    inCommunity(db, 'care:reach-out', { pathParam: 'id' }),
    body(acknowledgeReflectionBody),
    async (req, res) => {
      res.json(await acknowledgeReflection(db, req.community!, idParam(req.params.reflectionId, REFLECTION_NOT_FOUND), req.body.reply, now()));
    },
  );

  return router;
}
