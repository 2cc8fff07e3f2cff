import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { calendarLocks } from '@shared/schema/tracking';
import { createTestApp } from '../../test/app';
import { auditRowsOf, expectJsonError, grantSuperAdmin, ISO_DATE_PATTERN, setRoles, UUID_PATTERN } from '../../test/community-fixtures';
import { signUp } from '../../test/factories';
import { communityWith, days, LIFTED_LIMITS, mark, pinClock, saveLog, snapshotTracking } from './tracking-test-kit';

const testApp = await createTestApp(LIFTED_LIMITS);
const { app, database } = testApp;
const db = database.db;

// Monday 2030-04-15, 10:00 in Chicago: March and the first half of April can be marked.
pinClock(testApp, '2030-04-15T15:00:00Z');
const YEAR = 2030;

const anonymous = () => request.agent(app);
const NOT_FOUND = 'Community not found.';
const LOCKED = 'This month is locked by your community admins. Ask an admin if something needs correcting.';

const locksPath = (communityId: string) => `/api/communities/${communityId}/calendar-locks`;
const togglePath = (communityId: string) => `/api/communities/${communityId}/toggle-lock`;

describe('POST /api/communities/:id/calendar-locks', () => {
  it('locks a month (isLocked true by default), records who locked it and when, with an audit row', async () => {
    const fixture = await communityWith(app, 'member');
    const response = await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 3, year: YEAR, isLocked: true, reason: '  Quarter closed  ' }).expect(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID_PATTERN),
      communityId: fixture.id,
      month: 3,
      year: YEAR,
      isLocked: true,
      lockedByUserId: fixture.owner.user.id,
      lockedBy: fixture.owner.user.displayName,
      lockedAt: expect.stringMatching(ISO_DATE_PATTERN),
      reason: 'Quarter closed',
    });
    // lockedAt is the server's time (pinned to 2030-04-15 15:00 UTC), not the client's.
    expect(response.body.lockedAt.slice(0, 10)).toBe('2030-04-15');

    // Without isLocked and reason: locked, no reason.
    const second = await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 2, year: YEAR }).expect(201);
    expect(second.body).toMatchObject({ month: 2, year: YEAR, isLocked: true, reason: null });

    const audit = (await auditRowsOf(db, fixture.id)).filter((row) => row.entity === 'calendar_lock');
    expect(audit).toEqual([
      expect.objectContaining({ actorId: fixture.owner.user.id, entityId: response.body.id, action: 'lock' }),
      expect.objectContaining({ actorId: fixture.owner.user.id, entityId: second.body.id, action: 'lock' }),
    ]);
  });

  it("refuses to lock a month that is already locked (409), keeping who locked it and why", async () => {
    const fixture = await communityWith(app);
    const first = await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 6, year: YEAR, reason: 'Quarter closed' }).expect(201);
    const again = await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 6, year: YEAR, reason: 'Other reason' });
    expectJsonError(again, 409, 'That month is already locked.');
    const [lock] = (await fixture.owner.agent.get(locksPath(fixture.id)).expect(200)).body;
    expect(lock).toMatchObject({ id: first.body.id, isLocked: true, reason: 'Quarter closed', lockedAt: first.body.lockedAt });
  });

  it('keeps one lock per month, and unlocking keeps who locked it, when and why (the unlock is audit-logged)', async () => {
    const fixture = await communityWith(app, 'moderator');
    const moderator = fixture.members[0]!;
    await setRoles(db, fixture.id, moderator.user.id, ['CommunityModerator']);
    const first = await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 1, year: YEAR, reason: 'first' }).expect(201);
    const unlocked = await moderator.agent.post(locksPath(fixture.id)).send({ month: 1, year: YEAR, isLocked: false, reason: '' }).expect(201);
    expect(unlocked.body).toMatchObject({
      id: first.body.id,
      isLocked: false,
      reason: 'first',
      lockedByUserId: fixture.owner.user.id,
      lockedBy: fixture.owner.user.displayName,
      lockedAt: first.body.lockedAt,
    });
    expect(await db.select().from(calendarLocks).where(eq(calendarLocks.communityId, fixture.id))).toHaveLength(1);
    const audit = (await auditRowsOf(db, fixture.id)).filter((row) => row.entity === 'calendar_lock');
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([
      ['lock', fixture.owner.user.id],
      ['unlock', moderator.user.id],
    ]);

    // Locking again records the new locker and reason.
    const relocked = await moderator.agent.post(locksPath(fixture.id)).send({ month: 1, year: YEAR, reason: 'second' }).expect(201);
    expect(relocked.body).toMatchObject({ id: first.body.id, isLocked: true, reason: 'second', lockedByUserId: moderator.user.id });
  });

  it('unlocking through toggle-lock keeps the history too', async () => {
    const fixture = await communityWith(app);
    const first = await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 2, year: YEAR, reason: 'Quarter closed' }).expect(201);
    const toggled = await fixture.owner.agent.patch(`/api/communities/${fixture.id}/toggle-lock`).send({ lockId: first.body.id }).expect(200);
    expect(toggled.body).toMatchObject({ isLocked: false, reason: 'Quarter closed', lockedAt: first.body.lockedAt, lockedByUserId: fixture.owner.user.id });
  });

  it.each([
    ['Member', ['Member']],
    ['Commander', ['Commander']],
  ] as const)('answers 403 to a %s and writes nothing', async (_label, roles) => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    await setRoles(db, fixture.id, member.user.id, [...roles]);
    const before = await snapshotTracking(db, fixture.id);
    expectJsonError(await member.agent.post(locksPath(fixture.id)).send({ month: 3, year: YEAR }), 403);
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it("answers 401 without a session and 404 to another community's admin, writing nothing", async () => {
    const fixture = await communityWith(app);
    const other = await communityWith(app);
    const before = await snapshotTracking(db, fixture.id);
    expectJsonError(await anonymous().post(locksPath(fixture.id)).send({ month: 3, year: YEAR }), 401);
    expectJsonError(await other.owner.agent.post(locksPath(fixture.id)).send({ month: 3, year: YEAR }), 404, NOT_FOUND);
    expectJsonError(await other.owner.agent.post(locksPath(fixture.id)).set('X-Community-Id', other.id).send({ month: 3, year: YEAR, communityId: other.id }), 404, NOT_FOUND);
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it.each([
    ['no month', { year: YEAR }, 'month'],
    ['month 0', { month: 0, year: YEAR }, 'month'],
    ['month 13', { month: 13, year: YEAR }, 'month'],
    ['no year', { month: 3 }, 'year'],
    ['a year that is not a number', { month: 3, year: 'next' }, 'year'],
    ['isLocked that is not a boolean', { month: 3, year: YEAR, isLocked: 'yes' }, 'isLocked'],
    ['a reason over 500 characters', { month: 3, year: YEAR, reason: 'x'.repeat(501) }, 'reason'],
  ])('answers 400 with fields for %s and writes nothing', async (_label, payload, field) => {
    const fixture = await communityWith(app);
    const before = await snapshotTracking(db, fixture.id);
    const response = await fixture.owner.agent.post(locksPath(fixture.id)).send(payload);
    expectJsonError(response, 400);
    expect(response.body.fields).toHaveProperty([field]);
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it('lets a SuperAdmin who is not a member lock a month', async () => {
    const fixture = await communityWith(app);
    const root = await signUp(app);
    await grantSuperAdmin(db, root.user.id);
    const response = await root.agent.post(locksPath(fixture.id)).send({ month: 3, year: YEAR }).expect(201);
    expect(response.body).toMatchObject({ isLocked: true, lockedByUserId: root.user.id });
  });
});

describe('GET /api/communities/:id/calendar-locks', () => {
  it("lists the community's locks (newest month first) to members, with month, year, isLocked, lockedByUserId, lockedAt and reason", async () => {
    const fixture = await communityWith(app, 'member');
    const other = await communityWith(app);
    await other.owner.agent.post(locksPath(other.id)).send({ month: 5, year: YEAR }).expect(201);
    const march = (await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 3, year: YEAR, reason: 'Audit' }).expect(201)).body;
    const december = (await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 12, year: 2029 }).expect(201)).body;
    const january = (await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 1, year: YEAR, isLocked: false }).expect(201)).body;

    const response = await fixture.members[0]!.agent.get(locksPath(fixture.id)).expect(200);
    expect(response.body).toEqual([march, january, december]);
    expect(response.body[0]).toEqual({
      id: march.id,
      communityId: fixture.id,
      month: 3,
      year: YEAR,
      isLocked: true,
      lockedByUserId: fixture.owner.user.id,
      lockedBy: fixture.owner.user.displayName,
      lockedAt: expect.stringMatching(ISO_DATE_PATTERN),
      reason: 'Audit',
    });
  });

  it('is empty for a community without locks; 401 without a session; 404 for another community', async () => {
    const fixture = await communityWith(app, 'member');
    const other = await communityWith(app);
    await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 3, year: YEAR }).expect(201);
    expect((await other.owner.agent.get(locksPath(other.id)).expect(200)).body).toEqual([]);
    expectJsonError(await anonymous().get(locksPath(fixture.id)), 401);
    expectJsonError(await other.owner.agent.get(locksPath(fixture.id)), 404, NOT_FOUND);
    expectJsonError(await other.owner.agent.get(locksPath(fixture.id)).set('X-Community-Id', other.id), 404, NOT_FOUND);
  });
});

describe('PATCH /api/communities/:id/toggle-lock', () => {
  it('unlocks a locked month by lockId, after which its owners can edit again; toggling again locks it', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    const lock = (await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 3, year: YEAR, reason: 'Review' }).expect(201)).body;
    expectJsonError(await saveLog(member.agent, fixture.id, YEAR, 3, { fasting: days('Yes', 1) }), 423, LOCKED);

    const unlocked = await fixture.owner.agent.patch(togglePath(fixture.id)).send({ lockId: lock.id }).expect(200);
    expect(unlocked.body).toMatchObject({ id: lock.id, month: 3, year: YEAR, isLocked: false, reason: 'Review' });
    const saved = await mark(member.agent, fixture.id, YEAR, 3, { fasting: days('Yes', 1) });
    expect(saved.body).toMatchObject({ dayStatus: { fasting: { '1': 'Yes' } }, isLocked: false });

    const relocked = await fixture.owner.agent.patch(togglePath(fixture.id)).send({ lockId: lock.id }).expect(200);
    expect(relocked.body).toMatchObject({ id: lock.id, isLocked: true });
    expectJsonError(await saveLog(member.agent, fixture.id, YEAR, 3, { fasting: days('No', 1) }), 423, LOCKED);
    expect((await member.agent.get(`/api/communities/${fixture.id}/daily-log?month=3&year=2030`).expect(200)).body).toMatchObject({
      dayStatus: { fasting: { '1': 'Yes' } },
      isLocked: true,
    });

    const actions = (await auditRowsOf(db, fixture.id)).filter((row) => row.entity === 'calendar_lock').map((row) => row.action);
    expect(actions).toEqual(['lock', 'unlock', 'lock']);
  });

  it('toggles by month and year, creating a locked lock when the month has none', async () => {
    const fixture = await communityWith(app);
    const created = await fixture.owner.agent.patch(togglePath(fixture.id)).send({ month: 2, year: YEAR }).expect(200);
    expect(created.body).toMatchObject({ month: 2, year: YEAR, isLocked: true, lockedByUserId: fixture.owner.user.id });
    const toggled = await fixture.owner.agent.patch(togglePath(fixture.id)).send({ month: 2, year: YEAR }).expect(200);
    expect(toggled.body).toMatchObject({ id: created.body.id, isLocked: false });
  });

  it("keeps the lock's reason whether toggled by lockId or by month", async () => {
    const fixture = await communityWith(app);
    const lock = (await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 1, year: YEAR, reason: 'Year-end review' }).expect(201)).body;
    const byMonth = await fixture.owner.agent.patch(togglePath(fixture.id)).send({ month: 1, year: YEAR }).expect(200);
    expect(byMonth.body).toMatchObject({ id: lock.id, isLocked: false, reason: 'Year-end review' });
    const byId = await fixture.owner.agent.patch(togglePath(fixture.id)).send({ lockId: lock.id }).expect(200);
    expect(byId.body).toMatchObject({ id: lock.id, isLocked: true, reason: 'Year-end review' });
  });

  it("answers 404 for a lock of another community (even to that community's admin through this path), changing nothing", async () => {
    const fixture = await communityWith(app);
    const other = await communityWith(app);
    const foreign = (await other.owner.agent.post(locksPath(other.id)).send({ month: 3, year: YEAR }).expect(201)).body;
    const before = await snapshotTracking(db, other.id);
    expectJsonError(await fixture.owner.agent.patch(togglePath(fixture.id)).send({ lockId: foreign.id }), 404);
    expectJsonError(await fixture.owner.agent.patch(togglePath(fixture.id)).send({ lockId: randomUUID() }), 404);
    expectJsonError(await fixture.owner.agent.patch(togglePath(other.id)).send({ lockId: foreign.id }), 404, NOT_FOUND);
    expect(await snapshotTracking(db, other.id)).toEqual(before);
  });

  it('answers 401 without a session and 403 to a Member or Commander, changing nothing', async () => {
    const fixture = await communityWith(app, 'member', 'commander');
    await setRoles(db, fixture.id, fixture.members[1]!.user.id, ['Commander']);
    const lock = (await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 3, year: YEAR }).expect(201)).body;
    const before = await snapshotTracking(db, fixture.id);
    expectJsonError(await anonymous().patch(togglePath(fixture.id)).send({ lockId: lock.id }), 401);
    for (const member of fixture.members) {
      expectJsonError(await member.agent.patch(togglePath(fixture.id)).send({ lockId: lock.id }), 403);
      expectJsonError(await member.agent.patch(togglePath(fixture.id)).send({ month: 4, year: YEAR }), 403);
    }
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it.each([
    ['an empty body', {}, ['month', 'year']],
    ['a malformed lockId', { lockId: 'lock-1' }, ['lockId']],
    ['month 13', { month: 13, year: YEAR }, ['month']],
    ['a month without a year', { month: 3 }, ['year']],
    ['a year without a month', { year: YEAR }, ['month']],
  ])('answers 400 with fields for %s and changes nothing', async (_label, payload, fields) => {
    const fixture = await communityWith(app);
    await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 3, year: YEAR }).expect(201);
    const before = await snapshotTracking(db, fixture.id);
    const response = await fixture.owner.agent.patch(togglePath(fixture.id)).send(payload);
    expectJsonError(response, 400);
    expect(Object.keys(response.body.fields).sort()).toEqual(fields);
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it("words a missing month or year as the admin screen does ('Please select a valid month and year.')", async () => {
    const fixture = await communityWith(app);
    const response = await fixture.owner.agent.patch(togglePath(fixture.id)).send({ month: 3 });
    expect(response.body.fields).toEqual({ year: 'Please select a valid month and year.' });
  });
});

describe('DELETE /api/communities/:id/calendar-locks/:lockId', () => {
  it('removes the lock with an audit row; the month is writable again; a second delete answers 404', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    const lock = (await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 3, year: YEAR }).expect(201)).body;
    const response = await fixture.owner.agent.delete(`${locksPath(fixture.id)}/${lock.id}`).expect(200);
    expect(typeof response.body.message).toBe('string');
    expect((await member.agent.get(locksPath(fixture.id)).expect(200)).body).toEqual([]);
    await mark(member.agent, fixture.id, YEAR, 3, { fasting: days('Yes', 1) });
    expect((await auditRowsOf(db, fixture.id)).filter((row) => row.entity === 'calendar_lock').map((row) => row.action)).toEqual(['lock', 'remove']);
    expectJsonError(await fixture.owner.agent.delete(`${locksPath(fixture.id)}/${lock.id}`), 404);
  });

  it('answers 401, 403 to a Member or Commander, 404 for another community or a malformed id, and removes nothing', async () => {
    const fixture = await communityWith(app, 'member', 'commander');
    const other = await communityWith(app);
    await setRoles(db, fixture.id, fixture.members[1]!.user.id, ['Commander']);
    const lock = (await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 3, year: YEAR }).expect(201)).body;
    const before = await snapshotTracking(db, fixture.id);
    expectJsonError(await anonymous().delete(`${locksPath(fixture.id)}/${lock.id}`), 401);
    for (const member of fixture.members) expectJsonError(await member.agent.delete(`${locksPath(fixture.id)}/${lock.id}`), 403);
    expectJsonError(await other.owner.agent.delete(`${locksPath(fixture.id)}/${lock.id}`), 404, NOT_FOUND);
    // Through its own community's path, the other admin cannot reach this lock either.
    expectJsonError(await other.owner.agent.delete(`${locksPath(other.id)}/${lock.id}`), 404);
    expectJsonError(await fixture.owner.agent.delete(`${locksPath(fixture.id)}/not-a-uuid`), 404);
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });
});

describe('What a lock affects', () => {
  it('only its own community and its own month and year', async () => {
    const fixture = await communityWith(app, 'member');
    const other = await communityWith(app);
    const member = fixture.members[0]!;
    // The member belongs to both communities.
    await member.agent.post('/api/communities/join').send({ inviteCode: await other.joinCode() }).expect(200);
    await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 3, year: YEAR }).expect(201);

    expectJsonError(await saveLog(member.agent, fixture.id, YEAR, 3, { fasting: days('Yes', 1) }), 423, LOCKED);
    await mark(member.agent, fixture.id, YEAR, 4, { fasting: days('Yes', 1) }); // another month
    await mark(member.agent, fixture.id, YEAR, 2, { fasting: days('Yes', 1) });
    await mark(member.agent, fixture.id, 2029, 3, { fasting: days('Yes', 1) }); // same month, another year
    await mark(member.agent, other.id, YEAR, 3, { fasting: days('Yes', 1) }); // same month, another community

    expect((await member.agent.get(`/api/communities/${other.id}/daily-log?month=3&year=2030`).expect(200)).body.isLocked).toBe(false);
    expect((await member.agent.get(`/api/communities/${fixture.id}/daily-log?month=3&year=2029`).expect(200)).body.isLocked).toBe(false);
    expect((await member.agent.get(`/api/communities/${fixture.id}/daily-log?month=3&year=2030`).expect(200)).body.isLocked).toBe(true);
  });

  it('is an unlocked month when isLocked is false', async () => {
    const fixture = await communityWith(app, 'member');
    await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 3, year: YEAR, isLocked: false }).expect(201);
    const saved = await mark(fixture.members[0]!.agent, fixture.id, YEAR, 3, { fasting: days('Yes', 1) });
    expect(saved.body.isLocked).toBe(false);
  });

  it('lets every admin role override it for their own log, but not a Commander', async () => {
    const fixture = await communityWith(app, 'moderator', 'institution', 'commander');
    const [moderator, institution, commander] = [fixture.members[0]!, fixture.members[1]!, fixture.members[2]!];
    await setRoles(db, fixture.id, moderator.user.id, ['CommunityModerator']);
    await setRoles(db, fixture.id, institution.user.id, ['InstitutionAdmin']);
    await setRoles(db, fixture.id, commander.user.id, ['Commander']);
    await fixture.owner.agent.post(locksPath(fixture.id)).send({ month: 3, year: YEAR }).expect(201);
    for (const admin of [fixture.owner, moderator, institution]) await mark(admin.agent, fixture.id, YEAR, 3, { meditation: days('Yes', 2) });
    expectJsonError(await saveLog(commander.agent, fixture.id, YEAR, 3, { meditation: days('Yes', 2) }), 423, LOCKED);
  });
});
