import { Router } from 'express';
import { apiMessage } from '@shared/domain/messages';
import { askQuestionBody, questionPageQuery, updateQuestionBody } from '@shared/contracts/questions';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { inCommunity } from '../../http/community-context';
import { type LimitRequests, MINUTE } from '../../http/security';
import { body, idParam } from '../../http/validate';
import * as questions from './service';

export const QUESTION_FLOOD_MESSAGE = apiMessage('You have sent several questions in the last hour. Your commander has them; please wait a while before sending another.');

export function questionRoutes(db: Database, config: Config, limitRequests: LimitRequests, now: () => Date): Router {
  const router = Router();
  // Per member, counting questions sent (a refused one costs nothing): a flood cannot bury the real ones.
  const askLimit = limitRequests({
    name: 'questions-per-member',
    windowMs: 60 * MINUTE,
    limit: config.RATE_LIMIT_QUESTIONS_PER_USER,
    countSuccessesOnly: true,
    key: (req) => `questions:${req.user?.id}`,
    message: QUESTION_FLOOD_MESSAGE,
  });

  router.post('/api/questions', inCommunity(db, 'community:read'), body(askQuestionBody), askLimit, async (req, res) => {
    res.status(201).json(await questions.askQuestion(db, req.community!, req.user!, req.body));
  });

  // The caller's own questions; ?communityId names the community (SPEC.md), like the header does.
  router.get('/api/questions', inCommunity(db, 'community:read'), async (req, res) => {
    res.json(await questions.sentQuestions(db, req.community!, questionPageQuery.parse(req.query).before));
  });

  router.get('/api/questions/received', inCommunity(db, 'questions:answer'), async (req, res) => {
    res.json(await questions.receivedQuestions(db, req.community!, questionPageQuery.parse(req.query).before));
  });

  router.get('/api/questions/:id', inCommunity(db, 'community:read'), async (req, res) => {
    res.json(await questions.getQuestion(db, req.community!, idParam(req.params.id, questions.QUESTION_NOT_FOUND)));
  });

  router.patch('/api/questions/:id', inCommunity(db, 'community:read'), body(updateQuestionBody), async (req, res) => {
    res.json(await questions.updateQuestion(db, req.community!, req.user!, idParam(req.params.id, questions.QUESTION_NOT_FOUND), req.body, now()));
  });

  return router;
}
