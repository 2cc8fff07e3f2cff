import { and, asc, eq } from 'drizzle-orm';
import type express from 'express';
import request from 'supertest';
import type { DayStatus } from '@shared/domain/constants';
import { DAILY_TARGET_KEYS } from '@shared/domain/disciplines';
import { auditLogs } from '@shared/schema/audit';
import { calendarLocks, dailyLogs, disciplineTemplates, userDisciplineTargets } from '@shared/schema/tracking';
import type { Database } from '../../db/client';
import type { TestApp } from '../../test/app';
import { type Agent, addMember, createCommunity, signUp } from '../../test/factories';
import { logContent } from './daily-logs';

/** Shared set-up for the tracking tests (not a test file itself). */

/** Many accounts sign up, join, ask and book from one address in these files: lift those limits (tested in invites/ and questions/flooding). */
export const LIFTED_LIMITS = {
  RATE_LIMIT_REGISTER_PER_IP: 100_000,
  RATE_LIMIT_JOIN_PER_IP: 100_000,
  RATE_LIMIT_JOIN_PER_USER: 100_000,
  RATE_LIMIT_LOGIN_PER_IP: 100_000,
  RATE_LIMIT_LOGIN_PER_EMAIL: 100_000,
  RATE_LIMIT_QUESTIONS_PER_USER: 100_000,
  RATE_LIMIT_MEETING_REQUESTS_PER_USER: 100_000,
  RATE_LIMIT_MEETING_CHANGES_PER_USER: 100_000,
} as const;

/** Every rate limit lifted, for the files that call every route many times (the matrix, hostile input). */
export const NO_RATE_LIMITS = {
  ...LIFTED_LIMITS,
  RATE_LIMIT_APPLY_PER_IP: 1_000_000,
  RATE_LIMIT_NAME_CHECK_PER_IP: 1_000_000,
  RATE_LIMIT_PASSWORD_CHANGE_PER_USER: 1_000_000,
  RATE_LIMIT_PASSWORD_CHANGE_PER_IP: 1_000_000,
  RATE_LIMIT_PASSWORD_RESET_PER_EMAIL: 1_000_000,
  RATE_LIMIT_PASSWORD_RESET_PER_IP: 1_000_000,
  RATE_LIMIT_VERIFY_RESEND_PER_USER: 1_000_000,
  RATE_LIMIT_LOGIN_PER_IP: 1_000_000,
  RATE_LIMIT_LOGIN_PER_EMAIL: 1_000_000,
} as const;

/**
 * Moves the app's clock to `instant` (it must lie ahead of the real time) so dates in a test are fixed.
 * The clock keeps running from there, so pick an instant hours away from midnight in every zone used.
 */
export function pinClock(testApp: Pick<TestApp, 'advanceClock'>, instant: string): void {
  const target = Date.parse(instant);
  const ahead = target - Date.now();
  if (!(ahead > 0)) throw new Error(`pinClock: ${instant} is not in the future`);
  testApp.advanceClock(ahead);
}

export type Member = Awaited<ReturnType<typeof signUp>>;

/** A fresh community (creator `owner`, CommunityModerator, time zone America/Chicago) with one member per prefix. */
export async function communityWith(app: express.Express, ...prefixes: string[]) {
  const fixture = await createCommunity(app);
  const members: Member[] = [];
  for (const prefix of prefixes) members.push(await addMember(app, fixture, prefix));
  return { ...fixture, id: fixture.community.id, members };
}

export type CommunityFixture = Awaited<ReturnType<typeof communityWith>>;

/** A second agent signed in as the same user: another tab or device. */
export async function secondSession(app: express.Express, member: Member): Promise<Agent> {
  const agent = request.agent(app);
  await agent.post('/api/login').send({ username: member.email, password: member.password }).expect(200);
  return agent;
}

export type DayStatusInput = Record<string, Record<string, DayStatus>>;

/** POST /api/communities/{id}/daily-log as the client sends it. */
export function saveLog(agent: Agent, communityId: string, year: number, month: number, dayStatus: DayStatusInput, extra: Record<string, unknown> = {}) {
  return agent.post(`/api/communities/${communityId}/daily-log`).send({ communityId, month, year, entries: {}, dayStatus, ...extra });
}

/** Saves and expects 200. */
export async function mark(agent: Agent, communityId: string, year: number, month: number, dayStatus: DayStatusInput) {
  const response = await saveLog(agent, communityId, year, month, dayStatus);
  if (response.status !== 200) throw new Error(`saving ${year}-${month} answered ${response.status} ${response.text}`);
  return response;
}

/** Every tracking row of a community: compare two snapshots to prove that a refused call wrote nothing. */
export async function snapshotTracking(db: Database, communityId: string) {
  return {
    logs: await db.select().from(dailyLogs).where(eq(dailyLogs.communityId, communityId)).orderBy(asc(dailyLogs.id)),
    locks: await db.select().from(calendarLocks).where(eq(calendarLocks.communityId, communityId)).orderBy(asc(calendarLocks.id)),
    templates: await db.select().from(disciplineTemplates).where(eq(disciplineTemplates.communityId, communityId)).orderBy(asc(disciplineTemplates.id)),
    targets: await db.select().from(userDisciplineTargets).where(eq(userDisciplineTargets.communityId, communityId)).orderBy(asc(userDisciplineTargets.id)),
    audit: await db.select().from(auditLogs).where(eq(auditLogs.communityId, communityId)).orderBy(asc(auditLogs.id)),
  };
}

/** The stored daily-log rows of one member in one community. */
export async function logRowsOf(db: Database, communityId: string, userId: string) {
  return db
    .select()
    .from(dailyLogs)
    .where(and(eq(dailyLogs.communityId, communityId), eq(dailyLogs.userId, userId)))
    .orderBy(asc(dailyLogs.year), asc(dailyLogs.month));
}

/** A map of day number -> status for the listed days. */
export function days(status: DayStatus, ...list: number[]): Record<string, DayStatus> {
  return Object.fromEntries(list.map((day) => [String(day), status]));
}

/**
 * A daily log row as the server writes it: with its month summary over the daily disciplines (the default
 * ones unless given), for tests that write months straight into the database, e.g. old or future months.
 */
export function logRow(
  row: { userId: string; communityId: string; year: number; month: number; dayStatus: Record<string, Record<string, DayStatus>> },
  dailyKeys: readonly string[] = DAILY_TARGET_KEYS,
): typeof dailyLogs.$inferInsert {
  return { ...row, ...logContent(row.dayStatus, row, dailyKeys) };
}
