import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { apiMessage } from '@shared/domain/messages';
import { memberships } from '@shared/schema/communities';
import { LINK_INVALID_MESSAGE, LINK_OF_ANOTHER_ACCOUNT_MESSAGE } from '@shared/contracts/auth';
import { users } from '@shared/schema/auth';
import type { Database, Executor } from '../../db/client';
import { lockCommunityRow } from '../../http/community-context';
import { HttpError } from '../../http/errors';
import { translator } from '../../i18n/translate';
import { claimVerificationMessage, verifyEmailMessage } from '../../mail/messages';
import { readerLocale } from './locale';
import { enqueueMail } from '../../mail/outbox';
import { moveImportedHistory } from '../claims/history-move';
import { sameEmailAs } from '../claims/matching';
import { isAnotherAccountsToken, issueToken, spendToken, VERIFY_EMAIL_TTL_MS } from './email-tokens';

/**
 * E-mail verification (DECISIONS.md "Accounts and sign-in"): a link sent to the address proves it. A claim at
 * sign-up rides on the same link: the imported history moves only once it is followed.
 */

export const linkInvalid = () => new HttpError(400, LINK_INVALID_MESSAGE, 'link_invalid', { token: LINK_INVALID_MESSAGE });
/** A link sent for another account than the one signed in here: it stays unspent, for its own account. */
export const linkOfAnotherAccount = () => new HttpError(409, LINK_OF_ANOTHER_ACCOUNT_MESSAGE, 'link_other_account', { token: LINK_OF_ANOTHER_ACCOUNT_MESSAGE });

export const EMAIL_VERIFIED_MESSAGE = apiMessage('Thank you: your e-mail is verified.');
export const HISTORY_MOVED_MESSAGE = apiMessage('Thank you: your e-mail is verified and your history is now on your account.');

export interface VerificationRecipient {
  id: string;
  email: string;
  credentialVersion: number;
}

/** Queues the verification e-mail in the caller's transaction; with `importedUserId`, following it completes that claim. */
export async function sendVerification(tx: Executor, user: VerificationRecipient, origin: string, now: Date, importedUserId?: string): Promise<void> {
  const token = await issueToken(tx, {
    userId: user.id,
    purpose: 'verify-email',
    email: user.email,
    credentialVersion: user.credentialVersion,
    importedUserId,
    now,
    ttlMs: VERIFY_EMAIL_TTL_MS,
  });
  const link = `${origin}/verify-email?token=${token}`;
  const t = translator(await readerLocale(tx, user.id));
  await enqueueMail(tx, importedUserId ? claimVerificationMessage(t, user.email, link) : verifyEmailMessage(t, user.email, link));
}

/**
 * Follows a verification link: the address it was sent to is the account's, if the account still has it.
 * Unclaimed imported records with that e-mail move onto the account: the one a claim at sign-up named, and
 * those of communities the account already belongs to (DECISIONS.md: claims need a proven e-mail).
 */
export async function verifyEmail(db: Database, userId: string, token: string, now: Date): Promise<{ message: string; communityIds: string[] }> {
  return db.transaction(async (tx) => {
    // Only the account's own session follows its link: whoever typed an address into a sign-up cannot
    // have it proven by the address's owner clicking a link they did not ask for (or a mail scanner).
    const spent = await spendToken(tx, token, 'verify-email', now, userId);
    if (!spent) throw (await isAnotherAccountsToken(tx, token, 'verify-email', now, userId)) ? linkOfAnotherAccount() : linkInvalid();
    // The record a claim at sign-up named, and any record with this e-mail in a community the account already
    // belongs to (offered after joining while the e-mail was unproven): proven now, so their history moves.
    // Locked before the account, in the order a link or a claim after joining takes them.
    const theirs = and(
      eq(users.isImported, true),
      sameEmailAs(spent.email),
      or(
        spent.importedUserId ? eq(users.id, spent.importedUserId) : undefined,
        inArray(users.importedCommunityId, tx.select({ communityId: memberships.communityId }).from(memberships).where(eq(memberships.userId, spent.userId))),
      ),
    );
    // Their communities before the people, in one order, as every change of a standing takes them (lockStanding).
    const communities = await tx.selectDistinct({ id: users.importedCommunityId }).from(users).where(theirs).orderBy(users.importedCommunityId);
    for (const community of communities) if (community.id) await lockCommunityRow(tx, community.id, 'change');
    const records = await tx.select({ id: users.id, displayName: users.displayName }).from(users).where(theirs).orderBy(users.createdAt).for('update');
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
      // The account changed its e-mail since the link was sent: the link proves the old one, not this.
      .where(and(eq(users.id, spent.userId), eq(users.email, spent.email), eq(users.isImported, false)))
      .returning({ id: users.id, displayName: users.displayName });
    if (!user) throw linkInvalid();
    const communityIds: string[] = [];
    for (const imported of records) {
      const via = imported.id === spent.importedUserId ? 'sign-up' : 'join';
      communityIds.push(...(await moveImportedHistory(tx, { imported, claimant: user, actorId: user.id, via, now })));
    }
    if (records.length === 0) return { message: EMAIL_VERIFIED_MESSAGE, communityIds };
    return { message: HISTORY_MOVED_MESSAGE, communityIds };
  });
}
