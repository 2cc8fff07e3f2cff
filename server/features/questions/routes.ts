import { Router } from 'express';
import { askQuestionBody, updateQuestionBody } from '@shared/contracts/questions';
import type { Database } from '../../db/client';
import { inCommunity } from '../../http/community-context';
import { body, idParam } from '../../http/validate';
import * as questions from './service';

export function questionRoutes(db: Database, now: () => Date): Router {
  const router = Router();

  router.post('/api/questions', inCommunity(db, 'community:read'), body(askQuestionBody), async (req, res) => {
    res.status(201).json(await questions.askQuestion(db, req.community!, req.user!, req.body));
  });

  // The caller's own questions; ?communityId names the community (SPEC.md), like the header does.
  router.get('/api/questions', inCommunity(db, 'community:read'), async (req, res) => {
    res.json(await questions.sentQuestions(db, req.community!));
  });

  router.get('/api/questions/received', inCommunity(db, 'questions:answer'), async (req, res) => {
    res.json(await questions.receivedQuestions(db, req.community!));
  });

  router.get('/api/questions/:id', inCommunity(db, 'community:read'), async (req, res) => {
    res.json(await questions.getQuestion(db, req.community!, idParam(req.params.id, questions.QUESTION_NOT_FOUND)));
  });

  router.patch('/api/questions/:id', inCommunity(db, 'community:read'), body(updateQuestionBody), async (req, res) => {
    res.json(await questions.updateQuestion(db, req.community!, idParam(req.params.id, questions.QUESTION_NOT_FOUND), req.body, now()));
  });

  return router;
}
