import { and, eq, like } from 'drizzle-orm';
import request from 'supertest';
import { REFLECTION_REPLY_MAX, REFLECTION_TEXT_MAX, type ReflectionView } from '@shared/contracts/care';
import { createTestApp } from '../../test/app';
import type { NotificationView } from '@shared/contracts/notifications';
import { users } from '@shared/schema/auth';
import { subgroups } from '@shared/schema/communities';
import { mailOutbox } from '@shared/schema/mail';
import { expectJsonError, setRoles } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { subgroupWorld } from '../questions/questions-test-kit';
import { LIFTED_LIMITS, pinClock } from '../tracking/tracking-test-kit';
import { ACKNOWLEDGED_ONCE, ALREADY_ACKNOWLEDGED, MONTH_NOT_ENDED, REFLECTION_NOT_FOUND } from './reflections';
import { REFLECTION_WRITES_PER_HOUR } from './routes';

// Issue 26 item 3: month-close reflections, private like questions: the member, their commander and admins.

const testApp = await createTestApp(LIFTED_LIMITS);
const { app, database } = testApp;
// Saturday 2 March 2030, noon in Chicago (the factory's zone): February has ended, March has not.
pinClock(testApp, '2030-03-02T18:00:00Z');

const FEBRUARY = { month: 2, year: 2030 };
const PRIVATE = { helped: 'PRIVATE: the early prayer walks', hard: 'Fasting while travelling', prayerRequest: 'For my mother in hospital' };

async function world() {
  const w = await subgroupWorld(app, database.db);
  const write = (agent: Agent, body: Record<string, unknown>) => agent.put(`/api/communities/${w.id}/reflections`).send(body);
  const read = (agent: Agent, query: string) => agent.get(`/api/communities/${w.id}/reflections?${query}`);
  const listed = (agent: Agent, query = 'month=2&year=2030') => agent.get(`/api/communities/${w.id}/reflections/subgroup?${query}`);
  const acknowledge = (agent: Agent, id: string, reply: unknown = '🙏') => agent.post(`/api/communities/${w.id}/reflections/${id}/acknowledge`).send({ reply });
  return { ...w, write, read, listed, acknowledge };
}

const bellOf = async (agent: Agent, communityId: string) => (await agent.get('/api/notifications').set('X-Community-Id', communityId).expect(200)).body as NotificationView[];
const mailsTo = (email: string) => database.db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, email), like(mailOutbox.kind, 'notify-%')));

describe('month-close reflections', () => {
  it('tell the commander a new one was written and the member that it was answered: who and which month, never what', async () => {
    const w = await world();
    for (const person of [w.commander, w.asker]) await database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.user.id));
    const { id } = (await w.write(w.asker.agent, { ...FEBRUARY, ...PRIVATE }).expect(200)).body as ReflectionView;
    // An edit is not news.
    await w.write(w.asker.agent, { ...FEBRUARY, helped: 'PRIVATE: edited' }).expect(200);
    const told = await bellOf(w.commander.agent, w.id);
    expect(told).toEqual([expect.objectContaining({ type: 'reflection', title: `${w.asker.user.displayName} wrote a reflection on February 2030`, message: 'Read it and reply on My Subgroup.' })]);
    expect(await bellOf(w.neighbour.agent, w.id)).toEqual([]);

    await w.acknowledge(w.commander.agent, id, 'PRIVATE: praying for your mother').expect(200);
    const answered = await bellOf(w.asker.agent, w.id);
    expect(answered).toEqual([expect.objectContaining({ type: 'reflection_reply', title: `${w.commander.user.displayName} replied to your reflection on February 2030` })]);
    // Outside the app: who and which month, and where to read it.
    const mails = [...(await mailsTo(w.commander.email)), ...(await mailsTo(w.asker.email))];
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.textBody).not.toContain('PRIVATE');
      expect(mail.textBody).not.toContain('hospital');
    }
  });

  it('announce only the last few months: catching up on an old month waits quietly on My Subgroup, and writes are limited', async () => {
    const w = await world();
    const august = { month: 8, year: 2029 };
    await w.write(w.asker.agent, { ...august, ...PRIVATE }).expect(200);
    expect(await bellOf(w.commander.agent, w.id)).toEqual([]);
    expect((await w.listed(w.commander.agent, 'month=8&year=2029').expect(200)).body).toHaveLength(1);
    await w.write(w.asker.agent, { month: 1, year: 2030, helped: 'January' }).expect(200);
    expect(await bellOf(w.commander.agent, w.id)).toEqual([expect.objectContaining({ type: 'reflection', title: expect.stringContaining('January 2030') })]);

    for (let saved = 2; saved < REFLECTION_WRITES_PER_HOUR; saved++) await w.write(w.asker.agent, { ...FEBRUARY, helped: `draft ${saved}` }).expect(200);
    expectJsonError(await w.write(w.asker.agent, { ...FEBRUARY, helped: 'one too many' }), 429, /saved many reflections/);
    // Another member's writes are their own.
    await w.write(w.neighbour.agent, { ...FEBRUARY, helped: 'mine' }).expect(200);
  });

  it('a member writes on a month that ended, edits it until their commander acknowledges it, and both read it', async () => {
    const w = await world();
    const first = (await w.write(w.asker.agent, { ...FEBRUARY, ...PRIVATE }).expect(200)).body as ReflectionView;
    expect(first).toMatchObject({ userId: w.asker.user.id, displayName: w.asker.user.displayName, ...FEBRUARY, ...PRIVATE, acknowledgedAt: null, reply: null });
    // Editing keeps one reflection a month; an emptied part is null.
    const edited = (await w.write(w.asker.agent, { ...FEBRUARY, helped: 'Praying with my neighbour', hard: '', prayerRequest: PRIVATE.prayerRequest }).expect(200)).body as ReflectionView;
    expect(edited).toMatchObject({ id: first.id, helped: 'Praying with my neighbour', hard: null });

    // The commander sees it in the subgroup's list and by member; an admin too.
    const list = (await w.listed(w.commander.agent).expect(200)).body as ReflectionView[];
    expect(list.map((item) => item.id)).toEqual([first.id]);
    expect((await w.read(w.commander.agent, `month=2&year=2030&userId=${w.asker.user.id}`).expect(200)).body).toMatchObject({ id: first.id });
    expect((await w.read(w.owner.agent, `month=2&year=2030&userId=${w.asker.user.id}`).expect(200)).body).toMatchObject({ id: first.id });
    expect((await w.listed(w.owner.agent, `month=2&year=2030&subgroupId=${w.subgroupId}`).expect(200)).body).toHaveLength(1);

    const acknowledged = (await w.acknowledge(w.commander.agent, first.id, 'Praying for your mother this week.').expect(200)).body as ReflectionView;
    expect(acknowledged).toMatchObject({ reply: 'Praying for your mother this week.', acknowledgedByName: w.commander.user.displayName, acknowledgedAt: expect.any(String) });
    expect((await w.read(w.asker.agent, 'month=2&year=2030').expect(200)).body).toMatchObject({ reply: 'Praying for your mother this week.' });
    // Read, it stays as it was read; and it is acknowledged once.
    expectJsonError(await w.write(w.asker.agent, { ...FEBRUARY, helped: 'Changed my mind' }), 409, ALREADY_ACKNOWLEDGED);
    expectJsonError(await w.acknowledge(w.owner.agent, first.id), 409, ACKNOWLEDGED_ONCE);
    expect((await w.read(w.asker.agent, 'month=2&year=2030').expect(200)).body.helped).toBe('Praying with my neighbour');
  });

  it('answers null for a month without one, and refuses a month not yet ended, an empty one and long text', async () => {
    const w = await world();
    expect((await w.read(w.asker.agent, 'month=1&year=2030').expect(200)).body).toBeNull();
    expectJsonError(await w.write(w.asker.agent, { month: 3, year: 2030, helped: 'Too soon' }), 400, MONTH_NOT_ENDED);
    expectJsonError(await w.write(w.asker.agent, { month: 4, year: 2031, helped: 'Far too soon' }), 400);
    const empty = await w.write(w.asker.agent, { ...FEBRUARY, helped: '  ', hard: null }).expect(400);
    expect(Object.keys(empty.body.fields).sort()).toEqual(['hard', 'helped', 'prayerRequest']);
    const long = await w.write(w.asker.agent, { ...FEBRUARY, prayerRequest: 'x'.repeat(REFLECTION_TEXT_MAX + 1) }).expect(400);
    expect(Object.keys(long.body.fields)).toEqual(['prayerRequest']);
    expect((await w.read(w.asker.agent, 'month=2&year=2030').expect(200)).body).toBeNull();
  });

  it('is the member’s, their commander’s and admins’ only: a third member 404, a plain member 403 on the commander routes', async () => {
    const w = await world();
    const { id } = (await w.write(w.asker.agent, { ...FEBRUARY, ...PRIVATE }).expect(200)).body as ReflectionView;
    // The neighbour (same subgroup) and the loner (none) cannot read it, nor learn it exists.
    for (const third of [w.neighbour, w.loner]) {
      expectJsonError(await w.read(third.agent, `month=2&year=2030&userId=${w.asker.user.id}`), 404, REFLECTION_NOT_FOUND);
      expectJsonError(await w.read(third.agent, `month=1&year=2030&userId=${w.asker.user.id}`), 404, REFLECTION_NOT_FOUND);
      expectJsonError(await w.listed(third.agent), 403);
      expectJsonError(await w.acknowledge(third.agent, id), 403);
    }
    // Someone of another community: 404 everywhere.
    const elsewhere = await subgroupWorld(app, database.db);
    expectJsonError(await w.read(elsewhere.commander.agent, `month=2&year=2030&userId=${w.asker.user.id}`), 404);
    expectJsonError(await w.acknowledge(elsewhere.commander.agent, id), 404);
    // A commander of another subgroup of this community: not theirs to read, list or acknowledge.
    await setRoles(database.db, w.id, w.loner.user.id, ['Commander']);
    await database.db.insert(subgroups).values({ communityId: w.id, name: 'Beta Group', commanderId: w.loner.user.id });
    expectJsonError(await w.read(w.loner.agent, `month=2&year=2030&userId=${w.asker.user.id}`), 404, REFLECTION_NOT_FOUND);
    expect((await w.listed(w.loner.agent).expect(200)).body).toEqual([]);
    expectJsonError(await w.listed(w.loner.agent, `month=2&year=2030&subgroupId=${w.subgroupId}`), 403);
    expectJsonError(await w.acknowledge(w.loner.agent, id), 404, REFLECTION_NOT_FOUND);
    expectJsonError(await w.read(request.agent(app), 'month=2&year=2030'), 401);
    const reply = await w.acknowledge(w.commander.agent, id, 'x'.repeat(REFLECTION_REPLY_MAX + 1)).expect(400);
    expect(Object.keys(reply.body.fields)).toEqual(['reply']);
    expect((await w.read(w.asker.agent, 'month=2&year=2030').expect(200)).body.acknowledgedAt).toBeNull();
  });
});
