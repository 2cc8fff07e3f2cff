import { and, eq, inArray } from 'drizzle-orm';
import type { MeetingView } from '@shared/contracts/meetings';
import type { NotificationView } from '@shared/contracts/notifications';
import { addDays, dateInTimeZone, zonedInstant } from '@shared/domain/calendar';
import { users } from '@shared/schema/auth';
import { mailOutbox } from '@shared/schema/mail';
import { notifications } from '@shared/schema/notifications';
import { createTestApp } from '../../test/app';
import { expectJsonError, setRoles } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { MEETING_NOTIFICATION_WINDOW_MS } from '../notifications/service';
import { subgroupWorld, type SubgroupWorld } from '../questions/questions-test-kit';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { MEETING_CHANGE_FLOOD_MESSAGE } from './routes';

// Issue 38 item 5: 40 reschedules in 6 s sent 40 e-mails and buried the commander's bell. A member's accepted
// reschedules and cancels are limited per hour; notifications about one meeting within 10 minutes are one, and
// at most one e-mail or push about it goes out in that time.

const CHANGES_PER_HOUR = 10;
const { app, database, advanceClock } = await createTestApp({ ...LIFTED_LIMITS, RATE_LIMIT_MEETING_CHANGES_PER_USER: CHANGES_PER_HOUR });
const { db } = database;
const ZONE = 'America/Chicago';
const HOUR = 60 * 60_000;

/** An hour from `time` on the day `days` from today, in the community's zone: one of the slots a member may book. */
function slot(days: number, time: string) {
  const startsAt = zonedInstant(addDays(dateInTimeZone(new Date(), ZONE), days), time, ZONE);
  return { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + HOUR).toISOString() };
}

async function world(): Promise<SubgroupWorld> {
  const made = await subgroupWorld(app, db);
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(inArray(users.id, [made.commander.user.id, made.asker.user.id, made.neighbour.user.id]));
  return made;
}

const inWorld = (w: SubgroupWorld, call: ReturnType<Agent['get']>) => call.set('X-Community-Id', w.id);
const request = async (w: SubgroupWorld, agent: Agent, time = slot(2, '10:00')) =>
  (await inWorld(w, agent.post('/api/meetings')).send(time).expect(201)).body as MeetingView;
const schedule = async (w: SubgroupWorld, time = slot(2, '10:00')) =>
  (await inWorld(w, w.commander.agent.post('/api/meetings')).send({ memberId: w.asker.user.id, ...time, location: 'Room 1', notes: '' }).expect(201)).body as MeetingView;
const reschedule = (w: SubgroupWorld, agent: Agent, meetingId: string, time: { startsAt: string; endsAt: string }) => inWorld(w, agent.patch(`/api/meetings/${meetingId}`)).send(time);
const cancel = (w: SubgroupWorld, agent: Agent, meetingId: string) => inWorld(w, agent.post(`/api/meetings/${meetingId}/cancel`));

const bell = async (agent: Agent) => (await agent.get('/api/notifications').expect(200)).body as NotificationView[];
const meetingMails = (email: string) => db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, 'notify-meetings')));

/** Two times a member may book, in turn. */
const times = [slot(3, '10:00'), slot(4, '14:00')];

describe('a member rescheduling one meeting over and over', () => {
  it(`accepts ${CHANGES_PER_HOUR} reschedules an hour, then answers 429; the commander's bell holds one notification and one e-mail went out`, async () => {
    const w = await world();
    const meeting = await request(w, w.asker.agent);
    const before = await w.commander.agent.get('/api/notifications').expect(200);

    const statuses: number[] = [];
    let refused;
    for (let n = 0; n < 40; n++) {
      const response = await reschedule(w, w.asker.agent, meeting.id, times[n % 2]!);
      statuses.push(response.status);
      if (response.status === 429) refused ??= response;
    }
    expect(statuses).toEqual([...Array<number>(CHANGES_PER_HOUR).fill(200), ...Array<number>(40 - CHANGES_PER_HOUR).fill(429)]);
    expectJsonError(refused!, 429, MEETING_CHANGE_FLOOD_MESSAGE);
    expect(refused!.headers['retry-after']).toMatch(/^\d+$/);

    // One line in the bell, about the last accepted change, unread; the poll sees it changed.
    const inbox = await bell(w.commander.agent);
    expect(inbox).toEqual([expect.objectContaining({ type: 'meeting', title: 'Meeting rescheduled', isRead: false })]);
    expect(await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.meetingId, meeting.id))).toHaveLength(1);
    const poll = await w.commander.agent.get('/api/notifications').set('If-None-Match', before.headers.etag as string);
    expect(poll.status).toBe(200);
    expect(poll.headers.etag).not.toBe(before.headers.etag);
    // One e-mail: the request's; the reschedules within 10 minutes of it sent none.
    expect((await meetingMails(w.commander.email)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Meeting requested: /)]);
  });

  it("never limits the commander's own reschedules, and the member hears of them once", async () => {
    const w = await world();
    const meeting = await schedule(w);
    for (let n = 0; n < 3 * CHANGES_PER_HOUR; n++) await reschedule(w, w.commander.agent, meeting.id, times[n % 2]!).expect(200);
    expect(await bell(w.asker.agent)).toEqual([expect.objectContaining({ title: 'Meeting rescheduled', isRead: false })]);
    expect((await meetingMails(w.asker.email)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Meeting scheduled: /)]);
  });

  it('never limits a Commander, even as the member of a meeting with their own commander', async () => {
    const w = await world();
    await setRoles(db, w.id, w.neighbour.user.id, ['Commander']);
    const meeting = await request(w, w.neighbour.agent);
    for (let n = 0; n < 2 * CHANGES_PER_HOUR; n++) await reschedule(w, w.neighbour.agent, meeting.id, times[n % 2]!).expect(200);
  });

  it('counts accepted cancels too, never refused attempts, per member, for an hour', async () => {
    const w = await world();
    const first = await request(w, w.asker.agent, slot(2, '10:00'));
    const second = await request(w, w.asker.agent, slot(2, '11:00'));
    for (let n = 0; n < CHANGES_PER_HOUR - 1; n++) await reschedule(w, w.asker.agent, first.id, times[n % 2]!).expect(200);
    // Refused: not one of the offered times, or in the past. They cost nothing.
    for (let n = 0; n < 5; n++) expectJsonError(await reschedule(w, w.asker.agent, first.id, { startsAt: slot(5, '10:30').startsAt, endsAt: slot(5, '11:30').startsAt }), 400);
    await cancel(w, w.asker.agent, second.id).expect(200);
    expectJsonError(await reschedule(w, w.asker.agent, first.id, times[0]!), 429, MEETING_CHANGE_FLOOD_MESSAGE);
    expectJsonError(await cancel(w, w.asker.agent, first.id), 429, MEETING_CHANGE_FLOOD_MESSAGE);

    // Another member of the subgroup has their own allowance.
    const neighbours = await request(w, w.neighbour.agent, slot(6, '10:00'));
    await reschedule(w, w.neighbour.agent, neighbours.id, slot(6, '11:00')).expect(200);

    advanceClock(HOUR + 1);
    await reschedule(w, w.asker.agent, first.id, times[0]!).expect(200);
  });
});

describe('notifications about one meeting', () => {
  it('replace one another within 10 minutes (unread again, a new id), and e-mail once; after that, a new one and a new e-mail', async () => {
    const w = await world();
    const meeting = await schedule(w);
    const [scheduled] = await bell(w.asker.agent);
    await w.asker.agent.patch('/api/notifications/read-all').expect(200);

    await reschedule(w, w.commander.agent, meeting.id, times[0]!).expect(200);
    const [replaced, ...older] = await bell(w.asker.agent);
    expect(older).toEqual([]);
    expect(replaced).toMatchObject({ title: 'Meeting rescheduled', isRead: false });
    expect(replaced!.id).not.toBe(scheduled!.id);
    expect(await meetingMails(w.asker.email)).toHaveLength(1);

    advanceClock(MEETING_NOTIFICATION_WINDOW_MS + 1);
    await cancel(w, w.commander.agent, meeting.id).expect(200);
    expect((await bell(w.asker.agent)).map((notification) => notification.title)).toEqual(['Meeting cancelled', 'Meeting rescheduled']);
    expect((await meetingMails(w.asker.email)).map((mail) => mail.subject.split(':')[0])).toEqual(expect.arrayContaining(['Meeting scheduled', 'Meeting cancelled']));
    expect(await meetingMails(w.asker.email)).toHaveLength(2);
  });
});
