import { and, asc, count, eq, ilike, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import type {
  AdministeredCommunity,
  CommunityMember,
  CommunityView,
  CreateCommunityBody,
  MembershipView,
  UpdateCommunityBody,
} from '@shared/contracts/communities';
import { apiMessage } from '@shared/domain/messages';
import type { ApplyCommunityInfo } from '@shared/contracts/applications';
import type { Role } from '@shared/domain/constants';
import { isLocale } from '@shared/domain/locales';
import { type Action, can, canGrant, effectiveRoles, highestRole } from '@shared/domain/roles';
import { communities, institutions, memberRemovals, memberships } from '@shared/schema/communities';
import type { SessionUser } from '../../auth/passport';
import type { Database, Executor } from '../../db/client';
import { type CommunityContext, type CommunityRow, lockCommunityRow, standingIn, standingOfUser } from '../../http/community-context';
import { conflict, forbidden, notFound } from '../../http/errors';
import { recordAudit } from '../audit/service';
import { lockStanding, releaseLeadsBeyondStanding } from '../subgroups/leads';
import { listDisciplines } from '../tracking/disciplines';
import { listMembers } from './member-list';

export const ROLE_PERMISSION_MESSAGE = apiMessage("You don't have permission to modify this user's roles");
export const OWN_ROLES_MESSAGE = apiMessage('Cannot edit own roles');
export const REMOVE_SELF_MESSAGE = apiMessage('You cannot remove yourself from the community');
export const LAST_MODERATOR_MESSAGE = apiMessage('A community must keep at least one Community Moderator. Make another member a Community Moderator first.');
export const MEMBER_NOT_FOUND = apiMessage('Member not found.');

export function toCommunityView(row: CommunityRow): CommunityView {
  return {
    id: row.id,
    institutionId: row.institutionId,
    name: row.name,
    description: row.description,
    isPrivate: row.isPrivate,
    isProgressLocked: row.isProgressLocked,
    timeZone: row.timeZone,
    defaultLocale: isLocale(row.defaultLocale) ? row.defaultLocale : null,
    graceDays: row.graceDays,
    quietDays: row.quietDays,
    theme: row.theme,
    createdAt: row.createdAt.toISOString(),
    closesAt: row.closesAt?.toISOString() ?? null,
  };
}

export async function listMemberships(db: Executor, user: SessionUser, shownCommunityId?: string): Promise<MembershipView[]> {
  const rows = await db
    .select({
      membership: memberships,
      community: { id: communities.id, name: communities.name, description: communities.description, institutionId: communities.institutionId, closesAt: communities.closesAt },
    })
    .from(memberships)
    .innerJoin(communities, eq(communities.id, memberships.communityId))
    .where(eq(memberships.userId, user.id))
    .orderBy(asc(memberships.createdAt));
  const administered = new Set(rows.filter((row) => row.membership.roles.includes('InstitutionAdmin')).map((row) => row.community.institutionId));
  const views: MembershipView[] = rows.map(({ membership, community }) => {
    const roles = effectiveRoles(membership.roles, { institutionAdmin: administered.has(community.institutionId), superAdmin: user.isSuperAdmin });
    return {
      id: membership.id,
      communityId: membership.communityId,
      userId: membership.userId,
      role: highestRole(roles),
      roles,
      subgroupId: membership.subgroupId,
      community: { id: community.id, name: community.name, description: community.description, closesAt: community.closesAt?.toISOString() ?? null },
    };
  });
  // An InstitutionAdmin administers the institution's other communities without a membership there, and a
  // SuperAdmin every community: the institution's are listed (with a null membership id) so they can be
  // opened; of all the others only the one on screen (`shownCommunityId`) is, so the list stays small.
  // /api/communities/administered searches the rest.
  const joined = new Set(rows.map((row) => row.community.id));
  const shown = user.isSuperAdmin && shownCommunityId && !joined.has(shownCommunityId) ? shownCommunityId : undefined;
  if (administered.size === 0 && !shown) return views;
  const reachable = await db
    .select({ id: communities.id, name: communities.name, description: communities.description, institutionId: communities.institutionId, closesAt: communities.closesAt })
    .from(communities)
    .where(or(administered.size > 0 ? inArray(communities.institutionId, [...administered]) : undefined, shown ? eq(communities.id, shown) : undefined))
    .orderBy(asc(communities.name), asc(communities.createdAt));
  for (const { institutionId, closesAt, ...community } of reachable.filter((candidate) => !joined.has(candidate.id))) {
    const roles = effectiveRoles([], { institutionAdmin: administered.has(institutionId), superAdmin: user.isSuperAdmin });
    views.push({ id: null, communityId: community.id, userId: user.id, role: highestRole(roles), roles, subgroupId: null, community: { ...community, closesAt: closesAt?.toISOString() ?? null } });
  }
  return views;
}

export const ADMINISTERED_LIST_LIMIT = 50;

/**
 * The communities the caller administers without belonging to them, by name, matching `search`: every
 * community for a SuperAdmin, the institution's for an InstitutionAdmin, none for anyone else.
 */
export async function administeredCommunities(db: Executor, user: SessionUser, search: string): Promise<AdministeredCommunity[]> {
  const [institutions] = await db
    .select({ ids: sql<string[]>`coalesce(array_agg(DISTINCT ${communities.institutionId}), '{}')` })
    .from(memberships)
    .innerJoin(communities, eq(communities.id, memberships.communityId))
    .where(and(eq(memberships.userId, user.id), sql`'InstitutionAdmin' = ANY(${memberships.roles})`));
  const institutionIds = institutions?.ids ?? [];
  if (!user.isSuperAdmin && institutionIds.length === 0) return [];
  const joined = db.select({ communityId: memberships.communityId }).from(memberships).where(eq(memberships.userId, user.id));
  const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return db
    .select({ id: communities.id, name: communities.name, description: communities.description })
    .from(communities)
    .where(
      and(
        user.isSuperAdmin ? undefined : inArray(communities.institutionId, institutionIds),
        notInArray(communities.id, joined),
        search ? ilike(communities.name, pattern) : undefined,
      ),
    )
    .orderBy(sql`lower(${communities.name})`, asc(communities.id))
    .limit(ADMINISTERED_LIST_LIMIT);
}

/**
 * Creates a community with its creator as CommunityModerator. It joins the institution the creator
 * administers (InstitutionAdmin somewhere); otherwise a new institution is created for it.
 */
export async function createCommunity(db: Database, user: SessionUser, input: CreateCommunityBody): Promise<CommunityView> {
  return db.transaction(async (tx) => {
    const [administered] = await tx
      .select({ institutionId: communities.institutionId })
      .from(memberships)
      .innerJoin(communities, eq(communities.id, memberships.communityId))
      .where(and(eq(memberships.userId, user.id), sql`'InstitutionAdmin' = ANY(${memberships.roles})`))
      .orderBy(asc(memberships.createdAt))
      .limit(1);
    const institutionId =
      administered?.institutionId ?? (await tx.insert(institutions).values({ name: input.name }).returning({ id: institutions.id }))[0]!.id;
    const [community] = await tx
      .insert(communities)
      .values({ institutionId, name: input.name, description: input.description, timeZone: input.timeZone ?? 'UTC', defaultLocale: input.defaultLocale ?? null })
      .returning();
    await tx.insert(memberships).values({ userId: user.id, communityId: community!.id, roles: ['CommunityModerator'] });
    await recordAudit(tx, { actorId: user.id, communityId: community!.id, entity: 'community', entityId: community!.id, action: 'create', diff: { name: input.name } });
    return toCommunityView(community!);
  });
}

/** Public: the name of a community, for the apply page's greeting. */
/** What the public apply page shows of a community: its name and the disciplines it asks about (nothing of its people). */
export async function applyInfo(db: Executor, communityId: string): Promise<ApplyCommunityInfo> {
  const [row] = await db.select({ name: communities.name }).from(communities).where(eq(communities.id, communityId)).limit(1);
  if (!row) throw notFound('Community not found.');
  const disciplines = (await listDisciplines(db, communityId)).map(({ key, label, isDailyGrid }) => ({ key, label, isDailyGrid }));
  return { name: row.name, disciplines };
}

export async function updateCommunity(db: Database, context: CommunityContext, actorId: string, input: UpdateCommunityBody): Promise<CommunityView> {
  const before = context.community;
  const changes = {
    name: input.name,
    description: input.description,
    ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}),
    ...(input.defaultLocale !== undefined ? { defaultLocale: input.defaultLocale } : {}),
    ...(input.graceDays !== undefined ? { graceDays: input.graceDays } : {}),
    ...(input.quietDays !== undefined ? { quietDays: input.quietDays } : {}),
  };
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(communities).set({ ...changes, updatedAt: new Date() }).where(eq(communities.id, before.id)).returning();
    const diff = Object.fromEntries(
      Object.entries(changes)
        .filter(([key, value]) => before[key as keyof typeof changes] !== value)
        .map(([key, value]) => [key, { from: before[key as keyof typeof changes], to: value }]),
    );
    await recordAudit(tx, { actorId, communityId: before.id, entity: 'community', entityId: before.id, action: 'update', diff });
    return toCommunityView(updated!);
  });
}

async function otherModeratorCount(tx: Executor, communityId: string, exceptUserId: string): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(memberships)
    .where(and(eq(memberships.communityId, communityId), ne(memberships.userId, exceptUserId), sql`'CommunityModerator' = ANY(${memberships.roles})`));
  return row?.value ?? 0;
}

export async function leaveCommunity(db: Database, context: CommunityContext): Promise<void> {
  if (!context.membership) throw notFound('You are not a member of this community.');
  await db.transaction(async (tx) => {
    await lockCommunityRow(tx, context.community.id, 'change');
    await lockStanding(tx, context.userId);
    const [own] = await tx.select({ roles: memberships.roles }).from(memberships).where(eq(memberships.id, context.membership!.id)).limit(1);
    if (!own) return;
    if (own.roles.includes('CommunityModerator') && (await otherModeratorCount(tx, context.community.id, context.userId)) === 0) {
      throw conflict('You are the last Community Moderator. Make another member a Community Moderator before leaving.');
    }
    await tx.delete(memberships).where(eq(memberships.id, context.membership!.id));
    await releaseLeadsBeyondStanding(tx, context.userId, context.userId);
    await recordAudit(tx, { actorId: context.userId, communityId: context.community.id, entity: 'membership', entityId: context.userId, action: 'leave' });
  });
}

/** The member acted on: their membership here and their effective roles (rank is judged by these). */
async function targetMember(tx: Executor, community: CommunityRow, userId: string) {
  const standing = await standingOfUser(tx, community, userId);
  if (!standing?.membership) throw notFound(MEMBER_NOT_FOUND);
  return { id: standing.membership.id, roles: standing.membership.roles, effectiveRoles: standing.roles };
}

/**
 * The actor's roles as they stand once the community is locked: a concurrent change may have demoted or
 * removed the actor after the route's guard loaded their context.
 */
async function lockedActorRoles(tx: Executor, context: CommunityContext, action: Action, message: string): Promise<Role[]> {
  const { roles } = await standingIn(tx, context.community, { id: context.userId, isSuperAdmin: context.roles.includes('SuperAdmin') });
  if (!can({ roles }, action)) throw forbidden(message);
  return roles;
}

/** Nobody acts on someone whose effective highest role is above their own. */
function assertOutranksOrEquals(actorRoles: readonly Role[], targetEffectiveRoles: readonly Role[], message: string) {
  if (!canGrant(actorRoles, highestRole(targetEffectiveRoles))) throw forbidden(message);
}

export async function updateRoles(db: Database, context: CommunityContext, targetUserId: string, roles: Role[]): Promise<CommunityMember> {
  if (targetUserId === context.userId) throw forbidden(OWN_ROLES_MESSAGE);
  if (roles.includes('SuperAdmin')) throw forbidden('SuperAdmin is granted only by the server operator.');
  if (!roles.every((role) => canGrant(context.roles, role))) throw forbidden(ROLE_PERMISSION_MESSAGE);
  const communityId = context.community.id;
  await db.transaction(async (tx) => {
    await lockCommunityRow(tx, communityId, 'change');
    await lockStanding(tx, targetUserId);
    const actorRoles = await lockedActorRoles(tx, context, 'roles:assign', ROLE_PERMISSION_MESSAGE);
    if (!roles.every((role) => canGrant(actorRoles, role))) throw forbidden(ROLE_PERMISSION_MESSAGE);
    const target = await targetMember(tx, context.community, targetUserId);
    assertOutranksOrEquals(actorRoles, target.effectiveRoles, ROLE_PERMISSION_MESSAGE);
    const losesModerator = target.roles.includes('CommunityModerator') && !roles.includes('CommunityModerator');
    if (losesModerator && (await otherModeratorCount(tx, communityId, targetUserId)) === 0) throw conflict(LAST_MODERATOR_MESSAGE);
    await tx.update(memberships).set({ roles }).where(eq(memberships.id, target.id));
    await releaseLeadsBeyondStanding(tx, targetUserId, context.userId);
    await recordAudit(tx, { actorId: context.userId, communityId, entity: 'membership', entityId: targetUserId, action: 'roles.update', diff: { from: target.roles, to: roles } });
  });
  const [updated] = await listMembers(db, context, targetUserId);
  return updated!;
}

/**
 * Removes a member and remembers when: they can rejoin only with an invitation code created after this
 * moment, not with one they were given before.
 */
export async function removeMember(db: Database, context: CommunityContext, targetUserId: string, now: Date): Promise<void> {
  if (targetUserId === context.userId) throw forbidden(REMOVE_SELF_MESSAGE);
  const communityId = context.community.id;
  await db.transaction(async (tx) => {
    await lockCommunityRow(tx, communityId, 'change');
    await lockStanding(tx, targetUserId);
    const actorRoles = await lockedActorRoles(tx, context, 'members:manage', apiMessage('You do not have permission to remove members.'));
    const target = await targetMember(tx, context.community, targetUserId);
    assertOutranksOrEquals(actorRoles, target.effectiveRoles, apiMessage('You cannot remove a member whose role is above yours.'));
    if (target.roles.includes('CommunityModerator') && (await otherModeratorCount(tx, communityId, targetUserId)) === 0) {
      throw conflict(LAST_MODERATOR_MESSAGE);
    }
    await tx.delete(memberships).where(eq(memberships.id, target.id));
    await releaseLeadsBeyondStanding(tx, targetUserId, context.userId);
    await tx
      .insert(memberRemovals)
      .values({ communityId, userId: targetUserId, removedAt: now })
      .onConflictDoUpdate({ target: [memberRemovals.communityId, memberRemovals.userId], set: { removedAt: now } });
    await recordAudit(tx, { actorId: context.userId, communityId, entity: 'membership', entityId: targetUserId, action: 'remove', diff: { roles: target.roles } });
  });
}
