import { randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import request from 'supertest';
import webpush from 'web-push';
import type { ApplicationView, ReviewResult } from '@shared/contracts/applications';
import { INVITE_CODE_ALPHABET } from '@shared/domain/constants';
import { FIXED_APPLICATION_TARGETS } from '@shared/domain/disciplines';
import { memberApplications } from '@shared/schema/applications';
import { auditLogs } from '@shared/schema/audit';
import { users } from '@shared/schema/auth';
import { inviteCodes, memberships } from '@shared/schema/communities';
import { notifications } from '@shared/schema/notifications';
import { createTestApp } from '../../test/app';
import { auditRowsOf, expectJsonError, ISO_DATE_PATTERN, setRoles, UUID_PATTERN } from '../../test/community-fixtures';
import { type Agent, signUp } from '../../test/factories';
import { startTestPushService } from '../../test/push-endpoint';
import { startTestSmtpServer } from '../../test/smtp';
import { type CommunityFixture, communityWith, LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { ALREADY_REVIEWED, APPLICATION_NOT_FOUND, APPLICATION_SENT, APPLICATION_UPDATED, NOT_THIS_COMMUNITYS_DISCIPLINE } from './service';

// The real limit of 20 applications per address an hour; TRUST_PROXY lets each test apply from its own
// address (X-Forwarded-For), so only the rate-limit test reaches it.
const testApp = await createTestApp({ ...LIFTED_LIMITS, TRUST_PROXY: 1 });
const { app, database, advanceClock } = testApp;
const { db } = database;

const anonymous = () => request.agent(app);
const NOT_FOUND = 'Community not found.';
const FORBIDDEN = /permission/;
const CODE_PATTERN = new RegExp(`^[${INVITE_CODE_ALPHABET}]{8}$`);
const TOO_MANY = 'Too many applications from this address. Please try again in an hour.';

let addressCounter = 0;
/** An address no other test in this file uses. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

interface ApplyOptions {
  /** X-Community-Id, as the client sends it on every call. */
  header?: string;
  address?: string;
  /** A signed-in visitor; anonymous otherwise. */
  agent?: Agent;
}

function apply(payload: Record<string, unknown>, { header, address = freshAddress(), agent = anonymous() }: ApplyOptions = {}) {
  const call = agent.post('/api/member-applications').set('X-Forwarded-For', address);
  return (header === undefined ? call : call.set('X-Community-Id', header)).send(payload);
}

let forms = 0;
/** A visitor's form; each with its own e-mail (the same e-mail again updates its Pending application). */
const form = (communityId: string | undefined, changes: Record<string, unknown> = {}) => ({
  name: 'Ruth  Naomi',
  email: ` Ruth.Naomi.${++forms}@Example.org `,
  message: 'I would love to join your prayer group.',
  disciplineTargets: { bibleReading: '2 chapters daily', prayerWalk: 'Yes' },
  communityId,
  ...changes,
});

async function applied(communityId: string, changes: Record<string, unknown> = {}): Promise<string> {
  const response = await apply(form(communityId, changes)).expect(201);
  return response.body.id as string;
}

const inCommunity = <T extends { set: (name: string, value: string) => T }>(call: T, communityId: string) => call.set('X-Community-Id', communityId);
const list = (agent: Agent, communityId: string) => inCommunity(agent.get('/api/member-applications'), communityId);
const review = (agent: Agent, communityId: string, applicationId: string, payload: Record<string, unknown>) =>
  inCommunity(agent.patch(`/api/member-applications/${applicationId}/status`), communityId).send(payload);

const applicationRows = (communityId: string) =>
  db.select().from(memberApplications).where(eq(memberApplications.communityId, communityId)).orderBy(asc(memberApplications.createdAt), asc(memberApplications.id));
const totalApplications = async () => (await db.select({ n: count() }).from(memberApplications))[0]!.n;
const notificationsOf = (userId: string) => db.select().from(notifications).where(eq(notifications.toUserId, userId)).orderBy(asc(notifications.createdAt));
const codesOf = (communityId: string) => db.select().from(inviteCodes).where(eq(inviteCodes.communityId, communityId));

/** Everything applying or reviewing could write in a community: compare two to prove a refusal changed nothing. */
async function snapshotApplications(communityId: string) {
  return {
    applications: await db.select().from(memberApplications).where(eq(memberApplications.communityId, communityId)).orderBy(asc(memberApplications.id)),
    notifications: await db.select().from(notifications).where(eq(notifications.communityId, communityId)).orderBy(asc(notifications.id)),
    inviteCodes: await db.select().from(inviteCodes).where(eq(inviteCodes.communityId, communityId)).orderBy(asc(inviteCodes.id)),
    audit: await db.select().from(auditLogs).where(eq(auditLogs.communityId, communityId)).orderBy(asc(auditLogs.id)),
  };
}

/** A community whose owner (CommunityModerator) has a second moderator, a Commander and a Member beside them. */
async function staffedCommunity(): Promise<CommunityFixture & { moderator: CommunityFixture['owner']; commander: CommunityFixture['owner']; member: CommunityFixture['owner'] }> {
  const fixture = await communityWith(app, 'moderator', 'commander', 'member');
  const [moderator, commander, member] = fixture.members as [typeof fixture.owner, typeof fixture.owner, typeof fixture.owner];
  await setRoles(db, fixture.id, moderator.user.id, ['CommunityModerator']);
  await setRoles(db, fixture.id, commander.user.id, ['Commander']);
  return { ...fixture, moderator, commander, member };
}

describe('POST /api/member-applications (public)', () => {
  it('stores a Pending application and answers 201 with only a thank-you and the id', async () => {
    const fixture = await communityWith(app);
    const response = await apply(form(fixture.id, { email: ' Ruth.Naomi@Example.org ' })).expect(201);
    expect(response.body).toEqual({ message: APPLICATION_SENT, id: expect.stringMatching(UUID_PATTERN), updated: false });
    expect(response.text).not.toContain(fixture.community.name);
    expect(response.text).not.toContain(fixture.owner.user.displayName);

    const [row] = await applicationRows(fixture.id);
    expect(row).toMatchObject({
      id: response.body.id,
      communityId: fixture.id,
      name: 'Ruth Naomi',
      email: 'ruth.naomi@example.org',
      message: 'I would love to join your prayer group.',
      disciplineTargets: { bibleReading: '2 chapters daily', prayerWalk: 'Yes', ...FIXED_APPLICATION_TARGETS },
      status: 'Pending',
      reviewedByUserId: null,
      reviewNotes: null,
    });
  });

  it('stores the fixed targets as the community asks them whatever was sent, and drops blank targets and a blank message', async () => {
    const fixture = await communityWith(app);
    await applied(fixture.id, { message: '   ', disciplineTargets: { monthlyRetreat: 'Never', silenceHour: 'No thanks', fasting: '  ', meditation: '10 minutes' } });
    const [row] = await applicationRows(fixture.id);
    expect(row!.disciplineTargets).toEqual({ meditation: '10 minutes', monthlyRetreat: 'Required - One day monthly', silenceHour: 'Required - 1 hour weekly' });
    expect(row!.disciplineTargets).toEqual({ meditation: '10 minutes', ...FIXED_APPLICATION_TARGETS });
    expect(row!.message).toBeNull();
  });

  it("takes targets in the community's own disciplines, and refuses one it does not have with 400 per key, writing nothing", async () => {
    const fixture = await communityWith(app);
    await fixture.owner.agent
      .post(`/api/communities/${fixture.id}/discipline-templates`)
      .send({ templates: [{ key: 'prayer', label: 'Prayer', order: 1 }, { key: 'psalms', label: 'A psalm a day', order: 2 }] })
      .expect(200);
    await apply(form(fixture.id, { disciplineTargets: { prayer: '20 minutes', psalms: 'Psalm 23' } })).expect(201);
    const [row] = await applicationRows(fixture.id);
    expect(row!.disciplineTargets).toEqual({ prayer: '20 minutes', psalms: 'Psalm 23', ...FIXED_APPLICATION_TARGETS });

    const before = await snapshotApplications(fixture.id);
    const refused = await apply(form(fixture.id, { disciplineTargets: { prayer: 'Daily', bibleReading: '2 chapters' } }));
    expectJsonError(refused, 400);
    expect(refused.body.fields).toEqual({ 'disciplineTargets.bibleReading': NOT_THIS_COMMUNITYS_DISCIPLINE });
    expect(await snapshotApplications(fixture.id)).toEqual(before);
  });

  it("resolves 'default' (or no communityId) to the X-Community-Id header and stores the real id", async () => {
    const fixture = await communityWith(app);
    const other = await communityWith(app);
    await apply(form('default'), { header: fixture.id }).expect(201);
    await apply(form(undefined), { header: fixture.id.toUpperCase() }).expect(201);
    // A real id in the body wins over the header.
    await apply(form(fixture.id.toUpperCase()), { header: other.id }).expect(201);
    const rows = await applicationRows(fixture.id);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.communityId === fixture.id)).toBe(true);
    expect(await applicationRows(other.id)).toEqual([]);
  });

  it('answers 404 (not the community-gone code) for a community that does not exist or cannot be told, and writes nothing', async () => {
    const fixture = await communityWith(app);
    const before = await totalApplications();
    const beforeFixture = await snapshotApplications(fixture.id);
    const refusals = [
      await apply(form(randomUUID())),
      await apply(form('default'), { header: randomUUID() }),
      await apply(form('default')),
      await apply(form(undefined)),
      await apply(form('default'), { header: 'not-a-uuid' }),
      await apply(form('not-a-uuid')),
      await apply(form("1' OR '1'='1"), { header: "x'; DROP TABLE users; --" }),
    ];
    for (const response of refusals) {
      expectJsonError(response, 404, NOT_FOUND);
      // A visitor's link names no community; `community_not_found` would tell a signed-in client its community is gone.
      expect(response.body.code).toBe('not_found');
    }
    expect(await totalApplications()).toBe(before);
    expect(await snapshotApplications(fixture.id)).toEqual(beforeFixture);
  });

  it('works for a signed-in visitor too, a member of another community', async () => {
    const fixture = await communityWith(app);
    const visitor = await communityWith(app);
    await apply(form(fixture.id, { email: visitor.owner.email }), { agent: visitor.owner.agent }).expect(201);
    expect(await applicationRows(fixture.id)).toHaveLength(1);
    expect(await db.select().from(memberships).where(and(eq(memberships.communityId, fixture.id), eq(memberships.userId, visitor.owner.user.id)))).toEqual([]);
  });

  it("answers alike whether or not the e-mail belongs to a member: nothing about the community's people leaks", async () => {
    const fixture = await staffedCommunity();
    const answers = [
      await apply(form(fixture.id, { email: 'stranger@example.org' })),
      await apply(form(fixture.id, { email: fixture.member.email, name: fixture.member.user.displayName })),
      await apply(form(fixture.id, { email: fixture.owner.email })),
    ];
    for (const response of answers) {
      expect(response.status).toBe(201);
      expect(Object.keys(response.body).sort()).toEqual(['id', 'message', 'updated']);
      expect(response.body).toMatchObject({ message: APPLICATION_SENT, updated: false });
      for (const person of [fixture.owner, fixture.moderator, fixture.member]) {
        expect(response.text).not.toContain(person.user.id);
        expect(response.text).not.toContain(person.email);
      }
    }
  });

  it('updates the Pending application of the same e-mail instead of adding a second, and says so (200)', async () => {
    const fixture = await staffedCommunity();
    const first = await apply(form(fixture.id, { email: 'Ruth.Again@example.org', message: 'First try' })).expect(201);
    const again = await apply(form(fixture.id, { email: 'ruth.again@example.org', name: 'Ruth N.', message: 'With more detail' })).expect(200);
    expect(again.body).toEqual({ message: APPLICATION_UPDATED, id: first.body.id, updated: true });
    const rows = await applicationRows(fixture.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.body.id, name: 'Ruth N.', message: 'With more detail', status: 'Pending' });
    expect((await notificationsOf(fixture.owner.user.id)).map((n) => n.message)).toEqual([
      expect.stringContaining('asked to join'),
      expect.stringContaining('Ruth N. updated their request to join'),
    ]);
    // Once reviewed, a new application is a new request.
    await review(fixture.owner.agent, fixture.id, first.body.id, { status: 'Rejected' }).expect(200);
    const later = await apply(form(fixture.id, { email: 'ruth.again@example.org' })).expect(201);
    expect(later.body.id).not.toBe(first.body.id);
    expect(await applicationRows(fixture.id)).toHaveLength(2);
  });

  it('keeps one application when the same e-mail applies twice at once', async () => {
    const fixture = await communityWith(app);
    const results = await Promise.all([apply(form(fixture.id, { email: 'twice@example.org' })), apply(form(fixture.id, { email: 'twice@example.org' }))]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 201]);
    expect(await applicationRows(fixture.id)).toHaveLength(1);
  });

  it('notifies every moderator of the community once per application, and nobody else', async () => {
    const fixture = await staffedCommunity();
    const neighbour = await communityWith(app);
    await applied(fixture.id, { name: 'Lydia of Thyatira' });

    for (const moderator of [fixture.owner, fixture.moderator]) {
      expect(await notificationsOf(moderator.user.id)).toEqual([
        expect.objectContaining({
          type: 'application',
          title: 'New application',
          message: `Lydia of Thyatira asked to join ${fixture.community.name}. Review it under Administration > New Members.`,
          fromUserId: null,
          communityId: fixture.id,
          isRead: false,
        }),
      ]);
      const bell = (await moderator.agent.get('/api/notifications').expect(200)).body as { title: string }[];
      expect(bell.map((n) => n.title)).toEqual(['New application']);
    }
    for (const other of [fixture.commander, fixture.member, neighbour.owner]) expect(await notificationsOf(other.user.id)).toEqual([]);

    await applied(fixture.id, { name: 'Priscilla' });
    expect(await notificationsOf(fixture.owner.user.id)).toHaveLength(2);
    expect(await notificationsOf(fixture.moderator.user.id)).toHaveLength(2);
    expect(await notificationsOf(fixture.member.user.id)).toEqual([]);
  });

  it.each([
    ['no name', { name: undefined }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a name that is not text', { name: 42 }, 'name'],
    ['a name on two lines', { name: 'Ruth\nNaomi' }, 'name'],
    ['a name with a NUL', { name: 'Ruth\u0000' }, 'name'],
    ['a name too long', { name: 'x'.repeat(81) }, 'name'],
    ['no e-mail', { email: undefined }, 'email'],
    ['an e-mail that is not one', { email: 'ruth at example' }, 'email'],
    ['an e-mail that is not text', { email: ['ruth@example.org'] }, 'email'],
    ['a message with a NUL', { message: 'Hello\u0000' }, 'message'],
    ['a message with an escape character', { message: 'Hello \u001b[2J' }, 'message'],
    ['a message too long', { message: 'x'.repeat(2001) }, 'message'],
    ['a message that is not text', { message: { html: '<b>hi</b>' } }, 'message'],
    ['an unknown discipline', { disciplineTargets: { script: 'alert(1)' } }, 'disciplineTargets.script'],
    ['a key that is no discipline key', { disciplineTargets: { '<b>': 'x' } }, 'disciplineTargets.<b>'],
    ['a target on two lines', { disciplineTargets: { bibleReading: 'two\nchapters' } }, 'disciplineTargets.bibleReading'],
    ['a target too long', { disciplineTargets: { bibleReading: 'x'.repeat(201) } }, 'disciplineTargets.bibleReading'],
    ['a target that is not text', { disciplineTargets: { bibleReading: 2 } }, 'disciplineTargets.bibleReading'],
    ['targets that are not a map', { disciplineTargets: 'all of them' }, 'disciplineTargets'],
    ['a communityId too long', { communityId: 'x'.repeat(65) }, 'communityId'],
  ])('answers 400 with a message for the field on %s and writes nothing', async (_label, changes, field) => {
    const fixture = await communityWith(app);
    const before = await snapshotApplications(fixture.id);
    const response = await apply(form(fixture.id, changes));
    expectJsonError(response, 400);
    expect(typeof response.body.fields?.[field]).toBe('string');
    expect(await snapshotApplications(fixture.id)).toEqual(before);
  });

  it('refuses the 21st application from one address within an hour with 429, counting every request, and writes nothing', async () => {
    const fixture = await communityWith(app);
    const address = freshAddress();
    // Successes, refusals of bad input and unknown communities all count.
    for (let i = 0; i < 18; i++) await apply(form(fixture.id, { name: `Applicant ${i}` }), { address }).expect(201);
    expectJsonError(await apply(form(fixture.id, { email: 'nope' }), { address }), 400);
    expectJsonError(await apply(form(randomUUID()), { address }), 404);
    const before = await snapshotApplications(fixture.id);

    const blocked = await apply(form(fixture.id), { address });
    expectJsonError(blocked, 429, TOO_MANY);
    expect(blocked.body.code).toBe('rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await snapshotApplications(fixture.id)).toEqual(before);

    // Another address is not held back.
    await apply(form(fixture.id), { address: freshAddress() }).expect(201);
  });
});

describe('GET /api/member-applications', () => {
  it("lists the community's applications newest first as ApplicationView, to a moderator", async () => {
    const fixture = await staffedCommunity();
    const other = await communityWith(app);
    const first = await applied(fixture.id, { name: 'First Applicant', email: 'ruth.naomi@example.org' });
    advanceClock(1000);
    const second = await applied(fixture.id, { name: 'Second Applicant', message: null, disciplineTargets: {} });
    await applied(other.id, { name: 'Elsewhere' });

    const response = await list(fixture.moderator.agent, fixture.id).expect(200);
    const listed = response.body as ApplicationView[];
    expect(listed.map((application) => application.id)).toEqual([second, first]);
    expect(listed[1]).toEqual({
      id: first,
      communityId: fixture.id,
      name: 'First Applicant',
      email: 'ruth.naomi@example.org',
      message: 'I would love to join your prayer group.',
      disciplineTargets: { bibleReading: '2 chapters daily', prayerWalk: 'Yes', ...FIXED_APPLICATION_TARGETS },
      status: 'Pending',
      reviewNotes: null,
      reviewedBy: null,
      createdAt: expect.stringMatching(ISO_DATE_PATTERN),
      updatedAt: expect.stringMatching(ISO_DATE_PATTERN),
    });
    expect(listed[0]).toMatchObject({ message: null, disciplineTargets: FIXED_APPLICATION_TARGETS });
    expect(response.text).not.toContain('Elsewhere');

    // After a review, the reviewer's name.
    await review(fixture.owner.agent, fixture.id, first, { status: 'Rejected', reviewNotes: 'Not now' }).expect(200);
    const reviewed = ((await list(fixture.moderator.agent, fixture.id).expect(200)).body as ApplicationView[]).find((a) => a.id === first);
    expect(reviewed).toMatchObject({ status: 'Rejected', reviewNotes: 'Not now', reviewedBy: fixture.owner.user.displayName });
  });

  it('answers an empty list to a community without applications', async () => {
    const fixture = await communityWith(app);
    expect((await list(fixture.owner.agent, fixture.id).expect(200)).body).toEqual([]);
  });

  it('answers 401 signed out, 404 to a non-member or for an unknown or malformed community, and 403 with a message to a Member or Commander', async () => {
    const fixture = await staffedCommunity();
    await applied(fixture.id);
    const outsider = await communityWith(app);
    const loner = await signUp(app);

    expectJsonError(await list(anonymous(), fixture.id), 401);
    for (const refused of [
      await list(outsider.owner.agent, fixture.id),
      await outsider.owner.agent.get(`/api/member-applications?communityId=${fixture.id}`),
      await list(outsider.owner.agent, randomUUID()),
      await list(outsider.owner.agent, 'not-a-uuid'),
      await loner.agent.get('/api/member-applications'),
    ]) {
      expectJsonError(refused, 404);
      expect(refused.body.code).toBe('community_not_found');
      expect(refused.text).not.toContain('ruth.naomi');
    }
    for (const person of [fixture.member, fixture.commander]) {
      const refused = await list(person.agent, fixture.id);
      expectJsonError(refused, 403, FORBIDDEN);
      expect(refused.text).not.toContain('ruth.naomi');
    }
  });
});

describe('PATCH /api/member-applications/:id/status', () => {
  it('approves a Pending application once, answering the application and an invitation code that lets a new user join', async () => {
    const fixture = await staffedCommunity();
    const id = await applied(fixture.id);
    advanceClock(1000);
    const response = await review(fixture.moderator.agent, fixture.id, id, { status: 'Approved', reviewNotes: '  Welcome aboard!  ' }).expect(200);
    const result = response.body as ReviewResult;
    expect(result.application).toMatchObject({ id, status: 'Approved', reviewNotes: 'Welcome aboard!', reviewedBy: fixture.moderator.user.displayName });
    expect(Date.parse(result.application.updatedAt)).toBeGreaterThan(Date.parse(result.application.createdAt));
    expect(result.inviteCode).toEqual({
      id: expect.stringMatching(UUID_PATTERN),
      inviteCode: expect.stringMatching(CODE_PATTERN),
      expiresAt: expect.stringMatching(ISO_DATE_PATTERN),
      createdAt: expect.stringMatching(ISO_DATE_PATTERN),
      createdBy: fixture.moderator.user.displayName,
      uses: 0,
    });

    const [row] = await applicationRows(fixture.id);
    expect(row).toMatchObject({ status: 'Approved', reviewNotes: 'Welcome aboard!', reviewedByUserId: fixture.moderator.user.id });
    const [code] = await db.select().from(inviteCodes).where(eq(inviteCodes.id, result.inviteCode!.id));
    expect(code).toMatchObject({ communityId: fixture.id, createdByUserId: fixture.moderator.user.id, code: result.inviteCode!.inviteCode });
    const audit = await auditRowsOf(db, fixture.id);
    expect(audit.filter((entry) => entry.entity === 'member_application')).toEqual([
      expect.objectContaining({ actorId: fixture.moderator.user.id, entityId: id, action: 'approve', diff: { from: 'Pending', to: 'Approved', reviewNotes: 'Welcome aboard!' } }),
    ]);
    expect(audit.filter((entry) => entry.entity === 'invite_code' && entry.entityId === code!.id)).toHaveLength(1);

    // The applicant signs up and joins with the code they were sent (any case, spaces around it).
    const applicant = await signUp(app);
    const joined = await applicant.agent.post('/api/communities/join').send({ inviteCode: ` ${result.inviteCode!.inviteCode.toLowerCase()} ` }).expect(200);
    expect(joined.body.communityId).toBe(fixture.id);
    const [membership] = await db.select().from(memberships).where(and(eq(memberships.communityId, fixture.id), eq(memberships.userId, applicant.user.id)));
    expect(membership!.roles).toEqual(['Member']);
  });

  it('rejects with inviteCode null, creating no code; blank or missing notes are stored as null', async () => {
    const fixture = await communityWith(app);
    const first = await applied(fixture.id);
    const second = await applied(fixture.id);
    const codesBefore = await codesOf(fixture.id);
    const rejected = (await review(fixture.owner.agent, fixture.id, first, { status: 'Rejected', reviewNotes: '   ' }).expect(200)).body as ReviewResult;
    expect(rejected).toEqual({ application: expect.objectContaining({ id: first, status: 'Rejected', reviewNotes: null, reviewedBy: fixture.owner.user.displayName }), inviteCode: null });
    const alsoRejected = (await review(fixture.owner.agent, fixture.id, second, { status: 'Rejected' }).expect(200)).body as ReviewResult;
    expect(alsoRejected.inviteCode).toBeNull();
    expect(await codesOf(fixture.id)).toEqual(codesBefore);
    expect((await auditRowsOf(db, fixture.id)).filter((entry) => entry.entity === 'member_application').map((entry) => entry.action)).toEqual(['reject', 'reject']);
  });

  it('answers 409 to a second review, and the first review stands', async () => {
    const fixture = await staffedCommunity();
    const id = await applied(fixture.id);
    await review(fixture.owner.agent, fixture.id, id, { status: 'Rejected', reviewNotes: 'Not a fit' }).expect(200);
    const before = await snapshotApplications(fixture.id);
    for (const [agent, status] of [
      [fixture.moderator.agent, 'Approved'],
      [fixture.owner.agent, 'Rejected'],
    ] as const) {
      const again = await review(agent, fixture.id, id, { status, reviewNotes: 'Changed my mind' });
      expectJsonError(again, 409, ALREADY_REVIEWED);
    }
    expect(await snapshotApplications(fixture.id)).toEqual(before);
    expect((await applicationRows(fixture.id))[0]).toMatchObject({ status: 'Rejected', reviewNotes: 'Not a fit', reviewedByUserId: fixture.owner.user.id });
  });

  it('lets exactly one of two reviewers racing win: one 200, one 409, and a code only if the approval won', async () => {
    const fixture = await staffedCommunity();
    const id = await applied(fixture.id);
    const codesBefore = (await codesOf(fixture.id)).length;
    const [approve, reject] = await Promise.all([
      review(fixture.owner.agent, fixture.id, id, { status: 'Approved' }),
      review(fixture.moderator.agent, fixture.id, id, { status: 'Rejected' }),
    ]);
    expect([approve.status, reject.status].sort()).toEqual([200, 409]);
    const winner = approve.status === 200 ? approve : reject;
    const loser = approve.status === 200 ? reject : approve;
    expectJsonError(loser, 409, ALREADY_REVIEWED);
    const [row] = await applicationRows(fixture.id);
    expect(row!.status).toBe((winner.body as ReviewResult).application.status);
    expect((await codesOf(fixture.id)).length).toBe(codesBefore + (winner === approve ? 1 : 0));
    expect((await auditRowsOf(db, fixture.id)).filter((entry) => entry.entity === 'member_application')).toHaveLength(1);
  });

  it("answers 404 'Application not found.' for another community's application, an unknown or a malformed id, writing nothing", async () => {
    const fixture = await communityWith(app);
    const other = await communityWith(app);
    const theirs = await applied(other.id);
    const before = await snapshotApplications(other.id);
    const ownBefore = await snapshotApplications(fixture.id);
    for (const applicationId of [theirs, theirs.toUpperCase(), randomUUID(), 'not-a-uuid', '1%27%20OR%201=1']) {
      expectJsonError(await review(fixture.owner.agent, fixture.id, applicationId, { status: 'Approved' }), 404, APPLICATION_NOT_FOUND);
    }
    // A body naming the other community is no way in: the caller is not a member there.
    expectJsonError(await review(fixture.owner.agent, fixture.id, theirs, { status: 'Approved', communityId: other.id }), 404, NOT_FOUND);
    expect(await snapshotApplications(other.id)).toEqual(before);
    expect(await snapshotApplications(fixture.id)).toEqual(ownBefore);
  });

  it('answers 401 signed out, 404 to a non-member, and 403 with a message to a Member or Commander, writing nothing', async () => {
    const fixture = await staffedCommunity();
    const outsider = await communityWith(app);
    const id = await applied(fixture.id);
    const before = await snapshotApplications(fixture.id);
    const outsiderBefore = await snapshotApplications(outsider.id);
    expectJsonError(await review(anonymous(), fixture.id, id, { status: 'Approved' }), 401);
    expectJsonError(await review(outsider.owner.agent, fixture.id, id, { status: 'Approved' }), 404, NOT_FOUND);
    // From the outsider's own community the application is simply not there.
    expectJsonError(await review(outsider.owner.agent, outsider.id, id, { status: 'Approved' }), 404, APPLICATION_NOT_FOUND);
    for (const person of [fixture.member, fixture.commander]) {
      expectJsonError(await review(person.agent, fixture.id, id, { status: 'Approved' }), 403, FORBIDDEN);
      expectJsonError(await review(person.agent, fixture.id, id, { status: 'Rejected' }), 403, FORBIDDEN);
    }
    expect(await snapshotApplications(fixture.id)).toEqual(before);
    expect(await snapshotApplications(outsider.id)).toEqual(outsiderBefore);
  });

  it.each([
    ['status Pending', { status: 'Pending' }, 'status'],
    ['an unknown status', { status: 'Maybe' }, 'status'],
    ['a status in lower case', { status: 'approved' }, 'status'],
    ['no status', {}, 'status'],
    ['a status that is not text', { status: 1 }, 'status'],
    ['notes with a NUL', { status: 'Approved', reviewNotes: 'ok\u0000' }, 'reviewNotes'],
    ['notes with an escape character', { status: 'Approved', reviewNotes: 'ok \u001b[31m' }, 'reviewNotes'],
    ['notes too long', { status: 'Rejected', reviewNotes: 'x'.repeat(1001) }, 'reviewNotes'],
    ['notes that are not text', { status: 'Rejected', reviewNotes: 5 }, 'reviewNotes'],
  ])('answers 400 with a message for the field on %s and writes nothing', async (_label, payload, field) => {
    const fixture = await communityWith(app);
    const id = await applied(fixture.id);
    const before = await snapshotApplications(fixture.id);
    const response = await review(fixture.owner.agent, fixture.id, id, payload);
    expectJsonError(response, 400);
    expect(typeof response.body.fields?.[field]).toBe('string');
    expect(await snapshotApplications(fixture.id)).toEqual(before);
    expect((await applicationRows(fixture.id))[0]!.status).toBe('Pending');
  });
});

// Another app of this file, sending its e-mails to a real SMTP server and its pushes to a real push service.
const smtp = await startTestSmtpServer();
const pushService = await startTestPushService();
const mailed = await createTestApp(
  { ...LIFTED_LIMITS, TRUST_PROXY: 1, SMTP_URL: smtp.url, PUSH_ENDPOINT_HOSTS: [pushService.host] },
  {
    push: { enabled: true, vapid: { ...webpush.generateVAPIDKeys(), subject: 'mailto:operator@example.org' } },
    mail: { worker: { recipientSuffix: [`@${smtp.domain}`, pushService.endpointSuffix], pollMs: 100 } },
  },
);

describe('what reaches moderators outside the app (issue 38 item 9: an applicant has no account)', () => {
  const HOSTILE_NAME = 'Lydia https://evil.example/x lydia@evil.example www.evil.example';

  it('e-mails the subject "New application to <community>" with the name only in the body, quoted and defanged, and pushes no word of theirs', async () => {
    const moderator = await signUp(mailed.app, { email: smtp.address('moderator') });
    const community = (await moderator.agent.post('/api/communities').send({ name: 'Grace Fellowship', description: '' }).expect(201)).body as { id: string; name: string };
    await mailed.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, moderator.user.id));
    await moderator.agent.put('/api/user/notification-preferences').send({ email: { applications: true }, push: { applications: true } }).expect(200);
    const device = pushService.newDevice();
    await moderator.agent.post('/api/push/subscriptions').send(device.subscription).expect(201);

    await request(mailed.app)
      .post('/api/member-applications')
      .set('X-Forwarded-For', freshAddress())
      .send(form(community.id, { name: HOSTILE_NAME, message: 'Visit https://evil.example now' }))
      .expect(201);

    // The sign-up's verification link, then the application's.
    const [mail, ...more] = (await smtp.waitFor(moderator.email, 2)).filter((received) => !received.subject.startsWith('Confirm your e-mail'));
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`New application to ${community.name}`);
    expect(mail!.text).toContain(`New application to ${community.name}.\n\n`);
    expect(mail!.text.split('\n').filter((line) => line.startsWith('> '))).toEqual(['> Name: Lydia hxxps://evil[.]example/x lydia[at]evil[.]example www[.]evil[.]example']);
    // No link but ours: the first is the app's, and nothing of the applicant's can be one.
    expect(mail!.link).toMatch(/^https?:\/\/[^/]+\/admin\?tab=applications$/);
    expect(mail!.text).not.toMatch(/evil\.example|https:\/\/evil|@evil|Visit/);
    expect(JSON.stringify(mail!.headers)).not.toContain('Lydia');

    const [push] = await device.waitFor(1);
    expect(JSON.parse(push!.payload)).toEqual({ title: 'New application', body: `New application to ${community.name}`, url: '/admin?tab=applications' });
    expect(push!.payload).not.toMatch(/Lydia|evil/);

    // The bell, inside the app, keeps the name.
    const bell = (await moderator.agent.get('/api/notifications').expect(200)).body as { message: string }[];
    expect(bell.map((notification) => notification.message)).toEqual([`${HOSTILE_NAME} asked to join ${community.name}. Review it under Administration > New Members.`]);
  });
});
