import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { apiMessage } from '@shared/domain/messages';
import { FORMAT_CHARACTERS } from '@shared/contracts/account-fields';
import { displayNameField, emailField } from '@shared/contracts/fields';
import { DISPLAY_NAME_MAX_LENGTH } from '@shared/domain/constants';
import { authIdentities, users } from '@shared/schema/auth';
import { notificationPreferences } from '@shared/schema/notifications';
import { type SessionUser, sessionUserColumns } from '../../auth/passport';
import { endSessionsOf } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { HttpError, isUniqueViolation } from '../../http/errors';
import { recordAudit } from '../audit/service';
import type { GoogleClaims } from './google';
import { checkName, realAccountWithEmail } from './service';

/** auth_identities.provider of a Google (Firebase) sign-in; provider_uid is the token's `sub`. */
export const GOOGLE_PROVIDER = 'google';

export const GOOGLE_TOKEN_INVALID_MESSAGE = apiMessage('Google sign-in failed. Please try again.');
export const GOOGLE_NOT_CONFIGURED_MESSAGE = apiMessage('Google sign-in is not set up on this server.');
export const GOOGLE_UNAVAILABLE_MESSAGE = apiMessage('Google sign-in is unavailable right now. Please try again in a few minutes.');
export const GOOGLE_EMAIL_UNVERIFIED_MESSAGE =
  apiMessage('This e-mail already has an account. Sign in with your password, or use a Google account whose e-mail is verified.');
export const GOOGLE_NEW_EMAIL_UNVERIFIED_MESSAGE =
  apiMessage('Your Google account’s e-mail is not verified. Verify it with Google, or sign up with your e-mail and a password.');
export const GOOGLE_EMAIL_MISSING_MESSAGE = apiMessage('Your Google account has no e-mail address we can use. Sign up with your e-mail and a password instead.');

export const googleTokenInvalid = () => new HttpError(401, GOOGLE_TOKEN_INVALID_MESSAGE, 'google_token_invalid');

export interface GoogleSignIn {
  user: SessionUser;
  /** True when this sign-in created the account (the route answers 201). */
  created: boolean;
}

/** A sign-in that lost a race (two first sign-ins of one uid, or a name or e-mail taken meanwhile) starts over this often. */
const ATTEMPTS = 5;

/**
 * The account of a verified Google token: the one already keyed by (google, uid); else the real account with
 * the token's e-mail, linked only when Google says the e-mail is verified; else a new account (no password)
 * with the token's verified e-mail. Nothing is written when the sign-in is refused.
 */
export async function signInWithGoogle(db: Database, claims: GoogleClaims, now: Date): Promise<GoogleSignIn> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await resolveAccount(db, claims, now);
    } catch (error) {
      // The unique indexes decide races; the loser reads again and finds what the winner wrote.
      if (!(isUniqueViolation(error) || error instanceof RetrySignIn) || attempt >= ATTEMPTS) throw error;
    }
  }
}

async function resolveAccount(db: Database, claims: GoogleClaims, now: Date): Promise<GoogleSignIn> {
  const known = await userOfIdentity(db, claims.uid);
  if (known) return { user: known, created: false };

  const email = emailField.safeParse(claims.email ?? '');
  if (!email.success) throw new HttpError(401, GOOGLE_EMAIL_MISSING_MESSAGE, 'google_email_missing');
  const [holder] = await db.select(sessionUserColumns).from(users).where(realAccountWithEmail(email.data)).limit(1);
  if (holder) {
    // Linking by e-mail hands the account to whoever holds the Google login: only when Google checked the e-mail.
    if (!claims.emailVerified) throw new HttpError(401, GOOGLE_EMAIL_UNVERIFIED_MESSAGE, 'google_email_unverified');
    if (holder.emailVerified) {
      await db.insert(authIdentities).values({ userId: holder.id, provider: GOOGLE_PROVIDER, providerUid: claims.uid });
      return { user: holder, created: false };
    }
    return { user: await takeOverUnprovenAccount(db, holder, claims.uid, now), created: false };
  }
  // A new account holds its e-mail against later sign-ups: only an e-mail Google checked.
  if (!claims.emailVerified) throw new HttpError(401, GOOGLE_NEW_EMAIL_UNVERIFIED_MESSAGE, 'google_email_unverified');

  const displayName = await freeDisplayName(db, baseDisplayName(claims.name, email.data));
  const user = await db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values({ email: email.data, displayName, passwordHash: null, emailVerifiedAt: now }).returning(sessionUserColumns);
    await tx.insert(authIdentities).values({ userId: row!.id, provider: GOOGLE_PROVIDER, providerUid: claims.uid });
    return row!;
  });
  return { user, created: true };
}

/**
 * Google proved the e-mail; the password account holding it never did, so whoever made it may not be its
 * owner (they could have registered someone else's address and waited). The Google user gets the account:
 * the password goes, every session and push device ends, the notification preferences return to the defaults,
 * the e-mail counts as verified, the owner is shown the communities it joined meanwhile, and the audit log keeps it.
 */
async function takeOverUnprovenAccount(db: Database, holder: SessionUser, uid: string, now: Date): Promise<SessionUser> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      // The communities it joined before the e-mail was proven are shown to the owner once (account-sessions.ts).
      .set({ passwordHash: null, credentialVersion: sql`${users.credentialVersion} + 1`, emailVerifiedAt: now, takeoverReviewAt: now, updatedAt: now })
      // Still unverified: a verification that landed meanwhile makes this a plain link instead (the retry finds it).
      .where(and(eq(users.id, holder.id), isNull(users.emailVerifiedAt)))
      .returning(sessionUserColumns);
    if (!user) throw new RetrySignIn();
    // Every session and push device of whoever held it ends, and their choices of what reaches them go.
    await endSessionsOf(tx, user.id);
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
    await tx.insert(authIdentities).values({ userId: user.id, provider: GOOGLE_PROVIDER, providerUid: uid });
    await recordAudit(tx, { actorId: user.id, communityId: null, entity: 'user', entityId: user.id, action: 'google-takeover', diff: { passwordRemoved: holder.hasPassword } });
    return user;
  });
}

/** The account changed while a sign-in resolved it: resolve it again. */
class RetrySignIn extends Error {}

async function userOfIdentity(db: Database, uid: string): Promise<SessionUser | undefined> {
  const [row] = await db
    .select(sessionUserColumns)
    .from(authIdentities)
    .innerJoin(users, eq(users.id, authIdentities.userId))
    .where(and(eq(authIdentities.provider, GOOGLE_PROVIDER), eq(authIdentities.providerUid, uid)))
    .limit(1);
  return row;
}

/**
 * The token's name when it is a valid display name, else the e-mail's local part (as sign-up would accept it).
 * Invisible format characters are dropped from the token's name first: the person did not type it here, and
 * could not correct it (sign-up refuses them, so nobody appears with a look-alike of another's name).
 */
export function baseDisplayName(name: string | null, email: string): string {
  const fromToken = displayNameField.safeParse((name ?? '').replace(new RegExp(FORMAT_CHARACTERS.source, 'g'), ''));
  if (fromToken.success) return fromToken.data;
  const fromEmail = displayNameField.safeParse(email.slice(0, email.lastIndexOf('@')));
  return fromEmail.success ? fromEmail.data : 'Member';
}

/** How many numbered names ('Ruth 2', 'Ruth 3', ...) are tried before a random suffix. */
const NUMBERED_NAMES = 50;

/** `base`, or `base 2`, `base 3`, ... : the first name nobody (real or imported) holds, within the length limit. */
async function freeDisplayName(db: Database, base: string): Promise<string> {
  const withSuffix = (suffix: string) => (suffix ? `${base.slice(0, DISPLAY_NAME_MAX_LENGTH - suffix.length).trimEnd()}${suffix}` : base);
  for (let n = 1; n <= NUMBERED_NAMES; n++) {
    const candidate = withSuffix(n === 1 ? '' : ` ${n}`);
    if (!(await checkName(db, candidate)).exists) return candidate;
  }
  return withSuffix(` ${randomUUID().slice(0, 8)}`);
}
