import { and, asc, eq, inArray, type Placeholder, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Request, RequestHandler } from 'express';
import { intlLocaleOf } from '@shared/domain/locales';
import { apiMessage } from '@shared/domain/messages';
import type { Role } from '@shared/domain/constants';
import { type Action, can, effectiveRoles } from '@shared/domain/roles';
import { closingRefusal, COMMUNITY_CLOSING_CODE } from '@shared/domain/community-closing';
import { users } from '@shared/schema/auth';
import { communities, memberships } from '@shared/schema/communities';
import { type Database, type Executor, preparedPerDatabase, rowsOf } from '../db/client';
import { uuidField } from '@shared/contracts/fields';
import { forbidden, HttpError, unauthorized } from './errors';

export type CommunityRow = typeof communities.$inferSelect;

/** Who is asking, in which community, with which roles: resolved once per request. */
export interface CommunityContext {
  community: CommunityRow;
  userId: string;
  /** The caller's own membership; null when acting only through InstitutionAdmin or SuperAdmin. */
  membership: { id: string; roles: Role[]; subgroupId: string | null } | null;
  /** Effective roles: the membership's, plus InstitutionAdmin held anywhere in the institution, plus SuperAdmin. */
  roles: Role[];
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      community?: CommunityContext;
    }
  }
}

const isUuid = (value: string) => uuidField.safeParse(value).success;
export const COMMUNITY_HEADER = 'x-community-id';
export const COMMUNITY_NOT_FOUND = apiMessage('Community not found.');

/** A value that names something: a string that is not blank, as it was sent (an id with spaces is no id). */
function stringValue(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The community a request is about, in the order of DECISIONS.md: the path's id; a communityId in the
 * body or query that is a real id (SPEC.md's placeholder 'default' is not); the X-Community-Id header;
 * otherwise the caller's first membership (undefined here). A path's id is taken as it is, blank or
 * misspelt: it names a community that does not exist (404), never the caller's first one.
 */
export function requestedCommunityId(req: Request, pathParam?: string): string | undefined {
  if (pathParam) return String(req.params[pathParam] ?? '');
  const fromBody = stringValue((req.body as { communityId?: unknown } | undefined)?.communityId);
  if (fromBody && isUuid(fromBody)) return fromBody;
  const fromQuery = stringValue(req.query.communityId) ?? stringValue(req.query.community);
  if (fromQuery && isUuid(fromQuery)) return fromQuery;
  return stringValue(req.headers[COMMUNITY_HEADER]);
}

/**
 * A community the caller may not see: 404, which does not reveal whether it exists. Its own code lets the
 * client tell "you are no longer a member here" from any other 404 and leave the community's screens.
 */
export const communityNotFound = (message = COMMUNITY_NOT_FOUND) => new HttpError(404, message, 'community_not_found');

/**
 * A user's standing in a community: their own membership there (if any) and their effective roles: the
 * membership's, plus InstitutionAdmin held anywhere in the community's institution, plus SuperAdmin.
 * Rank rules compare these effective roles, for the actor and the member acted on alike.
 */
export async function standingIn(
  db: Executor,
  community: Pick<CommunityRow, 'id' | 'institutionId'>,
  user: { id: string; isSuperAdmin: boolean },
): Promise<Pick<CommunityContext, 'membership' | 'roles'>> {
  const institutionMemberships = await db
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(communities, eq(communities.id, memberships.communityId))
    .where(and(eq(memberships.userId, user.id), eq(communities.institutionId, community.institutionId)));
  return standingFrom(community.id, institutionMemberships, user.isSuperAdmin);
}

export const membershipColumns = { id: memberships.id, communityId: memberships.communityId, roles: memberships.roles, subgroupId: memberships.subgroupId };
type InstitutionMembership = { id: string; communityId: string; roles: Role[]; subgroupId: string | null };

/** The standing that a user's memberships across the community's institution give them in the community. */
function standingFrom(communityId: string, institutionMemberships: readonly InstitutionMembership[], isSuperAdmin: boolean): Pick<CommunityContext, 'membership' | 'roles'> {
  const own = institutionMemberships.find((m) => m.communityId === communityId);
  const roles = effectiveRoles(own?.roles ?? [], {
    institutionAdmin: institutionMemberships.some((m) => m.roles.includes('InstitutionAdmin')),
    superAdmin: isSuperAdmin,
  });
  return { membership: own ? { id: own.id, roles: own.roles, subgroupId: own.subgroupId } : null, roles };
}

/** Someone else's standing in the community (their SuperAdmin flag read first); undefined for an unknown user. */
export async function standingOfUser(db: Executor, community: Pick<CommunityRow, 'id' | 'institutionId'>, userId: string) {
  const [user] = await db.select({ isSuperAdmin: users.isSuperAdmin }).from(users).where(eq(users.id, userId)).limit(1);
  return user ? standingIn(db, community, { id: userId, isSuperAdmin: user.isSuperAdmin }) : undefined;
}

/** Memberships of `userId` in any community of the institution of the `communities` row being read. */
export function sameInstitutionMembershipsOf(db: Executor, userId: SQLWrapper | Placeholder) {
  const sameInstitution = alias(communities, 'same_institution');
  return and(
    eq(memberships.userId, userId as SQLWrapper),
    inArray(memberships.communityId, db.select({ id: sameInstitution.id }).from(sameInstitution).where(eq(sameInstitution.institutionId, communities.institutionId))),
  );
}

/**
 * The community and the caller's memberships anywhere in its institution, in one prepared statement:
 * every route runs it, and planning it cost Postgres several times more than running it.
 */
const contextStatement = preparedPerDatabase((db) =>
  db
    .select({ community: communities, membership: membershipColumns })
    .from(communities)
    .leftJoin(memberships, sameInstitutionMembershipsOf(db, sql.placeholder('userId')))
    .where(eq(communities.id, sql.placeholder('communityId')))
    .prepare('community_context'),
);

export type ContextRow = { community: CommunityRow | null; membership: InstitutionMembership | null };

/**
 * Context rows read before routing, together with the signed-in user (createPassport), for the community
 * the request likely concerns (likelyCommunityId): the guard then needs no query of its own.
 */
const prefetchedContexts = new WeakMap<Request, { userId: string; communityId: string; rows: ContextRow[] }>();

export function rememberPrefetchedContext(req: Request, userId: string, communityId: string, rows: ContextRow[]): void {
  prefetchedContexts.set(req, { userId, communityId, rows });
}

const COMMUNITY_PATH = /^\/api\/communities\/([^/?#]+)(?:[/?#]|$)/;

/**
 * The community a request most likely concerns, before routing: the one its path names
 * (/api/communities/{id}...), else its X-Community-Id header (the client sends it with every call), when
 * that is a well-formed id. Only a guess: the guard resolves the community itself (requestedCommunityId)
 * and uses the prefetched rows only when they are for that community.
 */
export function likelyCommunityId(req: Request): string | undefined {
  const inPath = COMMUNITY_PATH.exec(req.originalUrl)?.[1];
  const parsed = uuidField.safeParse(inPath !== undefined ? safeDecode(inPath) : stringValue(req.headers[COMMUNITY_HEADER]));
  return parsed.success ? parsed.data : undefined;
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Loads the caller's context in a community, or throws 404 when the caller may not see it. */
export async function loadCommunityContext(db: Executor, user: Express.User, communityId: string | undefined, req?: Request): Promise<CommunityContext> {
  let id = communityId;
  if (id === undefined) {
    const [first] = await db
      .select({ communityId: memberships.communityId })
      .from(memberships)
      .where(eq(memberships.userId, user.id))
      .orderBy(asc(memberships.createdAt))
      .limit(1);
    if (!first) throw communityNotFound(apiMessage('You are not a member of any community yet.'));
    id = first.communityId;
  }
  const parsedId = uuidField.safeParse(id);
  if (!parsedId.success) throw communityNotFound();
  const prefetched = req && prefetchedContexts.get(req);
  const rows = prefetched?.communityId === parsedId.data && prefetched.userId === user.id ? prefetched.rows : await contextStatement(db).execute({ userId: user.id, communityId: parsedId.data });
  const community = rows[0]?.community;
  if (!community) throw communityNotFound();
  const institutionMemberships = rows.flatMap((row) => (row.membership ? [row.membership] : []));
  const { membership, roles } = standingFrom(community.id, institutionMemberships, user.isSuperAdmin);
  if (!membership && roles.length === 0) throw communityNotFound();
  return { community, userId: user.id, membership, roles };
}

export interface CommunityGuardOptions {
  /** The route parameter that names the community (e.g. 'id' in /api/communities/:id/...). */
  pathParam?: string;
  /** Message of the 403 when the role is missing. */
  forbiddenMessage?: string;
}

/**
 * Route guard: signed in, a member of the resolved community (else 404, which does not reveal that the
 * community exists), holding the role the action needs (else 403). Puts the context on req.community.
 */
export function inCommunity(db: Database, action: Action, options: CommunityGuardOptions = {}): RequestHandler {
  return async (req, _res, next) => {
    if (!req.user) throw unauthorized();
    const context = await loadCommunityContext(db, req.user, requestedCommunityId(req, options.pathParam), req);
    if (!can(context, action)) throw forbidden(options.forbiddenMessage);
    if (context.community.closesAt && !READ_METHODS.has(req.method) && !ALLOWED_WHILE_CLOSING.has(action)) throw communityClosing(context.community);
    req.community = context;
    next();
  };
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * The writes a closing community still takes (issue 39): closing and reopening it, and a member leaving. Every
 * other write through the guard is refused with 423 until it reopens or is erased; reading goes on.
 */
const ALLOWED_WHILE_CLOSING: ReadonlySet<Action> = new Set<Action>(['community:close', 'community:leave']);

/** A write refused because the community is closing: 423 with the date, in the community's time zone and the reader's language. */
export const communityClosing = (community: Pick<CommunityRow, 'closesAt' | 'timeZone'>) =>
  new HttpError(423, closingRefusal(community.closesAt!, community.timeZone), COMMUNITY_CLOSING_CODE, undefined, (locale) =>
    closingRefusal(community.closesAt!, community.timeZone, intlLocaleOf(locale)),
  );

/**
 * Locks the community's row for the rest of the transaction. 'change' (membership and lock changes) waits
 * for other changes and for readers, and raises the row's change_version, which a check-in (read outside
 * any transaction) compares as it writes; 'read' (writes that depend on a month lock) waits only for
 * changes. This is how the last-moderator rule and the locked-month rule hold under concurrent requests.
 * `openOnly` refuses (423) a change to a community that is closing, checked under the lock.
 */
export async function lockCommunityRow(tx: Executor, communityId: string, mode: 'change' | 'read', { openOnly = false }: { openOnly?: boolean } = {}): Promise<void> {
  if (mode === 'change') {
    const rows = rowsOf<{ closesAt: Date | string | null; timeZone: string }>(
      await tx.execute(sql`UPDATE ${communities} SET change_version = change_version + 1 WHERE ${communities.id} = ${communityId} RETURNING closes_at AS "closesAt", time_zone AS "timeZone"`),
    );
    // A long write that passed the guard before the community began closing (an import) is refused once it holds the row.
    const [row] = rows;
    if (openOnly && row?.closesAt) throw communityClosing({ closesAt: new Date(row.closesAt), timeZone: row.timeZone });
  } else {
    await tx.execute(sql`SELECT id FROM ${communities} WHERE ${communities.id} = ${communityId} FOR SHARE`);
  }
}
