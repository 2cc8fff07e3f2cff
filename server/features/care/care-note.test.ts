import { and, desc, eq, like } from 'drizzle-orm';
import request from 'supertest';
import { CARE_NOTE_MAX } from '@shared/contracts/care';
import type { NotificationView } from '@shared/contracts/notifications';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import { mailOutbox } from '@shared/schema/mail';
import { notifications } from '@shared/schema/notifications';
import { createTestApp } from '../../test/app';
import { expectJsonError } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { subgroupWorld } from '../questions/questions-test-kit';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { MEMBER_NOT_FOUND, NOT_YOUR_MEMBER_NOTE } from './needs-a-word';
import { CARE_NOTES_PER_MEMBER_PER_DAY } from './routes';

const { app, database } = await createTestApp(LIFTED_LIMITS);
const { db } = database;

const PRIVATE_NOTE = 'PRIVATE: I heard about your mother. Praying for you both.';

async function world() {
  const made = await subgroupWorld(app, db);
  // Proven addresses: only these are written to outside the app.
  for (const person of [made.commander, made.asker, made.neighbour, made.loner]) await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.user.id));
  const note = (agent: Agent, userId: string, message: unknown = PRIVATE_NOTE) => agent.post(`/api/communities/${made.id}/needs-a-word/${userId}/note`).send({ message });
  return { ...made, note };
}

const mailsTo = (email: string) => db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, email), like(mailOutbox.kind, 'notify-%'))).orderBy(desc(mailOutbox.createdAt));
const bellOf = async (agent: Agent, communityId: string) => (await agent.get('/api/notifications').set('X-Community-Id', communityId).expect(200)).body as NotificationView[];

describe('POST /api/communities/:id/needs-a-word/:userId/note', () => {
  it('reaches the member as a notification with the note, by e-mail without it, and takes them off the list for a week', async () => {
    const w = await world();
    // The asker joined ten days ago and has not checked in since: quiet.
    await db.update(memberships).set({ createdAt: new Date(Date.now() - 10 * 24 * 3600 * 1000) }).where(and(eq(memberships.communityId, w.id), eq(memberships.userId, w.asker.user.id)));
    const listedNow = async () => ((await w.commander.agent.get(`/api/communities/${w.id}/needs-a-word`).expect(200)).body as { userId: string }[]).map((row) => row.userId);
    expect(await listedNow()).toContain(w.asker.user.id);
    const sent = (await w.note(w.commander.agent, w.asker.user.id).expect(201)).body;
    expect(sent).toMatchObject({ userId: w.asker.user.id, hiddenUntil: expect.any(String) });

    const [bell] = await bellOf(w.asker.agent, w.id);
    expect(bell).toMatchObject({ type: 'care_note', title: `A word from ${w.commander.user.displayName}`, message: PRIVATE_NOTE, isRead: false });
    const [mail, ...more] = await mailsTo(w.asker.email);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ kind: 'notify-care', subject: `A word from ${w.commander.user.displayName}` });
    expect(mail!.textBody).toContain('/my-subgroup');
    expect(mail!.textBody).not.toContain('PRIVATE');
    expect(mail!.textBody).not.toContain('Praying');
    // Nobody else hears of it.
    expect(await mailsTo(w.neighbour.email)).toHaveLength(0);
    expect(await bellOf(w.neighbour.agent, w.id)).toEqual([]);
    // Sent is reached out: the asker is off the commander's list.
    expect(await listedNow()).not.toContain(w.asker.user.id);
  });

  it('lets one sender write to one member three times a day, then answers 429 and writes nothing', async () => {
    const w = await world();
    for (let sent = 0; sent < CARE_NOTES_PER_MEMBER_PER_DAY; sent++) await w.note(w.commander.agent, w.asker.user.id).expect(201);
    const refused = await w.note(w.commander.agent, w.asker.user.id).expect(429);
    expect(refused.body.message).toMatch(/several times today/);
    expect(await bellOf(w.asker.agent, w.id)).toHaveLength(CARE_NOTES_PER_MEMBER_PER_DAY);
    // Another member, and another sender, are their own.
    await w.note(w.commander.agent, w.neighbour.user.id).expect(201);
    await w.note(w.owner.agent, w.asker.user.id).expect(201);
  });

  it('sends no e-mail to a member who turned the topic off', async () => {
    const w = await world();
    await w.asker.agent.put('/api/user/notification-preferences').send({ email: { care: false } }).expect(200);
    await w.note(w.commander.agent, w.asker.user.id).expect(201);
    expect(await mailsTo(w.asker.email)).toHaveLength(0);
    expect(await bellOf(w.asker.agent, w.id)).toHaveLength(1);
  });

  it('refuses an empty or long note with a message, and anyone but the member’s commander or an admin; nothing is written', async () => {
    const w = await world();
    // Notes only: joining and assigning write notifications of their own, some after their answer.
    // Notes only: what joining and assigning write here is not this test's concern.
    const count = async () => (await db.select().from(notifications).where(and(eq(notifications.communityId, w.id), eq(notifications.type, 'care_note')))).length;
    const before = await count();
    for (const message of ['', '   ', 'x'.repeat(CARE_NOTE_MAX + 1), 42, 'a\u0000b']) {
      const response = await w.note(w.commander.agent, w.asker.user.id, message).expect(400);
      expect(Object.keys(response.body.fields)).toEqual(['message']);
    }
    expectJsonError(await w.note(w.commander.agent, w.loner.user.id), 403, NOT_YOUR_MEMBER_NOTE);
    expectJsonError(await w.note(w.neighbour.agent, w.asker.user.id), 403);
    expectJsonError(await w.note(w.commander.agent, w.commander.user.id.replace(/.$/, (c) => (c === '0' ? '1' : '0'))), 404, MEMBER_NOT_FOUND);
    expectJsonError(await w.note(request.agent(app), w.asker.user.id), 401);
    const elsewhere = await subgroupWorld(app, db);
    expectJsonError(await w.note(elsewhere.commander.agent, w.asker.user.id), 404);
    expect(await count()).toBe(before);
    // An admin may write to anyone of the community.
    await w.note(w.owner.agent, w.loner.user.id, 'Welcome. We are glad you are here.').expect(201);
    expect(await count()).toBe(before + 1);
  });
});
