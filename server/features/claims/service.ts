import { and, eq, exists, notInArray, sql } from 'drizzle-orm';
import { apiMessage } from '@shared/domain/messages';
import { CLAIM_EMAIL_MISMATCH, type ClaimAccountBody } from '@shared/contracts/auth';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import type { SessionUser } from '../../auth/passport';
import { assertUncommonPassword, hashPassword } from '../../auth/passwords';
import type { Database } from '../../db/client';
import { lockCommunityRow } from '../../http/community-context';
import { conflict, HttpError, notFound } from '../../http/errors';
import { hasLookAlikeMember, lockMemberNames, LOOK_ALIKE_CLAIM_MESSAGE, LOOK_ALIKE_SIGN_UP_CLAIM_MESSAGE, lookAlike } from '../auth/look-alikes';
import { assertNameFree, createPasswordAccount, EMAIL_TAKEN_MESSAGE, realAccountWithEmail } from '../auth/service';
import { moveImportedHistory } from './history-move';
import { unclaimedImport } from './matching';
import type { Locale } from '@shared/domain/locales';

/**
 * Claiming an imported member's history (DECISIONS.md "Imported members and claiming"): at sign-up, with
 * the e-mail on file (POST /api/claim), or after joining one of the imported member's communities
 * (POST /api/claim-user), each only with a proven e-mail. Either way one transaction, an audit entry and a
 * notification to the moderators (history-move.ts).
 */

export const NOTHING_TO_CLAIM_MESSAGE = apiMessage('Nothing to claim.');
export const CLAIMED_MESSAGE = apiMessage('History claimed.');
export const CLAIM_EMAIL_MISMATCH_CODE = 'claim_email_mismatch';

const emailMismatch = () => new HttpError(403, CLAIM_EMAIL_MISMATCH, CLAIM_EMAIL_MISMATCH_CODE, { email: CLAIM_EMAIL_MISMATCH });

/**
 * Sign-up by claiming: a new account with the e-mail on file (403 otherwise, also when there is none), and
 * a verification link to that e-mail. The history, memberships and roles move only when the link is
 * followed (email-verification.ts): typing an e-mail proves nothing. An e-mail of another real account is a
 * 409 as at registration, and so is a name another real account holds, or one that looks like the name of a
 * real member of the record's community, which the claim makes them a member of (DECISIONS.md "Input").
 * Returns the user to sign in.
 */
export async function claimAtSignUp(db: Database, input: ClaimAccountBody, origin: string, now: Date, browserLocale: Locale | null = null): Promise<SessionUser> {
  assertUncommonPassword(input.password, 'password');
  const [emailHolder] = await db.select({ id: users.id }).from(users).where(realAccountWithEmail(input.email)).limit(1);
  if (emailHolder) throw conflict(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
  const [imported] = await db.select({ email: users.email }).from(users).where(unclaimedImport(input.importedUserId)).limit(1);
  if (!imported?.email || imported.email.toLowerCase() !== input.email) throw emailMismatch();
  await assertNameFree(db, input.displayName);
  const recordCommunities = await db.select({ id: memberships.communityId }).from(memberships).where(eq(memberships.userId, input.importedUserId));
  if (await hasLookAlikeMember(db, recordCommunities.map((row) => row.id), input.displayName)) throw lookAlike(LOOK_ALIKE_SIGN_UP_CLAIM_MESSAGE, 'displayName');
  const passwordHash = await hashPassword(input.password);
  return createPasswordAccount(db, { email: input.email, displayName: input.displayName, passwordHash, browserLocale }, origin, now, input.importedUserId);
}

export const VERIFY_BEFORE_CLAIM_MESSAGE = apiMessage('Please verify your e-mail first: open the link we sent you, then claim your history.');

/**
 * A signed-in member claims an imported member of a community they belong to, whose e-mail is their own
 * *verified* e-mail. Any other imported user (of a community they are not in, another e-mail, already
 * claimed) is 404 'Nothing to claim.' (nothing about other records is revealed). Two claims of one imported
 * user: one 200, one 404.
 */
export async function claimImportedUser(db: Database, claimant: SessionUser, importedUserId: string, now: Date): Promise<{ message: string; communityIds: string[] }> {
  if (!claimant.emailVerified || !claimant.email) throw new HttpError(403, VERIFY_BEFORE_CLAIM_MESSAGE, 'email_unverified');
  const email = claimant.email;
  return db.transaction(async (tx) => {
    // The caller's to claim: unclaimed, their proven e-mail, in a community they belong to.
    const theirs = and(
      unclaimedImport(importedUserId),
      sql`lower(${users.email}) = ${email}`,
      exists(
        tx
          .select({ id: memberships.id })
          .from(memberships)
          .where(and(eq(memberships.userId, claimant.id), eq(memberships.communityId, sql`${users.importedCommunityId}`))),
      ),
    );
    // The community first, then the people, as every change of a standing takes them (lockStanding).
    const [record] = await tx.select({ communityId: users.importedCommunityId }).from(users).where(theirs);
    if (record?.communityId) await lockCommunityRow(tx, record.communityId, 'change');
    // Locked next: a second claim of the same imported user waits here, then finds it gone.
    const [imported] = await tx.select({ id: users.id, displayName: users.displayName }).from(users).where(theirs).for('update');
    if (!imported) throw notFound(NOTHING_TO_CLAIM_MESSAGE);
    // A record from before records were kept to one community may bring the claimant into others too: there,
    // as at a join, their name may not look like a member's.
    const otherCommunities = (
      await tx
        .select({ id: memberships.communityId })
        .from(memberships)
        .where(and(eq(memberships.userId, imported.id), notInArray(memberships.communityId, tx.select({ id: memberships.communityId }).from(memberships).where(eq(memberships.userId, claimant.id)))))
    ).map((row) => row.id);
    await lockMemberNames(tx, otherCommunities);
    if (await hasLookAlikeMember(tx, otherCommunities, claimant.displayName, claimant.id)) throw lookAlike(LOOK_ALIKE_CLAIM_MESSAGE);
    const communityIds = await moveImportedHistory(tx, { imported, claimant, actorId: claimant.id, via: 'join', now });
    return { message: CLAIMED_MESSAGE, communityIds };
  });
}
