import { eq } from 'drizzle-orm';
import { users } from '@shared/schema/auth';
import type { Database } from '../../db/client';
import { type Agent, uniqueIdentity } from '../../test/factories';
import { cell, importWithSuggestedMapping, usersNamed } from '../imports/import-test-kit';

/** Shared set-up for the claim tests (not a test file itself). */

/** Last month (UTC): past, so a member may still mark its days, and inside the import's years. */
export function lastMonth(now = new Date()) {
  const month = now.getUTCMonth() === 0 ? 12 : now.getUTCMonth();
  const year = now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
  return { month, year };
}

export interface ImportedPerson {
  displayName: string;
  email?: string | null;
  role?: string;
  /** Bible Reading statuses by day. */
  days?: Record<number, string>;
  bibleReadingTarget?: string;
}

/** Imports one member into the community through the real CSV import and answers the imported user's row. */
export async function importPerson(db: Database, moderator: Agent, communityId: string, person: ImportedPerson, period = lastMonth()) {
  const days = Object.keys(person.days ?? {}).map(Number);
  const header = ['Name', 'Email', 'Role', 'Bible Reading', ...days.map((day) => `Bible Reading ${day}`)];
  const row = [person.displayName, person.email ?? '', person.role ?? '', person.bibleReadingTarget ?? '', ...days.map((day) => person.days![day]!)];
  const result = await importWithSuggestedMapping(moderator, communityId, [header, row].map((cells) => cells.map(cell).join(',')).join('\r\n'), period);
  if (result.importedCount !== 1) throw new Error(`import refused: ${JSON.stringify(result.errors)}`);
  const [user] = await usersNamed(db, { names: [person.displayName] });
  return user!;
}

/** A person's name and e-mail no other test uses. */
export const person = (prefix: string) => uniqueIdentity(prefix);

/**
 * A record carried over from older data: an e-mail kept with its capitals, or a name with doubled spaces
 * (the unique name index cannot hold two names equal ignoring case). Matching must still find it; this
 * writes such a spelling onto an imported member.
 */
export async function giveLegacySpelling(db: Database, userId: string, spelling: { email?: string; displayName?: string }) {
  await db.update(users).set(spelling).where(eq(users.id, userId));
}

export async function userById(db: Database, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** Joins with a fresh code of the community and answers the join result. */
export async function join(agent: Agent, community: { joinCode: () => Promise<string> }) {
  const response = await agent.post('/api/communities/join').send({ inviteCode: await community.joinCode() });
  if (response.status !== 200) throw new Error(`join answered ${response.status} ${response.text}`);
  return response.body as { communityId: string; claimInfo: { canClaim: boolean; importedUserId: string | null; importedUserName: string | null; importedUserEmail: string | null } };
}
