import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import type { NotificationView } from '@shared/contracts/notifications';
import type { QuestionView } from '@shared/contracts/questions';
import { questions } from '@shared/schema/questions';
import { notifications } from '@shared/schema/notifications';
import { createTestApp } from '../../test/app';
import { expectJsonError, grantSuperAdmin, ISO_DATE_PATTERN, UUID_PATTERN } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { subgroupWorld, type SubgroupWorld } from './questions-test-kit';
import { ANSWERERS_ONLY_MESSAGE, NO_COMMANDER_MESSAGE, QUESTION_NOT_FOUND } from './service';

const { app, database } = await createTestApp(LIFTED_LIMITS);
const { db } = database;

const ask = (world: SubgroupWorld, agent: Agent, payload: Record<string, unknown> = {}) =>
  agent.post('/api/questions').set('X-Community-Id', world.id).send({ title: 'Fasting and work', body: 'How do I fast on a work day?', priority: 'High', ...payload });

const inbox = async (agent: Agent) => (await agent.get('/api/notifications').expect(200)).body as NotificationView[];
const questionRows = (communityId: string) => db.select().from(questions).where(eq(questions.communityId, communityId));

describe('POST /api/questions', () => {
  it("sends the question to the commander of the asker's subgroup, who is notified", async () => {
    const world = await subgroupWorld(app, db);
    // The client's subgroupId and toCommanderId are not trusted: the server decides who receives it.
    const response = await ask(world, world.asker.agent, { toCommanderId: world.owner.user.id, subgroupId: randomUUID(), communityId: 'default' }).expect(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID_PATTERN),
      communityId: world.id,
      subgroupId: world.subgroupId,
      fromUserId: world.asker.user.id,
      fromUserName: world.asker.user.displayName,
      toCommanderId: world.commander.user.id,
      title: 'Fasting and work',
      body: 'How do I fast on a work day?',
      priority: 'High',
      status: 'Open',
      tags: [],
      answer: null,
      answeredByUserId: null,
      createdAt: expect.stringMatching(ISO_DATE_PATTERN),
      updatedAt: expect.stringMatching(ISO_DATE_PATTERN),
    });
    const [notification] = await inbox(world.commander.agent);
    expect(notification).toMatchObject({ type: 'question', isRead: false, communityId: world.id, fromUserId: world.asker.user.id });
    expect(notification!.message).toContain('Fasting and work');
    expect(await inbox(world.owner.agent)).toEqual([]);
  });

  it("answers 409 'No commander found for your subgroup' without a subgroup or a commander, and stores nothing", async () => {
    const world = await subgroupWorld(app, db);
    expectJsonError(await ask(world, world.loner.agent), 409, NO_COMMANDER_MESSAGE);
    await world.owner.agent.patch(`/api/subgroups/${world.subgroupId}/commander`).set('X-Community-Id', world.id).send({ commanderId: null }).expect(200);
    expectJsonError(await ask(world, world.asker.agent), 409, NO_COMMANDER_MESSAGE);
    expect(await questionRows(world.id)).toEqual([]);
  });

  it.each([
    ['no subject', { title: '  ' }, 'title', 'Subject is required'],
    ['no message', { body: '' }, 'body', 'Message is required'],
    ['an unknown priority', { priority: 'Critical' }, 'priority', undefined],
    ['a NUL in the message', { body: 'a\u0000b' }, 'body', undefined],
  ])('refuses %s with 400 and a message for the field, storing nothing', async (_label, payload, field, message) => {
    const world = await subgroupWorld(app, db);
    const response = await ask(world, world.asker.agent, payload);
    expectJsonError(response, 400);
    if (message) expect(response.body.fields[field]).toBe(message);
    else expect(response.body.fields).toHaveProperty(field);
    expect(await questionRows(world.id)).toEqual([]);
    expect(await db.select().from(notifications).where(eq(notifications.communityId, world.id))).toEqual([]);
  });
});

describe('reading questions', () => {
  let world: SubgroupWorld;
  let question: QuestionView;
  beforeAll(async () => {
    world = await subgroupWorld(app, db);
    question = (await ask(world, world.asker.agent).expect(201)).body;
  });

  it('lists the sent questions to the asker and the received ones to the commander and the admins, newest first', async () => {
    const second = (await ask(world, world.asker.agent, { title: 'Prayer walk' }).expect(201)).body as QuestionView;
    const sent = (await world.asker.agent.get(`/api/questions?communityId=${world.id}`).expect(200)).body as QuestionView[];
    expect(sent.map((q) => q.id)).toEqual([second.id, question.id]);
    const received = (await world.commander.agent.get('/api/questions/received').set('X-Community-Id', world.id).expect(200)).body as QuestionView[];
    expect(received.map((q) => q.id)).toEqual([second.id, question.id]);
    const forAdmin = (await world.owner.agent.get('/api/questions/received').set('X-Community-Id', world.id).expect(200)).body as QuestionView[];
    expect(forAdmin.map((q) => q.id)).toEqual([second.id, question.id]);
    expect((await world.commander.agent.get('/api/questions').set('X-Community-Id', world.id).expect(200)).body).toEqual([]);
  });

  it('keeps a question private from a third member of the same community, by every route', async () => {
    const neighbour = world.neighbour.agent;
    expect((await neighbour.get('/api/questions').set('X-Community-Id', world.id).expect(200)).body).toEqual([]);
    expectJsonError(await neighbour.get('/api/questions/received').set('X-Community-Id', world.id), 403);
    expectJsonError(await neighbour.get(`/api/questions/${question.id}`).set('X-Community-Id', world.id), 404, QUESTION_NOT_FOUND);
    expectJsonError(await neighbour.patch(`/api/questions/${question.id}`).set('X-Community-Id', world.id).send({ status: 'Archived' }), 404, QUESTION_NOT_FOUND);
    const [row] = await db.select().from(questions).where(eq(questions.id, question.id));
    expect(row!.status).toBe('Open');
  });

  it('shows the question by id to the asker, the commander and an admin, and to nobody outside the community', async () => {
    for (const agent of [world.asker.agent, world.commander.agent, world.owner.agent]) {
      expect((await agent.get(`/api/questions/${question.id}`).set('X-Community-Id', world.id).expect(200)).body.id).toBe(question.id);
    }
    const outsider = await subgroupWorld(app, db);
    expectJsonError(await outsider.owner.agent.get(`/api/questions/${question.id}`).set('X-Community-Id', world.id), 404);
    expectJsonError(await outsider.owner.agent.get(`/api/questions/${question.id}`).set('X-Community-Id', outsider.id), 404, QUESTION_NOT_FOUND);
    expectJsonError(await request(app).get(`/api/questions/${question.id}`), 401);
    expectJsonError(await request(app).get('/api/questions/received'), 401);
  });
});

describe('PATCH /api/questions/:id', () => {
  it("answers: status Answered with the answer, the asker is notified and reads it", async () => {
    const world = await subgroupWorld(app, db);
    const question = (await ask(world, world.asker.agent).expect(201)).body as QuestionView;
    const path = `/api/questions/${question.id}`;
    await world.commander.agent.patch(path).set('X-Community-Id', world.id).send({ status: 'InProgress' }).expect(200);
    const answered = await world.commander.agent.patch(path).set('X-Community-Id', world.id).send({ status: 'Answered', answer: 'Start with a half day.' }).expect(200);
    expect(answered.body).toMatchObject({ status: 'Answered', answer: 'Start with a half day.', answeredByUserId: world.commander.user.id });
    const [notification] = await inbox(world.asker.agent);
    expect(notification).toMatchObject({ type: 'answer', fromUserId: world.commander.user.id, message: `Your commander answered "${question.title}".` });
    expect((await world.asker.agent.get(path).set('X-Community-Id', world.id).expect(200)).body.answer).toBe('Start with a half day.');
  });

  it('refuses Answered without an answer (400), a move the status does not allow (409) and an asker answering (403)', async () => {
    const world = await subgroupWorld(app, db);
    const question = (await ask(world, world.asker.agent).expect(201)).body as QuestionView;
    const path = `/api/questions/${question.id}`;
    const noAnswer = await world.commander.agent.patch(path).set('X-Community-Id', world.id).send({ status: 'Answered' });
    expectJsonError(noAnswer, 400);
    expect(noAnswer.body.fields.answer).toBe('Please write your answer.');
    expectJsonError(await world.asker.agent.patch(path).set('X-Community-Id', world.id).send({ status: 'Answered', answer: 'Self-answer' }), 403, ANSWERERS_ONLY_MESSAGE);
    await world.commander.agent.patch(path).set('X-Community-Id', world.id).send({ status: 'Archived' }).expect(200);
    expectJsonError(await world.commander.agent.patch(path).set('X-Community-Id', world.id).send({ status: 'InProgress' }), 409);
    const [row] = await db.select().from(questions).where(eq(questions.id, question.id));
    expect(row).toMatchObject({ status: 'Archived', answer: null });
  });

  it('leaves a commander demoted to Member without the questions sent to them, which the admins still answer', async () => {
    const world = await subgroupWorld(app, db);
    const question = (await ask(world, world.asker.agent).expect(201)).body as QuestionView;
    const path = `/api/questions/${question.id}`;
    await world.owner.agent.patch(`/api/users/${world.commander.user.id}/role`).set('X-Community-Id', world.id).send({ roles: ['Member'] }).expect(200);
    expectJsonError(await world.commander.agent.get(path).set('X-Community-Id', world.id), 404, QUESTION_NOT_FOUND);
    expectJsonError(await world.commander.agent.patch(path).set('X-Community-Id', world.id).send({ status: 'Answered', answer: 'Still mine?' }), 404, QUESTION_NOT_FOUND);
    await world.owner.agent.patch(path).set('X-Community-Id', world.id).send({ status: 'Answered', answer: 'Start with a half day.' }).expect(200);
  });

  it("hands the subgroup's open questions to its new commander, who answers them as the asker's commander", async () => {
    const world = await subgroupWorld(app, db);
    const open = (await ask(world, world.asker.agent).expect(201)).body as QuestionView;
    const answered = (await ask(world, world.asker.agent, { title: 'Already answered' }).expect(201)).body as QuestionView;
    await world.commander.agent.patch(`/api/questions/${answered.id}`).set('X-Community-Id', world.id).send({ status: 'Answered', answer: 'Yes.' }).expect(200);
    const own = (await ask(world, world.neighbour.agent, { title: "The neighbour's own" }).expect(201)).body as QuestionView;
    await world.owner.agent.patch(`/api/users/${world.commander.user.id}/role`).set('X-Community-Id', world.id).send({ roles: ['Member'] }).expect(200);
    await world.owner.agent.patch(`/api/users/${world.neighbour.user.id}/role`).set('X-Community-Id', world.id).send({ roles: ['Commander'] }).expect(200);
    await world.owner.agent.patch(`/api/subgroups/${world.subgroupId}/commander`).set('X-Community-Id', world.id).send({ commanderId: world.neighbour.user.id }).expect(200);

    const received = (await world.neighbour.agent.get('/api/questions/received').set('X-Community-Id', world.id).expect(200)).body as QuestionView[];
    expect(received.map((question) => question.id)).toEqual([open.id]);
    await world.neighbour.agent.patch(`/api/questions/${open.id}`).set('X-Community-Id', world.id).send({ status: 'Answered', answer: 'Start with a half day.' }).expect(200);
    expect((await inbox(world.asker.agent)).find((notification) => notification.type === 'answer' && notification.message.includes(open.title))).toMatchObject({
      message: `Your commander answered "${open.title}".`,
    });
    // The answered one stays with who answered it; the new commander's own stays with the admins.
    const rows = await db.select({ id: questions.id, to: questions.toCommanderId }).from(questions).where(eq(questions.communityId, world.id));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.to]))).toMatchObject({ [answered.id]: world.commander.user.id, [own.id]: world.commander.user.id });
  });

  it('lets the asker archive their own question, and a SuperAdmin answer any', async () => {
    const world = await subgroupWorld(app, db);
    const first = (await ask(world, world.asker.agent).expect(201)).body as QuestionView;
    await world.asker.agent.patch(`/api/questions/${first.id}`).set('X-Community-Id', world.id).send({ status: 'Archived' }).expect(200);
    const second = (await ask(world, world.asker.agent).expect(201)).body as QuestionView;
    const operator = await subgroupWorld(app, db);
    await grantSuperAdmin(db, operator.owner.user.id);
    await operator.owner.agent.patch(`/api/questions/${second.id}`).set('X-Community-Id', world.id).send({ status: 'Answered', answer: 'Yes.' }).expect(200);
    // The asker is told who answered: not 'your commander', who did not.
    const [notification] = await inbox(world.asker.agent);
    expect(notification!.message).toBe(`${operator.owner.user.displayName} answered "${second.title}".`);
  });
});
