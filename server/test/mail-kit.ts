import { and, desc, eq } from 'drizzle-orm';
import { mailOutbox } from '@shared/schema/mail';
import type { Database } from '../db/client';
import { type Agent, signUp, type TestTarget } from './factories';

/**
 * The link of the newest message queued for `to` (of `kind`), read from the outbox as the worker would send
 * it. Test apps run no mail worker unless asked, so the body is still there; smtp.ts tests the sending.
 */
export async function queuedLink(db: Database, to: string, kind?: string): Promise<string> {
  const [row] = await db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, to), kind ? eq(mailOutbox.kind, kind) : undefined))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const link = row?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link queued for ${to}`);
  return link;
}

export const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** Follows the newest verification link queued for `email`, signed in as its account (`agent`), as its owner would. */
export async function followVerificationLink(agent: Agent, db: Database, email: string, kind?: string) {
  const link = await queuedLink(db, email, kind);
  return agent.post('/api/verify-email').send({ token: tokenOf(link) }).expect(200);
}

/** Signs up and verifies the e-mail through the real link. */
export async function signUpVerified(app: TestTarget, db: Database, overrides: Parameters<typeof signUp>[1] = {}) {
  const member = await signUp(app, overrides);
  await followVerificationLink(member.agent, db, member.email);
  return { ...member, user: { ...member.user, emailVerified: true } };
}
