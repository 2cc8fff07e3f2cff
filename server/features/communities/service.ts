import { and, asc, count, eq, ilike, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import type {
  AdministeredCommunity,
  CommunityMember,
  CommunityView,
  CreateCommunityBody,
  MembershipView,
  MembersPage,
  UpdateCommunityBody,
} from '@shared/contracts/communities';
import type { ApplyCommunityInfo } from '@shared/contracts/applications';
import type { Role } from '@shared/domain/constants';
import { ACCENTED, PLAIN } from '@shared/domain/search-key';
import { type Action, can, canGrant, effectiveRoles, highestRole, isAdmin } from '@shared/domain/roles';
import { users } from '@shared/schema/auth';
import { communities, institutions, memberRemovals, memberships, subgroups } from '@shared/schema/communities';
import type { SessionUser } from '../../auth/passport';
import { type Database, type Executor, preparedPerDatabase } from '../../db/client';
import { type CommunityContext, type CommunityRow, lockCommunityRow, standingIn, standingOfUser } from '../../http/community-context';
import { decodeCursor, encodeCursor, isSortText, UUID_PATTERN } from '../../http/cursor';
import { conflict, forbidden, notFound } from '../../http/errors';
import { recordAudit } from '../audit/service';
import { listDisciplines } from '../tracking/disciplines';

export const ROLE_PERMISSION_MESSAGE = "You don't have permission to modify this user's roles";
export const OWN_ROLES_MESSAGE = 'Cannot edit own roles';
export const REMOVE_SELF_MESSAGE = 'You cannot remove yourself from the community';
export const LAST_MODERATOR_MESSAGE = 'A community must keep at least one Community Moderator. Make another member a Community Moderator first.';
export const MEMBER_NOT_FOUND = 'Member not found.';

export function toCommunityView(row: CommunityRow): CommunityView {
  return {
    id: row.id,
    institutionId: row.institutionId,
    name: row.name,
    description: row.description,
    isPrivate: row.isPrivate,
    isProgressLocked: row.isProgressLocked,
    timeZone: row.timeZone,
    graceDays: row.graceDays,
    theme: row.theme,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listMemberships(db: Executor, user: SessionUser, shownCommunityId?: string): Promise<MembershipView[]> {
  const rows = await db
    .select({
      membership: memberships,
      community: { id: communities.id, name: communities.name, description: communities.description, institutionId: communities.institutionId },
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
      community: { id: community.id, name: community.name, description: community.description },
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
    .select({ id: communities.id, name: communities.name, description: communities.description, institutionId: communities.institutionId })
    .from(communities)
    .where(or(administered.size > 0 ? inArray(communities.institutionId, [...administered]) : undefined, shown ? eq(communities.id, shown) : undefined))
    .orderBy(asc(communities.name), asc(communities.createdAt));
  for (const { institutionId, ...community } of reachable.filter((candidate) => !joined.has(candidate.id))) {
    const roles = effectiveRoles([], { institutionAdmin: administered.has(institutionId), superAdmin: user.isSuperAdmin });
    views.push({ id: null, communityId: community.id, userId: user.id, role: highestRole(roles), roles, subgroupId: null, community });
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
      .values({ institutionId, name: input.name, description: input.description, timeZone: input.timeZone ?? 'UTC' })
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
    ...(input.graceDays !== undefined ? { graceDays: input.graceDays } : {}),
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
    const [own] = await tx.select({ roles: memberships.roles }).from(memberships).where(eq(memberships.id, context.membership!.id)).limit(1);
    if (!own) return;
    if (own.roles.includes('CommunityModerator') && (await otherModeratorCount(tx, context.community.id, context.userId)) === 0) {
      throw conflict('You are the last Community Moderator. Make another member a Community Moderator before leaving.');
    }
    await releaseCommandedSubgroups(tx, context.community.id, context.userId);
    await tx.delete(memberships).where(eq(memberships.id, context.membership!.id));
    await recordAudit(tx, { actorId: context.userId, communityId: context.community.id, entity: 'membership', entityId: context.userId, action: 'leave' });
  });
}

/** A member who leaves no longer commands the community's subgroups. */
async function releaseCommandedSubgroups(tx: Executor, communityId: string, userId: string): Promise<void> {
  await tx.update(subgroups).set({ commanderId: null }).where(and(eq(subgroups.communityId, communityId), eq(subgroups.commanderId, userId)));
}

/** Narrows and pages the member list (GET .../members with a limit). */
export interface MembersPageOptions {
  limit: number;
  cursor?: string | undefined;
  search?: string | undefined;
  role?: Role | undefined;
  subgroupId?: string | undefined;
}

const readMembersCursor = (cursor: string) =>
  decodeCursor(cursor, ([name, id, ...rest]) => (rest.length === 0 && isSortText(name) && typeof id === 'string' && UUID_PATTERN.test(id) ? { name, id } : null));

/** LIKE's own characters in what was typed, taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/**
 * The community's members by name (users.search_name, then id), as prepared statements (planning cost
 * Postgres more than running them): one for admins, who see e-mails and ranks, one for everyone else.
 * Who holds InstitutionAdmin anywhere in the institution (it raises an admin's view of their rank) is found
 * once, through the partial index on InstitutionAdmin memberships, and joined. Every narrowing is a
 * placeholder that null turns off: one member (userId), a search (the name, case and accents aside; an
 * admin's also reads e-mails), a role, a subgroup or none, where a page starts (afterName, afterId) and
 * how many rows (null: all).
 */
const membersStatement = (admin: boolean) =>
  preparedPerDatabase((db) => {
    const p = (name: string) => sql.placeholder(name);
    const institutionAdmins = db
      .selectDistinct({ userId: memberships.userId })
      .from(memberships)
      .innerJoin(communities, eq(communities.id, memberships.communityId))
      .where(and(eq(communities.institutionId, p('institutionId')), sql`'InstitutionAdmin' = ANY(${memberships.roles})`))
      .as('institution_admins');
    const query = db
      .select({
        id: users.id,
        displayName: users.displayName,
        searchName: users.searchName,
        email: users.email,
        isImported: users.isImported,
        isSuperAdmin: users.isSuperAdmin,
        isInstitutionAdmin: (admin ? sql<boolean>`${institutionAdmins.userId} IS NOT NULL` : sql<boolean>`false`).mapWith(Boolean),
        roles: memberships.roles,
        subgroupId: memberships.subgroupId,
        createdAt: memberships.createdAt,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(membersNarrowed(admin), sql`(${users.searchName}, ${users.id}) > (${p('afterName')}::text, ${p('afterId')}::uuid)`))
      .orderBy(users.searchName, users.id)
      .limit(p('limit'))
      .$dynamic();
    return (admin ? query.leftJoin(institutionAdmins, eq(institutionAdmins.userId, memberships.userId)) : query).prepare(admin ? 'members_admin' : 'members_plain');
  });
const adminMembers = membersStatement(true);
const plainMembers = membersStatement(false);

/** The narrowings of membersStatement, shared with the count (which leaves out the search when there is none, and with it users). */
function membersNarrowed(admin: boolean, searching = true) {
  const p = (name: string) => sql.placeholder(name);
  const search = sql`${p('search')}::text`;
  return and(
    eq(memberships.communityId, p('communityId')),
    sql`(${p('userId')}::uuid IS NULL OR ${memberships.userId} = ${p('userId')}::uuid)`,
    searching ? sql`(${search} IS NULL OR ${users.searchName} LIKE translate(lower(${search}), ${ACCENTED}, ${PLAIN})${admin ? sql` OR lower(${users.email}) LIKE lower(${search})` : sql``})` : undefined,
    sql`(${p('role')}::text IS NULL OR ${p('role')}::text = ANY(${memberships.roles}::text[]))`,
    sql`(${p('subgroup')}::text IS NULL OR (${p('subgroup')}::text = 'none' AND ${memberships.subgroupId} IS NULL) OR ${memberships.subgroupId}::text = ${p('subgroup')}::text)`,
  );
}

/** How many members a page's narrowings match (counted on the first page): without a search, from memberships alone. */
const membersCount = (admin: boolean, searching: boolean) =>
  preparedPerDatabase((db) => {
    const query = db.select({ count: sql<number>`count(*)::int` }).from(memberships).$dynamic();
    return (searching ? query.innerJoin(users, eq(users.id, memberships.userId)) : query)
      .where(membersNarrowed(admin, searching))
      .prepare(`members_count_${admin ? 'admin' : 'plain'}${searching ? '_search' : ''}`);
  });
const memberCounts = { admin: membersCount(true, true), plain: membersCount(false, true), adminAll: membersCount(true, false), plainAll: membersCount(false, false) };

const NO_ID = '00000000-0000-0000-0000-000000000000';

async function membersQuery(db: Executor, context: CommunityContext, filter: { onlyUserId?: string; page?: MembersPageOptions }) {
  const showEmail = isAdmin(context.roles);
  const page = filter.page;
  const after = page?.cursor ? readMembersCursor(page.cursor) : null;
  const narrowings = {
    communityId: context.community.id,
    userId: filter.onlyUserId ?? null,
    search: page?.search ? likePattern(page.search) : null,
    role: page?.role ?? null,
    subgroup: page?.subgroupId ?? null,
  };
  const rows = await (showEmail ? adminMembers : plainMembers)(db).execute({
    ...narrowings,
    institutionId: context.community.institutionId,
    afterName: after?.name ?? '',
    afterId: after?.id ?? NO_ID,
    limit: page ? page.limit + 1 : null,
  });
  const counter = narrowings.search === null ? (showEmail ? memberCounts.adminAll : memberCounts.plainAll) : showEmail ? memberCounts.admin : memberCounts.plain;
  const count = async () => ((await counter(db).execute(narrowings))[0]?.count ?? 0);
  return { rows, count, showEmail };
}

type MemberRow = Awaited<ReturnType<typeof membersQuery>>['rows'][number];

function memberView(row: MemberRow, showEmail: boolean): CommunityMember {
  return {
    id: row.id,
    displayName: row.displayName,
    email: showEmail ? row.email : null,
    role: highestRole(row.roles),
    roles: row.roles,
    // Who holds server-wide or institution-wide rights is for admins to know (they need it to see who
    // outranks them); everyone else sees the membership's own highest role.
    rank: showEmail ? highestRole(effectiveRoles(row.roles, { institutionAdmin: row.isInstitutionAdmin, superAdmin: row.isSuperAdmin })) : highestRole(row.roles),
    subgroupId: row.subgroupId,
    isImported: row.isImported,
    createdAt: row.createdAt.toISOString(),
  };
}

/** SPEC.md's whole member list, by name (the SPEC clients'; the app reads pages). */
export async function listMembers(db: Executor, context: CommunityContext, onlyUserId?: string): Promise<CommunityMember[]> {
  const { rows, showEmail } = await membersQuery(db, context, onlyUserId ? { onlyUserId } : {});
  return rows.map((row) => memberView(row, showEmail));
}

/** A page of the member list after `cursor`, and on the first page how many members match. */
export async function membersPage(db: Executor, context: CommunityContext, page: MembersPageOptions): Promise<MembersPage> {
  const { rows: listed, count, showEmail } = await membersQuery(db, context, { page });
  const shown = listed.slice(0, page.limit);
  const last = shown.at(-1);
  // Counted on the first page only, the same query whatever the list's length.
  const total = page.cursor ? null : await count();
  return {
    members: shown.map((row) => memberView(row, showEmail)),
    nextCursor: listed.length > page.limit && last ? encodeCursor([last.searchName, last.id]) : null,
    total,
  };
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
    const actorRoles = await lockedActorRoles(tx, context, 'roles:assign', ROLE_PERMISSION_MESSAGE);
    if (!roles.every((role) => canGrant(actorRoles, role))) throw forbidden(ROLE_PERMISSION_MESSAGE);
    const target = await targetMember(tx, context.community, targetUserId);
    assertOutranksOrEquals(actorRoles, target.effectiveRoles, ROLE_PERMISSION_MESSAGE);
    const losesModerator = target.roles.includes('CommunityModerator') && !roles.includes('CommunityModerator');
    if (losesModerator && (await otherModeratorCount(tx, communityId, targetUserId)) === 0) throw conflict(LAST_MODERATOR_MESSAGE);
    await tx.update(memberships).set({ roles }).where(eq(memberships.id, target.id));
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
    const actorRoles = await lockedActorRoles(tx, context, 'members:manage', 'You do not have permission to remove members.');
    const target = await targetMember(tx, context.community, targetUserId);
    assertOutranksOrEquals(actorRoles, target.effectiveRoles, 'You cannot remove a member whose role is above yours.');
    if (target.roles.includes('CommunityModerator') && (await otherModeratorCount(tx, communityId, targetUserId)) === 0) {
      throw conflict(LAST_MODERATOR_MESSAGE);
    }
    await releaseCommandedSubgroups(tx, communityId, targetUserId);
    await tx.delete(memberships).where(eq(memberships.id, target.id));
    await tx
      .insert(memberRemovals)
      .values({ communityId, userId: targetUserId, removedAt: now })
      .onConflictDoUpdate({ target: [memberRemovals.communityId, memberRemovals.userId], set: { removedAt: now } });
    await recordAudit(tx, { actorId: context.userId, communityId, entity: 'membership', entityId: targetUserId, action: 'remove', diff: { roles: target.roles } });
  });
}
