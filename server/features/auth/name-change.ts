import { and, eq, ne, sql } from 'drizzle-orm';
import { apiMessage } from '@shared/domain/messages';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import { questions } from '@shared/schema/questions';
import { type SessionUser, sessionUserColumns } from '../../auth/passport';
import type { Database } from '../../db/client';
import { conflict, isUniqueViolation, unauthorized, violatedConstraint } from '../../http/errors';
import { recordAudit } from '../audit/service';
import { hasLookAlikeMember, LOOK_ALIKE_NAME_MESSAGE, lockMemberNames, lookAlike } from './look-alikes';

export const NAME_IN_USE_MESSAGE = apiMessage('Another account already uses this name. Please choose another.');

const nameInUse = () => conflict(NAME_IN_USE_MESSAGE, { displayName: NAME_IN_USE_MESSAGE });

/**
 * PUT /api/user/name: a new display name (already checked and normalised by the contract, mixed scripts
 * refused). 409 when another real account holds it ignoring case (imported records do not hold names), or when
 * it looks like the name of a real member of a community the user belongs to (UTS #39 skeleton). The questions
 * they asked show the new name, as a claim shows the claimant's; every community they belong to has an audit
 * entry (one outside any community when they belong to none). The same name again changes nothing.
 */
export async function changeDisplayName(db: Database, userId: string, displayName: string, now: Date): Promise<SessionUser> {
  try {
    return await db.transaction(async (tx) => {
      const communityIds = (await tx.select({ id: memberships.communityId }).from(memberships).where(eq(memberships.userId, userId))).map((row) => row.id);
      // Joins and other name changes in these communities wait until this one is made (look-alikes.ts).
      await lockMemberNames(tx, communityIds);
      const [current] = await tx.select(sessionUserColumns).from(users).where(and(eq(users.id, userId), eq(users.isImported, false))).limit(1);
      if (!current) throw unauthorized();
      if (current.displayName === displayName) return current;

      const [holder] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.displayName}) = lower(${displayName})`, eq(users.isImported, false), ne(users.id, userId)))
        .limit(1);
      if (holder) throw nameInUse();
      if (await hasLookAlikeMember(tx, communityIds, displayName, userId)) throw lookAlike(LOOK_ALIKE_NAME_MESSAGE, 'displayName');

      const [updated] = await tx.update(users).set({ displayName, updatedAt: now }).where(eq(users.id, userId)).returning(sessionUserColumns);
      await tx.update(questions).set({ fromUserName: displayName }).where(eq(questions.fromUserId, userId));
      for (const communityId of communityIds.length > 0 ? communityIds : [null]) {
        await recordAudit(tx, { actorId: userId, communityId, entity: 'user', entityId: userId, action: 'rename', diff: { from: current.displayName, to: displayName } });
      }
      return updated!;
    });
  } catch (error) {
    // Another account took the name meanwhile: the unique index decides.
    if (isUniqueViolation(error) && violatedConstraint(error) === 'users_display_name_unique') throw nameInUse();
    throw error;
  }
}
