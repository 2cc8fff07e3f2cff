import { Router } from 'express';
import { createApplicationBody, reviewApplicationBody } from '@shared/contracts/applications';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { COMMUNITY_HEADER, inCommunity } from '../../http/community-context';
import { type LimitRequests, MINUTE } from '../../http/security';
import { body, idParam } from '../../http/validate';
import * as applications from './service';

export function applicationRoutes(db: Database, config: Config, limitRequests: LimitRequests, now: () => Date): Router {
  const router = Router();
  // Every request counts, refused ones too: the form is public, so this is what keeps it from being flooded.
  const applyLimit = limitRequests({
    name: 'apply-per-address',
    windowMs: 60 * MINUTE,
    limit: config.RATE_LIMIT_APPLY_PER_IP,
    message: 'Too many applications from this address. Please try again in an hour.',
  });

  // Public (the apply page): signed in or not. Answers the id: 201 for a new application, 200 when the same
  // e-mail's Pending one was updated (the visitor is told which).
  router.post('/api/member-applications', applyLimit, body(createApplicationBody), async (req, res) => {
    const communityId = applications.applicationCommunityId(req.body.communityId, req.headers[COMMUNITY_HEADER]);
    const { id, updated } = await applications.createApplication(db, communityId, req.body, now());
    res.status(updated ? 200 : 201).json({ message: updated ? applications.APPLICATION_UPDATED : applications.APPLICATION_SENT, id, updated });
  });

  router.get('/api/member-applications', inCommunity(db, 'applications:review'), async (req, res) => {
    res.json(await applications.listApplications(db, req.community!));
  });

  router.patch('/api/member-applications/:id/status', inCommunity(db, 'applications:review'), body(reviewApplicationBody), async (req, res) => {
    const applicationId = idParam(req.params.id, applications.APPLICATION_NOT_FOUND);
    res.json(await applications.reviewApplication(db, req.community!, req.user!, applicationId, req.body, now()));
  });

  return router;
}
