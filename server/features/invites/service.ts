import { randomInt } from 'node:crypto';
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { ClaimInfo, InviteCodeView, JoinResult } from '@shared/contracts/communities';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH, INVITE_CODE_LIFETIME_DAYS } from '@shared/domain/constants';
import { users } from '@shared/schema/auth';
import { communities, inviteCodes, memberships } from '@shared/schema/communities';
import type { SessionUser } from '../../auth/passport';
import type { Database, Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { conflict, isUniqueViolation, notFound } from '../../http/errors';
import { recordAudit } from '../audit/service';

export const INVALID_CODE_MESSAGE = 'This invitation code is not valid or has expired. Please check it with the person who invited you.';

/** 8 characters from an alphabet without 0, O, 1 or I, drawn with a cryptographic generator. */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

export async function generateInviteCode(db: Database, context: CommunityContext, actor: SessionUser, now: Date): Promise<InviteCodeView> {
  const expiresAt = new Date(now.getTime() + INVITE_CODE_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(inviteCodes)
          .values({ code: newInviteCode(), communityId: context.community.id, createdByUserId: actor.id, expiresAt, createdAt: now })
          .returning();
        await recordAudit(tx, { actorId: actor.id, communityId: context.community.id, entity: 'invite_code', entityId: row!.id, action: 'create', diff: { expiresAt } });
        return { inviteCode: row!.code, expiresAt: row!.expiresAt.toISOString(), createdBy: actor.displayName, createdAt: row!.createdAt.toISOString() };
      });
    } catch (error) {
      // A collision among 32^8 codes is rare; draw again.
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

export async function latestInviteCode(db: Executor, context: CommunityContext): Promise<InviteCodeView | null> {
  const [row] = await db
    .select({ code: inviteCodes.code, expiresAt: inviteCodes.expiresAt, createdAt: inviteCodes.createdAt, createdBy: users.displayName })
    .from(inviteCodes)
    .leftJoin(users, eq(users.id, inviteCodes.createdByUserId))
    .where(eq(inviteCodes.communityId, context.community.id))
    .orderBy(desc(inviteCodes.createdAt))
    .limit(1);
  return row ? { inviteCode: row.code, expiresAt: row.expiresAt.toISOString(), createdBy: row.createdBy, createdAt: row.createdAt.toISOString() } : null;
}

const NO_CLAIM: ClaimInfo = { canClaim: false, importedUserId: null, importedUserName: null, importedUserEmail: null };

/** A name without case, spaces, digits or punctuation: 'John Smith 2' and 'john.smith' both read 'johnsmith'. */
const looseName = (name: SQL | string) => sql`regexp_replace(lower(${name}), '[[:space:][:digit:][:punct:]]', '', 'g')`;

/**
 * An unclaimed imported member of the community whose e-mail or loosely-matched name is the joiner's.
 * Names and e-mails are unique, so a joiner whose name was taken by the import signed up as a variant.
 */
export async function findClaimableImport(db: Executor, communityId: string, user: SessionUser): Promise<ClaimInfo> {
  const [match] = await db
    .select({ id: users.id, displayName: users.displayName, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.communityId, communityId),
        eq(users.isImported, true),
        or(user.email ? eq(users.email, user.email) : undefined, sql`${looseName(sql`${users.displayName}`)} = ${looseName(user.displayName)}`),
      ),
    )
    .limit(1);
  return match ? { canClaim: true, importedUserId: match.id, importedUserName: match.displayName, importedUserEmail: match.email } : NO_CLAIM;
}

/** Joins with a code (already trimmed and upper-cased by the contract); the new membership holds ['Member']. */
export async function joinCommunity(db: Database, user: SessionUser, code: string, now: Date): Promise<JoinResult> {
  const [invite] = await db
    .select({ communityId: inviteCodes.communityId, expiresAt: inviteCodes.expiresAt, name: communities.name, description: communities.description })
    .from(inviteCodes)
    .innerJoin(communities, eq(communities.id, inviteCodes.communityId))
    .where(eq(inviteCodes.code, code))
    .limit(1);
  if (!invite || invite.expiresAt.getTime() <= now.getTime()) throw notFound(INVALID_CODE_MESSAGE);
  try {
    await db.transaction(async (tx) => {
      await tx.insert(memberships).values({ userId: user.id, communityId: invite.communityId, roles: ['Member'] });
      await recordAudit(tx, { actorId: user.id, communityId: invite.communityId, entity: 'membership', entityId: user.id, action: 'join' });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`You are already a member of ${invite.name}.`);
    throw error;
  }
  return {
    communityId: invite.communityId,
    community: { id: invite.communityId, name: invite.name, description: invite.description },
    claimInfo: await findClaimableImport(db, invite.communityId, user),
  };
}
