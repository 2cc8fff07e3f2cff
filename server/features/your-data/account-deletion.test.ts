import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { RECENT_SIGN_IN_MINUTES } from '@shared/contracts/your-data';
import { auditLogs } from '@shared/schema/audit';
import { communities } from '@shared/schema/communities';
import { mailOutbox } from '@shared/schema/mail';
import { notifications } from '@shared/schema/notifications';
import { rateLimitHits } from '@shared/schema/rate-limits';
import { rowsOf } from '../../db/client';
import { rateLimitKeyHash } from '../../http/rate-limit-store';
import { testConfig } from '../../config';
import { createTestApp } from '../../test/app';
import { setRoles } from '../../test/community-fixtures';
import { createCommunity, signUp, TEST_PASSWORD } from '../../test/factories';
import { testGoogleSigner } from '../../test/google-signer';
import { startTestSmtpServer } from '../../test/smtp';
import { publicTables } from '../../test/table-dump';
import { RECENT_GOOGLE_SIGN_IN_MESSAGE, WRONG_CONFIRMING_PASSWORD_MESSAGE, WRONG_PASSWORDS_MESSAGE } from '../auth/reauthentication';
import { communityWith, LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { ONLY_MODERATOR_MESSAGE } from './account-deletion';
import { KEYS_BY_EMAIL, KEYS_BY_PAIR, KEYS_BY_USER_ID } from './account-rate-limits';
import { DELETED_ACCOUNT, FORMER_MEMBER } from './tombstones';
import { memberWithOneOfEach } from './your-data-test-kit';

const smtp = await startTestSmtpServer();
const PROJECT_ID = 'steadfast-deletion';
const google = await testGoogleSigner(PROJECT_ID);
const testApp = await createTestApp(
  { ...LIFTED_LIMITS, SMTP_URL: smtp.url, FIREBASE_PROJECT_ID: PROJECT_ID },
  { googleKeys: google.googleKeys, mail: { worker: { recipientSuffix: `@${smtp.domain}`, pollMs: 100 } } },
);
const { app } = testApp;
const { db } = testApp.database;

/**
 * Every row of every table (as text) that still holds one of `needles`: what an account's deletion left behind.
 * The last e-mail waiting to be sent is the one row allowed (this file's worker sends only to the SMTP server's
 * own domain; the test below sees it sent and gone).
 */
async function rowsHolding(needles: readonly string[]): Promise<{ table: string; row: string }[]> {
  const found: { table: string; row: string }[] = [];
  for (const table of [...(await publicTables(db)), 'session', 'rate_limit_hits']) {
    const rows = rowsOf<{ row: string }>(await db.execute(sql.raw(`SELECT t::text AS row FROM "${table}" AS t`)));
    for (const { row } of rows) if (!row.includes(',account-deleted,') && needles.some((needle) => row.toLowerCase().includes(needle.toLowerCase()))) found.push({ table, row });
  }
  return found;
}

describe('DELETE /api/user', () => {
  it('erases the account and what is theirs; others keep "a former member", the audit "a deleted account"; no row keeps their id, e-mail or name', async () => {
    const world = await memberWithOneOfEach(app, db);
    const { me, commander, communityId } = world;
    // Rate-limit counters of theirs: questions (by id), a failed sign-in (by e-mail).
    await request(app).post('/api/login').send({ username: me.email, password: 'not-the-password' }).expect(401);
    const before = (await me.agent.get(`/api/communities/${communityId}`).expect(200)).body as { memberCount?: number };

    await me.agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(204);

    // Signed out everywhere; the password no longer opens anything; the e-mail is free again.
    await me.agent.get('/api/user').expect(401);
    await request(app).post('/api/login').send({ username: me.email, password: TEST_PASSWORD }).expect(401);
    expect(await rowsHolding([me.user.id, me.email, me.user.displayName])).toEqual([]);

    // The commander keeps the meeting's cancellation, told about "a former member"; the answer to the neighbour stays.
    const bell = (await commander.agent.get('/api/notifications').set('X-Community-Id', communityId).expect(200)).body as { title: string; message: string }[];
    expect(bell).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Meeting cancelled', message: expect.stringContaining(FORMER_MEMBER) })]));
    const received = (await commander.agent.get('/api/questions/received').set('X-Community-Id', communityId).expect(200)).body as { id: string }[];
    expect(received.map((question) => question.id)).toEqual([world.neighboursQuestionId]);
    await commander.agent.get(`/api/questions/${world.askedId}`).set('X-Community-Id', communityId).expect(404);

    // The community no longer lists or counts them.
    const members = (await world.owner.agent.get(`/api/communities/${communityId}/members`).expect(200)).body as { id: string }[];
    expect(members.map((member) => member.id)).not.toContain(me.user.id);
    const [{ memberCount }] = await db.select({ memberCount: communities.memberCount }).from(communities).where(eq(communities.id, communityId)) as [{ memberCount: number }];
    expect(memberCount).toBe((before.memberCount ?? memberCount + 1) - 1);
    const audit = await db.select().from(auditLogs).where(eq(auditLogs.communityId, communityId));
    expect(audit).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'join', entityId: DELETED_ACCOUNT, actorLabel: DELETED_ACCOUNT, actorId: null })]));

    // Signing up again with the e-mail finds nothing of the old account.
    const again = await signUp(app, { email: me.email, displayName: me.user.displayName });
    expect(again.user.id).not.toBe(me.user.id);
    expect((await again.agent.get('/api/memberships').expect(200)).body).toEqual([]);
    expect((await again.agent.get('/api/user/export').expect(200)).body).toMatchObject({ memberships: [], dailyLogs: [], questionsAsked: [], applications: [] });
  });

  it("a commander's answer stays with the member who asked, from a former member", async () => {
    const world = await memberWithOneOfEach(app, db);
    await world.commander.agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(204);
    const question = (await world.me.agent.get(`/api/questions/${world.askedId}`).set('X-Community-Id', world.communityId).expect(200)).body as { answer: string; answeredByUserId: string | null };
    expect(question).toMatchObject({ answer: world.mine.answer, answeredByUserId: null });
    const data = (await world.me.agent.get('/api/user/export').expect(200)).body as { questionsAsked: { answeredBy: string }[]; reflections: { repliedBy: string }[] };
    expect(data.questionsAsked[0]!.answeredBy).toBe(FORMER_MEMBER);
    expect(data.reflections[0]!.repliedBy).toBe(FORMER_MEMBER);
    // The member's bell says their meeting was cancelled.
    const bell = (await world.me.agent.get('/api/notifications').set('X-Community-Id', world.communityId).expect(200)).body as { title: string; message: string }[];
    expect(bell).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Meeting cancelled' })]));
    expect(JSON.stringify(bell)).not.toContain(world.commander.user.displayName);
  });

  it("cannot rewrite what names no one of theirs: a short or common name is replaced only as a whole word, and only in their communities' messages and their own audit entries", async () => {
    // An account named like a word that stands in everyone's e-mails, links and audit entries.
    const shared = await createCommunity(app);
    const vandal = await signUp(app, { displayName: 'token' });
    await vandal.agent.post('/api/communities/join').send({ inviteCode: await shared.joinCode() }).expect(200);
    const elsewhere = await createCommunity(app);
    const stranger = await signUp(app);
    // A password-reset e-mail to someone who shares nothing with them, waiting to be sent.
    const link = 'https://steadfast.example/reset-password?token=abc123';
    const [mail] = await db
      .insert(mailOutbox)
      .values({ recipient: stranger.email, subject: 'Reset your token', textBody: `Open ${link}`, htmlBody: `<a href="${link}">Reset</a>`, kind: 'password-reset' })
      .returning();
    // An audit entry of another community whose changes hold the word as a value.
    const [entry] = await db
      .insert(auditLogs)
      .values({ actorId: elsewhere.owner.user.id, communityId: elsewhere.community.id, entity: 'import', entityId: elsewhere.community.id, action: 'csv', diff: { column: 'token' } })
      .returning();
    // In the community they share: a notification naming them, and one with the word inside another.
    await db.insert(notifications).values([
      { toUserId: shared.owner.user.id, fromUserId: null, communityId: shared.community.id, type: 'other', title: 'token joined', message: 'token joined the community' },
      { toUserId: shared.owner.user.id, fromUserId: null, communityId: shared.community.id, type: 'other', title: 'Tokens', message: 'Your tokens are here' },
    ]);

    // A member of the community they share is e-mailed about them; an entry about them quotes their name.
    const [coMemberMail] = await db
      .insert(mailOutbox)
      .values({ recipient: shared.owner.email, subject: 'token joined', textBody: `token joined. Unsubscribe: ${link}`, htmlBody: `<p>token joined</p><a href="${link}">Unsubscribe</a>`, kind: 'notify-community' })
      .returning();
    const [aboutThem] = await db
      .insert(auditLogs)
      .values({ actorId: shared.owner.user.id, communityId: shared.community.id, entity: 'membership', entityId: vandal.user.id, action: 'remove', diff: { note: 'token asked to leave' } })
      .returning();

    await vandal.agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(204);

    const [coMemberMailAfter] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, coMemberMail!.id));
    expect(coMemberMailAfter).toMatchObject({
      subject: `${FORMER_MEMBER} joined`,
      textBody: `${FORMER_MEMBER} joined. Unsubscribe: ${link}`,
      htmlBody: `<p>${FORMER_MEMBER} joined</p><a href="${link}">Unsubscribe</a>`,
    });
    const [aboutThemAfter] = await db.select().from(auditLogs).where(eq(auditLogs.id, aboutThem!.id));
    expect(aboutThemAfter).toMatchObject({ entityId: DELETED_ACCOUNT, diff: { note: `${DELETED_ACCOUNT} asked to leave` } });

    const [mailAfter] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
    expect(mailAfter).toMatchObject({ subject: 'Reset your token', textBody: `Open ${link}`, htmlBody: `<a href="${link}">Reset</a>` });
    const [entryAfter] = await db.select().from(auditLogs).where(eq(auditLogs.id, entry!.id));
    expect(entryAfter!.diff).toEqual({ column: 'token' });
    const bell = await db.select({ title: notifications.title, message: notifications.message }).from(notifications).where(eq(notifications.toUserId, shared.owner.user.id));
    expect(bell).toEqual(expect.arrayContaining([{ title: `${FORMER_MEMBER} joined`, message: `${FORMER_MEMBER} joined the community` }, { title: 'Tokens', message: 'Your tokens are here' }]));
  });

  it('is confirmed by the password: a wrong or missing one is 400 and erases nothing', async () => {
    const ruth = await signUp(app);
    const wrong = await ruth.agent.delete('/api/user').send({ password: 'not-my-password' }).expect(400);
    expect(wrong.body).toMatchObject({ code: 'wrong_password', fields: { password: WRONG_CONFIRMING_PASSWORD_MESSAGE } });
    await ruth.agent.delete('/api/user').send({}).expect(400);
    await ruth.agent.get('/api/user').expect(200);
    await request(app).delete('/api/user').send({ password: TEST_PASSWORD }).expect(401);
  });

  it('an account without a password is confirmed by a Google sign-in this session made within 10 minutes', async () => {
    const signInWithGoogle = async () => {
      const agent = request.agent(app);
      await agent.post('/api/auth/google').send({ idToken: await google.signIn(), email: '', displayName: '', firebaseUid: '' }).expect(201);
      return agent;
    };
    const stale = await signInWithGoogle();
    testApp.advanceClock(RECENT_SIGN_IN_MINUTES * 60_000 + 1000);
    const refused = await stale.delete('/api/user').send({}).expect(403);
    expect(refused.body).toMatchObject({ message: RECENT_GOOGLE_SIGN_IN_MESSAGE, code: 'recent_sign_in_required' });
    await stale.get('/api/user').expect(200);
    // A password sent for an account without one confirms nothing either.
    await stale.delete('/api/user').send({ password: TEST_PASSWORD }).expect(403);

    const fresh = await signInWithGoogle();
    await fresh.delete('/api/user').send({}).expect(204);
    await fresh.get('/api/user').expect(401);
  });

  it("is refused to the only Community Moderator of a community with other members, until another moderator is named", async () => {
    const fixture = await communityWith(app, 'member');
    const refused = await fixture.owner.agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(409);
    expect(refused.body).toMatchObject({ message: ONLY_MODERATOR_MESSAGE(fixture.community.name), code: 'only_moderator' });
    await fixture.owner.agent.get('/api/user').expect(200);
    await setRoles(db, fixture.id, fixture.members[0]!.user.id, ['CommunityModerator']);
    await fixture.owner.agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(204);
    expect(await db.select().from(communities).where(eq(communities.id, fixture.id))).toHaveLength(1);
  });

  it('two moderators deleting their accounts at once: one goes, the other is refused, the community keeps a moderator', async () => {
    const fixture = await communityWith(app, 'member', 'second');
    const second = fixture.members[1]!;
    await setRoles(db, fixture.id, second.user.id, ['CommunityModerator']);
    const answers = await Promise.all([fixture.owner.agent.delete('/api/user').send({ password: TEST_PASSWORD }), second.agent.delete('/api/user').send({ password: TEST_PASSWORD })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 409]);
    const moderators = rowsOf(await db.execute(sql`SELECT 1 FROM memberships WHERE community_id = ${fixture.id} AND 'CommunityModerator' = ANY(roles)`));
    expect(moderators).toHaveLength(1);
  });

  it('a community nobody else belongs to goes with its only member', async () => {
    const fixture = await communityWith(app);
    await fixture.owner.agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(204);
    expect(await db.select().from(communities).where(eq(communities.id, fixture.id))).toEqual([]);
    expect(await db.select().from(auditLogs).where(eq(auditLogs.communityId, fixture.id))).toEqual([]);
  });

  it('sends a last e-mail to the proven address, then the outbox keeps nothing of it', async () => {
    const email = smtp.address('leaving');
    const leaving = await signUp(app, { email, displayName: `Leaving ${email.slice(8, 20)}` });
    const [verification] = await smtp.waitFor(email);
    await leaving.agent.post('/api/verify-email').send({ token: new URL(verification!.link!).searchParams.get('token') }).expect(200);
    await leaving.agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(204);
    const mails = await smtp.waitFor(email, 2);
    expect(mails.map((mail) => mail.subject)).toContain('Your Steadfast account was deleted');
    await testApp.outbox!.drain();
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))).toEqual([]);
  });

  it('counts wrong passwords once per account, whichever step asked for them: wrong ones given to a password change hold back a deletion', async () => {
    const ruth = await signUp(app);
    for (let i = 0; i < testConfig().RATE_LIMIT_PASSWORD_CHANGE_PER_USER; i++) {
      await ruth.agent.post('/api/user/password').send({ currentPassword: 'not-my-password', newPassword: 'a-brand-new-password' }).expect(400);
    }
    const held = await ruth.agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(429);
    expect(held.body).toMatchObject({ message: WRONG_PASSWORDS_MESSAGE, code: 'rate_limited' });
    await ruth.agent.get('/api/user').expect(200);
  });

  it("removes the account's rate-limit counters", async () => {
    const ruth = await signUp(app);
    await request(app).post('/api/login').send({ username: ruth.email, password: 'wrong-password' }).expect(401);
    const keyed = (key: string) => db.select().from(rateLimitHits).where(sql`split_part(${rateLimitHits.key}, ':', -1) = ${rateLimitKeyHash(key)}`);
    expect(await keyed(`login:${ruth.email}`)).toHaveLength(1);
    await ruth.agent.delete('/api/user').send({ password: 'wrong-password' }).expect(400);
    expect(await keyed(`password:${ruth.user.id}`)).toHaveLength(1);
    await ruth.agent.delete('/api/user').send({ password: TEST_PASSWORD }).expect(204);
    expect(await keyed(`login:${ruth.email}`)).toEqual([]);
    expect(await keyed(`password:${ruth.user.id}`)).toEqual([]);
  });

  it('knows every rate limit keyed by an account: each route key naming a user id or e-mail is listed', () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) sources.push(readFileSync(path, 'utf8'));
      }
    };
    walk(join(import.meta.dirname, '../..'));
    const keys = sources.flatMap((source) => [...source.matchAll(/key: \(req\) => `([^`]*)`/g)].map((match) => match[1]!));
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) {
      const prefix = key.split(':')[0]!;
      if (/\$\{req\.user\?\.id\}:\$\{/.test(key)) expect(KEYS_BY_PAIR, key).toContain(prefix);
      else if (key.includes('${req.user?.id}')) expect(KEYS_BY_USER_ID, key).toContain(prefix);
      else if (/req\.body\?\.(username|email)/.test(key)) expect(KEYS_BY_EMAIL, key).toContain(prefix);
    }
  });
});
