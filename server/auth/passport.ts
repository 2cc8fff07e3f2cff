import { eq, sql } from 'drizzle-orm';
import type { Request } from 'express';
import { Passport } from 'passport';
import { users } from '@shared/schema/auth';
import { communities, memberships } from '@shared/schema/communities';
import { type Database, preparedPerDatabase } from '../db/client';
import { likelyCommunityId, membershipColumns, rememberPrefetchedContext, sameInstitutionMembershipsOf } from '../http/community-context';

/** What a signed-in request carries as req.user (loaded fresh from the database on every request). */
export interface SessionUser {
  id: string;
  email: string | null;
  displayName: string;
  isSuperAdmin: boolean;
  hasPassword: boolean;
  /** A link sent to `email` was followed (or Google vouched for it). */
  emailVerified: boolean;
  /** The credential version this request's session was opened with (users.credential_version). */
  credentialVersion: number;
  /** A Google takeover left communities joined before the e-mail was proven for the owner to review. */
  takeoverReviewPending: boolean;
  createdAt: Date;
  /** Their own choice of language (null until they choose). */
  locale: string | null;
  /** The default language of their first community that has one. */
  communityLocale: string | null;
  /** What their browser asked for when they last signed up or in. */
  browserLocale: string | null;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface User extends SessionUser {}
  }
}

/** The columns of a SessionUser; the password hash itself is not read on every request, only whether one exists. */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  isSuperAdmin: users.isSuperAdmin,
  hasPassword: sql<boolean>`${users.passwordHash} IS NOT NULL`.mapWith(Boolean),
  emailVerified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL`.mapWith(Boolean),
  credentialVersion: users.credentialVersion,
  takeoverReviewPending: sql<boolean>`${users.takeoverReviewAt} IS NOT NULL`.mapWith(Boolean),
  createdAt: users.createdAt,
  locale: users.locale,
  // The first community they joined that set a default: stable as they switch between communities.
  // Written out with aliases: in an INSERT's or UPDATE's RETURNING Drizzle leaves column names unqualified.
  communityLocale: sql<string | null>`(SELECT c.default_locale FROM memberships m JOIN communities c ON c.id = m.community_id
    WHERE m.user_id = "users"."id" AND c.default_locale IS NOT NULL ORDER BY m.created_at, m.community_id LIMIT 1)`,
  browserLocale: users.browserLocale,
};

/** What a session keeps of its user: the id and the credential version it was opened with. */
export interface SessionPrincipal {
  id: string;
  credentialVersion: number;
}

function isSessionPrincipal(value: unknown): value is SessionPrincipal {
  const principal = value as Partial<SessionPrincipal> | null;
  return typeof principal === 'object' && principal !== null && typeof principal.id === 'string' && Number.isInteger(principal.credentialVersion);
}

/**
 * The principal a session holds, without loading the user: for the notification poll, which checks the
 * credential version in its own single query instead (see notificationsVersion).
 */
export function sessionPrincipal(req: Request): SessionPrincipal | null {
  const principal = (req.session as { passport?: { user?: unknown } } | undefined)?.passport?.user;
  return isSessionPrincipal(principal) ? principal : null;
}

/** The user of a session, loaded on every signed-in request (prepared: its planning cost more than its run). */
const sessionUserStatement = preparedPerDatabase((db) =>
  db.select(sessionUserColumns).from(users).where(eq(users.id, sql.placeholder('id'))).limit(1).prepare('session_user'),
);

/**
 * The user of a session and their context in the community the request names (loadCommunityContext's
 * rows): one query where a community route would otherwise run two.
 */
const userAndContextStatement = preparedPerDatabase((db) =>
  db
    .select({ user: sessionUserColumns, community: communities, membership: membershipColumns })
    .from(users)
    .leftJoin(communities, eq(communities.id, sql.placeholder('communityId')))
    .leftJoin(memberships, sameInstitutionMembershipsOf(db, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('session_user_and_context'),
);

/**
 * One Passport instance per app (tests build many apps). Sign-in itself is in the auth service;
 * Passport keeps the user id and credential version in the session and loads the user for each request.
 * A session whose version is older than the user's (the password changed since it was opened, even while
 * its sign-in was in flight) is treated as signed out: the version was read with the hash that was verified.
 */
export function createPassport(db: Database): InstanceType<typeof Passport> {
  const passport = new Passport();
  passport.serializeUser((user, done) => {
    const { id, credentialVersion } = user as SessionUser;
    done(null, { id, credentialVersion } satisfies SessionPrincipal);
  });
  // With the request (Passport passes it to a three-argument function): a request that names a community
  // has the user and their context there read in one query (userAndContextStatement).
  passport.deserializeUser(async (req: Request, principal: unknown, done: (error: unknown, user?: SessionUser | false) => void) => {
    try {
      if (!isSessionPrincipal(principal)) return done(null, false);
      const communityId = likelyCommunityId(req);
      let row: SessionUser | undefined;
      if (communityId) {
        const rows = await userAndContextStatement(db).execute({ userId: principal.id, communityId });
        row = rows[0]?.user;
        if (row) rememberPrefetchedContext(req, row.id, communityId, rows);
      } else {
        [row] = await sessionUserStatement(db).execute({ id: principal.id });
      }
      done(null, row && row.credentialVersion === principal.credentialVersion ? row : false);
    } catch (error) {
      done(error);
    }
  });
  return passport;
}

/** Starts a new session for the user: Passport regenerates the session id, so a planted cookie is useless. */
export function signIn(req: Request, user: SessionUser): Promise<void> {
  return new Promise((resolve, reject) => req.login(user, (error) => (error ? reject(error) : resolve())));
}

/** Ends the session on the server so the old cookie no longer works. */
export function signOut(req: Request): Promise<void> {
  return new Promise((resolve, reject) => {
    req.logout({ keepSessionInfo: false }, (logoutError) => {
      if (logoutError) return reject(logoutError);
      req.session.destroy((destroyError) => (destroyError ? reject(destroyError) : resolve()));
    });
  });
}
