import { Router } from 'express';
import { PASSWORD_RESET_SENT_MESSAGE, passwordResetBody, passwordResetConfirmBody, verifyEmailBody } from '@shared/contracts/auth';
import { signIn } from '../../auth/passport';
import { type Config, publicOrigin } from '../../config';
import type { Database } from '../../db/client';
import { requireUser } from '../../http/require';
import { type LimitRequests, MINUTE } from '../../http/security';
import { body } from '../../http/validate';
import { confirmPasswordReset, requestPasswordReset } from './password-reset';
import { resendVerification } from './resend-verification';
import { toPublicUser } from './service';
import { verifyEmail } from './email-verification';

/** The links sent by e-mail: verifying an address and resetting a forgotten password. */
export function emailLinkRoutes(db: Database, config: Config, limitRequests: LimitRequests, now: () => Date): Router {
  const router = Router();
  const origin = publicOrigin(config);

  // Tokens are 256 random bits: nobody guesses one, but nobody gets to try thousands either.
  const wrongLinkLimit = limitRequests({
    name: 'email-link-per-address',
    windowMs: 15 * MINUTE,
    limit: config.RATE_LIMIT_LOGIN_PER_IP,
    countFailuresOnly: { codes: ['link_invalid'] },
    message: 'Too many links that did not work from your network. Please wait 15 minutes and try again.',
  });
  const resendLimit = limitRequests({
    name: 'verify-resend-per-account',
    windowMs: 60 * MINUTE,
    limit: config.RATE_LIMIT_VERIFY_RESEND_PER_USER,
    key: (req) => `verify-resend:${req.user?.id}`,
    message: 'We have sent several links already. Please check your inbox and spam folder, or try again in an hour.',
  });
  // Counted per address asked about whether or not it has an account, so the limit tells nothing either.
  const resetLimitPerEmail = limitRequests({
    name: 'password-reset-per-email',
    windowMs: 60 * MINUTE,
    limit: config.RATE_LIMIT_PASSWORD_RESET_PER_EMAIL,
    key: (req) => `password-reset:${String(req.body?.email ?? '').trim().toLowerCase()}`,
    message: 'Several reset links were asked for this e-mail already. Please check your inbox and spam folder, or try again in an hour.',
  });
  const resetLimitPerIp = limitRequests({
    name: 'password-reset-per-address',
    windowMs: 60 * MINUTE,
    limit: config.RATE_LIMIT_PASSWORD_RESET_PER_IP,
    message: 'Too many password resets from your network. Please try again in an hour.',
  });

  // Signed in as the account the link was sent for (the page asks to sign in first): see verifyEmail.
  router.post('/api/verify-email', requireUser, wrongLinkLimit, body(verifyEmailBody), async (req, res) => {
    res.json(await verifyEmail(db, req.user!.id, req.body.token, now()));
  });

  router.post('/api/verify-email/resend', requireUser, resendLimit, async (req, res) => {
    res.status(202).json(await resendVerification(db, req.user!, origin, now()));
  });

  router.post('/api/password-reset', resetLimitPerIp, resetLimitPerEmail, body(passwordResetBody), async (req, res) => {
    await requestPasswordReset(db, req.body.email, origin, now(), req.get('accept-language'));
    res.status(202).json({ message: PASSWORD_RESET_SENT_MESSAGE });
  });

  // Signs the person in with a fresh session: every other session ended with the reset.
  router.post('/api/password-reset/confirm', wrongLinkLimit, body(passwordResetConfirmBody), async (req, res) => {
    const user = await confirmPasswordReset(db, req.body.token, req.body.password, now());
    await signIn(req, user);
    res.json(toPublicUser(user, req.get('accept-language')));
  });

  return router;
}
