import { eq } from 'drizzle-orm';
import type { Request, RequestHandler } from 'express';
import { apiMessage, fill } from '@shared/domain/messages';
import { RECENT_SIGN_IN_MINUTES } from '@shared/contracts/your-data';
import { users } from '@shared/schema/auth';
import { verifyPassword } from '../../auth/passwords';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { HttpError, WRONG_PASSWORD_CODE } from '../../http/errors';
import { type LimitRequests, MINUTE } from '../../http/security';

declare module 'express-session' {
  interface SessionData {
    /** When this session signed in with Google (ms since epoch): confirms a step for an account without a password. */
    googleSignedInAt?: number;
  }
}

export const WRONG_CONFIRMING_PASSWORD_MESSAGE = apiMessage('Your password is not correct.');
export const PASSWORD_REQUIRED_MESSAGE = apiMessage('Enter your password to confirm.');
export const RECENT_GOOGLE_SIGN_IN_MESSAGE = fill(apiMessage('Sign in with Google again to confirm it is you: it must be within the last {minutes} minutes.'), { minutes: RECENT_SIGN_IN_MINUTES });

/** Records, after a Google sign-in, that this session proved the account with Google just now. */
export function markGoogleSignIn(req: Request, at: Date): void {
  req.session.googleSignedInAt = at.getTime();
}

/**
 * Throws unless the caller proved again that they hold the account (issue 39): its password, or for an account
 * without one a Google sign-in in this session within the last 10 minutes. A wrong password is 400 with the
 * field and the code `wrong_password`, which the routes' rate limits count.
 */
export async function confirmIdentity(db: Executor, req: Request, password: string | undefined, now: Date): Promise<void> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, req.user!.id)).limit(1);
  if (row?.passwordHash) {
    if (password === undefined) throw new HttpError(400, PASSWORD_REQUIRED_MESSAGE, 'password_required', { password: PASSWORD_REQUIRED_MESSAGE });
    if (!(await verifyPassword(row.passwordHash, password))) {
      throw new HttpError(400, WRONG_CONFIRMING_PASSWORD_MESSAGE, WRONG_PASSWORD_CODE, { password: WRONG_CONFIRMING_PASSWORD_MESSAGE });
    }
    return;
  }
  const signedInAt = req.session.googleSignedInAt;
  if (signedInAt === undefined || now.getTime() - signedInAt > RECENT_SIGN_IN_MINUTES * 60_000) {
    throw new HttpError(403, RECENT_GOOGLE_SIGN_IN_MESSAGE, 'recent_sign_in_required');
  }
}

export const WRONG_PASSWORDS_MESSAGE = apiMessage('Too many wrong passwords (password changes, deleting your account, closing a community). Please wait 15 minutes and try again.');

/**
 * Wrong passwords per account, one counter for every step that asks for the current password (changing it,
 * deleting the account, closing a community): a stolen session gets RATE_LIMIT_PASSWORD_CHANGE_PER_USER guesses
 * in 15 minutes in all, not that many per route. Made once per app (app.ts) and given to each route.
 */
export function wrongPasswordsPerAccount(limitRequests: LimitRequests, config: Config): RequestHandler {
  return limitRequests({
    name: 'wrong-password-per-account',
    windowMs: 15 * MINUTE,
    limit: config.RATE_LIMIT_PASSWORD_CHANGE_PER_USER,
    countFailuresOnly: { codes: [WRONG_PASSWORD_CODE] },
    key: (req) => `password:${req.user?.id}`,
    message: WRONG_PASSWORDS_MESSAGE,
  });
}
