import { Router } from 'express';
import { claimBody, claimUserBody } from '@shared/contracts/auth';
import { signIn } from '../../auth/passport';
import { type Config, publicOrigin } from '../../config';
import type { Database } from '../../db/client';
import { requireUser } from '../../http/require';
import { type LimitRequests, MINUTE } from '../../http/security';
import { body } from '../../http/validate';
import { toPublicUser } from '../auth/service';
import * as claims from './service';
import { localeFromAcceptLanguage } from '@shared/domain/locales';

export function claimRoutes(db: Database, config: Config, limitRequests: LimitRequests, now: () => Date): Router {
  const router = Router();
  const origin = publicOrigin(config);

  // A claim at sign-up is a sign-up: the same limit per address as /api/register, counted on its own.
  const signUpLimit = limitRequests({
    name: 'claim-sign-up-per-address',
    windowMs: 60 * MINUTE,
    limit: config.RATE_LIMIT_REGISTER_PER_IP,
    message: 'Too many sign-ups from your network. Please try again in an hour.',
  });

  // Signs the new account in with a regenerated session, as /api/register does.
  router.post('/api/claim', signUpLimit, body(claimBody), async (req, res) => {
    const user = await claims.claimAtSignUp(db, req.body, origin, now(), localeFromAcceptLanguage(req.get('accept-language')));
    await signIn(req, user);
    res.status(201).json(toPublicUser(user, req.get('accept-language')));
  });

  router.post('/api/claim-user', requireUser, body(claimUserBody), async (req, res) => {
    res.json(await claims.claimImportedUser(db, req.user!, req.body.importedUserId, now()));
  });

  return router;
}
