import { Router } from 'express';
import { pushSubscriptionBody, pushUnsubscribeBody } from '@shared/contracts/push';
import type { Database } from '../../db/client';
import { HttpError, invalidInput } from '../../http/errors';
import { requireUser } from '../../http/require';
import { body } from '../../http/validate';
import { ENDPOINT_NOT_ALLOWED, isAllowedPushEndpoint } from './endpoint-policy';
import { deleteSubscription, saveSubscription } from './subscriptions';
import type { PushSetup } from './vapid';

/** Web Push (issue 24 item 3): the server's public key, and the signed-in person's subscriptions. */
export function pushRoutes(db: Database, setup: PushSetup, endpointHosts: readonly string[], now: () => Date): Router {
  const router = Router();
  const pushOff = () => new HttpError(404, setup.enabled ? '' : setup.reason, 'push_not_configured');

  router.get('/api/push/public-key', (_req, res) => {
    if (!setup.enabled) throw pushOff();
    res.json({ publicKey: setup.vapid.publicKey });
  });

  router.post('/api/push/subscriptions', requireUser, body(pushSubscriptionBody), async (req, res) => {
    if (!setup.enabled) throw pushOff();
    if (!isAllowedPushEndpoint(req.body.endpoint, endpointHosts)) throw invalidInput({ endpoint: ENDPOINT_NOT_ALLOWED });
    await saveSubscription(db, req.user!.id, req.body, now());
    res.status(201).json({ endpoint: req.body.endpoint });
  });

  router.delete('/api/push/subscriptions', requireUser, body(pushUnsubscribeBody), async (req, res) => {
    await deleteSubscription(db, req.user!.id, req.body.endpoint);
    res.status(204).end();
  });

  return router;
}
