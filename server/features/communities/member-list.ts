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
    const countOf = (searching: boolean) => {
      const counting = db.select({ count: sql<number>`count(*)::int` }).from(memberships).$dynamic();
      return (searching ? counting.innerJoin(users, eq(users.id, memberships.userId)) : counting).where(membersNarrowed(admin, searching));
    };
    const query = db
      .select({
        // How many members the narrowings match, on a narrowed list's first page only (withCount): each
        // count is run at most once a statement, and without a search from memberships alone (no join of users).
        total: sql<number | null>`CASE WHEN ${p('withCount')}::boolean THEN (CASE WHEN ${p('search')}::text IS NULL THEN (${countOf(false)}) ELSE (${countOf(true)}) END) END`,
        id: users.id,
        displayName: users.displayName,
        searchName: users.searchName,
        email: users.email,
        isImported: users.isImported,
        // An imported record offered to a member, waiting for their answer: whom (admins only; one probe of the
        // pending offers' unique index, for imported rows alone).
        offeredTo: (admin
          ? sql<string | null>`CASE WHEN ${users.isImported} THEN (SELECT offered.display_name FROM ${historyOffers} JOIN ${users} AS offered ON offered.id = ${historyOffers.userId}
              WHERE ${historyOffers.importedUserId} = ${users.id} AND ${historyOffers.status} = 'pending' AND ${historyOffers.expiresAt} > now()) END`
          : sql<string | null>`NULL::text`),
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

/** The narrowings of membersStatement, shared with its count (which leaves out the search when there is none, and with it users). */
function membersNarrowed(admin: boolean, searching = true) {
  const p = (name: string) => sql.placeholder(name);
  const search = sql`${p('search')}::text`;
  return and(
    eq(memberships.communityId, p('communityId')),
    sql`(${p('userId')}::uuid IS NULL OR ${memberships.userId} = ${p('userId')}::uuid)`,
    searching ? sql`(${search} IS NULL OR ${users.searchName} LIKE translate(lower(${search}), ${ACCENTED}, ${PLAIN})${admin ? sql` OR lower(${users.email}) LIKE lower(${search})` : sql``})` : undefined,
    sql`(${p('role')}::text IS NULL OR ${p('role')}::text = ANY(${memberships.roles}::text[]))`,
    sql`(${p('subgroup')}::text IS NULL OR ${memberships.subgroupId}::text = ${p('subgroup')}::text
      OR (${p('subgroup')}::text = 'none' AND ${memberships.subgroupId} IS NULL)
      OR (${p('subgroup')}::text = 'unassigned' AND ${memberships.subgroupId} IS NULL AND NOT EXISTS (
        SELECT 1 FROM ${subgroups} WHERE ${subgroups.communityId} = ${memberships.communityId} AND ${subgroups.commanderId} = ${memberships.userId})))`,
    // Who may lead: for admins counting the rights held beyond the membership, as PATCH …/commander does;
    // everyone else sees only the membership's own roles (those rights are for admins to know, see memberView).
    sql`(NOT ${p('mayLead')}::boolean OR ${memberships.roles} && ARRAY[${sql.raw(LEADING_ROLES.map((role) => `'${role}'`).join(', '))}]::text[]${
      admin
        ? sql`
      OR EXISTS (SELECT 1 FROM ${users} AS leader WHERE leader.id = ${memberships.userId} AND leader.is_super_admin)
      OR EXISTS (SELECT 1 FROM ${memberships} AS held JOIN ${communities} AS held_in ON held_in.id = held.community_id
        WHERE held.user_id = ${memberships.userId} AND held_in.institution_id = ${p('institutionId')} AND 'InstitutionAdmin' = ANY(held.roles))`
        : sql``
    })`,
  );
}

/** The roles that may lead a subgroup (SPEC.md section 6). */
const LEADING_ROLES = ROLES.filter((role) => atLeast([role], 'Commander'));

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
    mayLead: page?.mayLead ?? false,
  };
  const narrowed = narrowings.search !== null || narrowings.role !== null || narrowings.subgroup !== null || narrowings.mayLead;
  const rows = await (showEmail ? adminMembers : plainMembers)(db).execute({
    ...narrowings,
    institutionId: context.community.institutionId,
    afterName: after?.name ?? '',
    afterId: after?.id ?? NO_ID,
    limit: page ? page.limit + 1 : null,
    // A narrowed list is counted on its first page, in the same statement; the whole community's count
    // is kept on its row (communities.member_count), read with the request's context.
    withCount: page !== undefined && !page.cursor && narrowed,
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
