import { randomUUID } from 'node:crypto';
import type express from 'express';
import request from 'supertest';
import type { PublicUser } from '@shared/contracts/auth';

export type Agent = ReturnType<typeof request.agent>;

let counter = 0;
/** A name and e-mail no other test uses, even on a shared Postgres database. */
export function uniqueIdentity(prefix = 'member') {
  const suffix = `${Date.now().toString(36)}${(counter++).toString(36)}${randomUUID().slice(0, 6)}`;
  return { email: `${prefix}-${suffix}@example.org`, displayName: `${prefix} ${suffix}` };
}

export const TEST_PASSWORD = 'steadfast-in-prayer';

/** Registers a new account through the real route and returns an agent holding its session cookie. */
export async function signUp(app: express.Express, overrides: Partial<{ email: string; displayName: string; password: string }> = {}) {
  const identity = { ...uniqueIdentity(), password: TEST_PASSWORD, ...overrides };
  const agent = request.agent(app);
  const response = await agent.post('/api/register').send(identity).expect(201);
  return { agent, user: response.body as PublicUser, password: identity.password, email: identity.email };
}
