import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { apiMessage, fill } from '@shared/domain/messages';
import type { ClaimInfo, InviteCodeView, JoinResult } from '@shared/contracts/communities';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH, INVITE_CODE_LIFETIME_DAYS } from '@shared/domain/constants';
import { maskEmail } from '@shared/domain/identity';
import { isAdmin } from '@shared/domain/roles';
import { users } from '@shared/schema/auth';
import { communities, inviteCodes, memberRemovals, memberships } from '@shared/schema/communities';
import type { SessionUser } from '../../auth/passport';
import type { Database, Executor } from '../../db/client';
import { type CommunityContext, communityClosing, standingIn } from '../../http/community-context';
import { forbidden, HttpError, isUniqueViolation, notFound } from '../../http/errors';
import { recordAudit } from '../audit/service';
import { hasLookAlikeMember, lockMemberNames, lookAlike, lookAlikeJoinMessage } from '../auth/look-alikes';
import { sameEmailAs, sameNameAs } from '../claims/matching';

export const INVALID_CODE_MESSAGE = apiMessage('This invitation code is not valid or has expired. Please check it with the person who invited you.');
export const CODE_NOT_FOUND_MESSAGE = apiMessage('Invitation code not found.');
export const CODE_BEFORE_REMOVAL_MESSAGE =
  apiMessage('You were removed from this community after this invitation code was created. Ask a moderator for a new code if you are welcome back.');

const inviteCodeColumns = {
  id: inviteCodes.id,
  inviteCode: inviteCodes.code,
  expiresAt: inviteCodes.expiresAt,
  createdAt: inviteCodes.createdAt,
  createdBy: users.displayName,
  uses: inviteCodes.uses,
};

function toInviteCodeView(row: { id: string; inviteCode: string; expiresAt: Date; createdAt: Date; createdBy: string | null; uses: number }): InviteCodeView {
  return { ...row, expiresAt: row.expiresAt.toISOString(), createdAt: row.createdAt.toISOString() };
}

/** 8 characters from an alphabet without 0, O, 1 or I, drawn with a cryptographic generator. */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

export interface NewInviteCode {
  communityId: string;
  /** Who creates it: the creator's id is stored and their name answered as `createdBy`. */
  actor: Pick<SessionUser, 'id' | 'displayName'>;
  now: Date;
}

const MAX_CODE_DRAWS = 5;

/**
 * Inserts a fresh code (valid INVITE_CODE_LIFETIME_DAYS) with its audit row, inside the caller's transaction,
 * so a change that hands out a code (approving an application) makes both or neither. A collision with an
 * existing code is skipped with ON CONFLICT DO NOTHING, which leaves the transaction usable, and drawn again
 * (`draw` is replaceable for tests).
 */
export async function insertInviteCode(tx: Executor, { communityId, actor, now }: NewInviteCode, draw: () => string = newInviteCode): Promise<InviteCodeView> {
  const expiresAt = new Date(now.getTime() + INVITE_CODE_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
  for (let attempt = 0; attempt < MAX_CODE_DRAWS; attempt++) {
    const [row] = await tx
      .insert(inviteCodes)
      .values({ code: draw(), communityId, createdByUserId: actor.id, expiresAt, createdAt: now })
      .onConflictDoNothing({ target: inviteCodes.code })
      .returning();
    // A collision among 32^8 codes is rare; draw again.
    if (!row) continue;
    await recordAudit(tx, { actorId: actor.id, communityId, entity: 'invite_code', entityId: row.id, action: 'create', diff: { expiresAt } });
    return toInviteCodeView({ id: row.id, inviteCode: row.code, expiresAt: row.expiresAt, createdAt: row.createdAt, createdBy: actor.displayName, uses: row.uses });
  }
  throw new Error(`No unused invitation code after ${MAX_CODE_DRAWS} draws`);
}

export async function generateInviteCode(db: Database, context: CommunityContext, actor: SessionUser, now: Date): Promise<InviteCodeView> {
  return db.transaction((tx) => insertInviteCode(tx, { communityId: context.community.id, actor, now }));
}

/** The newest code that has not been revoked (it may have expired: the tab says so). */
export async function latestInviteCode(db: Executor, context: CommunityContext): Promise<InviteCodeView | null> {
  const [row] = await db
    .select(inviteCodeColumns)
    .from(inviteCodes)
    .leftJoin(users, eq(users.id, inviteCodes.createdByUserId))
    .where(and(eq(inviteCodes.communityId, context.community.id), isNull(inviteCodes.revokedAt)))
    .orderBy(desc(inviteCodes.createdAt))
    .limit(1);
  return row ? toInviteCodeView(row) : null;
}

/** Every code that still lets people join (not revoked, not expired), newest first. */
export async function activeInviteCodes(db: Executor, context: CommunityContext, now: Date): Promise<InviteCodeView[]> {
  const rows = await db
    .select(inviteCodeColumns)
    .from(inviteCodes)
    .leftJoin(users, eq(users.id, inviteCodes.createdByUserId))
    .where(and(eq(inviteCodes.communityId, context.community.id), isNull(inviteCodes.revokedAt), gt(inviteCodes.expiresAt, now)))
    .orderBy(desc(inviteCodes.createdAt));
  return rows.map(toInviteCodeView);
}

/** Revokes a code at once: nobody can join with it afterwards. */
export async function revokeInviteCode(db: Database, context: CommunityContext, codeId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(inviteCodes)
      .set({ revokedAt: now, revokedByUserId: context.userId })
      .where(and(eq(inviteCodes.id, codeId), eq(inviteCodes.communityId, context.community.id), isNull(inviteCodes.revokedAt)))
      .returning({ id: inviteCodes.id, code: inviteCodes.code });
    if (!revoked) throw notFound(CODE_NOT_FOUND_MESSAGE);
    await recordAudit(tx, { actorId: context.userId, communityId: context.community.id, entity: 'invite_code', entityId: revoked.id, action: 'revoke', diff: { code: revoked.code } });
  });
}

const NO_CLAIM: ClaimInfo = { canClaim: false, importedUserId: null, importedUserName: null, importedUserEmail: null, needsEmailVerification: false, askModerator: false };

/**
 * The 'Account Found!' offer after joining: an unclaimed imported record of this community with the joiner's
 * e-mail (to claim once that e-mail is verified), else one with the joiner's name and no e-mail (which only
 * a moderator can link). The e-mail on file is masked (r•••@example.net) unless the joiner is an admin here.
 */
export async function findClaimableImport(db: Executor, community: { id: string; institutionId: string }, user: SessionUser): Promise<ClaimInfo> {
  const ofThisCommunity = and(eq(users.isImported, true), eq(users.importedCommunityId, community.id));
  const [byEmail] = user.email
    ? await db.select({ id: users.id, displayName: users.displayName, email: users.email }).from(users).where(and(ofThisCommunity, sameEmailAs(user.email))).limit(1)
    : [];
  // Until the e-mail is proven, only that there is something to confirm it for: anyone can sign up with any
  // address, and the record's id, name and e-mail are not theirs to learn from it.
  if (byEmail && !user.emailVerified) return { ...NO_CLAIM, needsEmailVerification: true };
  if (byEmail) {
    const mayReadEmail = isAdmin((await standingIn(db, community, user)).roles);
    return {
      ...NO_CLAIM,
      canClaim: true,
      importedUserId: byEmail.id,
      importedUserName: byEmail.displayName,
      importedUserEmail: byEmail.email === null ? null : mayReadEmail ? byEmail.email : maskEmail(byEmail.email),
    };
  }
  const [byName] = await db.select({ id: users.id }).from(users).where(and(ofThisCommunity, isNull(users.email), sameNameAs(user.displayName))).limit(1);
  return byName ? { ...NO_CLAIM, askModerator: true } : NO_CLAIM;
}

/** Joining a community one already belongs to: 409 with its own code, so the client can say 'Already a member'. */
const alreadyMember = (communityName: string) => new HttpError(409, fill(apiMessage('You are already a member of {community}.'), { community: communityName }), 'already_member');

/**
 * Joins with a code (already trimmed and upper-cased by the contract); the new membership holds ['Member'].
 * A revoked or expired code is a wrong code (404). Someone removed from the community needs a code created
 * after their removal. A name that looks like a real member's there (UTS #39 skeleton) is refused 409
 * `name_look_alike` until the joiner chooses another on Profile (DECISIONS.md "Input").
 */
export async function joinCommunity(db: Database, user: SessionUser, code: string, now: Date): Promise<JoinResult> {
  const [invite] = await db
    .select({
      id: inviteCodes.id,
      communityId: inviteCodes.communityId,
      institutionId: communities.institutionId,
      expiresAt: inviteCodes.expiresAt,
      createdAt: inviteCodes.createdAt,
      name: communities.name,
      description: communities.description,
      closesAt: communities.closesAt,
      timeZone: communities.timeZone,
    })
    .from(inviteCodes)
    .innerJoin(communities, eq(communities.id, inviteCodes.communityId))
    .where(and(eq(inviteCodes.code, code), isNull(inviteCodes.revokedAt)))
    .limit(1);
  if (!invite || invite.expiresAt.getTime() <= now.getTime()) throw notFound(INVALID_CODE_MESSAGE);
  if (invite.closesAt) throw communityClosing(invite);
  const [existing] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, user.id), eq(memberships.communityId, invite.communityId)))
    .limit(1);
  if (existing) throw alreadyMember(invite.name);
  const [removal] = await db
    .select({ removedAt: memberRemovals.removedAt })
    .from(memberRemovals)
    .where(and(eq(memberRemovals.userId, user.id), eq(memberRemovals.communityId, invite.communityId)))
    .limit(1);
  if (removal && invite.createdAt.getTime() <= removal.removedAt.getTime()) throw forbidden(CODE_BEFORE_REMOVAL_MESSAGE);
  try {
    await db.transaction(async (tx) => {
      // Two look-alikes joining at once: the second waits here, then finds the first a member.
      await lockMemberNames(tx, [invite.communityId]);
      // A close committed since the code was read wins (the close holds the community's row while it writes).
      const [community] = await tx.select({ closesAt: communities.closesAt, timeZone: communities.timeZone }).from(communities).where(eq(communities.id, invite.communityId)).for('share');
      if (community?.closesAt) throw communityClosing(community);
      if (await hasLookAlikeMember(tx, [invite.communityId], user.displayName, user.id)) throw lookAlike(lookAlikeJoinMessage(invite.name));
      // The code must still work as the membership is made: a revocation committed meanwhile wins.
      const [stillValid] = await tx
        .update(inviteCodes)
        .set({ uses: sql`${inviteCodes.uses} + 1` })
        .where(and(eq(inviteCodes.id, invite.id), isNull(inviteCodes.revokedAt), gt(inviteCodes.expiresAt, now)))
        .returning({ id: inviteCodes.id });
      if (!stillValid) throw notFound(INVALID_CODE_MESSAGE);
      await tx.insert(memberships).values({ userId: user.id, communityId: invite.communityId, roles: ['Member'] });
      await recordAudit(tx, { actorId: user.id, communityId: invite.communityId, entity: 'membership', entityId: user.id, action: 'join', diff: { inviteCodeId: invite.id } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyMember(invite.name);
    throw error;
  }
  return {
    communityId: invite.communityId,
    community: { id: invite.communityId, name: invite.name, description: invite.description },
    claimInfo: await findClaimableImport(db, { id: invite.communityId, institutionId: invite.institutionId }, user),
  };
}
