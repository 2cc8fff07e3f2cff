import { randomUUID } from 'node:crypto';
import type express from 'express';
import request from 'supertest';
import type { PublicUser } from '@shared/contracts/auth';

export type Agent = ReturnType<typeof request.agent>;
/** An express app, or any request listener wrapping one. */
export type TestTarget = Parameters<typeof request>[0];

let counter = 0;
/** A name and e-mail no other test uses, even on a shared Postgres database. */
export function uniqueIdentity(prefix = 'member') {
  const suffix = `${Date.now().toString(36)}${(counter++).toString(36)}${randomUUID().slice(0, 6)}`;
  return { email: `${prefix}-${suffix}@example.org`, displayName: `${prefix} ${suffix}` };
}

export const TEST_PASSWORD = 'steadfast-in-prayer';

/** Registers a new account through the real route and returns an agent holding its session cookie. */
export async function signUp(app: TestTarget, overrides: Partial<{ email: string; displayName: string; password: string }> = {}) {
  const identity = { ...uniqueIdentity(), password: TEST_PASSWORD, ...overrides };
  const agent = request.agent(app);
  const response = await agent.post('/api/register').send(identity).expect(201);
  return { agent, user: response.body as PublicUser, password: identity.password, email: identity.email };
}

/** A fresh community whose creator (signed in as `owner`) is its CommunityModerator. */
export async function createCommunity(app: express.Express, name = `Community ${uniqueIdentity().displayName}`) {
  const owner = await signUp(app, uniqueIdentity('moderator'));
  const response = await owner.agent.post('/api/communities').send({ name, description: 'A test community', timeZone: 'America/Chicago' }).expect(201);
  const community = response.body as { id: string; name: string; institutionId: string };
  const joinCode = async () => (await owner.agent.post(`/api/communities/${community.id}/invite-codes`).expect(201)).body.inviteCode as string;
  return { owner, community, joinCode };
}

/** Signs up a new account and joins the community with a fresh invitation code (set X-Community-Id yourself where a path names no community). */
export async function addMember(app: express.Express, community: { joinCode: () => Promise<string> }, prefix = 'member') {
  const member = await signUp(app, uniqueIdentity(prefix));
  await member.agent.post('/api/communities/join').send({ inviteCode: await community.joinCode() }).expect(200);
  return member;
}
