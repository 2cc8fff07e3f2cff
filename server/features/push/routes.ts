import { Router } from 'express';
import { apiMessage } from '@shared/domain/messages';
import { pushSubscriptionBody, pushUnsubscribeBody } from '@shared/contracts/push';
import type { Database } from '../../db/client';
import { HttpError, invalidInput, notFound } from '../../http/errors';
import { requireUser } from '../../http/require';
import { body, idParam } from '../../http/validate';
import { deviceLabel } from './device-label';
import { ENDPOINT_NOT_ALLOWED, normalisedPushEndpoint } from './endpoint-policy';
import { deleteDevice, deleteSubscription, listDevices, saveSubscription } from './subscriptions';
import type { PushSetup } from './vapid';

export const PUSH_DEVICE_NOT_FOUND = apiMessage('Device not found.');

/**
 * Web Push (issue 24 item 3, issue 38 item 1): the server's public key, and the signed-in person's devices.
 * A subscription belongs to the session that made it (see subscriptions.ts).
 */
export function pushRoutes(db: Database, setup: PushSetup, endpointHosts: readonly string[], now: () => Date): Router {
  const router = Router();
  const pushOff = () => new HttpError(404, setup.enabled ? '' : setup.reason, 'push_not_configured');

  router.get('/api/push/public-key', (_req, res) => {
    if (!setup.enabled) throw pushOff();
    res.json({ publicKey: setup.vapid.publicKey });
  });

  router.get('/api/push/subscriptions', requireUser, async (req, res) => {
    res.json(await listDevices(db, req.user!.id, req.sessionID));
  });

  router.post('/api/push/subscriptions', requireUser, body(pushSubscriptionBody), async (req, res) => {
    if (!setup.enabled) throw pushOff();
    const endpoint = normalisedPushEndpoint(req.body.endpoint, endpointHosts);
    if (endpoint === null) throw invalidInput({ endpoint: ENDPOINT_NOT_ALLOWED });
    await saveSubscription(db, { userId: req.user!.id, sessionId: req.sessionID, device: deviceLabel(req.get('user-agent')) }, endpoint, req.body.keys, now());
    res.status(201).json({ endpoint });
  });

  router.delete('/api/push/subscriptions', requireUser, body(pushUnsubscribeBody), async (req, res) => {
    // Stored in its normalised form: the browser's own spelling finds it too.
    await deleteSubscription(db, req.user!.id, normalisedPushEndpoint(req.body.endpoint, endpointHosts) ?? req.body.endpoint);
    res.status(204).end();
  });

  router.delete('/api/push/subscriptions/:id', requireUser, async (req, res) => {
    if (!(await deleteDevice(db, req.user!.id, idParam(req.params.id, PUSH_DEVICE_NOT_FOUND)))) throw notFound(PUSH_DEVICE_NOT_FOUND);
    res.status(204).end();
  });

  return router;
}
