import { type RequestHandler, Router } from 'express';
import { apiMessage, fill } from '@shared/domain/messages';
import { changeNameBody, changePasswordBody, checkNameBody, chooseLocaleBody, googleSignInBody, loginBody, registerBody } from '@shared/contracts/auth';
import { localeFromAcceptLanguage } from '@shared/domain/locales';
import { signIn, signOut } from '../../auth/passport';
import { clearSessionCookie } from '../../auth/sessions';
import { type Config, publicOrigin } from '../../config';
import type { Database } from '../../db/client';
import { HttpError, unauthorized, WRONG_PASSWORD_CODE } from '../../http/errors';
import { requireUser } from '../../http/require';
import { type LimitRequests, MINUTE } from '../../http/security';
import { body } from '../../http/validate';
import { type GoogleClaims, GoogleKeysUnavailable, GoogleTokenRefused, type GoogleTokenVerifier } from './google';
import { GOOGLE_NOT_CONFIGURED_MESSAGE, GOOGLE_UNAVAILABLE_MESSAGE, googleTokenInvalid, signInWithGoogle } from './google-service';
import { chooseLocale, rememberBrowserLocale } from './locale';
import { changeDisplayName } from './name-change';
import { markGoogleSignIn } from './reauthentication';
import * as auth from './service';

/** How many times a day an account may change its name (only changes made count). */
export const NAME_CHANGES_PER_DAY = 10;
export const NAME_CHANGE_LIMIT_MESSAGE = fill(apiMessage('You have changed your name {count} times today. Please wait a day before changing it again.'), { count: NAME_CHANGES_PER_DAY });

/** `verifyGoogleToken` is absent when FIREBASE_PROJECT_ID is not set: POST /api/auth/google then answers 404 `google_not_configured` (a server's own setting is not an outage). */
export function authRoutes(
  db: Database,
  config: Config,
  limitRequests: LimitRequests,
  wrongPasswordPerAccount: RequestHandler,
  now: () => Date,
  verifyGoogleToken?: GoogleTokenVerifier,
): Router {
  const router = Router();
  const origin = publicOrigin(config);

  // Failed sign-ins only: a congregation behind one address can all sign in on Sunday morning.
  const loginLimitPerEmail = limitRequests({
    name: 'login-per-email',
    windowMs: 15 * MINUTE,
    limit: config.RATE_LIMIT_LOGIN_PER_EMAIL,
    countFailuresOnly: true,
    key: (req) => `login:${String(req.body?.username ?? '').trim().toLowerCase()}`,
    message: 'Too many failed sign-in attempts for this e-mail. Please wait 15 minutes and try again.',
  });
  const loginLimitPerIp = limitRequests({
    name: 'login-per-address',
    windowMs: 15 * MINUTE,
    limit: config.RATE_LIMIT_LOGIN_PER_IP,
    countFailuresOnly: true,
    message: 'Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.',
  });
  const registerLimit = limitRequests({
    name: 'register-per-address',
    windowMs: 60 * MINUTE,
    limit: config.RATE_LIMIT_REGISTER_PER_IP,
    message: 'Too many sign-ups from your network. Please try again in an hour.',
  });
  const nameCheckLimit = limitRequests({
    name: 'name-check-per-address',
    windowMs: MINUTE,
    limit: config.RATE_LIMIT_NAME_CHECK_PER_IP,
    message: 'Too many name checks. Please wait a minute.',
  });

  router.post('/api/register', registerLimit, body(registerBody), async (req, res) => {
    const user = await auth.register(db, req.body, origin, now(), localeFromAcceptLanguage(req.get('accept-language')));
    await signIn(req, user);
    res.status(201).json(auth.toPublicUser(user, req.get('accept-language')));
  });

  router.post('/api/login', loginLimitPerIp, loginLimitPerEmail, body(loginBody), async (req, res) => {
    const user = await auth.authenticate(db, req.body.username, req.body.password);
    await signIn(req, user);
    await rememberBrowserLocale(db, user.id, req);
    res.json(auth.toPublicUser(user, req.get('accept-language')));
  });

  // Failed Google sign-ins (a refused token, an unverified e-mail) count like failed password sign-ins, per address.
  const googleLimitPerIp = limitRequests({
    name: 'google-per-address',
    windowMs: 15 * MINUTE,
    limit: config.RATE_LIMIT_LOGIN_PER_IP,
    countFailuresOnly: true,
    message: 'Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.',
  });

  router.post(
    '/api/auth/google',
    googleLimitPerIp,
    (_req, _res, next) => next(verifyGoogleToken ? undefined : new HttpError(404, GOOGLE_NOT_CONFIGURED_MESSAGE, 'google_not_configured')),
    body(googleSignInBody),
    async (req, res) => {
      let claims: GoogleClaims;
      try {
        // Only the token counts: the e-mail, name and uid beside it are never read.
        claims = await verifyGoogleToken!(req.body.idToken);
      } catch (error) {
        if (error instanceof GoogleTokenRefused) {
          req.log.info({ reason: error.reason }, 'Google ID token refused');
          throw googleTokenInvalid();
        }
        if (error instanceof GoogleKeysUnavailable) {
          req.log.warn({ err: error.cause }, 'Google signing keys could not be fetched');
          throw new HttpError(503, GOOGLE_UNAVAILABLE_MESSAGE, 'google_unavailable');
        }
        throw error;
      }
      const { user, created } = await signInWithGoogle(db, claims, now());
      await signIn(req, user);
      await rememberBrowserLocale(db, user.id, req);
      markGoogleSignIn(req, now());
      res.status(created ? 201 : 200).json(auth.toPublicUser(user, req.get('accept-language')));
    },
  );

  router.post('/api/logout', async (req, res) => {
    if (req.session) await signOut(req);
    clearSessionCookie(req, res);
    res.json({ message: 'Signed out.' });
  });

  router.get('/api/user', (req, res) => {
    if (!req.user) {
      // The client's own check (?optional=1) asks for `null` rather than a 401 its browser would log as an error.
      if (req.query.optional === '1') return void res.json(null);
      throw unauthorized();
    }
    res.json(auth.toPublicUser(req.user, req.get('accept-language')));
  });

  router.post('/api/check-name', nameCheckLimit, body(checkNameBody), async (req, res) => {
    res.json(await auth.checkName(db, req.body.displayName));
  });

  // Per account, counting names changed (a refused name costs nothing): a name is how members know each other,
  // and one changing all day long would be hard to follow.
  const nameChangeLimit = limitRequests({
    name: 'name-change-per-account',
    windowMs: 24 * 60 * MINUTE,
    limit: NAME_CHANGES_PER_DAY,
    countSuccessesOnly: true,
    key: (req) => `name:${req.user?.id}`,
    message: NAME_CHANGE_LIMIT_MESSAGE,
  });

  router.put('/api/user/name', requireUser, nameChangeLimit, body(changeNameBody), async (req, res) => {
    res.json(auth.toPublicUser(await changeDisplayName(db, req.user!.id, req.body.displayName, now()), req.get('accept-language')));
  });

  router.put('/api/user/locale', requireUser, body(chooseLocaleBody), async (req, res) => {
    await chooseLocale(db, req.user!.id, req.body.locale, now());
    res.json(auth.toPublicUser({ ...req.user!, locale: req.body.locale }, req.get('accept-language')));
  });

  // Like sign-in, but only a wrong current password counts (not a refused new password), per account and per address.
  const wrongCurrentPassword = { codes: [WRONG_PASSWORD_CODE] };
  const passwordLimitPerIp = limitRequests({
    name: 'password-change-per-address',
    windowMs: 15 * MINUTE,
    limit: config.RATE_LIMIT_PASSWORD_CHANGE_PER_IP,
    countFailuresOnly: wrongCurrentPassword,
    message: 'Too many failed password changes from your network. Please wait 15 minutes and try again.',
  });

  router.post('/api/user/password', requireUser, passwordLimitPerIp, wrongPasswordPerAccount, body(changePasswordBody), async (req, res) => {
    const renewed = await auth.changePassword(db, req.user!.id, req.sessionID, req.body.currentPassword, req.body.newPassword);
    // This session stays signed in with the new credential version (under a new session id).
    await signIn(req, renewed);
    res.json({ message: 'Password changed.' });
  });

  return router;
}
