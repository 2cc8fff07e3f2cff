import { Router } from 'express';
import { apiMessage } from '@shared/domain/messages';
import { joinCommunityBody } from '@shared/contracts/communities';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { inCommunity } from '../../http/community-context';
import { requireUser } from '../../http/require';
import { type LimitRequests, MINUTE } from '../../http/security';
import { body, idParam } from '../../http/validate';
import * as invites from './service';

export const TOO_MANY_CODES_PER_USER_MESSAGE =
  apiMessage('Several wrong invitation codes were counted from your account, so this code was not checked. Please wait 15 minutes, then enter it exactly as you received it.');
export const TOO_MANY_CODES_PER_ADDRESS_MESSAGE =
  apiMessage('Many wrong invitation codes were counted from your network in the last hour, so this code was not checked. Please try again later in the hour.');

export function inviteRoutes(db: Database, config: Config, limitRequests: LimitRequests, now: () => Date): Router {
  const router = Router();
  // Only wrong codes (404) count, so a whole congregation can join from one address; over a limit no code is
  // checked, and the message says so. 8 characters of 32 stay hopeless to guess at these rates.
  const wrongCodes = { statuses: [404] };
  const joinLimitPerUser = limitRequests({
    name: 'join-per-account',
    windowMs: 15 * MINUTE,
    limit: config.RATE_LIMIT_JOIN_PER_USER,
    countFailuresOnly: wrongCodes,
    key: (req) => `join:${req.user?.id}`,
    message: TOO_MANY_CODES_PER_USER_MESSAGE,
  });
  const joinLimitPerIp = limitRequests({
    name: 'join-per-address',
    windowMs: 60 * MINUTE,
    limit: config.RATE_LIMIT_JOIN_PER_IP,
    countFailuresOnly: wrongCodes,
    message: TOO_MANY_CODES_PER_ADDRESS_MESSAGE,
  });

  router.post('/api/communities/join', requireUser, joinLimitPerIp, joinLimitPerUser, body(joinCommunityBody), async (req, res) => {
    res.json(await invites.joinCommunity(db, req.user!, req.body.inviteCode, now()));
  });

  router.post('/api/communities/:id/invite-codes', inCommunity(db, 'invites:create', { pathParam: 'id' }), async (req, res) => {
    res.status(201).json(await invites.generateInviteCode(db, req.community!, req.user!, now()));
  });

  router.get('/api/communities/:id/invite-codes', inCommunity(db, 'invites:create', { pathParam: 'id' }), async (req, res) => {
    res.json(await invites.activeInviteCodes(db, req.community!, now()));
  });

  router.delete('/api/communities/:id/invite-codes/:codeId', inCommunity(db, 'invites:create', { pathParam: 'id' }), async (req, res) => {
    await invites.revokeInviteCode(db, req.community!, idParam(req.params.codeId, invites.CODE_NOT_FOUND_MESSAGE), now());
    res.json({ message: 'Invitation code revoked.' });
  });

  router.get('/api/communities/:id/invite-codes/latest', inCommunity(db, 'invites:create', { pathParam: 'id' }), async (req, res) => {
    res.json(await invites.latestInviteCode(db, req.community!));
  });

  return router;
}
