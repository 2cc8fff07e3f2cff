import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { QuestionView } from '@shared/contracts/questions';
import { QUESTION_LIST_LIMIT } from '@shared/contracts/questions';
import { addDays, dateInTimeZone, zonedInstant } from '@shared/domain/calendar';
import { meetings } from '@shared/schema/meetings';
import { questions } from '@shared/schema/questions';
import { createTestApp } from '../../test/app';
import { expectJsonError } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { MEETING_REQUEST_FLOOD_MESSAGE } from '../meetings/routes';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { subgroupWorld, type SubgroupWorld } from './questions-test-kit';
import { QUESTION_FLOOD_MESSAGE } from './routes';
import { QUESTION_NOT_FOUND } from './service';

// A member flooding their commander: questions and meeting requests have their own allowance per member, and
// the commander's list pages back with ?before, so the real questions are never out of reach.

const QUESTIONS_PER_HOUR = 3;
const REQUESTS_PER_HOUR = 2;
const { app, database } = await createTestApp({
  ...LIFTED_LIMITS,
  RATE_LIMIT_QUESTIONS_PER_USER: QUESTIONS_PER_HOUR,
  RATE_LIMIT_MEETING_REQUESTS_PER_USER: REQUESTS_PER_HOUR,
});
const { db } = database;
const ZONE = 'America/Chicago';

const ask = (world: SubgroupWorld, agent: Agent, title = 'A question') =>
  agent.post('/api/questions').set('X-Community-Id', world.id).send({ title, body: 'Can we talk?' });
const questionCount = async (communityId: string) => (await db.select({ id: questions.id }).from(questions).where(eq(questions.communityId, communityId))).length;

function slot(days: number, time: string) {
  const startsAt = zonedInstant(addDays(dateInTimeZone(new Date(), ZONE), days), time, ZONE);
  return { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 60 * 60_000).toISOString() };
}

describe('flooding', () => {
  it('refuses a member’s questions past their hourly allowance with 429 and a message, writing nothing; others are not affected', async () => {
    const world = await subgroupWorld(app, db);
    for (let n = 0; n < QUESTIONS_PER_HOUR; n++) await ask(world, world.asker.agent, `Question ${n}`).expect(201);
    // Refused input never reaches the allowance.
    await world.asker.agent.post('/api/questions').set('X-Community-Id', world.id).send({ title: '', body: '' }).expect(400);
    const flooded = await ask(world, world.asker.agent, 'One too many');
    expectJsonError(flooded, 429, QUESTION_FLOOD_MESSAGE);
    expect(flooded.headers['retry-after']).toMatch(/^\d+$/);
    expect(await questionCount(world.id)).toBe(QUESTIONS_PER_HOUR);
    await ask(world, world.neighbour.agent).expect(201);
  });

  it('does not count questions that were refused (a member without a commander keeps their allowance)', async () => {
    const world = await subgroupWorld(app, db);
    for (let n = 0; n < QUESTIONS_PER_HOUR + 2; n++) expectJsonError(await ask(world, world.loner.agent), 409);
  });

  it('limits a member’s meeting requests on their own allowance, but not a commander scheduling with members', async () => {
    const world = await subgroupWorld(app, db);
    const request = (agent: Agent, payload: Record<string, unknown>) => agent.post('/api/meetings').set('X-Community-Id', world.id).send(payload);
    for (let n = 0; n < REQUESTS_PER_HOUR; n++) await request(world.asker.agent, slot(2 + n, '10:00')).expect(201);
    expectJsonError(await request(world.asker.agent, slot(5, '10:00')), 429, MEETING_REQUEST_FLOOD_MESSAGE);
    // The question allowance is separate.
    await ask(world, world.asker.agent).expect(201);
    for (let n = 0; n < REQUESTS_PER_HOUR + 1; n++) {
      await request(world.commander.agent, { ...slot(7 + n, '10:00'), memberId: world.asker.user.id }).expect(201);
    }
    expect((await db.select({ id: meetings.id }).from(meetings).where(eq(meetings.communityId, world.id))).length).toBe(2 * REQUESTS_PER_HOUR + 1);
  });
});

describe('paging the question lists with ?before', () => {
  let world: SubgroupWorld;
  const TOTAL = QUESTION_LIST_LIMIT + 7;
  beforeAll(async () => {
    world = await subgroupWorld(app, db);
    const base = Date.UTC(2026, 0, 1);
    // Written directly (past the allowance); five share one timestamp, so ties must be broken by id.
    await db.insert(questions).values(
      Array.from({ length: TOTAL }, (_, n) => ({
        communityId: world.id,
        subgroupId: world.subgroupId,
        fromUserId: world.asker.user.id,
        fromUserName: world.asker.user.displayName,
        toCommanderId: world.commander.user.id,
        title: `Question ${n}`,
        body: 'Body',
        createdAt: new Date(base + (n >= 50 && n < 55 ? 50 : n) * 60_000),
      })),
    );
  });

  const page = async (agent: Agent, path: string) => (await agent.get(path).set('X-Community-Id', world.id).expect(200)).body as QuestionView[];

  it.each([
    ['received by the commander', '/api/questions/received', () => world.commander.agent],
    ['sent by the asker', '/api/questions', () => world.asker.agent],
    ['received, read by an admin', '/api/questions/received', () => world.owner.agent],
  ])('answers the newest %s, then the page before, each question exactly once, newest first', async (_, path, agent) => {
    const first = await page(agent(), path);
    expect(first).toHaveLength(QUESTION_LIST_LIMIT);
    const second = await page(agent(), `${path}?before=${first.at(-1)!.id}`);
    expect(second).toHaveLength(TOTAL - QUESTION_LIST_LIMIT);
    expect(await page(agent(), `${path}?before=${second.at(-1)!.id}`)).toEqual([]);
    const all = [...first, ...second];
    expect(new Set(all.map((question) => question.id)).size).toBe(TOTAL);
    const times = all.map((question) => Date.parse(question.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses a malformed cursor with 400 and a field message, and one from outside the list with 404', async () => {
    const malformed = await world.commander.agent.get('/api/questions/received?before=not-an-id').set('X-Community-Id', world.id);
    expectJsonError(malformed, 400);
    expect(malformed.body.fields).toEqual({ before: expect.any(String) });
    expectJsonError(await world.commander.agent.get(`/api/questions/received?before=${randomUUID()}`).set('X-Community-Id', world.id), 404, QUESTION_NOT_FOUND);
    // Another community's question, and a question of this community the caller may not see, name nothing here.
    const other = await subgroupWorld(app, db);
    const foreign = (await ask(other, other.asker.agent).expect(201)).body as QuestionView;
    expectJsonError(await world.commander.agent.get(`/api/questions/received?before=${foreign.id}`).set('X-Community-Id', world.id), 404, QUESTION_NOT_FOUND);
    const received = await page(world.commander.agent, '/api/questions/received');
    expectJsonError(await world.neighbour.agent.get(`/api/questions?before=${received[0]!.id}`).set('X-Community-Id', world.id), 404, QUESTION_NOT_FOUND);
  });
});
