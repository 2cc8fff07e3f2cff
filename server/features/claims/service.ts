import { and, eq, inArray, sql } from 'drizzle-orm';
import { CLAIM_EMAIL_MISMATCH, type ClaimAccountBody } from '@shared/contracts/auth';
import { nameKey } from '@shared/domain/identity';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import { type SessionUser, sessionUserColumns } from '../../auth/passport';
import { assertUncommonPassword, hashPassword } from '../../auth/passwords';
import type { Database, Executor } from '../../db/client';
import { conflict, HttpError, isUniqueViolation, notFound, violatedConstraint } from '../../http/errors';
import { recordAudit } from '../audit/service';
import { assertNameFree, EMAIL_TAKEN_MESSAGE, NAME_TAKEN_MESSAGE, realAccountWithEmail } from '../auth/service';
import { notifyModerators } from '../notifications/service';
import { matchesClaimant, unclaimedImport } from './matching';
import { moveActivity, moveDailyLogs, moveMemberships, moveTargets } from './transfer';

/**
 * Claiming an imported member's history (DECISIONS.md "Imported members and claiming"): at sign-up, with
 * the e-mail on file (POST /api/claim), or after joining one of the imported member's communities
 * (POST /api/claim-user). Either way one transaction, an audit entry and a notification to the moderators.
 */

export const NOTHING_TO_CLAIM_MESSAGE = 'Nothing to claim.';
export const CLAIMED_MESSAGE = 'History claimed.';
export const CLAIM_EMAIL_MISMATCH_CODE = 'claim_email_mismatch';

const emailMismatch = () => new HttpError(403, CLAIM_EMAIL_MISMATCH, CLAIM_EMAIL_MISMATCH_CODE, { email: CLAIM_EMAIL_MISMATCH });

/** The audit entry (one per community) and the moderators' notification of a claim. */
async function recordClaim(
  tx: Executor,
  claim: { claimant: { id: string; displayName: string }; imported: { id: string; displayName: string }; communityIds: string[]; via: 'sign-up' | 'join' },
): Promise<void> {
  const { claimant, imported, communityIds, via } = claim;
  // An imported member removed from every community still leaves one entry, outside any community.
  for (const communityId of communityIds.length > 0 ? communityIds : [null]) {
    await recordAudit(tx, {
      actorId: claimant.id,
      communityId,
      entity: 'user',
      entityId: claimant.id,
      action: 'claim',
      diff: { importedUserId: imported.id, importedName: imported.displayName, via },
    });
  }
  await notifyModerators(
    tx,
    communityIds,
    { fromUserId: claimant.id, type: 'other', title: 'History claimed', message: `${claimant.displayName} claimed their imported history.` },
    claimant.id,
  );
}

const communitiesOf = async (tx: Executor, userId: string) =>
  (await tx.select({ communityId: memberships.communityId }).from(memberships).where(eq(memberships.userId, userId))).map((row) => row.communityId);

/**
 * Sign-up by claiming: the imported member becomes the new account (same id, so every log, target,
 * question and membership stays where it is). Only with the e-mail on file (403 otherwise, also when there
 * is none); an e-mail of another real account is a 409 as at registration, and so is a new name taken by
 * someone else. Returns the user to sign in.
 */
export async function claimAtSignUp(db: Database, input: ClaimAccountBody, now: Date): Promise<SessionUser> {
  assertUncommonPassword(input.password, 'password');
  const [emailHolder] = await db.select({ id: users.id }).from(users).where(realAccountWithEmail(input.email)).limit(1);
  if (emailHolder) throw conflict(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
  const [imported] = await db.select({ email: users.email, displayName: users.displayName }).from(users).where(unclaimedImport(input.importedUserId)).limit(1);
  if (!imported?.email || imported.email.toLowerCase() !== input.email) throw emailMismatch();
  if (nameKey(input.displayName) !== nameKey(imported.displayName)) {
    await assertNameFree(db, input.displayName);
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .update(users)
        .set({ email: input.email, displayName: input.displayName, passwordHash, isImported: false, updatedAt: now })
        // Still unclaimed and still with this e-mail: of two claims racing, one wins and the other hears 403.
        .where(and(unclaimedImport(input.importedUserId), sql`lower(${users.email}) = ${input.email}`))
        .returning(sessionUserColumns);
      if (!user) throw emailMismatch();
      await recordClaim(tx, {
        claimant: user,
        imported: { id: input.importedUserId, displayName: imported.displayName },
        communityIds: await communitiesOf(tx, user.id),
        via: 'sign-up',
      });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error) && violatedConstraint(error) === 'users_display_name_unique') throw conflict(NAME_TAKEN_MESSAGE, { displayName: NAME_TAKEN_MESSAGE });
    throw error;
  }
}

/**
 * A signed-in member claims an imported member of one of their communities whose e-mail or name (ignoring
 * case and spaces) is theirs: the history moves onto their account and the imported user is deleted. Any
 * other imported user, in another community or already claimed, is 404 'Nothing to claim.' (nothing about
 * other communities' imported members is revealed). Two claims of one imported user: one 200, one 404.
 */
export async function claimImportedUser(db: Database, claimant: SessionUser, importedUserId: string, now: Date): Promise<{ message: string; communityIds: string[] }> {
  return db.transaction(async (tx) => {
    // Locked first: a second claim of the same imported user waits here, then finds it gone.
    const [imported] = await tx
      .select({ id: users.id, displayName: users.displayName })
      .from(users)
      .where(and(unclaimedImport(importedUserId), matchesClaimant(claimant)))
      .for('update');
    if (!imported) throw notFound(NOTHING_TO_CLAIM_MESSAGE);
    const [shared] = await tx
      .select({ communityId: memberships.communityId })
      .from(memberships)
      .where(
        and(
          eq(memberships.userId, imported.id),
          inArray(memberships.communityId, tx.select({ communityId: memberships.communityId }).from(memberships).where(eq(memberships.userId, claimant.id))),
        ),
      )
      .limit(1);
    if (!shared) throw notFound(NOTHING_TO_CLAIM_MESSAGE);
    // One claim at a time per claimant, so two imported histories merging into one month queue up.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, claimant.id)).for('update');

    const communityIds = await moveMemberships(tx, imported.id, claimant.id);
    await moveDailyLogs(tx, imported.id, claimant.id, now);
    await moveTargets(tx, imported.id, claimant.id);
    await moveActivity(tx, imported.id, claimant);
    await tx.delete(users).where(eq(users.id, imported.id));
    await recordClaim(tx, { claimant, imported, communityIds, via: 'join' });
    return { message: CLAIMED_MESSAGE, communityIds };
  });
}
