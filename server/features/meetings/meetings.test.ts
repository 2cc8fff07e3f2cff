import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import type { MeetingView } from '@shared/contracts/meetings';
import type { NotificationView } from '@shared/contracts/notifications';
import { addDays, dateInTimeZone, zonedInstant } from '@shared/domain/calendar';
import { MEETING_SLOTS } from '@shared/domain/meetings';
import { meetings } from '@shared/schema/meetings';
import { createTestApp } from '../../test/app';
import { expectJsonError, ISO_DATE_PATTERN, UUID_PATTERN } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { subgroupWorld, type SubgroupWorld } from '../questions/questions-test-kit';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { DOUBLE_BOOKED_MESSAGE, MEETING_NOT_FOUND, OUTSIDE_HOURS_MESSAGE, OWN_DOUBLE_BOOKED_MESSAGE, PAST_TIME_MESSAGE, SLOT_MESSAGE } from './service';

const { app, database } = await createTestApp(LIFTED_LIMITS);
const { db } = database;
const ZONE = 'America/Chicago'; // the test communities' time zone

/** A meeting time `days` from today at `time` in the community's zone, one hour long. */
function slot(days: number, time: string, minutes = 60) {
  const date = addDays(dateInTimeZone(new Date(), ZONE), days);
  const startsAt = zonedInstant(date, time, ZONE);
  return { date, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + minutes * 60_000).toISOString() };
}

const book = (world: SubgroupWorld, agent: Agent, payload: Record<string, unknown>) =>
  agent.post('/api/meetings').set('X-Community-Id', world.id).send({ communityId: 'default', location: 'TBD', ...payload });
const list = async (world: SubgroupWorld, agent: Agent) => (await agent.get('/api/meetings').set('X-Community-Id', world.id).expect(200)).body as MeetingView[];
const inbox = async (agent: Agent) => (await agent.get('/api/notifications').expect(200)).body as NotificationView[];

describe('POST /api/meetings', () => {
  it('lets a member request a meeting with their commander, who is notified and sees it', async () => {
    const world = await subgroupWorld(app, db);
    const time = slot(2, '14:00');
    const response = await book(world, world.asker.agent, { startsAt: time.startsAt, endsAt: time.endsAt, notes: 'Prayer life: mornings' }).expect(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID_PATTERN),
      communityId: world.id,
      subgroupId: world.subgroupId,
      memberId: world.asker.user.id,
      memberName: world.asker.user.displayName,
      commanderId: world.commander.user.id,
      commanderName: world.commander.user.displayName,
      questionId: null,
      startsAt: time.startsAt,
      endsAt: time.endsAt,
      location: 'TBD',
      notes: 'Prayer life: mornings',
      outcome: null,
      sequence: 0,
      status: 'Upcoming',
      cancelledAt: null,
      createdAt: expect.stringMatching(ISO_DATE_PATTERN),
    });
    expect((await list(world, world.commander.agent)).map((m) => m.id)).toEqual([response.body.id]);
    expect(await inbox(world.commander.agent)).toEqual([expect.objectContaining({ type: 'meeting', title: 'Meeting requested' })]);
  });

  it('refuses a second meeting at an overlapping time for the same commander with 409, and stores nothing', async () => {
    const world = await subgroupWorld(app, db);
    const time = slot(2, '15:00');
    await book(world, world.asker.agent, time).expect(201);
    const clash = await book(world, world.neighbour.agent, slot(2, '15:00'));
    expectJsonError(clash, 409, DOUBLE_BOOKED_MESSAGE);
    // The commander scheduling into their own taken time is told it is theirs.
    const own = await world.commander.agent.post('/api/meetings').set('X-Community-Id', world.id).send({ memberId: world.neighbour.user.id, ...slot(2, '15:00'), notes: '', location: 'TBD' });
    expectJsonError(own, 409, OWN_DOUBLE_BOOKED_MESSAGE);
    expect(await db.select().from(meetings).where(eq(meetings.communityId, world.id))).toHaveLength(1);
    // Back to back is fine.
    await book(world, world.neighbour.agent, slot(2, '16:00')).expect(201);
  });

  it('books only one of two requests for the same slot sent at once', async () => {
    const world = await subgroupWorld(app, db);
    const time = slot(3, '09:00');
    const results = await Promise.all([book(world, world.asker.agent, time), book(world, world.neighbour.agent, time)]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
    expect(await db.select().from(meetings).where(eq(meetings.communityId, world.id))).toHaveLength(1);
  });

  it.each([
    ['a time in the past', () => slot(-1, '14:00'), 'startsAt', PAST_TIME_MESSAGE],
    ['an end before the start', () => ({ startsAt: slot(2, '14:00').endsAt, endsAt: slot(2, '14:00').startsAt }), 'endsAt', undefined],
    ['no start', () => ({ endsAt: slot(2, '14:00').endsAt }), 'startsAt', undefined],
    ['a start that is not a date', () => ({ startsAt: 'tomorrow at two', endsAt: slot(2, '14:00').endsAt }), 'startsAt', undefined],
  ])('refuses %s with 400 and a field message, storing nothing', async (_label, times, field, message) => {
    const world = await subgroupWorld(app, db);
    const response = await book(world, world.asker.agent, times());
    expectJsonError(response, 400);
    if (message) expect(response.body.fields[field]).toBe(message);
    else expect(response.body.fields).toHaveProperty(field);
    expect(await db.select().from(meetings).where(eq(meetings.communityId, world.id))).toEqual([]);
  });

  it('lets a member request only an offered slot (an hour from a SPEC.md start time), while a commander may schedule any time', async () => {
    const world = await subgroupWorld(app, db);
    const offTheGrid = await book(world, world.asker.agent, slot(2, '12:00'));
    expectJsonError(offTheGrid, 400, SLOT_MESSAGE);
    expect(offTheGrid.body.fields.startsAt).toBe(SLOT_MESSAGE);
    expectJsonError(await book(world, world.asker.agent, slot(2, '14:00', 90)), 400, SLOT_MESSAGE);
    expect(await db.select().from(meetings).where(eq(meetings.communityId, world.id))).toEqual([]);
    await book(world, world.commander.agent, { ...slot(2, '12:30', 90), memberId: world.asker.user.id }).expect(201);
  });

  it('refuses a member without a commander (409) and a request naming another commander (400)', async () => {
    const world = await subgroupWorld(app, db);
    expectJsonError(await book(world, world.loner.agent, slot(2, '14:00')), 409);
    expectJsonError(await book(world, world.asker.agent, { ...slot(2, '14:00'), commanderId: world.owner.user.id }), 400);
  });

  it('lets a commander schedule with a member for their question; a plain member cannot schedule for someone else', async () => {
    const world = await subgroupWorld(app, db);
    const question = (await world.asker.agent.post('/api/questions').set('X-Community-Id', world.id).send({ title: 'Doubts', body: 'Can we talk?' }).expect(201)).body;
    const time = slot(4, '10:00');
    const scheduled = await book(world, world.commander.agent, { ...time, memberId: world.asker.user.id, questionId: question.id }).expect(201);
    expect(scheduled.body).toMatchObject({ memberId: world.asker.user.id, commanderId: world.commander.user.id, questionId: question.id });
    expect(await inbox(world.asker.agent)).toEqual([expect.objectContaining({ type: 'meeting', title: 'Meeting scheduled' })]);
    expectJsonError(await book(world, world.neighbour.agent, { ...slot(5, '10:00'), memberId: world.asker.user.id }), 403);
  });
});

describe('office hours and free slots', () => {
  it('offers only the free SPEC.md slots inside the office hours, and refuses a request outside them', async () => {
    const world = await subgroupWorld(app, db);
    const day = slot(2, '14:00');
    const weekday = new Date(`${day.date}T12:00:00Z`).getUTCDay();
    await world.commander.agent
      .put('/api/user/availability')
      .set('X-Community-Id', world.id)
      .send({ windows: [{ dayOfWeek: weekday, startTime: '14:00', endTime: '17:00' }] })
      .expect(200);
    const free = (path: string) => world.asker.agent.get(path).set('X-Community-Id', world.id);
    const slotsPath = `/api/commanders/${world.commander.user.id}/free-slots?date=${day.date}`;
    expect((await free(slotsPath).expect(200)).body).toEqual({ date: day.date, slots: ['14:00', '15:00', '16:00'] });
    await book(world, world.asker.agent, day).expect(201);
    expect((await free(slotsPath).expect(200)).body.slots).toEqual(['15:00', '16:00']);
    expectJsonError(await book(world, world.neighbour.agent, slot(2, '09:00')), 409, OUTSIDE_HOURS_MESSAGE);

    // Without office hours every slot is open.
    await world.commander.agent.put('/api/user/availability').set('X-Community-Id', world.id).send({ windows: [] }).expect(200);
    expect((await free(slotsPath).expect(200)).body.slots).toEqual(MEETING_SLOTS.filter((s) => s !== '14:00'));
  });

  it('lets only commanders set office hours, and answers 404 for someone who is not a member', async () => {
    const world = await subgroupWorld(app, db);
    expectJsonError(await world.asker.agent.put('/api/user/availability').set('X-Community-Id', world.id).send({ windows: [] }), 403);
    const outsider = await subgroupWorld(app, db);
    expectJsonError(await world.asker.agent.get(`/api/commanders/${outsider.commander.user.id}/free-slots?date=2030-01-01`).set('X-Community-Id', world.id), 404);
    expectJsonError(await world.commander.agent.put('/api/user/availability').set('X-Community-Id', world.id).send({ windows: [{ dayOfWeek: 9, startTime: '10:00', endTime: '09:00' }] }), 400);
  });
});

describe('reading, rescheduling and downloading meetings', () => {
  let world: SubgroupWorld;
  let meeting: MeetingView;
  beforeAll(async () => {
    world = await subgroupWorld(app, db);
    meeting = (await book(world, world.asker.agent, { ...slot(6, '11:00'), notes: 'Fasting; questions, and more' }).expect(201)).body;
  });

  it('keeps a meeting private from a third member of the same community, by every route', async () => {
    expect(await list(world, world.neighbour.agent)).toEqual([]);
    expectJsonError(await world.neighbour.agent.get(`/api/meetings/${meeting.id}/ics`).set('X-Community-Id', world.id), 404, MEETING_NOT_FOUND);
    expectJsonError(await world.neighbour.agent.patch(`/api/meetings/${meeting.id}`).set('X-Community-Id', world.id).send(slot(7, '11:00')), 404, MEETING_NOT_FOUND);
    const outsider = await subgroupWorld(app, db);
    expectJsonError(await outsider.owner.agent.get('/api/meetings').set('X-Community-Id', world.id), 404);
    expectJsonError(await request(app).get('/api/meetings'), 401);
  });

  it('reschedules to a free time and notifies the other party; a taken time is refused', async () => {
    const moved = await world.commander.agent.patch(`/api/meetings/${meeting.id}`).set('X-Community-Id', world.id).send(slot(6, '14:00')).expect(200);
    expect(moved.body.startsAt).toBe(slot(6, '14:00').startsAt);
    expect((await inbox(world.asker.agent))[0]).toMatchObject({ type: 'meeting', title: 'Meeting rescheduled' });
    const other = (await book(world, world.neighbour.agent, slot(6, '16:00')).expect(201)).body as MeetingView;
    expectJsonError(await world.commander.agent.patch(`/api/meetings/${meeting.id}`).set('X-Community-Id', world.id).send(slot(6, '16:00')), 409, OWN_DOUBLE_BOOKED_MESSAGE);
    expect(other.id).toBeTruthy();
    meeting = moved.body;
  });

  it('downloads a valid .ics for each participant', async () => {
    const response = await world.asker.agent.get(`/api/meetings/${meeting.id}/ics`).set('X-Community-Id', world.id).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="meeting-\d{4}-\d{2}-\d{2}\.ics"$/);
    const text = response.text;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain(`UID:${meeting.id}@steadfast`);
    expect(text).toContain(`DTSTART:${meeting.startsAt.replace(/[-:]/g, '').replace('.000', '')}`);
    expect(text).toContain(`SUMMARY:Meeting with ${world.commander.user.displayName}`);
    expect(text).toContain('DESCRIPTION:Fasting\\; questions\\, and more');
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    await world.commander.agent.get(`/api/meetings/${meeting.id}/ics`).set('X-Community-Id', world.id).expect(200);
    expectJsonError(await world.asker.agent.get(`/api/meetings/${randomUUID()}/ics`).set('X-Community-Id', world.id), 404);
  });
});
