import { and, asc, eq } from 'drizzle-orm';
import type { Response } from 'supertest';
import { expect } from 'vitest';
import type { Role } from '@shared/domain/constants';
import { auditLogs } from '@shared/schema/audit';
import { users } from '@shared/schema/auth';
import { communities, inviteCodes, memberships, subgroups } from '@shared/schema/communities';
import type { Database } from '../db/client';
import { signUp, type TestTarget, uniqueIdentity } from './factories';

/**
 * Everything a community-scoped call could write: the community row, its memberships, subgroups,
 * invitation codes and audit rows. Compare two snapshots to prove that a refused call changed nothing.
 */
export async function snapshotCommunity(db: Database, communityId: string) {
  return {
    community: await db.select().from(communities).where(eq(communities.id, communityId)),
    memberships: await db.select().from(memberships).where(eq(memberships.communityId, communityId)).orderBy(asc(memberships.id)),
    subgroups: await db.select().from(subgroups).where(eq(subgroups.communityId, communityId)).orderBy(asc(subgroups.id)),
    inviteCodes: await db.select().from(inviteCodes).where(eq(inviteCodes.communityId, communityId)).orderBy(asc(inviteCodes.id)),
    audit: await db.select().from(auditLogs).where(eq(auditLogs.communityId, communityId)).orderBy(asc(auditLogs.id)),
  };
}

/** The roles a user holds in a community, or undefined without a membership. */
export async function rolesOf(db: Database, communityId: string, userId: string): Promise<Role[] | undefined> {
  const [row] = await db
    .select({ roles: memberships.roles })
    .from(memberships)
    .where(and(eq(memberships.communityId, communityId), eq(memberships.userId, userId)));
  return row?.roles;
}

/** Arranges roles directly in the database (for setting up a test, not for testing the role API). */
export async function setRoles(db: Database, communityId: string, userId: string, roles: Role[]): Promise<void> {
  await db.update(memberships).set({ roles }).where(and(eq(memberships.communityId, communityId), eq(memberships.userId, userId)));
}

/** What `npm run grant-superadmin -- <e-mail>` does. */
export async function grantSuperAdmin(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, userId));
}

/** A new account, signed in, made SuperAdmin by the server's operator. */
export async function signUpSuperAdmin(app: TestTarget, db: Database) {
  const account = await signUp(app, uniqueIdentity('superadmin'));
  await grantSuperAdmin(db, account.user.id);
  return account;
}

export async function auditRowsOf(db: Database, communityId: string) {
  return db.select().from(auditLogs).where(eq(auditLogs.communityId, communityId)).orderBy(asc(auditLogs.createdAt));
}

/** An error answer in the JSON shape of DECISIONS.md, with no stack trace or SQL in it. */
export function expectJsonError(response: Response, status: number, message?: string | RegExp) {
  expect(response.status, `${response.status} ${response.text}`).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(typeof response.body.message).toBe('string');
  expect(response.body.message.length).toBeGreaterThan(0);
  if (typeof message === 'string') expect(response.body.message).toBe(message);
  else if (message) expect(response.body.message).toMatch(message);
  expect(Object.keys(response.body).every((key) => ['message', 'code', 'fields'].includes(key))).toBe(true);
  expect(response.text).not.toMatch(/\bat .+\.(ts|js):\d+|"stack"|node_modules|syntax error/i);
  expect(response.text).not.toMatch(/\b(SELECT|INSERT INTO|UPDATE "|DELETE FROM)\b/);
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
