import { eq, sql } from 'drizzle-orm';
import type { Request } from 'express';
import { Passport } from 'passport';
import { users } from '@shared/schema/auth';
import type { Database } from '../db/client';

/** What a signed-in request carries as req.user (loaded fresh from the database on every request). */
export interface SessionUser {
  id: string;
  email: string | null;
  displayName: string;
  isSuperAdmin: boolean;
  hasPassword: boolean;
  createdAt: Date;
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
  createdAt: users.createdAt,
};

/**
 * One Passport instance per app (tests build many apps). Sign-in itself is in the auth service;
 * Passport keeps the user id in the session and loads the user for each request.
 */
export function createPassport(db: Database): InstanceType<typeof Passport> {
  const passport = new Passport();
  passport.serializeUser((user, done) => done(null, (user as SessionUser).id));
  passport.deserializeUser(async (id: unknown, done) => {
    try {
      if (typeof id !== 'string') return done(null, false);
      const [row] = await db.select(sessionUserColumns).from(users).where(eq(users.id, id)).limit(1);
      done(null, row ?? false);
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
