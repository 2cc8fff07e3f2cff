import { and, desc, eq, inArray, like } from 'drizzle-orm';
import request from 'supertest';
import type { NotificationPreferences } from '@shared/contracts/notification-preferences';
import { addDays, dateInTimeZone, wallClockInTimeZone, zonedInstant } from '@shared/domain/calendar';
import { users } from '@shared/schema/auth';
import { mailOutbox } from '@shared/schema/mail';
import { createTestApp } from '../../test/app';
import { startTestSmtpServer } from '../../test/smtp';
import { expectJsonError } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { importPerson, person } from '../claims/claims-test-kit';
import { subgroupWorld, type SubgroupWorld } from '../questions/questions-test-kit';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { UNSUBSCRIBE_BODY_REQUIRED, UNSUBSCRIBE_LINK_INVALID } from './preference-routes';
import { MEETING_NOTIFICATION_WINDOW_MS } from './service';

// Issue 24 items 1 and 2: notification preferences, and every notification kind as an e-mail through the
// outbox, to verified addresses, with its title and a link but never private text, and one-click unsubscribe.

const { app, database, advanceClock } = await createTestApp(LIFTED_LIMITS);
const { db } = database;
const ZONE = 'America/Chicago';

async function verify(...people: { user: { id: string } }[]) {
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(inArray(users.id, people.map((person) => person.user.id)));
}

/** The world with everyone's e-mail proven (the verification link itself is tested in the auth suites). */
async function verifiedWorld() {
  const world = await subgroupWorld(app, db);
  await verify(world.owner, world.commander, world.asker, world.neighbour, world.loner);
  return world;
}

const queuedFor = (email: string) =>
  db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, email), like(mailOutbox.kind, 'notify-%'))).orderBy(desc(mailOutbox.createdAt));

const inWorld = (world: SubgroupWorld) => (call: request.Test) => call.set('X-Community-Id', world.id);
const preferences = (agent: Agent) => agent.get('/api/user/notification-preferences').expect(200).then((response) => response.body as NotificationPreferences);

function slot(days: number, time: string) {
  const startsAt = zonedInstant(addDays(dateInTimeZone(new Date(), ZONE), days), time, ZONE);
  return { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 60 * 60_000).toISOString() };
}

describe('GET and PUT /api/user/notification-preferences', () => {
  it('answers the quiet defaults, in the zone of the first community, to the signed-in person only', async () => {
    const world = await verifiedWorld();
    await request(app).get('/api/user/notification-preferences').expect(401);
    await request(app).put('/api/user/notification-preferences').send({ dailyReminder: true }).expect(401);
    expect(await preferences(world.asker.agent)).toEqual({
      email: { questions: true, answers: true, meetings: true, care: true, weekly: false, applications: false, claims: false, community: true },
      push: { questions: true, answers: true, meetings: true, care: true, weekly: false, applications: false, claims: false, community: true },
      dailyReminder: false,
      reminderEmail: false,
      reminderTime: null,
      timeZone: ZONE,
      timeZoneChosen: false,
      quietHours: null,
    });
  });

  it('changes only what is sent, and keeps it', async () => {
    const world = await verifiedWorld();
    const agent = world.asker.agent;
    await agent.put('/api/user/notification-preferences').send({ email: { meetings: false }, timeZone: 'UTC' }).expect(200);
    const saved = (await agent.put('/api/user/notification-preferences').send({ push: { questions: false }, dailyReminder: true, reminderTime: '07:30', quietHours: { start: '22:00', end: '07:00' } }).expect(200))
      .body as NotificationPreferences;
    expect(saved).toMatchObject({
      email: { questions: true, answers: true, meetings: false },
      push: { questions: false, answers: true, meetings: true },
      dailyReminder: true,
      reminderTime: '07:30',
      timeZone: 'UTC',
      timeZoneChosen: true,
      quietHours: { start: '22:00', end: '07:00' },
    });
    expect(await preferences(agent)).toEqual(saved);
    // The object GET answers can be PUT back as it is.
    expect((await agent.put('/api/user/notification-preferences').send(saved).expect(200)).body).toEqual(saved);
    // Someone else's are untouched.
    expect((await preferences(world.neighbour.agent)).email.meetings).toBe(true);
    await agent.put('/api/user/notification-preferences').send({ quietHours: null, reminderTime: null }).expect(200);
    expect(await preferences(agent)).toMatchObject({ quietHours: null, reminderTime: null, dailyReminder: true });
  });

  it.each([
    [{ reminderTime: '25:00' }, 'reminderTime', 'Reminder time must be a time like 07:30'],
    [{ reminderTime: '7:30' }, 'reminderTime', 'Reminder time must be a time like 07:30'],
    [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone', 'Unknown time zone'],
    [{ quietHours: { start: '22:00', end: '22:00' } }, 'quietHours.end', 'Quiet hours must end at another time than they start'],
    [{ quietHours: { start: '22:00' } }, 'quietHours.end', 'End must be a time like 07:30'],
    [{ email: { questions: 'yes' } }, 'email.questions', 'Choose on or off'],
    [{ email: { sermons: true } }, 'email', undefined],
    [{ dailyReminder: 1 }, 'dailyReminder', 'Choose on or off'],
  ])('refuses %j with 400 naming the field, writing nothing', async (body, field, message) => {
    const world = await verifiedWorld();
    const before = await preferences(world.asker.agent);
    const response = await world.asker.agent.put('/api/user/notification-preferences').send(body);
    expectJsonError(response, 400);
    expect(Object.keys(response.body.fields ?? {})).toContain(field);
    if (message) expect(response.body.fields[field]).toBe(message);
    expect(await preferences(world.asker.agent)).toEqual(before);
  });
});

describe('notification e-mails', () => {
  it('a question e-mails its commander once: the subject and a link, never the text', async () => {
    const world = await verifiedWorld();
    await inWorld(world)(world.asker.agent.post('/api/questions')).send({ title: 'Fasting on work days', body: 'PRIVATE: my struggle with fasting', priority: 'Normal' }).expect(201);
    const [mail, ...more] = await queuedFor(world.commander.email);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ kind: 'notify-questions', subject: 'New question: Fasting on work days' });
    expect(mail!.textBody).toContain('http://localhost:');
    expect(mail!.textBody).toContain('/questions?tab=received');
    expect(mail!.textBody).not.toContain('PRIVATE');
    expect(mail!.headers).toMatchObject({ 'List-Unsubscribe': expect.stringMatching(/^<http:\/\/localhost:\d+\/api\/notifications\/unsubscribe\?token=[^>]+>$/), 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    // Nobody else is written to.
    expect(await queuedFor(world.asker.email)).toHaveLength(0);
    expect(await queuedFor(world.owner.email)).toHaveLength(0);
  });

  it('an answer e-mails the asker, without the answer', async () => {
    const world = await verifiedWorld();
    const question = (await inWorld(world)(world.asker.agent.post('/api/questions')).send({ title: 'Keeping awake', body: 'How?', priority: 'Normal' }).expect(201)).body as { id: string };
    await inWorld(world)(world.commander.agent.patch(`/api/questions/${question.id}`)).send({ status: 'Answered', answer: 'PRIVATE ANSWER: keep water by you' }).expect(200);
    const [mail, ...more] = await queuedFor(world.asker.email);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ kind: 'notify-answers', subject: 'Your question was answered: Keeping awake' });
    expect(mail!.textBody).not.toContain('PRIVATE');
  });

  it('a meeting e-mails the other person with its time in their own zone, never its notes; rescheduling and cancelling too', async () => {
    const world = await verifiedWorld();
    await world.asker.agent.put('/api/user/notification-preferences').send({ timeZone: 'Asia/Tokyo' }).expect(200);
    const time = slot(3, '10:00');
    const meeting = (
      await inWorld(world)(world.commander.agent.post('/api/meetings'))
        .send({ memberId: world.asker.user.id, ...time, notes: 'PRIVATE NOTE about the struggle', location: 'https://meet.example.org/a' })
        .expect(201)
    ).body as { id: string };
    const [scheduled] = await queuedFor(world.asker.email);
    const tokyo = wallClockInTimeZone(new Date(time.startsAt), 'Asia/Tokyo');
    expect(scheduled).toMatchObject({ kind: 'notify-meetings' });
    expect(scheduled!.subject).toMatch(/^Meeting scheduled: /);
    expect(scheduled!.subject).toContain(`GMT+9`);
    expect(scheduled!.subject).toContain(String(Number(tokyo.time.slice(3, 5))).padStart(2, '0'));
    expect(scheduled!.textBody).not.toContain('PRIVATE');
    expect(scheduled!.textBody).toContain('/meetings');

    // Past the 10 minutes in which changes of one meeting e-mail its people once (issue 38 item 5).
    advanceClock(MEETING_NOTIFICATION_WINDOW_MS + 1);
    await inWorld(world)(world.commander.agent.patch(`/api/meetings/${meeting.id}`)).send(slot(5, '15:00')).expect(200);
    const [moved] = await queuedFor(world.asker.email);
    expect(moved!.subject).toMatch(/^Meeting rescheduled: .*GMT\+9/);

    await inWorld(world)(world.asker.agent.post(`/api/meetings/${meeting.id}/cancel`)).expect(200);
    const [cancelled, ...others] = await queuedFor(world.commander.email);
    expect(others).toHaveLength(0);
    expect(cancelled!.subject).toMatch(/^Meeting cancelled: .*(CST|CDT)/);
  });

  it('a history offered by a link e-mails the member, when they turned claims on', async () => {
    const world = await verifiedWorld();
    await world.asker.agent.put('/api/user/notification-preferences').send({ email: { claims: true } }).expect(200);
    const imported = await importPerson(db, world.owner.agent, world.id, { displayName: person('nameonly').displayName, email: null, role: 'Member', days: { 1: 'Yes' } });
    await world.owner.agent.post(`/api/communities/${world.id}/imported-members/${imported.id}/link`).send({ userId: world.asker.user.id }).expect(202);
    const [mail, ...more] = await queuedFor(world.asker.email);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ kind: 'notify-claims', subject: 'Imported history is offered to you' });
    expect(mail!.textBody).toContain('/tracking');
    // The moderator who linked it is not told of their own act.
    expect(await queuedFor(world.owner.email)).toHaveLength(0);
  });

  it('an application e-mails the moderators who turned applications on (off by default)', async () => {
    const world = await verifiedWorld();
    const apply = (email: string) =>
      request(app).post('/api/member-applications').send({ name: 'Lydia of Thyatira', email, message: 'PRIVATE hopes', disciplineTargets: {}, communityId: world.id }).expect(201);
    await apply('lydia-1@example.org');
    expect(await queuedFor(world.owner.email)).toHaveLength(0);
    await world.owner.agent.put('/api/user/notification-preferences').send({ email: { applications: true } }).expect(200);
    await apply('lydia-2@example.org');
    const [mail, ...more] = await queuedFor(world.owner.email);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ kind: 'notify-applications' });
    // The applicant has no account: a fixed subject, their name only quoted in the body (issue 38 item 9).
    expect(mail!.subject).toBe(`New application to ${world.community.name}`);
    expect(mail!.textBody).toContain('\n> Name: Lydia of Thyatira\n');
    expect(mail!.textBody).toContain('/admin?tab=applications');
    expect(mail!.textBody).not.toContain('PRIVATE');
  });

  it('sends nothing for a kind that is off, nor to an address that is not proven', async () => {
    const world = await subgroupWorld(app, db);
    await verify(world.asker);
    // The commander's address is not verified: the bell still shows the question, no e-mail is queued.
    await inWorld(world)(world.asker.agent.post('/api/questions')).send({ title: 'One', body: 'Body', priority: 'Normal' }).expect(201);
    expect(await queuedFor(world.commander.email)).toHaveLength(0);
    const inbox = (await world.commander.agent.get('/api/notifications').expect(200)).body as unknown[];
    expect(inbox).toHaveLength(1);
    // The asker turned meetings off.
    await verify(world.commander);
    await world.asker.agent.put('/api/user/notification-preferences').send({ email: { meetings: false } }).expect(200);
    await inWorld(world)(world.commander.agent.post('/api/meetings')).send({ memberId: world.asker.user.id, ...slot(4, '11:00'), notes: '', location: 'TBD' }).expect(201);
    expect(await queuedFor(world.asker.email)).toHaveLength(0);
  });

  it('holds an e-mail back until quiet hours end', async () => {
    const world = await verifiedWorld();
    const now = new Date();
    const hour = (offset: number) => `${String((now.getUTCHours() + 24 + offset) % 24).padStart(2, '0')}:00`;
    await world.commander.agent.put('/api/user/notification-preferences').send({ timeZone: 'UTC', quietHours: { start: hour(-1), end: hour(2) } }).expect(200);
    await inWorld(world)(world.asker.agent.post('/api/questions')).send({ title: 'At night', body: 'Body', priority: 'Urgent' }).expect(201);
    const [mail] = await queuedFor(world.commander.email);
    const end = new Date(now);
    end.setUTCHours(now.getUTCHours() + 2, 0, 0, 0);
    expect(mail!.nextAttemptAt.getTime()).toBe(end.getTime());
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  async function unsubscribeLinkOf(world: SubgroupWorld) {
    await inWorld(world)(world.asker.agent.post('/api/questions')).send({ title: 'Unsubscribe me', body: 'Body', priority: 'Normal' }).expect(201);
    const [mail] = await queuedFor(world.commander.email);
    const header = mail!.headers!['List-Unsubscribe']!;
    const url = new URL(header.slice(1, -1));
    return `${url.pathname}${url.search}`;
  }

  it('turns that kind off for that person with a form POST, no cookie and no Origin, as mail providers send it', async () => {
    const world = await verifiedWorld();
    const link = await unsubscribeLinkOf(world);
    const response = await request(app).post(link).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await preferences(world.commander.agent)).email).toMatchObject({ questions: false, answers: true, meetings: true });
    // Again is fine (a provider may retry), and the next question sends no e-mail.
    await request(app).post(link).type('form').send('List-Unsubscribe=One-Click').expect(200);
    await inWorld(world)(world.asker.agent.post('/api/questions')).send({ title: 'After', body: 'Body', priority: 'Normal' }).expect(201);
    expect((await queuedFor(world.commander.email)).map((mail) => mail.subject)).toEqual(['New question: Unsubscribe me']);
  });

  it('a GET (a person or a link scanner opening it) changes nothing and offers the button', async () => {
    const world = await verifiedWorld();
    const link = await unsubscribeLinkOf(world);
    const page = await request(app).get(link).expect(200);
    expect(page.text).toContain('Stop these e-mails');
    expect(page.text).toContain('name="List-Unsubscribe" value="One-Click"');
    expect((await preferences(world.commander.agent)).email.questions).toBe(true);
  });

  it('refuses a forged or altered token and a POST without the one-click body, changing nothing', async () => {
    const world = await verifiedWorld();
    const link = await unsubscribeLinkOf(world);
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    const [userId, topic, signature] = token.split('.') as [string, string, string];
    for (const forged of [
      `${world.asker.user.id}.${topic}.${signature}`, // someone else's id under this signature
      `${userId}.meetings.${signature}`, // another topic
      `${userId}.${topic}.${signature.slice(0, -2)}AA`,
      'garbage',
      '',
    ]) {
      const response = await request(app).post(`/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`).type('form').send('List-Unsubscribe=One-Click');
      expectJsonError(response, 400, UNSUBSCRIBE_LINK_INVALID);
    }
    expectJsonError(await request(app).post(link).type('form').send('List-Unsubscribe=Maybe'), 400, UNSUBSCRIBE_BODY_REQUIRED);
    expectJsonError(await request(app).post(link), 400, UNSUBSCRIBE_BODY_REQUIRED);
    // Opened in a browser, a bad link is a page that says so, not the API's JSON.
    const opened = await request(app).get('/api/notifications/unsubscribe?token=garbage').expect(400);
    expect(opened.headers['content-type']).toMatch(/^text\/html/);
    expect(opened.text).toContain('<h1>This link does not work</h1>');
    expect(opened.text).toContain(UNSUBSCRIBE_LINK_INVALID);
    expect((await preferences(world.commander.agent)).email.questions).toBe(true);
    expect((await preferences(world.asker.agent)).email.questions).toBe(true);
  });
});

describe('delivered through a real SMTP server', () => {
  it('arrives within the request’s wake-up, with the one-click unsubscribe headers, and its link works', async () => {
    const smtp = await startTestSmtpServer();
    const mailing = await createTestApp({ ...LIFTED_LIMITS, SMTP_URL: smtp.url }, { mail: { worker: { recipientSuffix: `@${smtp.domain}`, pollMs: 60_000 } } });
    const world = await subgroupWorld(mailing.app, mailing.database.db);
    const address = smtp.address('commander');
    await mailing.database.db.update(users).set({ email: address, emailVerifiedAt: new Date() }).where(eq(users.id, world.commander.user.id));
    await world.asker.agent.post('/api/questions').set('X-Community-Id', world.id).send({ title: 'Midnight prayer', body: 'PRIVATE body', priority: 'Urgent' }).expect(201);
    // The worker polls once a minute here: only the wake-up after the request can deliver it in time.
    const [mail] = await smtp.waitFor(address, 1);
    expect(mail!.subject).toBe('New question: Midnight prayer');
    expect(mail!.text).not.toContain('PRIVATE');
    expect(mail!.link).toMatch(/\/questions\?tab=received$/);
    // And an HTML part of the same words, its link a button; nothing private in it either.
    expect(mail!.html).toContain(`href="${mail!.link}"`);
    expect(mail!.html).toContain('>Open it in Steadfast</a>');
    expect(mail!.html).not.toContain('PRIVATE');
    const unsubscribe = mail!.rawHeaders['list-unsubscribe']!;
    expect(unsubscribe).toMatch(/^List-Unsubscribe: <http:\/\/localhost:\d+\/api\/notifications\/unsubscribe\?token=.+>$/);
    expect(mail!.rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const url = new URL(unsubscribe.slice('List-Unsubscribe: <'.length, -1));
    await request(mailing.app).post(`${url.pathname}${url.search}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(((await world.commander.agent.get('/api/user/notification-preferences').expect(200)).body as NotificationPreferences).email.questions).toBe(false);
  });
});
