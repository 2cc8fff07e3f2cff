import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createTestApp } from '../../test/app';
import { auditRowsOf, expectJsonError, setRoles } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { communityWith, days, LIFTED_LIMITS, logRowsOf, mark, pinClock, saveLog, snapshotTracking } from './tracking-test-kit';

const testApp = await createTestApp(LIFTED_LIMITS);
const { app, database } = testApp;
const db = database.db;

// Monday 2030-04-15, 10:00 in Chicago (the factory's community time zone); 2030-04-16 in UTC+14.
pinClock(testApp, '2030-04-15T15:00:00Z');
const YEAR = 2030;

const anonymous = () => request.agent(app);
const NOT_FOUND = 'Community not found.';

const EMPTY_TARGETS = {
  bibleReading: null,
  fasting: null,
  morningIntimacy: null,
  midnightPrayer: null,
  meditation: null,
  monthlyRetreat: null,
  prayerWalk: null,
  evangelism: null,
  completionOfNewTestament: null,
  silenceHour: null,
};

const MARCH_TARGETS = {
  bibleReading: '2 chapters daily',
  fasting: 'Until 3 pm',
  morningIntimacy: '{"target":30,"unit":"minutes"}',
  midnightPrayer: '1 hour',
  meditation: 'Psalm 23',
  monthlyRetreat: 'Yes',
  prayerWalk: true,
  evangelism: null,
  completionOfNewTestament: 'No',
  silenceHour: 'yes',
};

/** What MARCH_TARGETS is stored and answered as: monthly goals hold 'Yes' or nothing. */
const MARCH_STORED = { ...MARCH_TARGETS, monthlyRetreat: 'Yes', prayerWalk: 'Yes', evangelism: null, completionOfNewTestament: null, silenceHour: 'Yes' };

function setTargets(agent: Agent, communityId: string, body: Record<string, unknown>) {
  return agent.post('/api/users/monthly-targets').set('X-Community-Id', communityId).send(body);
}

function getTargets(agent: Agent, communityId: string, userId: string, query = '') {
  return agent.get(`/api/users/${userId}/discipline-targets${query}`).set('X-Community-Id', communityId);
}

function setGoals(agent: Agent, communityId: string, body: Record<string, unknown>) {
  return agent.post('/api/users/monthly-completion-goals').set('X-Community-Id', communityId).send(body);
}

describe('POST /api/users/monthly-targets', () => {
  it("lets an admin set a member's targets for a month, with an audit row, and GET answers them", async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    const response = await setTargets(fixture.owner.agent, fixture.id, { userId: member.user.id, month: 3, year: YEAR, ...MARCH_TARGETS }).expect(200);
    expect(response.body).toEqual({ userId: member.user.id, month: 3, year: YEAR, ...MARCH_STORED });
    expect((await getTargets(member.agent, fixture.id, member.user.id, '?month=3&year=2030').expect(200)).body).toEqual(response.body);

    const audit = (await auditRowsOf(db, fixture.id)).filter((row) => row.entity === 'user_discipline_targets');
    expect(audit).toEqual([
      expect.objectContaining({ actorId: fixture.owner.user.id, entityId: member.user.id, action: 'update', diff: { month: 3, year: YEAR, ...MARCH_STORED } }),
    ]);
  });

  it('replaces the targets of the same month, trimming texts and storing blanks as nothing', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    await setTargets(fixture.owner.agent, fixture.id, { userId: member.user.id, month: 3, year: YEAR, ...MARCH_TARGETS }).expect(200);
    const response = await setTargets(fixture.owner.agent, fixture.id, {
      userId: member.user.id,
      month: 3,
      year: YEAR,
      bibleReading: '  3 chapters  ',
      fasting: '',
      monthlyRetreat: false,
      silenceHour: 'TRUE',
    }).expect(200);
    // Monthly retreat and the hour of silence are fixed for every member: 'Yes' whatever is sent.
    expect(response.body).toEqual({ userId: member.user.id, month: 3, year: YEAR, ...EMPTY_TARGETS, bibleReading: '3 chapters', monthlyRetreat: 'Yes', silenceHour: 'Yes' });
    expect((await snapshotTracking(db, fixture.id)).targets).toHaveLength(1);
  });

  it('refuses a monthly target other than Yes or not set with 400 and a field message, storing nothing', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    const before = await snapshotTracking(db, fixture.id);
    for (const value of ['Maybe', 'Twice', 'Yes!', 2, 'sí']) {
      const refused = await setTargets(fixture.owner.agent, fixture.id, { userId: member.user.id, month: 3, year: YEAR, prayerWalk: value });
      expectJsonError(refused, 400);
      expect(refused.body.fields).toEqual({ prayerWalk: expect.any(String) });
    }
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it("lets an admin set their own targets", async () => {
    const fixture = await communityWith(app);
    const response = await setTargets(fixture.owner.agent, fixture.id, { userId: fixture.owner.user.id, month: 4, year: YEAR, meditation: 'Daily' }).expect(200);
    expect(response.body).toMatchObject({ userId: fixture.owner.user.id, meditation: 'Daily' });
  });

  it.each([
    ['Member', ['Member']],
    ['Commander', ['Commander']],
  ] as const)('answers 403 to a %s, even for their own targets, and writes nothing', async (_label, roles) => {
    const fixture = await communityWith(app, 'member', 'other');
    const [member, other] = [fixture.members[0]!, fixture.members[1]!];
    await setRoles(db, fixture.id, member.user.id, [...roles]);
    const before = await snapshotTracking(db, fixture.id);
    for (const userId of [member.user.id, other.user.id]) {
      expectJsonError(await setTargets(member.agent, fixture.id, { userId, month: 3, year: YEAR, ...MARCH_TARGETS }), 403);
    }
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it("answers 404 to another community's admin (header or body communityId) and for a member of another community, writing nothing", async () => {
    const fixture = await communityWith(app, 'member');
    const other = await communityWith(app, 'elsewhere');
    const member = fixture.members[0]!;
    const beforeHere = await snapshotTracking(db, fixture.id);
    const beforeThere = await snapshotTracking(db, other.id);
    const body = { userId: member.user.id, month: 3, year: YEAR, ...MARCH_TARGETS };
    expectJsonError(await setTargets(other.owner.agent, fixture.id, body), 404, NOT_FOUND);
    expectJsonError(await other.owner.agent.post('/api/users/monthly-targets').send({ ...body, communityId: fixture.id }), 404, NOT_FOUND);
    // In their own community, A's member is nobody.
    expectJsonError(await setTargets(other.owner.agent, other.id, body), 404);
    // Nor can A's admin reach B's member.
    expectJsonError(await setTargets(fixture.owner.agent, fixture.id, { ...body, userId: other.members[0]!.user.id }), 404);
    expectJsonError(await setTargets(fixture.owner.agent, fixture.id, { ...body, userId: randomUUID() }), 404);
    expect(await snapshotTracking(db, fixture.id)).toEqual(beforeHere);
    expect(await snapshotTracking(db, other.id)).toEqual(beforeThere);
  });

  it('acts in the community the header names: an admin of A who is a plain Member of B gets 403 there', async () => {
    const first = await communityWith(app, 'member');
    const second = await communityWith(app);
    const admin = first.owner;
    await admin.agent.post('/api/communities/join').send({ inviteCode: await second.joinCode() }).expect(200);
    const body = { userId: admin.user.id, month: 3, year: YEAR, meditation: 'Psalms' };
    expectJsonError(await setTargets(admin.agent, second.id, body), 403);
    await setTargets(admin.agent, first.id, body).expect(200);
    // Without a header, the first membership (A) is used.
    await admin.agent.post('/api/users/monthly-targets').send({ ...body, userId: first.members[0]!.user.id }).expect(200);
    expect((await snapshotTracking(db, first.id)).targets).toHaveLength(2);
    expect((await snapshotTracking(db, second.id)).targets).toHaveLength(0);
  });

  it('answers 401 without a session and writes nothing', async () => {
    const fixture = await communityWith(app, 'member');
    const before = await snapshotTracking(db, fixture.id);
    expectJsonError(await setTargets(anonymous(), fixture.id, { userId: fixture.members[0]!.user.id, month: 3, year: YEAR }), 401);
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it.each([
    ['no userId', { month: 3, year: YEAR }, 'userId'],
    ['a malformed userId', { userId: 'member-1', month: 3, year: YEAR }, 'userId'],
    ['no month', { year: YEAR }, 'month'],
    ['month 13', { month: 13, year: YEAR }, 'month'],
    ['year 2101', { month: 3, year: 2101 }, 'year'],
    ['a text target over 300 characters', { month: 3, year: YEAR, bibleReading: 'x'.repeat(301) }, 'bibleReading'],
    ['a text target that is not text', { month: 3, year: YEAR, fasting: 3 }, 'fasting'],
    ['a monthly target that is a number', { month: 3, year: YEAR, prayerWalk: 1 }, 'prayerWalk'],
  ])('answers 400 with fields for %s and writes nothing', async (label, payload, field) => {
    const fixture = await communityWith(app, 'member');
    const body = label === 'no userId' ? payload : { userId: fixture.members[0]!.user.id, ...payload };
    const before = await snapshotTracking(db, fixture.id);
    const response = await setTargets(fixture.owner.agent, fixture.id, body);
    expectJsonError(response, 400);
    expect(response.body.fields).toHaveProperty([field]);
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });
});

describe('GET /api/users/:id/discipline-targets', () => {
  it('answers the ten targets for a member without targets: empty, but the two fixed goals always Yes', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    const response = await getTargets(member.agent, fixture.id, member.user.id, '?month=4&year=2030').expect(200);
    expect(response.body).toEqual({ userId: member.user.id, month: null, year: null, ...EMPTY_TARGETS, monthlyRetreat: 'Yes', silenceHour: 'Yes' });
    // Without month and year (this month), the same.
    const current = await getTargets(member.agent, fixture.id, member.user.id, '').expect(200);
    expect(current.body).toMatchObject({ monthlyRetreat: 'Yes', silenceHour: 'Yes' });
  });

  it("carries the latest earlier month's targets forward, never backward", async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    const target = (month: number, year: number, bibleReading: string) =>
      setTargets(fixture.owner.agent, fixture.id, { userId: member.user.id, month, year, bibleReading }).expect(200);
    await target(11, 2029, 'November plan');
    await target(3, YEAR, 'March plan');
    await target(6, YEAR, 'June plan');
    const read = async (month: number, year: number) => (await getTargets(member.agent, fixture.id, member.user.id, `?month=${month}&year=${year}`).expect(200)).body;

    expect(await read(10, 2029)).toMatchObject({ month: null, year: null, bibleReading: null });
    expect(await read(11, 2029)).toMatchObject({ month: 11, year: 2029, bibleReading: 'November plan' });
    expect(await read(2, YEAR)).toMatchObject({ month: 11, year: 2029, bibleReading: 'November plan' }); // across the year end
    expect(await read(3, YEAR)).toMatchObject({ month: 3, year: YEAR, bibleReading: 'March plan' });
    expect(await read(5, YEAR)).toMatchObject({ month: 3, year: YEAR, bibleReading: 'March plan' });
    expect(await read(6, YEAR)).toMatchObject({ month: 6, year: YEAR, bibleReading: 'June plan' });
    expect(await read(1, 2031)).toMatchObject({ month: 6, year: YEAR, bibleReading: 'June plan' });
    // Without month and year: this month in the community's time zone (April 2030), so March's.
    expect((await getTargets(member.agent, fixture.id, member.user.id).expect(200)).body).toMatchObject({ month: 3, year: YEAR, bibleReading: 'March plan' });
  });

  it("lets a member read another member's targets in the same community", async () => {
    const fixture = await communityWith(app, 'reader', 'planned');
    const [reader, planned] = [fixture.members[0]!, fixture.members[1]!];
    await setTargets(fixture.owner.agent, fixture.id, { userId: planned.user.id, month: 4, year: YEAR, fasting: 'Noon' }).expect(200);
    const response = await getTargets(reader.agent, fixture.id, planned.user.id, '?month=4&year=2030').expect(200);
    expect(response.body).toMatchObject({ userId: planned.user.id, fasting: 'Noon' });
  });

  it('keeps targets per community: the header chooses which', async () => {
    const first = await communityWith(app, 'member');
    const second = await communityWith(app);
    const member = first.members[0]!;
    await member.agent.post('/api/communities/join').send({ inviteCode: await second.joinCode() }).expect(200);
    await setTargets(first.owner.agent, first.id, { userId: member.user.id, month: 4, year: YEAR, fasting: 'First' }).expect(200);
    await setTargets(second.owner.agent, second.id, { userId: member.user.id, month: 4, year: YEAR, fasting: 'Second' }).expect(200);
    expect((await getTargets(member.agent, first.id, member.user.id, '?month=4&year=2030').expect(200)).body.fasting).toBe('First');
    expect((await getTargets(member.agent, second.id, member.user.id, '?month=4&year=2030').expect(200)).body.fasting).toBe('Second');
    // No header: the first membership.
    expect((await member.agent.get(`/api/users/${member.user.id}/discipline-targets?month=4&year=2030`).expect(200)).body.fasting).toBe('First');
  });

  it("answers 404 for a user outside the community, for another community's header, and for a malformed id; 401 without a session", async () => {
    const fixture = await communityWith(app, 'member');
    const other = await communityWith(app, 'elsewhere');
    const member = fixture.members[0]!;
    await setTargets(fixture.owner.agent, fixture.id, { userId: member.user.id, month: 4, year: YEAR, fasting: 'Noon' }).expect(200);
    expectJsonError(await getTargets(other.owner.agent, fixture.id, member.user.id), 404, NOT_FOUND);
    expectJsonError(await getTargets(other.owner.agent, other.id, member.user.id), 404);
    expectJsonError(await getTargets(member.agent, fixture.id, other.members[0]!.user.id), 404);
    expectJsonError(await getTargets(member.agent, fixture.id, randomUUID()), 404);
    expectJsonError(await getTargets(member.agent, fixture.id, 'not-a-uuid'), 404);
    expectJsonError(await getTargets(anonymous(), fixture.id, member.user.id), 401);
  });

  it.each([
    ['month 13', '?month=13&year=2030', 'month'],
    ['a year that is not a number', '?month=4&year=soon', 'year'],
    ['a month without a year', '?month=3', 'year'],
    ['a year without a month', '?year=2030', 'month'],
  ])('answers 400 with fields for %s', async (_label, query, field) => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    const response = await getTargets(member.agent, fixture.id, member.user.id, query);
    expectJsonError(response, 400);
    expect(response.body.fields).toHaveProperty([field]);
  });
});

describe('POST /api/users/monthly-completion-goals', () => {
  const GOALS = { monthlyRetreat: true, prayerWalk: false, evangelism: true, completionOfNewTestament: false, silenceHour: true };

  it("stores the owner's five yes/no goals in the month's daily log, beside the day statuses", async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    await mark(member.agent, fixture.id, YEAR, 4, { fasting: days('Yes', 1) });
    const response = await setGoals(member.agent, fixture.id, { userId: member.user.id, month: 4, year: YEAR, ...GOALS }).expect(200);
    expect(response.body).toMatchObject({ userId: member.user.id, communityId: fixture.id, month: 4, year: YEAR, monthlyCompletions: GOALS, dayStatus: { fasting: { '1': 'Yes' } } });

    // Saving a day keeps the goals, and the goals are there after a reload.
    await mark(member.agent, fixture.id, YEAR, 4, { fasting: days('No', 2) });
    const reloaded = await member.agent.get(`/api/communities/${fixture.id}/daily-log?month=4&year=2030`).expect(200);
    expect(reloaded.body).toMatchObject({ monthlyCompletions: GOALS, dayStatus: { fasting: { '1': 'Yes', '2': 'No' } } });

    // Goals left out are false; a new save replaces the five.
    const second = await setGoals(member.agent, fixture.id, { userId: member.user.id, month: 4, year: YEAR, prayerWalk: true }).expect(200);
    expect(second.body.monthlyCompletions).toEqual({ monthlyRetreat: false, prayerWalk: true, evangelism: false, completionOfNewTestament: false, silenceHour: false });
    expect(await logRowsOf(db, fixture.id, member.user.id)).toHaveLength(1);
  });

  it('creates the month when it has no log yet, and accepts this month and past months only', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    await setGoals(member.agent, fixture.id, { userId: member.user.id, month: 12, year: 2029, ...GOALS }).expect(200);
    await setGoals(member.agent, fixture.id, { userId: member.user.id, month: 4, year: YEAR, ...GOALS }).expect(200);
    const before = await snapshotTracking(db, fixture.id);
    const future = await setGoals(member.agent, fixture.id, { userId: member.user.id, month: 5, year: YEAR, ...GOALS });
    expectJsonError(future, 400);
    expect(future.body.fields).toEqual({ month: expect.any(String) });
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it('refuses goals for another user with 403 (admins included) and writes nothing', async () => {
    const fixture = await communityWith(app, 'member', 'other');
    const [member, other] = [fixture.members[0]!, fixture.members[1]!];
    const before = await snapshotTracking(db, fixture.id);
    expectJsonError(await setGoals(member.agent, fixture.id, { userId: other.user.id, month: 4, year: YEAR, ...GOALS }), 403);
    expectJsonError(await setGoals(fixture.owner.agent, fixture.id, { userId: member.user.id, month: 4, year: YEAR, ...GOALS }), 403);
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it('refuses a member in a locked month with 423 and writes nothing; an admin still sets their own', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    await fixture.owner.agent.post(`/api/communities/${fixture.id}/calendar-locks`).send({ month: 3, year: YEAR }).expect(201);
    const before = await snapshotTracking(db, fixture.id);
    expectJsonError(await setGoals(member.agent, fixture.id, { userId: member.user.id, month: 3, year: YEAR, ...GOALS }), 423);
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
    const admin = await setGoals(fixture.owner.agent, fixture.id, { userId: fixture.owner.user.id, month: 3, year: YEAR, ...GOALS }).expect(200);
    expect(admin.body).toMatchObject({ monthlyCompletions: GOALS, isLocked: true });
  });

  it("answers 401 without a session and 404 to another community's admin (header or body), writing nothing", async () => {
    const fixture = await communityWith(app, 'member');
    const other = await communityWith(app);
    const before = await snapshotTracking(db, fixture.id);
    const member = fixture.members[0]!;
    expectJsonError(await setGoals(anonymous(), fixture.id, { userId: member.user.id, month: 4, year: YEAR, ...GOALS }), 401);
    expectJsonError(await setGoals(other.owner.agent, fixture.id, { userId: other.owner.user.id, month: 4, year: YEAR, ...GOALS }), 404, NOT_FOUND);
    expectJsonError(
      await other.owner.agent.post('/api/users/monthly-completion-goals').send({ communityId: fixture.id, userId: other.owner.user.id, month: 4, year: YEAR, ...GOALS }),
      404,
      NOT_FOUND,
    );
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it.each([
    ['no userId', { month: 4, year: YEAR }, 'userId'],
    ['a goal that is not a boolean', { month: 4, year: YEAR, prayerWalk: 'yes' }, 'prayerWalk'],
    ['month 0', { month: 0, year: YEAR }, 'month'],
    ['no year', { month: 4 }, 'year'],
  ])('answers 400 with fields for %s and writes nothing', async (label, payload, field) => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    await saveLog(member.agent, fixture.id, YEAR, 4, { fasting: days('Yes', 1) }).expect(200);
    const before = await snapshotTracking(db, fixture.id);
    const response = await setGoals(member.agent, fixture.id, label === 'no userId' ? payload : { userId: member.user.id, ...payload });
    expectJsonError(response, 400);
    expect(response.body.fields).toHaveProperty([field]);
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });
});
