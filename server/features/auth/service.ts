import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { apiMessage } from '@shared/domain/messages';
import type { CheckNameResult, PublicUser, RegisterBody } from '@shared/contracts/auth';
import type { Locale } from '@shared/domain/locales';
import { users } from '@shared/schema/auth';
import { type SessionUser, sessionUserColumns } from '../../auth/passport';
import { endSessionsOf } from '../../auth/sessions';
import { assertUncommonPassword, hashPassword, spendVerificationTime, verifyPassword } from '../../auth/passwords';
import type { Database, Executor } from '../../db/client';
import { sendVerification } from './email-verification';
import { effectiveLocale } from './locale';
import { conflict, HttpError, isUniqueViolation, unauthorized, violatedConstraint, WRONG_PASSWORD_CODE } from '../../http/errors';

/** The signed-in user as the client sees them; `acceptLanguage` is the asking browser's header (their language's last resort). */
export function toPublicUser(user: SessionUser, acceptLanguage?: string): PublicUser {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    isSuperAdmin: user.isSuperAdmin,
    hasPassword: user.hasPassword,
    emailVerified: user.emailVerified,
    takeoverReviewPending: user.takeoverReviewPending,
    createdAt: user.createdAt.toISOString(),
    locale: effectiveLocale(user, acceptLanguage),
    localeChosen: user.locale !== null,
  };
}

const sameName = (displayName: string) => sql`lower(${users.displayName}) = lower(${displayName})`;
/** A name without its accents, in lower case: 'José Müller' and 'jose muller' are alike (decomposed, marks removed). */
const withoutAccents = (name: SQL | string) => sql`lower(regexp_replace(normalize(${name}, NFD), '[\u0300-\u036f]', '', 'g'))`;
/** The hint that a history may be claimable ignores accents and case: 'Jose Muller' finds 'José Müller'. */
const alikeName = (displayName: string) => sql`${withoutAccents(sql`${users.displayName}`)} = ${withoutAccents(displayName)}`;

export const NAME_TAKEN_MESSAGE = apiMessage('This name is already taken and cannot be claimed');
export const EMAIL_TAKEN_MESSAGE = apiMessage('An account with this e-mail already exists. Please sign in instead.');
/** The same for every failure (never whether the e-mail has an account), with the generic ways on (DECISIONS.md). */
export const INVALID_CREDENTIALS_MESSAGE =
  apiMessage('Invalid e-mail or password. If you forgot it, choose “Forgot password?”. Was your history imported by your community? Sign up with the e-mail it has on file.');

export async function checkName(db: Executor, displayName: string): Promise<CheckNameResult> {
  // A real account's name first: it is taken. An imported member's name never blocks anyone (it is a hint
  // that a history may be claimable, and there may be one per community).
  const [holder] = await db
    .select({ id: users.id, isImported: users.isImported })
    .from(users)
    .where(sameName(displayName))
    .orderBy(asc(users.isImported), asc(users.createdAt))
    .limit(1);
  if (holder && !holder.isImported) return { exists: true, canClaim: false, userId: null };
  if (holder) return { exists: true, canClaim: true, userId: holder.id };
  const [alike] = await db.select({ id: users.id }).from(users).where(and(eq(users.isImported, true), alikeName(displayName))).orderBy(asc(users.createdAt)).limit(1);
  return alike ? { exists: true, canClaim: true, userId: alike.id } : { exists: false, canClaim: false, userId: null };
}

/** 409 on the display name when a real account holds it (imported members' names are free to take). */
export async function assertNameFree(db: Executor, displayName: string): Promise<void> {
  const [holder] = await db.select({ id: users.id }).from(users).where(and(sameName(displayName), eq(users.isImported, false))).limit(1);
  if (holder) throw conflict(NAME_TAKEN_MESSAGE, { displayName: NAME_TAKEN_MESSAGE });
}

/** The real account (never an imported record) with this e-mail. */
export const realAccountWithEmail = (email: string) => and(eq(users.email, email), eq(users.isImported, false));

/** A new password account; the verification e-mail is queued in the same transaction. */
export async function register(db: Database, input: RegisterBody, origin: string, now: Date, browserLocale: Locale | null = null): Promise<SessionUser> {
  assertUncommonPassword(input.password, 'password');
  // An imported record with this e-mail does not hold it: its person may sign up under another name and claim it after joining.
  const [emailHolder] = await db.select({ id: users.id }).from(users).where(realAccountWithEmail(input.email)).limit(1);
  if (emailHolder) throw conflict(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
  await assertNameFree(db, input.displayName);
  const passwordHash = await hashPassword(input.password);
  return createPasswordAccount(db, { email: input.email, displayName: input.displayName, passwordHash, browserLocale }, origin, now);
}

/**
 * Inserts a password account and queues its verification link (with `importedUserId`, the claim that link
 * completes). Two sign-ups racing for one e-mail or name: the unique index decides, the loser hears why.
 */
export async function createPasswordAccount(
  db: Database,
  account: { email: string; displayName: string; passwordHash: string; browserLocale?: Locale | null },
  origin: string,
  now: Date,
  importedUserId?: string,
): Promise<SessionUser> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(users).values(account).returning(sessionUserColumns);
      await sendVerification(tx, { id: row!.id, email: account.email, credentialVersion: row!.credentialVersion }, origin, now, importedUserId);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      if (violatedConstraint(error) === 'users_display_name_unique') throw conflict(NAME_TAKEN_MESSAGE, { displayName: NAME_TAKEN_MESSAGE });
      throw conflict(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    }
    throw error;
  }
}

export async function authenticate(db: Database, email: string, password: string): Promise<SessionUser> {
  const [row] = await db.select({ user: sessionUserColumns, passwordHash: users.passwordHash }).from(users).where(realAccountWithEmail(email)).limit(1);
  if (!row?.passwordHash) {
    await spendVerificationTime(password);
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  if (!(await verifyPassword(row.passwordHash, password))) throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  return row.user;
}

export const WRONG_CURRENT_PASSWORD_MESSAGE = apiMessage('Your current password is not correct.');
export const PASSWORD_CHANGED_MEANWHILE_MESSAGE = apiMessage('Your password was changed meanwhile. Please sign in again.');

/**
 * Changes the password and bumps the credential version, which ends every session opened with the old
 * password, including sign-ins still in flight. Returns the user as the caller's renewed session carries it.
 * The other sessions' rows are deleted too, so they do not linger until they expire.
 */
export async function changePassword(db: Database, userId: string, currentSessionId: string, currentPassword: string, newPassword: string): Promise<SessionUser> {
  const [row] = await db.select({ passwordHash: users.passwordHash, credentialVersion: users.credentialVersion }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) {
    throw new HttpError(400, WRONG_CURRENT_PASSWORD_MESSAGE, WRONG_PASSWORD_CODE, { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE });
  }
  assertUncommonPassword(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, credentialVersion: sql`${users.credentialVersion} + 1`, updatedAt: new Date() })
      // Only if nothing changed the credentials since the current password was verified: two changes racing
      // cannot both win, and one made with a stale session cannot follow the owner's.
      .where(and(eq(users.id, userId), eq(users.credentialVersion, row.credentialVersion)))
      .returning(sessionUserColumns);
    if (!updated) throw conflict(PASSWORD_CHANGED_MEANWHILE_MESSAGE);
    await endSessionsOf(tx, userId, currentSessionId);
    return updated;
  });
}
