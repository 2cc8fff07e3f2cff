import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { apiMessage, fill } from '@shared/domain/messages';
import { lookAlikeKeys } from '@shared/domain/skeleton';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import type { Executor } from '../../db/client';
import { HttpError } from '../../http/errors';

/**
 * Look-alike names among the members of a community (DECISIONS.md "Input"): nobody may be a member where
 * another real member's name has the same confusable skeleton (UTS #39, shared/domain/skeleton.ts) as theirs,
 * compared ignoring case. Imported records do not count: they are names on a list, not people who act.
 * Skeletons are worked out here, not stored: a community's names are read and compared (some milliseconds
 * for a congregation of 2,000).
 */

/** The code of a refusal for a look-alike name: the client can send the person to Profile. */
export const LOOK_ALIKE_CODE = 'name_look_alike';

export const lookAlikeJoinMessage = (communityName: string) =>
  fill(apiMessage('Your name looks like the name of a member of {community}, so people could mistake one of you for the other. Please choose another name on Profile, then join again.'), { community: communityName });
export const LOOK_ALIKE_NAME_MESSAGE =
  apiMessage('This name looks like the name of a member of one of your communities, so people could mistake one of you for the other. Please choose another.');
export const LOOK_ALIKE_SIGN_UP_CLAIM_MESSAGE =
  apiMessage('This name looks like the name of a member of the community whose history you are claiming, so people could mistake one of you for the other. Please choose another.');
export const LOOK_ALIKE_CLAIM_MESSAGE =
  apiMessage('Your name looks like the name of a member of a community this history belongs to, so people could mistake one of you for the other. Please choose another name on Profile, then claim it again.');

/** 409 `name_look_alike`; with `field`, the message is also that field's. */
export const lookAlike = (message: string, field?: string) => new HttpError(409, message, LOOK_ALIKE_CODE, field ? { [field]: message } : undefined);

/**
 * Until the transaction ends, no other name check of these communities runs: two people with look-alike
 * names joining at once, or a join and a name change, are checked one after the other, so the second sees
 * the first. Taken in one order (sorted ids), so two holders of several never wait on each other.
 */
export async function lockMemberNames(tx: Executor, communityIds: readonly string[]): Promise<void> {
  for (const communityId of [...new Set(communityIds)].sort()) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`member-names:${communityId}`}, 0))`);
  }
}

/** Whether a real member of one of these communities, other than `exceptUserId`, has a name that looks like `displayName`. */
export async function hasLookAlikeMember(tx: Executor, communityIds: readonly string[], displayName: string, exceptUserId?: string): Promise<boolean> {
  if (communityIds.length === 0) return false;
  const names = await tx
    .selectDistinct({ displayName: users.displayName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inArray(memberships.communityId, [...communityIds]), eq(users.isImported, false), exceptUserId ? ne(users.id, exceptUserId) : undefined));
  const keys = new Set(lookAlikeKeys(displayName));
  return names.some((row) => lookAlikeKeys(row.displayName).some((key) => keys.has(key)));
}
