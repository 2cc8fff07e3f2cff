import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { CsvPreview, ImportResult } from '@shared/contracts/imports';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import { dailyLogs, userDisciplineTargets } from '@shared/schema/tracking';
import type { Database } from '../../db/client';
import type { Agent } from '../../test/factories';

/** Shared set-up for the import and claim tests (not a test file itself). */

/** A CSV cell as a spreadsheet writes it: quoted when it holds a comma, a quote or a line break. */
export function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A CSV file from rows of cells, CRLF line ends. */
export function csvOf(rows: string[][], newline = '\r\n'): string {
  return rows.map((row) => row.map(cell).join(',')).join(newline) + newline;
}

export function previewCsv(agent: Agent, communityId: string, csvData: string) {
  return agent.post('/api/import/csv/preview').set('X-Community-Id', communityId).send({ csvData });
}

export function postImport(agent: Agent, communityId: string, body: { csvData: string; columnMapping: Record<string, string>; importMonth: number | string; importYear: number | string }) {
  return agent.post('/api/import/csv').set('X-Community-Id', communityId).send(body);
}

/** Previews the file, imports it with the suggested mapping (plus `mapping`), and expects 200. */
export async function importWithSuggestedMapping(agent: Agent, communityId: string, csvData: string, period: { month: number; year: number }, mapping: Record<string, string> = {}) {
  const preview = await previewCsv(agent, communityId, csvData);
  if (preview.status !== 200) throw new Error(`preview answered ${preview.status} ${preview.text}`);
  const columnMapping = { ...(preview.body as CsvPreview).suggestedMapping, ...mapping };
  const response = await postImport(agent, communityId, { csvData, columnMapping, importMonth: period.month, importYear: period.year });
  if (response.status !== 200) throw new Error(`import answered ${response.status} ${response.text}`);
  return response.body as ImportResult;
}

/** The user ids of the imported (or other) accounts with these e-mails or names. */
export async function usersNamed(db: Database, identities: { emails?: string[]; names?: string[] }) {
  const emails = identities.emails ?? [];
  const names = (identities.names ?? []).map((name) => name.toLowerCase());
  if (emails.length === 0 && names.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(or(emails.length > 0 ? inArray(users.email, emails) : undefined, names.length > 0 ? inArray(sql`lower(${users.displayName})`, names) : undefined))
    .orderBy(asc(users.id));
}

/** Everything an import writes for a community: its members' users, memberships, daily logs and targets. */
export async function dumpImport(db: Database, communityId: string) {
  const members = await db.select().from(memberships).where(eq(memberships.communityId, communityId)).orderBy(asc(memberships.id));
  const memberIds = members.map((membership) => membership.userId);
  return {
    users: memberIds.length > 0 ? await db.select().from(users).where(inArray(users.id, memberIds)).orderBy(asc(users.id)) : [],
    memberships: members,
    logs: await db.select().from(dailyLogs).where(eq(dailyLogs.communityId, communityId)).orderBy(asc(dailyLogs.id)),
    targets: await db.select().from(userDisciplineTargets).where(eq(userDisciplineTargets.communityId, communityId)).orderBy(asc(userDisciplineTargets.id)),
  };
}

/** The membership roles of a user in a community (undefined without one). */
export async function membershipOf(db: Database, communityId: string, userId: string) {
  const [row] = await db.select().from(memberships).where(and(eq(memberships.communityId, communityId), eq(memberships.userId, userId)));
  return row;
}
