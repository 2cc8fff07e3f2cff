import { eq } from 'drizzle-orm';
import type { MeetingView } from '@shared/contracts/meetings';
import type { NotificationView } from '@shared/contracts/notifications';
import { addDays, dateInTimeZone, zonedInstant } from '@shared/domain/calendar';
import { meetings } from '@shared/schema/meetings';
import { createTestApp } from '../../test/app';
import { expectJsonError } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { subgroupWorld, type SubgroupWorld } from '../questions/questions-test-kit';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { MEETING_CANCELLED_MESSAGE, MEETING_ENDED_MESSAGE, MEETING_NOT_FOUND } from './service';

// A meeting's life: Upcoming until it ends, then Past; either person may cancel an upcoming one.

const { app, database, advanceClock } = await createTestApp(LIFTED_LIMITS);
const { db } = database;
let advanced = 0;
/** Moves the app's clock to `instant` (undone after each test). */
function clockAt(instant: number) {
  const step = instant - (Date.now() + advanced);
  advanceClock(step);
  advanced += step;
}
const ZONE = 'America/Chicago';

function slot(days: number, time: string) {
  const startsAt = zonedInstant(addDays(dateInTimeZone(new Date(), ZONE), days), time, ZONE);
  return { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 60 * 60_000).toISOString() };
}

const inWorld = (world: SubgroupWorld) => ({
  book: (agent: Agent, payload: Record<string, unknown>) => agent.post('/api/meetings').set('X-Community-Id', world.id).send(payload),
  cancel: (agent: Agent, id: string) => agent.post(`/api/meetings/${id}/cancel`).set('X-Community-Id', world.id),
  list: async (agent: Agent) => (await agent.get('/api/meetings').set('X-Community-Id', world.id).expect(200)).body as MeetingView[],
});
const inbox = async (agent: Agent) => (await agent.get('/api/notifications').expect(200)).body as NotificationView[];

afterEach(() => {
  advanceClock(-advanced);
  advanced = 0;
});

describe('meeting status', () => {
  it('is Upcoming until the meeting ends (not when it starts), then Past', async () => {
    const world = await subgroupWorld(app, db);
    const { book, list } = inWorld(world);
    const time = slot(2, '14:00');
    await book(world.asker.agent, time).expect(201);
    expect((await list(world.asker.agent))[0]).toMatchObject({ status: 'Upcoming', cancelledAt: null });
    clockAt(Date.parse(time.startsAt) + 30 * 60_000); // half-way through
    expect((await list(world.asker.agent))[0]!.status).toBe('Upcoming');
    clockAt(Date.parse(time.endsAt));
    expect((await list(world.commander.agent))[0]!.status).toBe('Past');
  });
});

describe('POST /api/meetings/{id}/cancel', () => {
  it.each([
    ['the member', (world: SubgroupWorld) => world.asker, (world: SubgroupWorld) => world.commander],
    ['the commander', (world: SubgroupWorld) => world.commander, (world: SubgroupWorld) => world.asker],
  ])('lets %s cancel: it stays listed as Cancelled, the other is notified with the time and its zone, the time is free again', async (_, canceller, other) => {
    const world = await subgroupWorld(app, db);
    const { book, cancel, list } = inWorld(world);
    const time = slot(3, '10:00');
    const meeting = (await book(world.asker.agent, { ...time, notes: 'A private matter' }).expect(201)).body as MeetingView;
    const cancelled = await cancel(canceller(world).agent, meeting.id).expect(200);
    expect(cancelled.body).toMatchObject({ id: meeting.id, status: 'Cancelled', cancelledAt: expect.any(String), sequence: 1 });
    expect((await list(other(world).agent)).map((m) => [m.id, m.status])).toEqual([[meeting.id, 'Cancelled']]);
    const [notice] = await inbox(other(world).agent);
    expect(notice).toMatchObject({ type: 'meeting', title: 'Meeting cancelled' });
    expect(notice!.message).toMatch(/cancelled your meeting on \w+day, \w+ \d+ at 10:00 AM C[SD]T\.$/);
    expect(notice!.message).not.toContain('private');
    // The .ics says so, and the slot can be booked again.
    const ics = await world.asker.agent.get(`/api/meetings/${meeting.id}/ics`).set('X-Community-Id', world.id).expect(200);
    expect(ics.text).toContain('METHOD:CANCEL\r\n');
    expect(ics.text).toContain('STATUS:CANCELLED\r\n');
    expect(ics.text).toContain(`UID:${meeting.id}@steadfast\r\n`);
    expect(ics.text).toContain('SEQUENCE:1\r\n');
    await book(world.neighbour.agent, time).expect(201);
  });

  it('refuses to cancel twice, to cancel a meeting that has ended, or to reschedule a cancelled one (409), writing nothing', async () => {
    const world = await subgroupWorld(app, db);
    const { book, cancel } = inWorld(world);
    const first = (await book(world.asker.agent, slot(2, '09:00')).expect(201)).body as MeetingView;
    await cancel(world.asker.agent, first.id).expect(200);
    expectJsonError(await cancel(world.commander.agent, first.id), 409, MEETING_CANCELLED_MESSAGE);
    expectJsonError(await world.commander.agent.patch(`/api/meetings/${first.id}`).set('X-Community-Id', world.id).send(slot(2, '11:00')), 409, MEETING_CANCELLED_MESSAGE);

    const second = (await book(world.asker.agent, slot(2, '15:00')).expect(201)).body as MeetingView;
    clockAt(Date.parse(second.endsAt) + 1);
    expectJsonError(await cancel(world.asker.agent, second.id), 409, MEETING_ENDED_MESSAGE);
    const [row] = await db.select().from(meetings).where(eq(meetings.id, second.id));
    expect(row!.cancelledAt).toBeNull();
  });

  it('is 404 for anyone but its two people (an admin and a third member of the subgroup included), and for another community', async () => {
    const world = await subgroupWorld(app, db);
    const { book, cancel } = inWorld(world);
    const meeting = (await book(world.asker.agent, slot(4, '10:00')).expect(201)).body as MeetingView;
    for (const outsider of [world.neighbour, world.owner, world.loner]) expectJsonError(await cancel(outsider.agent, meeting.id), 404, MEETING_NOT_FOUND);
    const other = await subgroupWorld(app, db);
    expectJsonError(await other.asker.agent.post(`/api/meetings/${meeting.id}/cancel`).set('X-Community-Id', other.id), 404, MEETING_NOT_FOUND);
    expectJsonError(await cancel(world.asker.agent, 'not-an-id'), 404, MEETING_NOT_FOUND);
    const [row] = await db.select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(row!.cancelledAt).toBeNull();
  });
});
