import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, dateInTimeZone, zonedInstant } from '@shared/domain/calendar';
import { CLOSING_PERIOD_MS } from '@shared/domain/community-closing';
import { auditLogs } from '@shared/schema/audit';
import { users } from '@shared/schema/auth';
import { reflections } from '@shared/schema/care';
import { communities, institutions, memberships } from '@shared/schema/communities';
import { mailOutbox } from '@shared/schema/mail';
import { notifications } from '@shared/schema/notifications';
import { questions } from '@shared/schema/questions';
import { dailyLogs } from '@shared/schema/tracking';
import { createTestApp } from '../../test/app';
import { expectJsonError, setRoles, snapshotCommunity } from '../../test/community-fixtures';
import { type Agent, addMember, createCommunity, signUp, uniqueIdentity } from '../../test/factories';
import { signUpVerified } from '../../test/mail-kit';
import { linkKeyFrom } from '../notifications/delivery';
import { subgroupWorld } from '../questions/questions-test-kit';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { importCsv } from '../imports/import-service';
import { eraseClosedCommunities } from './closing';

const testApp = await createTestApp({ ...LIFTED_LIMITS, RATE_LIMIT_APPLY_PER_IP: 100_000 });
const { app, database } = testApp;
const { db } = database;

/** The app's clock (moved by advanceClock). */
let offset = 0;
const appNow = () => new Date(Date.now() + offset);
const advance = (ms: number) => {
  offset += ms;
  testApp.advanceClock(ms);
};
const delivery = { origin: 'http://localhost', linkKey: linkKeyFrom('closing-test'), now: appNow, pushEnabled: false };

const ZONE = 'America/Chicago';
const today = () => dateInTimeZone(appNow(), ZONE);
const thisMonth = () => ({ year: Number(today().slice(0, 4)), month: Number(today().slice(5, 7)) });
const checkIn = (agent: Agent, communityId: string) =>
  agent.post(`/api/communities/${communityId}/daily-log`).send({ ...thisMonth(), dayStatus: { bibleReading: { [String(Number(today().slice(8, 10)))]: 'Yes' } } });
function slot(days: number) {
  const startsAt = zonedInstant(addDays(today(), days), '10:00', ZONE);
  return { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString() };
}

const close = (agent: Agent, communityId: string, password: string | undefined) => agent.post(`/api/communities/${communityId}/close`).send(password === undefined ? {} : { password });

describe('closing a community', () => {
  it('is for Community Moderators: a non-member is told it does not exist, a Member or Commander is refused', async () => {
    const fixture = await createCommunity(app);
    const member = await addMember(app, fixture);
    const commander = await addMember(app, fixture, 'commander');
    await setRoles(db, fixture.community.id, commander.user.id, ['Commander']);
    const outsider = await signUp(app, uniqueIdentity('outsider'));

    expectJsonError(await close(outsider.agent, fixture.community.id, outsider.password), 404);
    expectJsonError(await close(member.agent, fixture.community.id, member.password), 403);
    expectJsonError(await close(commander.agent, fixture.community.id, commander.password), 403);
    expect((await db.select({ closesAt: communities.closesAt }).from(communities).where(eq(communities.id, fixture.community.id)))[0]!.closesAt).toBeNull();

    const before = appNow().getTime();
    const closed = await close(fixture.owner.agent, fixture.community.id, fixture.owner.password).expect(200);
    const closesAt = Date.parse(closed.body.closesAt);
    expect(closesAt).toBeGreaterThanOrEqual(before + CLOSING_PERIOD_MS);
    expect(closesAt).toBeLessThanOrEqual(appNow().getTime() + CLOSING_PERIOD_MS);

    // Every member reads the date: the community and the switcher's memberships carry it.
    expect((await member.agent.get(`/api/communities/${fixture.community.id}`).expect(200)).body.closesAt).toBe(closed.body.closesAt);
    const memberships = (await member.agent.get('/api/memberships').expect(200)).body as { community: { id: string; closesAt: string | null } }[];
    expect(memberships.find((m) => m.community.id === fixture.community.id)!.community.closesAt).toBe(closed.body.closesAt);

    // Closing again says it already is.
    expectJsonError(await close(fixture.owner.agent, fixture.community.id, fixture.owner.password), 409, /already closing, on \w+ \d+, \d{4}\./);
    // Its date written the asking reader's way, inside the English words the client translates.
    const korean = await close(fixture.owner.agent, fixture.community.id, fixture.owner.password).set('Accept-Language', 'ko');
    expectJsonError(korean, 409, /already closing, on \d{4}년 \d+월 \d+일\./);
    const audit = await db.select().from(auditLogs).where(and(eq(auditLogs.communityId, fixture.community.id), eq(auditLogs.action, 'close')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: fixture.owner.user.id, entity: 'community', diff: { closesAt: closed.body.closesAt } });
  });

  it('needs the password: a wrong or missing one is 400 and writes nothing; wrong ones are limited per account', async () => {
    const fixture = await createCommunity(app);
    await addMember(app, fixture);
    const before = await snapshotCommunity(db, fixture.community.id);
    const notificationsBefore = await db.select().from(notifications).where(eq(notifications.communityId, fixture.community.id));

    const wrong = await close(fixture.owner.agent, fixture.community.id, 'not my password');
    expectJsonError(wrong, 400, 'Your password is not correct.');
    expect(wrong.body.code).toBe('wrong_password');
    expectJsonError(await close(fixture.owner.agent, fixture.community.id, undefined), 400, 'Enter your password to confirm.');
    expect(await snapshotCommunity(db, fixture.community.id)).toEqual(before);
    expect(await db.select().from(notifications).where(eq(notifications.communityId, fixture.community.id))).toEqual(notificationsBefore);

    // The 10 wrong passwords of 15 minutes (RATE_LIMIT_PASSWORD_CHANGE_PER_USER): then even the right one waits.
    for (let i = 1; i < 10; i++) await close(fixture.owner.agent, fixture.community.id, `wrong ${i}`).expect(400);
    expectJsonError(await close(fixture.owner.agent, fixture.community.id, fixture.owner.password), 429, /Too many wrong passwords/);
    expect(await snapshotCommunity(db, fixture.community.id)).toEqual(before);
  });

  it('tells every member in the same transaction: the bell, and an e-mail with the date to verified addresses', async () => {
    const fixture = await createCommunity(app);
    const verified = await signUpVerified(app, db, uniqueIdentity('verified'));
    await verified.agent.post('/api/communities/join').send({ inviteCode: await fixture.joinCode() }).expect(200);
    const unverified = await addMember(app, fixture, 'unverified');

    const closed = await close(fixture.owner.agent, fixture.community.id, fixture.owner.password).expect(200);

    const told = await db.select().from(notifications).where(and(eq(notifications.communityId, fixture.community.id), eq(notifications.title, 'Community closing')));
    expect(told.map((n) => n.toUserId).sort()).toEqual([fixture.owner.user.id, verified.user.id, unverified.user.id].sort());
    const date = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: ZONE }).format(new Date(closed.body.closesAt));
    expect(told[0]!.message).toContain(date);

    const mail = await db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, [verified.email, unverified.email, fixture.owner.email]));
    const closingMail = mail.filter((m) => m.kind === 'notify-community');
    expect(closingMail.map((m) => m.recipient)).toEqual([verified.email]);
    expect(closingMail[0]!.subject).toContain(date);
    expect(closingMail[0]!.textBody).toContain(date);
  });

  it('refuses an import that passed the guard before the community began closing, once it holds the row', async () => {
    const world = await subgroupWorld(app, db);
    const [community] = await db.select().from(communities).where(eq(communities.id, world.id));
    // The community began closing after the guard read it open.
    await db.update(communities).set({ closesAt: new Date(Date.now() + CLOSING_PERIOD_MS) }).where(eq(communities.id, world.id));
    const context = { community: community!, userId: world.owner.user.id, membership: null, roles: ['CommunityModerator' as const] };
    const input = { csvData: `Name,Email\nLate Import,${uniqueIdentity('late').email}\n`, columnMapping: { Name: 'displayName', Email: 'email' }, importMonth: 4, importYear: 2024 };
    await expect(importCsv(db, context, input as Parameters<typeof importCsv>[2], new Date())).rejects.toMatchObject({ status: 423, code: 'community_closing' });
    expect(await db.select().from(users).where(eq(users.importedCommunityId, world.id))).toEqual([]);
  });

  it('refuses check-ins, questions, meetings, imports, settings and joining with 423 while closing; reading, leaving and reopening work', async () => {
    const world = await subgroupWorld(app, db);
    const id = world.id;
    const header = <T extends { set: (name: string, value: string) => T }>(call: T) => call.set('X-Community-Id', id);
    const code = await world.joinCode();
    await close(world.owner.agent, id, world.owner.password).expect(200);

    const refused = {
      checkIn: await checkIn(world.asker.agent, id),
      question: await header(world.asker.agent.post('/api/questions')).send({ title: 'A question', body: 'While closing' }),
      meeting: await header(world.asker.agent.post('/api/meetings')).send(slot(2)),
      import: await header(world.owner.agent.post('/api/import/csv')).send({
        csvData: `Name,Email\nImported Person,${uniqueIdentity('imported').email}\n`,
        columnMapping: { Name: 'displayName', Email: 'email' },
        importMonth: 4,
        importYear: 2024,
      }),
      settings: await world.owner.agent.put(`/api/communities/${id}`).send({ name: 'Renamed', description: 'While closing' }),
      join: await (await signUp(app, uniqueIdentity('joiner'))).agent.post('/api/communities/join').send({ inviteCode: code }),
      apply: await world.owner.agent
        .post('/api/member-applications')
        .send({ name: 'An Applicant', email: uniqueIdentity('applicant').email, communityId: id, message: 'Hello', disciplineTargets: { bibleReading: '1 chapter' } }),
    };
    for (const [what, response] of Object.entries(refused)) {
      expect(response.status, `${what}: ${response.text}`).toBe(423);
      expectJsonError(response, 423, /^This community is closing on \w+ \d+, \d{4}: nothing new can be saved/);
      expect(response.body.code).toBe('community_closing');
    }
    // The English words keep their date written the asking reader's way (the client translates the words around it).
    const spanish = await header(world.asker.agent.post('/api/questions')).set('Accept-Language', 'es').send({ title: 'Una pregunta', body: 'Mientras cierra' }).expect(423);
    expect(spanish.body.message).toMatch(/^This community is closing on \d+ de \p{L}+ de \d{4}: nothing new can be saved/u);

    // Reading still works.
    await world.asker.agent.get(`/api/communities/${id}/daily-log`).query(thisMonth()).expect(200);
    await header(world.asker.agent.get('/api/questions')).expect(200);
    // A member may still leave.
    await world.loner.agent.post(`/api/communities/${id}/leave`).expect(200);

    // Reopening: a Member may not; a moderator may; then every write works again.
    expectJsonError(await world.asker.agent.post(`/api/communities/${id}/reopen`), 403);
    const reopened = await world.owner.agent.post(`/api/communities/${id}/reopen`).expect(200);
    expect(reopened.body.closesAt).toBeNull();
    expectJsonError(await world.owner.agent.post(`/api/communities/${id}/reopen`), 409, 'This community is not closing.');
    expect((await db.select().from(notifications).where(and(eq(notifications.communityId, id), eq(notifications.title, 'Community reopened')))).length).toBeGreaterThan(0);
    expect(await db.select().from(auditLogs).where(and(eq(auditLogs.communityId, id), eq(auditLogs.action, 'reopen')))).toHaveLength(1);

    await checkIn(world.asker.agent, id).expect(200);
    await header(world.asker.agent.post('/api/questions')).send({ title: 'A question', body: 'Open again' }).expect(201);
    await header(world.asker.agent.post('/api/meetings')).send(slot(3)).expect(201);
    await world.owner.agent.put(`/api/communities/${id}`).send({ name: 'Renamed', description: 'Open again' }).expect(200);
    await (await signUp(app, uniqueIdentity('joiner'))).agent.post('/api/communities/join').send({ inviteCode: code }).expect(200);
    await world.owner.agent
      .post('/api/member-applications')
      .send({ name: 'An Applicant', email: uniqueIdentity('applicant').email, communityId: id, message: 'Hello', disciplineTargets: { bibleReading: '1 chapter' } })
      .expect(201);
  });

  it('refuses a check-in even when the request read the community before it closed (the save reads the row itself)', async () => {
    const fixture = await createCommunity(app);
    const member = await addMember(app, fixture);
    // The community is closed behind the guard's back: only the save's own statement can see it.
    await db.update(communities).set({ closesAt: new Date(appNow().getTime() + CLOSING_PERIOD_MS) }).where(eq(communities.id, fixture.community.id));
    const { saveDailyLog } = await import('../tracking/save-daily-log');
    const [membership] = await db.select().from(memberships).where(and(eq(memberships.communityId, fixture.community.id), eq(memberships.userId, member.user.id)));
    const [row] = await db.select().from(communities).where(eq(communities.id, fixture.community.id));
    const staleContext = {
      community: { ...row!, closesAt: null },
      userId: member.user.id,
      membership: { id: membership!.id, roles: membership!.roles, subgroupId: null },
      roles: membership!.roles,
    };
    await expect(saveDailyLog(db, staleContext, { ...thisMonth(), dayStatus: { bibleReading: { '1': 'Yes' } } }, appNow())).rejects.toMatchObject({ status: 423 });
    expect(await db.select().from(dailyLogs).where(eq(dailyLogs.communityId, fixture.community.id))).toEqual([]);
  });
});

describe('the community export', () => {
  it('holds settings, disciplines, subgroups, members, logs and targets, never questions, reflections or notes', async () => {
    const world = await subgroupWorld(app, db);
    const id = world.id;
    await checkIn(world.asker.agent, id).expect(200);
    await world.owner.agent.post(`/api/communities/${id}/guidance`).send({ contentMarkdown: '# Welcome, pilgrims' }).expect(200);
    await world.asker.agent.post('/api/questions').set('X-Community-Id', id).send({ title: 'SECRET-QUESTION-TITLE', body: 'SECRET-QUESTION-BODY' }).expect(201);
    await db.insert(reflections).values({ communityId: id, userId: world.asker.user.id, year: 2025, month: 1, helped: 'SECRET-REFLECTION', prayerRequest: 'SECRET-PRAYER' });
    await db.insert(notifications).values({ toUserId: world.asker.user.id, fromUserId: world.commander.user.id, communityId: id, type: 'care_note', title: 'A word', message: 'SECRET-NOTE' });

    const response = await world.owner.agent.get(`/api/communities/${id}/export`).buffer(true).parse((res, done) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => done(null, text));
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="steadfast-community-[a-z0-9-]+-${appNow().toISOString().slice(0, 10)}\\.json"$`));
    const text = response.body as string;
    for (const secret of ['SECRET-QUESTION-TITLE', 'SECRET-QUESTION-BODY', 'SECRET-REFLECTION', 'SECRET-PRAYER', 'SECRET-NOTE']) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/password|"questions"|"reflections"|"notes"/i);

    const data = JSON.parse(text);
    expect(data.community).toMatchObject({ id, timeZone: ZONE, closesAt: null });
    expect(data.disciplines.map((d: { key: string }) => d.key)).toContain('bibleReading');
    expect(data.guidance.contentMarkdown).toBe('# Welcome, pilgrims');
    expect(data.subgroups).toEqual([expect.objectContaining({ id: world.subgroupId, name: 'Alpha Group', commanderId: world.commander.user.id })]);
    const asker = data.members.find((m: { id: string }) => m.id === world.asker.user.id);
    expect(asker).toMatchObject({ displayName: world.asker.user.displayName, email: world.asker.email, roles: ['Member'], subgroupId: world.subgroupId });
    expect(Object.keys(asker).sort()).toEqual(['displayName', 'email', 'id', 'isImported', 'joinedAt', 'roles', 'subgroupId']);
    expect(data.members).toHaveLength(5);
    expect(data.dailyLogs).toEqual([expect.objectContaining({ userId: world.asker.user.id, ...thisMonth(), monthlyGoals: {} })]);
    expect(Array.isArray(data.targets)).toBe(true);
  });

  it('reads the logs a page at a time and writes them all', async () => {
    const fixture = await createCommunity(app);
    const { EXPORT_PAGE_SIZE } = await import('./community-export');
    const ids = await db
      .insert(users)
      .values(Array.from({ length: 3 }, () => ({ displayName: uniqueIdentity('imported').displayName, isImported: true, importedCommunityId: fixture.community.id })))
      .returning({ id: users.id });
    await db.insert(memberships).values(ids.map(({ id }) => ({ userId: id, communityId: fixture.community.id, roles: ['Member' as const] })));
    // More months than a page: every one comes out, once.
    const rows = ids.flatMap(({ id }) => Array.from({ length: Math.ceil((EXPORT_PAGE_SIZE + 10) / 3) }, (_, i) => ({ userId: id, communityId: fixture.community.id, year: 1900 + i, month: 1 })));
    await db.insert(dailyLogs).values(rows);
    const response = await fixture.owner.agent.get(`/api/communities/${fixture.community.id}/export`).expect(200);
    const data = typeof response.body === 'object' && response.body.dailyLogs ? response.body : JSON.parse(response.text);
    expect(data.dailyLogs).toHaveLength(rows.length);
    expect(new Set(data.dailyLogs.map((l: { userId: string; year: number }) => `${l.userId}:${l.year}`)).size).toBe(rows.length);
  });

  it('is for Community Moderators, five an hour per account', async () => {
    const fixture = await createCommunity(app);
    const member = await addMember(app, fixture);
    const outsider = await signUp(app, uniqueIdentity('outsider'));
    expectJsonError(await outsider.agent.get(`/api/communities/${fixture.community.id}/export`), 404);
    expectJsonError(await member.agent.get(`/api/communities/${fixture.community.id}/export`), 403);
    for (let i = 0; i < 5; i++) await fixture.owner.agent.get(`/api/communities/${fixture.community.id}/export`).expect(200);
    expectJsonError(await fixture.owner.agent.get(`/api/communities/${fixture.community.id}/export`), 429, /5 times an hour/);
    // Still there while the community is closing.
    const other = await createCommunity(app);
    await close(other.owner.agent, other.community.id, other.owner.password).expect(200);
    await other.owner.agent.get(`/api/communities/${other.community.id}/export`).expect(200);
  });
});

// Last: these move the app's clock 30 days on.
describe('after 30 days', () => {
  it('erases the community and everything in it, once, when two erasers race; its members no longer see it', async () => {
    const world = await subgroupWorld(app, db);
    const id = world.id;
    const [{ institutionId }] = (await db.select({ institutionId: communities.institutionId }).from(communities).where(eq(communities.id, id))) as [{ institutionId: string }];
    await checkIn(world.asker.agent, id).expect(200);
    await world.asker.agent.post('/api/questions').set('X-Community-Id', id).send({ title: 'Before closing', body: 'A question' }).expect(201);
    await world.owner.agent
      .post('/api/import/csv')
      .set('X-Community-Id', id)
      .send({ csvData: `Name,Email\nImported Ruth,${uniqueIdentity('ruth').email}\n`, columnMapping: { Name: 'displayName', Email: 'email' }, importMonth: 4, importYear: 2024 })
      .expect(200);
    const [imported] = await db.select({ id: users.id }).from(users).where(eq(users.importedCommunityId, id));
    expect(imported).toBeDefined();
    // Another community stays as it is.
    const bystander = await createCommunity(app);

    await close(world.owner.agent, id, world.owner.password).expect(200);
    // Before the date nothing is erased.
    await eraseClosedCommunities(db, delivery, new Date(appNow().getTime() + CLOSING_PERIOD_MS - 60_000));
    expect(await db.select({ id: communities.id }).from(communities).where(eq(communities.id, id))).toHaveLength(1);

    advance(CLOSING_PERIOD_MS + 60_000);
    // Reopening is too late once the date has come.
    expectJsonError(await world.owner.agent.post(`/api/communities/${id}/reopen`), 409);

    const erasedBefore = await db.select({ id: communities.id }).from(communities).where(sql`${communities.closesAt} <= ${appNow().toISOString()}::timestamptz`);
    await Promise.all([eraseClosedCommunities(db, delivery, appNow()), eraseClosedCommunities(db, delivery, appNow())]);
    expect(erasedBefore.map((c) => c.id)).toContain(id);

    expect(await db.select().from(communities).where(eq(communities.id, id))).toEqual([]);
    expect(await db.select().from(memberships).where(eq(memberships.communityId, id))).toEqual([]);
    expect(await db.select().from(dailyLogs).where(eq(dailyLogs.communityId, id))).toEqual([]);
    expect(await db.select().from(questions).where(eq(questions.communityId, id))).toEqual([]);
    expect(await db.select().from(notifications).where(eq(notifications.communityId, id))).toEqual([]);
    expect(await db.select().from(auditLogs).where(or(eq(auditLogs.communityId, id), eq(auditLogs.entityId, id)))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.id, imported!.id))).toEqual([]);
    expect(await db.select().from(institutions).where(eq(institutions.id, institutionId))).toEqual([]);
    // The people themselves stay, and the community has left their switcher.
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, world.asker.user.id))).toHaveLength(1);
    const switcher = (await world.asker.agent.get('/api/memberships').expect(200)).body as { communityId: string }[];
    expect(switcher.map((m) => m.communityId)).not.toContain(id);
    expectJsonError(await world.asker.agent.get(`/api/communities/${id}`), 404);
    expect(await db.select({ id: communities.id }).from(communities).where(eq(communities.id, bystander.community.id))).toHaveLength(1);
    // A second scan finds nothing left to do.
    await eraseClosedCommunities(db, delivery, appNow());
  });
});
