import { and, eq, sql } from 'drizzle-orm';
import type { CommunityMember, MembersPage } from '@shared/contracts/communities';
import { ROLES, type Role } from '@shared/domain/constants';
import { atLeast, effectiveRoles, highestRole, isAdmin } from '@shared/domain/roles';
import { ACCENTED, PLAIN } from '@shared/domain/search-key';
import { users } from '@shared/schema/auth';
import { historyOffers } from '@shared/schema/history-offers';
import { communities, memberships, subgroups } from '@shared/schema/communities';
import { type Executor, preparedPerDatabase } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { decodeCursor, encodeCursor, isSortText, UUID_PATTERN } from '../../http/cursor';

/**
 * GET /api/communities/{id}/members: the community's member list, whole (SPEC.md's array) or a page at a
 * time (with a limit), by name.
 */

/** Narrows and pages the member list (GET .../members with a limit). */
export interface MembersPageOptions {
  limit: number;
  cursor?: string | undefined;
  search?: string | undefined;
  role?: Role | undefined;
  subgroupId?: string | undefined;
  mayLead?: boolean | undefined;
}

const readMembersCursor = (cursor: string) =>
  decodeCursor(cursor, ([name, id, ...rest]) => (rest.length === 0 && isSortText(name) && typeof id === 'string' && UUID_PATTERN.test(id) ? { name, id } : null));

/** LIKE's own characters in what was typed, taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/**
 * Which narrowings a reading of the list has: each shape is its own prepared statement holding only its own
 * conditions. One statement whose narrowings null turned off ("$1 IS NULL OR ...") made Postgres plan every
 * call afresh (1.4 ms of planning for 0.3 ms of work on 2,000 members), and its generic plan scanned the
 * whole community; a statement per shape keeps a plan that fits it (the pool asks for generic plans).
 */
interface MembersShape {
  admin: boolean;
  userId: boolean;
  search: boolean;
  role: boolean;
  subgroup: 'id' | 'none' | 'unassigned' | null;
  mayLead: boolean;
  withCount: boolean;
  paged: boolean;
}

const shapeName = (shape: MembersShape) =>
  [
    shape.admin ? 'admin' : 'plain',
    shape.userId ? 'u' : '',
    shape.search ? 's' : '',
    shape.role ? 'r' : '',
    shape.subgroup ? `g${shape.subgroup[0]}` : '',
    shape.mayLead ? 'l' : '',
    shape.withCount ? 'c' : '',
    shape.paged ? 'p' : '',
  ].join('');

const membersStatements = new Map<string, ReturnType<typeof membersStatement>>();

/** The prepared statement of a shape, built the first time the shape is read (at most 512 of them, a handful in use). */
function membersStatementOf(shape: MembersShape) {
  const name = `members_${shapeName(shape)}`;
  let statement = membersStatements.get(name);
  if (!statement) {
    statement = membersStatement(shape, name);
    membersStatements.set(name, statement);
  }
  return statement;
}

/**
 * The community's members by name (users.search_name, then id), admins' with e-mails and ranks. Who holds
 * InstitutionAdmin anywhere in the institution (it raises an admin's view of their rank) is found once,
 * through the partial index on InstitutionAdmin memberships, and joined. A page starts after (afterName,
 * afterId); a narrowed list's first page carries how many members match (withCount).
 */
const membersStatement = (shape: MembersShape, name: string) =>
  preparedPerDatabase((db) => {
    const p = (placeholder: string) => sql.placeholder(placeholder);
    const institutionAdmins = db
      .selectDistinct({ userId: memberships.userId })
      .from(memberships)
      .innerJoin(communities, eq(communities.id, memberships.communityId))
      .where(and(eq(communities.institutionId, p('institutionId')), sql`'InstitutionAdmin' = ANY(${memberships.roles})`))
      .as('institution_admins');
    // The count reads memberships alone unless a search needs the users' names.
    const counting = db.select({ count: sql<number>`count(*)::int` }).from(memberships).$dynamic();
    const count = (shape.search ? counting.innerJoin(users, eq(users.id, memberships.userId)) : counting).where(membersNarrowed(shape));
    const query = db
      .select({
        total: shape.withCount ? sql<number | null>`(${count})` : sql<number | null>`NULL::int`,
        id: users.id,
        displayName: users.displayName,
        searchName: users.searchName,
        email: users.email,
        isImported: users.isImported,
        // An imported record offered to a member, waiting for their answer: whom (admins only; one probe of the
        // pending offers' unique index, for imported rows alone).
        offeredTo: (shape.admin
          ? sql<string | null>`CASE WHEN ${users.isImported} THEN (SELECT offered.display_name FROM ${historyOffers} JOIN ${users} AS offered ON offered.id = ${historyOffers.userId}
              WHERE ${historyOffers.importedUserId} = ${users.id} AND ${historyOffers.status} = 'pending' AND ${historyOffers.expiresAt} > now()) END`
          : sql<string | null>`NULL::text`),
        isSuperAdmin: users.isSuperAdmin,
        isInstitutionAdmin: (shape.admin ? sql<boolean>`${institutionAdmins.userId} IS NOT NULL` : sql<boolean>`false`).mapWith(Boolean),
        roles: memberships.roles,
        subgroupId: memberships.subgroupId,
        createdAt: memberships.createdAt,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(membersNarrowed(shape), sql`(${users.searchName}, ${users.id}) > (${p('afterName')}::text, ${p('afterId')}::uuid)`))
      .orderBy(users.searchName, users.id)
      .$dynamic();
    const joined = shape.admin ? query.leftJoin(institutionAdmins, eq(institutionAdmins.userId, memberships.userId)) : query;
    return (shape.paged ? joined.limit(p('limit')) : joined).prepare(name);
  });

/** The conditions of a shape, shared by the list and its count. */
function membersNarrowed(shape: MembersShape) {
  const p = (name: string) => sql.placeholder(name);
  const search = sql`${p('search')}::text`;
  return and(
    eq(memberships.communityId, p('communityId')),
    shape.userId ? eq(memberships.userId, sql`${p('userId')}::uuid`) : undefined,
    shape.search ? sql`(${users.searchName} LIKE translate(lower(${search}), ${ACCENTED}, ${PLAIN})${shape.admin ? sql` OR lower(${users.email}) LIKE lower(${search})` : sql``})` : undefined,
    shape.role ? sql`${p('role')}::text = ANY(${memberships.roles}::text[])` : undefined,
    shape.subgroup === 'id' ? eq(memberships.subgroupId, sql`${p('subgroup')}::uuid`) : undefined,
    shape.subgroup === 'none' ? sql`${memberships.subgroupId} IS NULL` : undefined,
    shape.subgroup === 'unassigned'
      ? sql`${memberships.subgroupId} IS NULL AND NOT EXISTS (
        SELECT 1 FROM ${subgroups} WHERE ${subgroups.communityId} = ${memberships.communityId} AND ${subgroups.commanderId} = ${memberships.userId})`
      : undefined,
    // Who may lead: for admins counting the rights held beyond the membership, as PATCH …/commander does;
    // everyone else sees only the membership's own roles (those rights are for admins to know, see memberView).
    shape.mayLead
      ? sql`(${memberships.roles} && ARRAY[${sql.raw(LEADING_ROLES.map((role) => `'${role}'`).join(', '))}]::text[]${
          shape.admin
            ? sql`
      OR EXISTS (SELECT 1 FROM ${users} AS leader WHERE leader.id = ${memberships.userId} AND leader.is_super_admin)
      OR EXISTS (SELECT 1 FROM ${memberships} AS held JOIN ${communities} AS held_in ON held_in.id = held.community_id
        WHERE held.user_id = ${memberships.userId} AND held_in.institution_id = ${p('institutionId')} AND 'InstitutionAdmin' = ANY(held.roles))`
            : sql``
        })`
      : undefined,
  );
}

/** The roles that may lead a subgroup (SPEC.md section 6). */
const LEADING_ROLES = ROLES.filter((role) => atLeast([role], 'Commander'));

const NO_ID = '00000000-0000-0000-0000-000000000000';

async function membersQuery(db: Executor, context: CommunityContext, filter: { onlyUserId?: string; page?: MembersPageOptions }) {
  const showEmail = isAdmin(context.roles);
  const page = filter.page;
  const after = page?.cursor ? readMembersCursor(page.cursor) : null;
  const subgroup = page?.subgroupId ?? null;
  const shape: MembersShape = {
    admin: showEmail,
    userId: filter.onlyUserId !== undefined,
    search: Boolean(page?.search),
    role: page?.role !== undefined,
    subgroup: subgroup === null ? null : subgroup === 'none' || subgroup === 'unassigned' ? subgroup : 'id',
    mayLead: page?.mayLead ?? false,
    withCount: false,
    paged: page !== undefined,
  };
  const narrowed = shape.search || shape.role || shape.subgroup !== null || shape.mayLead;
  // A narrowed list is counted on its first page, in the same statement; the whole community's count
  // is kept on its row (communities.member_count), read with the request's context.
  shape.withCount = page !== undefined && !page.cursor && narrowed;
  const rows = await membersStatementOf(shape)(db).execute({
    communityId: context.community.id,
    userId: filter.onlyUserId ?? null,
    search: page?.search ? likePattern(page.search) : null,
    role: page?.role ?? null,
    subgroup,
    institutionId: context.community.institutionId,
    afterName: after?.name ?? '',
    afterId: after?.id ?? NO_ID,
    limit: page ? page.limit + 1 : null,
  });
  return { rows, showEmail, total: narrowed ? (rows[0]?.total ?? 0) : context.community.memberCount };
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
    offeredTo: row.offeredTo,
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
  const { rows: listed, showEmail, total: matching } = await membersQuery(db, context, { page });
  const shown = listed.slice(0, page.limit);
  const last = shown.at(-1);
  const total = page.cursor ? null : matching;
  return {
    members: shown.map((row) => memberView(row, showEmail)),
    nextCursor: listed.length > page.limit && last ? encodeCursor([last.searchName, last.id]) : null,
    total,
  };
}
