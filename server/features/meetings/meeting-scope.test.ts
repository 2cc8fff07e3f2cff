import { and, eq } from 'drizzle-orm';
import type { MeetingView } from '@shared/contracts/meetings';
import { addDays, dateInTimeZone, zonedInstant } from '@shared/domain/calendar';
import { notifications } from '@shared/schema/notifications';
import { meetings } from '@shared/schema/meetings';
import { createTestApp } from '../../test/app';
import { expectJsonError, setRoles } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { subgroupWorld, type SubgroupWorld } from '../questions/questions-test-kit';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { COMMANDER_NOT_FOUND, OUTSIDE_LED_SUBGROUPS_MESSAGE } from './service';

// Who may meet whom, what a member's request may set, what free-slots tells, and the .ics file's details.

const { app, database } = await createTestApp(LIFTED_LIMITS);
const { db } = database;
const ZONE = 'America/Chicago'; // the test communities' time zone

function slot(days: number, time: string) {
  const date = addDays(dateInTimeZone(new Date(), ZONE), days);
  const startsAt = zonedInstant(date, time, ZONE);
  return { date, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 60 * 60_000).toISOString() };
}

const book = (world: SubgroupWorld, agent: Agent, payload: Record<string, unknown>) =>
  agent.post('/api/meetings').set('X-Community-Id', world.id).send(payload);
const meetingsOf = (communityId: string) => db.select().from(meetings).where(eq(meetings.communityId, communityId));
const meetingNotices = (userId: string) => db.select().from(notifications).where(and(eq(notifications.toUserId, userId), eq(notifications.type, 'meeting')));

/** subgroupWorld plus a second subgroup, Beta, led by `loner` (made a Commander), with `neighbour` moved into it. */
async function twoSubgroups() {
  const world = await subgroupWorld(app, db);
  await setRoles(db, world.id, world.loner.user.id, ['Commander']);
  const beta = (await world.owner.agent.post('/api/subgroups').set('X-Community-Id', world.id).send({ name: 'Beta Group' }).expect(201)).body as { id: string };
  await world.owner.agent.patch(`/api/subgroups/${beta.id}/commander`).set('X-Community-Id', world.id).send({ commanderId: world.loner.user.id }).expect(200);
  await world.owner.agent.patch(`/api/users/${world.neighbour.user.id}/subgroup`).set('X-Community-Id', world.id).send({ subgroupId: beta.id }).expect(200);
  return world;
}

describe('who a commander may schedule with', () => {
  it('refuses a commander scheduling with a member of a subgroup they do not lead (403), writing and notifying nothing', async () => {
    const world = await twoSubgroups();
    for (const [commander, member] of [
      [world.commander, world.neighbour],
      [world.loner, world.asker],
    ] as const) {
      const refused = await book(world, commander.agent, { ...slot(3, '10:00'), memberId: member.user.id, location: 'Room 2' });
      expectJsonError(refused, 403, OUTSIDE_LED_SUBGROUPS_MESSAGE);
      expect(await meetingNotices(member.user.id)).toEqual([]);
    }
    expect(await meetingsOf(world.id)).toEqual([]);
    // Each schedules with the members of the subgroup they lead.
    await book(world, world.commander.agent, { ...slot(3, '10:00'), memberId: world.asker.user.id }).expect(201);
    await book(world, world.loner.agent, { ...slot(3, '11:00'), memberId: world.neighbour.user.id }).expect(201);
  });

  it('refuses a commander scheduling with a member in no subgroup, while an admin schedules anyone with any commander', async () => {
    const world = await subgroupWorld(app, db);
    expectJsonError(await book(world, world.commander.agent, { ...slot(4, '10:00'), memberId: world.loner.user.id }), 403, OUTSIDE_LED_SUBGROUPS_MESSAGE);
    const byAdmin = await book(world, world.owner.agent, { ...slot(4, '10:00'), memberId: world.loner.user.id, commanderId: world.commander.user.id }).expect(201);
    expect(byAdmin.body).toMatchObject({ memberId: world.loner.user.id, commanderId: world.commander.user.id });
  });
});

describe("a member's request", () => {
  it("is stored with location 'TBD' whatever it names, so no member-chosen link becomes the commander's Join Call", async () => {
    const world = await subgroupWorld(app, db);
    const requested = await book(world, world.asker.agent, { ...slot(2, '14:00'), location: 'https://attacker.example/join', notes: 'Evenings are best' }).expect(201);
    expect(requested.body).toMatchObject({ location: 'TBD', notes: 'Evenings are best' });
    const [row] = await meetingsOf(world.id);
    expect(row!.location).toBe('TBD');
    // The commander sets the place when they schedule.
    const scheduled = await book(world, world.commander.agent, { ...slot(2, '16:00'), memberId: world.asker.user.id, location: 'https://meet.example.org/ruth' }).expect(201);
    expect(scheduled.body.location).toBe('https://meet.example.org/ruth');
  });
});

describe('GET /api/commanders/{id}/free-slots', () => {
  it('answers only for someone who leads a subgroup here: a plain member’s id is 404, even when they lead one in another community', async () => {
    const world = await subgroupWorld(app, db);
    const day = slot(2, '14:00').date;
    const slotsOf = (userId: string) => world.asker.agent.get(`/api/commanders/${userId}/free-slots?date=${day}`).set('X-Community-Id', world.id);
    await slotsOf(world.commander.user.id).expect(200);
    expectJsonError(await slotsOf(world.neighbour.user.id), 404, COMMANDER_NOT_FOUND);

    // `elsewhere` leads a subgroup in another community, where they have a meeting that day, and is a plain member here.
    const other = await subgroupWorld(app, db);
    await book(other, other.asker.agent, slot(2, '14:00')).expect(201);
    await world.owner.agent.post(`/api/communities/${world.id}/invite-codes`).expect(201);
    const code = (await world.owner.agent.post(`/api/communities/${world.id}/invite-codes`).expect(201)).body.inviteCode as string;
    await other.commander.agent.post('/api/communities/join').send({ inviteCode: code }).expect(200);
    expectJsonError(await slotsOf(other.commander.user.id), 404, COMMANDER_NOT_FOUND);
  });

  it('lists free slots only, never why a time is taken', async () => {
    const world = await subgroupWorld(app, db);
    const time = slot(2, '15:00');
    await book(world, world.neighbour.agent, { ...time, notes: 'private matter' }).expect(201);
    const response = await world.asker.agent.get(`/api/commanders/${world.commander.user.id}/free-slots?date=${time.date}`).set('X-Community-Id', world.id).expect(200);
    expect(Object.keys(response.body).sort()).toEqual(['date', 'slots']);
    expect(response.body.slots).not.toContain('15:00');
    expect(JSON.stringify(response.body)).not.toMatch(/private|neighbour|member/i);
  });
});

describe('the .ics file', () => {
  it('escapes a bare CR, names the community zone, is named by the local date, and counts reschedules in SEQUENCE', async () => {
    const world = await subgroupWorld(app, db);
    // 19:00 in Chicago is 01:00 UTC the next day: the file is still named by the Chicago date.
    const evening = slot(5, '19:00');
    const meeting = (
      await book(world, world.commander.agent, { ...evening, memberId: world.asker.user.id, notes: 'First line\rSecond line\r\nThird\nFourth' }).expect(201)
    ).body as MeetingView;
    expect(meeting.startsAt.slice(0, 10)).not.toBe(evening.date);
    const ics = () => world.asker.agent.get(`/api/meetings/${meeting.id}/ics`).set('X-Community-Id', world.id).expect(200);

    const first = await ics();
    expect(first.headers['content-disposition']).toBe(`attachment; filename="meeting-${evening.date}.ics"`);
    expect(first.text).toContain('DESCRIPTION:First line\\nSecond line\\nThird\\nFourth\r\n');
    expect(first.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(first.text).toContain(`X-WR-TIMEZONE:${ZONE}\r\n`);
    expect(first.text).toContain('SEQUENCE:0\r\n');
    expect(first.text).toContain('METHOD:PUBLISH\r\n');

    const later = slot(6, '19:00');
    await world.commander.agent.patch(`/api/meetings/${meeting.id}`).set('X-Community-Id', world.id).send(later).expect(200);
    await world.commander.agent.patch(`/api/meetings/${meeting.id}`).set('X-Community-Id', world.id).send(slot(6, '20:00')).expect(200);
    const moved = await ics();
    expect(moved.text).toContain('SEQUENCE:2\r\n');
    expect(moved.text).toContain(`UID:${meeting.id}@steadfast`);
    expect(moved.headers['content-disposition']).toBe(`attachment; filename="meeting-${later.date}.ics"`);
  });
});
