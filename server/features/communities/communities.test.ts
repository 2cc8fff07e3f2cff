import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { dateInTimeZone, parseIsoDate } from '@shared/domain/calendar';
import { DEFAULT_DISCIPLINES } from '@shared/domain/disciplines';
import { auditLogs } from '@shared/schema/audit';
import { users } from '@shared/schema/auth';
import { communities, institutions, memberships, subgroups } from '@shared/schema/communities';
import { questions } from '@shared/schema/questions';
import type { Transaction } from '../../db/client';
import { createTestApp } from '../../test/app';
import { whileHoldingLock } from '../../test/hold-lock';
import {
  auditRowsOf,
  expectJsonError,
  grantSuperAdmin,
  ISO_DATE_PATTERN,
  rolesOf,
  setRoles,
  signUpSuperAdmin,
  snapshotCommunity,
  UUID_PATTERN,
} from '../../test/community-fixtures';
import { type Agent, addMember, createCommunity, signUp, uniqueIdentity } from '../../test/factories';
import { mark } from '../tracking/tracking-test-kit';

// Many accounts sign up from one address in this file: lift the sign-up and join limits (tested in invites/).
const { app, database } = await createTestApp({
  RATE_LIMIT_REGISTER_PER_IP: 100_000,
  RATE_LIMIT_JOIN_PER_IP: 100_000,
  RATE_LIMIT_JOIN_PER_USER: 100_000,
});
const db = database.db;

const OWN_ROLES = 'Cannot edit own roles';
const ROLE_PERMISSION = "You don't have permission to modify this user's roles";
const REMOVE_SELF = 'You cannot remove yourself from the community';
const LAST_MODERATOR = /Community Moderator/;
const NOT_FOUND = 'Community not found.';

type Member = Awaited<ReturnType<typeof signUp>>;

/** A fresh community (its creator is `owner`) with one member per prefix, each joined with a code. */
async function communityWith(...prefixes: string[]) {
  const fixture = await createCommunity(app);
  const members: Member[] = [];
  for (const prefix of prefixes) members.push(await addMember(app, fixture, prefix));
  return { ...fixture, id: fixture.community.id, members };
}

const anonymous = () => request.agent(app);

const superAdmin = () => signUpSuperAdmin(app, db);

describe('GET /api/memberships', () => {
  it('lists each membership with communityId, userId, role, roles and community {id, name, description}', async () => {
    const first = await createCommunity(app);
    const second = await createCommunity(app);
    const user = first.owner;
    await user.agent.post('/api/communities/join').send({ inviteCode: await second.joinCode() }).expect(200);

    const response = await user.agent.get('/api/memberships').expect(200);
    expect(response.body).toEqual([
      {
        id: expect.stringMatching(UUID_PATTERN),
        communityId: first.community.id,
        userId: user.user.id,
        role: 'CommunityModerator',
        roles: ['CommunityModerator'],
        subgroupId: null,
        community: { id: first.community.id, name: first.community.name, description: 'A test community', closesAt: null },
      },
      {
        id: expect.stringMatching(UUID_PATTERN),
        communityId: second.community.id,
        userId: user.user.id,
        role: 'Member',
        roles: ['Member'],
        subgroupId: null,
        community: { id: second.community.id, name: second.community.name, description: 'A test community', closesAt: null },
      },
    ]);
  });

  it('is empty for a new account and shows the highest role as role', async () => {
    const fresh = await signUp(app);
    expect((await fresh.agent.get('/api/memberships').expect(200)).body).toEqual([]);

    const fixture = await communityWith('member');
    await setRoles(db, fixture.id, fixture.members[0]!.user.id, ['Member', 'Commander']);
    const [membership] = (await fixture.members[0]!.agent.get('/api/memberships').expect(200)).body;
    expect(membership).toMatchObject({ role: 'Commander', roles: ['Member', 'Commander'] });
  });

  it('answers 401 without a session', async () => {
    expectJsonError(await anonymous().get('/api/memberships'), 401);
  });
});

describe('POST /api/communities', () => {
  it('creates a private community with its creator as CommunityModerator in a new institution', async () => {
    const creator = await signUp(app);
    const name = `Grace Fellowship ${randomUUID().slice(0, 8)}`;
    const response = await creator.agent
      .post('/api/communities')
      .send({ name: `  ${name}  `, description: '  Praying together  ', timeZone: 'Europe/Berlin' })
      .expect(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID_PATTERN),
      institutionId: expect.stringMatching(UUID_PATTERN),
      name,
      description: 'Praying together',
      isPrivate: true,
      isProgressLocked: false,
      timeZone: 'Europe/Berlin',
      defaultLocale: null,
      graceDays: false,
      quietDays: 4,
      theme: null,
      createdAt: expect.stringMatching(ISO_DATE_PATTERN),
      closesAt: null,
    });
    const view = response.body as { id: string; institutionId: string };
    expect(await rolesOf(db, view.id, creator.user.id)).toEqual(['CommunityModerator']);
    expect(await db.select().from(institutions).where(eq(institutions.id, view.institutionId))).toHaveLength(1);
    const audit = await auditRowsOf(db, view.id);
    expect(audit).toEqual([expect.objectContaining({ actorId: creator.user.id, entity: 'community', entityId: view.id, action: 'create' })]);

    // The creator has full admin rights at once.
    await creator.agent.post(`/api/communities/${view.id}/invite-codes`).expect(201);
  });

  it('defaults the time zone to UTC, stores an empty description as null, and gives each creator their own institution', async () => {
    const first = await signUp(app);
    const second = await signUp(app);
    const a = (await first.agent.post('/api/communities').send({ name: 'Alpha', description: '' }).expect(201)).body;
    const b = (await second.agent.post('/api/communities').send({ name: 'Beta' }).expect(201)).body;
    expect(a).toMatchObject({ timeZone: 'UTC', description: null });
    expect(b).toMatchObject({ timeZone: 'UTC', description: null });
    expect(a.institutionId).not.toBe(b.institutionId);
    // A plain creator's second community gets yet another institution.
    const c = (await first.agent.post('/api/communities').send({ name: 'Gamma' }).expect(201)).body;
    expect(c.institutionId).not.toBe(a.institutionId);
  });

  it.each([
    ['no name', {}, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a name that is not text', { name: 42 }, 'name'],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, 'name'],
    ['a description over 500 characters', { name: 'Fine', description: 'x'.repeat(501) }, 'description'],
    ['an unknown time zone', { name: 'Fine', timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
  ])('answers 400 with fields for %s and writes nothing', async (_label, payload, field) => {
    const creator = await signUp(app);
    const response = await creator.agent.post('/api/communities').send(payload);
    expectJsonError(response, 400);
    expect(response.body.fields).toHaveProperty(field);
    expect(await db.select().from(memberships).where(eq(memberships.userId, creator.user.id))).toEqual([]);
  });

  it('uses the spec wording for a blank name', async () => {
    const creator = await signUp(app);
    const response = await creator.agent.post('/api/communities').send({ name: '' });
    expect(response.body.fields.name).toBe('Please enter a name for your community.');
  });

  it('answers 401 without a session and creates nothing', async () => {
    const name = `Anonymous ${randomUUID()}`;
    expectJsonError(await anonymous().post('/api/communities').send({ name }), 401);
    expect(await db.select().from(communities).where(eq(communities.name, name))).toEqual([]);
  });
});

describe('GET /api/communities/info', () => {
  it('answers the name and the disciplines, nothing of its people, to anyone with ?community=<id> (the apply page)', async () => {
    const fixture = await communityWith();
    const defaults = DEFAULT_DISCIPLINES.map(({ key, label, isDailyGrid }) => ({ key, label, isDailyGrid }));
    expect((await anonymous().get(`/api/communities/info?community=${fixture.id}`).expect(200)).body).toEqual({ name: fixture.community.name, disciplines: defaults });
    const stranger = await signUp(app);
    expect((await stranger.agent.get(`/api/communities/info?community=${fixture.id}`).expect(200)).body).toEqual({ name: fixture.community.name, disciplines: defaults });
    // A community with its own disciplines is asked about those.
    await fixture.owner.agent
      .post(`/api/communities/${fixture.id}/discipline-templates`)
      .send({ templates: [{ key: 'prayer', label: 'Prayer', unit: 'minutes', isNumeric: true, isDailyGrid: true, order: 1 }, { key: 'psalms', label: 'A psalm a day', order: 2 }] })
      .expect(200);
    expect((await anonymous().get(`/api/communities/info?community=${fixture.id}`).expect(200)).body).toEqual({
      name: fixture.community.name,
      disciplines: [
        { key: 'prayer', label: 'Prayer', isDailyGrid: true },
        { key: 'psalms', label: 'A psalm a day', isDailyGrid: true },
      ],
    });
  });

  it('answers a JSON 404 for an unknown or malformed community id', async () => {
    expectJsonError(await anonymous().get(`/api/communities/info?community=${randomUUID()}`), 404);
    expectJsonError(await anonymous().get('/api/communities/info?community=not-a-uuid'), 404);
    expectJsonError(await anonymous().get(`/api/communities/info?community=${encodeURIComponent("1' OR '1'='1")}`), 404);
  });

  it('answers the current community view to a signed-in caller without the parameter', async () => {
    const first = await createCommunity(app);
    const second = await createCommunity(app);
    const user = first.owner;
    await user.agent.post('/api/communities/join').send({ inviteCode: await second.joinCode() }).expect(200);

    // No header: the first membership.
    const byDefault = (await user.agent.get('/api/communities/info').expect(200)).body;
    expect(byDefault).toMatchObject({ id: first.community.id, name: first.community.name, institutionId: first.community.institutionId });
    // The header names the community shown.
    const byHeader = (await user.agent.get('/api/communities/info').set('X-Community-Id', second.community.id).expect(200)).body;
    expect(byHeader).toMatchObject({ id: second.community.id, name: second.community.name });
  });

  it('answers 401 without a session and without the parameter', async () => {
    expectJsonError(await anonymous().get('/api/communities/info'), 401);
  });

  it('answers 404 to a signed-in caller who belongs to no community', async () => {
    const loner = await signUp(app);
    expectJsonError(await loner.agent.get('/api/communities/info'), 404);
  });

  it('answers a plain Member 200 (reading the community is every member\'s right: there is no 403 here), with or without the parameter', async () => {
    const fixture = await communityWith('member');
    const member = fixture.members[0]!;
    expect((await member.agent.get('/api/communities/info').set('X-Community-Id', fixture.id).expect(200)).body).toMatchObject({ id: fixture.id, name: fixture.community.name });
    expect((await member.agent.get(`/api/communities/info?community=${fixture.id}`).expect(200)).body).toMatchObject({ name: fixture.community.name });
  });

  it("answers 404 to a member of another community whose header names this one, and for a blank, unknown or malformed parameter, revealing nothing", async () => {
    const fixture = await communityWith();
    const other = await communityWith();
    for (const header of [fixture.id, randomUUID(), 'not-a-uuid']) {
      const refused = await other.owner.agent.get('/api/communities/info').set('X-Community-Id', header);
      expectJsonError(refused, 404, NOT_FOUND);
      expect(refused.text).not.toContain(fixture.community.name);
    }
    for (const query of ['', randomUUID(), 'not-a-uuid']) {
      expectJsonError(await other.owner.agent.get(`/api/communities/info?community=${query}`), 404, NOT_FOUND);
      expectJsonError(await anonymous().get(`/api/communities/info?community=${query}`), 404, NOT_FOUND);
    }
  });
});

describe('GET /api/communities/:id', () => {
  it('answers the community view to a member', async () => {
    const fixture = await communityWith('member');
    const response = await fixture.members[0]!.agent.get(`/api/communities/${fixture.id}`).expect(200);
    expect(response.body).toEqual({
      id: fixture.id,
      institutionId: fixture.community.institutionId,
      name: fixture.community.name,
      description: 'A test community',
      isPrivate: true,
      isProgressLocked: false,
      timeZone: 'America/Chicago',
      defaultLocale: null,
      graceDays: false,
      quietDays: 4,
      theme: null,
      createdAt: expect.stringMatching(ISO_DATE_PATTERN),
      closesAt: null,
    });
  });
});

describe('PUT /api/communities/:id', () => {
  it('lets an admin edit name, description, time zone and grace days, with an audit row', async () => {
    const fixture = await communityWith();
    const response = await fixture.owner.agent
      .put(`/api/communities/${fixture.id}`)
      .send({ name: '  Renamed Fellowship  ', description: '', timeZone: 'Africa/Lagos', graceDays: true })
      .expect(200);
    expect(response.body).toMatchObject({ id: fixture.id, name: 'Renamed Fellowship', description: null, timeZone: 'Africa/Lagos', graceDays: true });
    const [row] = await db.select().from(communities).where(eq(communities.id, fixture.id));
    expect(row).toMatchObject({ name: 'Renamed Fellowship', description: null, timeZone: 'Africa/Lagos', graceDays: true });

    const audit = (await auditRowsOf(db, fixture.id)).filter((entry) => entry.entity === 'community' && entry.action === 'update');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: fixture.owner.user.id,
      entityId: fixture.id,
      diff: {
        name: { from: fixture.community.name, to: 'Renamed Fellowship' },
        description: { from: 'A test community', to: null },
        timeZone: { from: 'America/Chicago', to: 'Africa/Lagos' },
        graceDays: { from: false, to: true },
      },
    });
  });

  it('keeps the time zone and grace days when they are not sent', async () => {
    const fixture = await communityWith();
    const response = await fixture.owner.agent.put(`/api/communities/${fixture.id}`).send({ name: 'Only the name', description: 'New words' }).expect(200);
    expect(response.body).toMatchObject({ name: 'Only the name', description: 'New words', timeZone: 'America/Chicago', graceDays: false });
  });

  it.each([
    ['no name', { description: 'x' }, 'name'],
    ['a blank name', { name: '   ', description: 'x' }, 'name'],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, 'name'],
    ['a description over 500 characters', { name: 'Fine', description: 'x'.repeat(501) }, 'description'],
    ['an unknown time zone', { name: 'Fine', timeZone: 'Nowhere/Else' }, 'timeZone'],
    ['graceDays that is not a boolean', { name: 'Fine', graceDays: 'yes' }, 'graceDays'],
  ])('answers 400 with fields for %s and changes nothing', async (_label, payload, field) => {
    const fixture = await communityWith();
    const before = await snapshotCommunity(db, fixture.id);
    const response = await fixture.owner.agent.put(`/api/communities/${fixture.id}`).send(payload);
    expectJsonError(response, 400);
    expect(response.body.fields).toHaveProperty(field);
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
  });

  it("words a blank name as the client does ('Community name cannot be empty.')", async () => {
    const fixture = await communityWith();
    const response = await fixture.owner.agent.put(`/api/communities/${fixture.id}`).send({ name: ' ', description: null });
    expect(response.body.fields.name).toBe('Community name cannot be empty.');
  });

  it('answers a JSON 400 without a stack trace for malformed JSON, and changes nothing', async () => {
    const fixture = await communityWith();
    const before = await snapshotCommunity(db, fixture.id);
    const response = await fixture.owner.agent.put(`/api/communities/${fixture.id}`).set('Content-Type', 'application/json').send('{"name": "Broken');
    expectJsonError(response, 400);
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
  });
});

describe('POST /api/communities/:id/leave', () => {
  it('removes the membership; the community is gone for the user and rejoining needs a new code', async () => {
    const fixture = await communityWith('member');
    const member = fixture.members[0]!;
    await setRoles(db, fixture.id, member.user.id, ['Commander']);
    const [subgroup] = await db.insert(subgroups).values({ communityId: fixture.id, name: 'Team A', commanderId: member.user.id }).returning();

    const response = await member.agent.post(`/api/communities/${fixture.id}/leave`).expect(200);
    expect(typeof response.body.message).toBe('string');

    expect(await rolesOf(db, fixture.id, member.user.id)).toBeUndefined();
    expect((await member.agent.get('/api/memberships').expect(200)).body).toEqual([]);
    expectJsonError(await member.agent.get(`/api/communities/${fixture.id}`), 404, NOT_FOUND);
    expectJsonError(await member.agent.get(`/api/communities/${fixture.id}/members`), 404, NOT_FOUND);
    // Leaving lets go of the subgroups the member commanded.
    expect((await db.select().from(subgroups).where(eq(subgroups.id, subgroup!.id)))[0]!.commanderId).toBeNull();
    const audit = await auditRowsOf(db, fixture.id);
    expect(audit.filter((row) => row.action === 'leave')).toEqual([expect.objectContaining({ actorId: member.user.id, entity: 'membership', entityId: member.user.id })]);

    // Rejoining takes a code and starts over as a Member.
    await member.agent.post('/api/communities/join').send({ inviteCode: await fixture.joinCode() }).expect(200);
    expect(await rolesOf(db, fixture.id, member.user.id)).toEqual(['Member']);
  });

  it('lets a moderator leave while another CommunityModerator remains', async () => {
    const fixture = await communityWith('second');
    await setRoles(db, fixture.id, fixture.members[0]!.user.id, ['CommunityModerator']);
    await fixture.owner.agent.post(`/api/communities/${fixture.id}/leave`).expect(200);
    expect(await rolesOf(db, fixture.id, fixture.owner.user.id)).toBeUndefined();
  });

  it('refuses the last CommunityModerator with 409 and keeps the membership', async () => {
    const fixture = await communityWith('member');
    const before = await snapshotCommunity(db, fixture.id);
    expectJsonError(await fixture.owner.agent.post(`/api/communities/${fixture.id}/leave`), 409, LAST_MODERATOR);
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
    expect(await rolesOf(db, fixture.id, fixture.owner.user.id)).toEqual(['CommunityModerator']);
  });
});

describe('GET /api/communities/:id/members', () => {
  it('lists members with their e-mail for an admin', async () => {
    const fixture = await communityWith('alice', 'bob');
    const response = await fixture.owner.agent.get(`/api/communities/${fixture.id}/members`).expect(200);
    expect(response.body).toHaveLength(3);
    const byId = new Map((response.body as Array<{ id: string }>).map((member) => [member.id, member]));
    expect(byId.get(fixture.owner.user.id)).toEqual({
      id: fixture.owner.user.id,
      displayName: fixture.owner.user.displayName,
      email: fixture.owner.email,
      role: 'CommunityModerator',
      roles: ['CommunityModerator'],
      rank: 'CommunityModerator',
      subgroupId: null,
      isImported: false,
      offeredTo: null,
      createdAt: expect.stringMatching(ISO_DATE_PATTERN),
    });
    expect(byId.get(fixture.members[0]!.user.id)).toMatchObject({ email: fixture.members[0]!.email, role: 'Member', roles: ['Member'] });
    expect(JSON.stringify(response.body)).not.toMatch(/password/i);
  });

  it('hides e-mails from members who are not admins', async () => {
    const fixture = await communityWith('alice', 'bob');
    await setRoles(db, fixture.id, fixture.members[1]!.user.id, ['Commander']);
    for (const viewer of fixture.members) {
      const response = await viewer.agent.get(`/api/communities/${fixture.id}/members`).expect(200);
      expect(response.body).toHaveLength(3);
      expect((response.body as Array<{ email: string | null }>).every((member) => member.email === null)).toBe(true);
    }
  });
});

describe('GET /api/communities/:id/stats', () => {
  it('counts members, commanders and open questions of this community only', async () => {
    const fixture = await communityWith('commander', 'member', 'member');
    const [commander, asker] = fixture.members;
    await setRoles(db, fixture.id, commander!.user.id, ['Commander']);
    const other = await communityWith('elsewhere');
    const question = (communityId: string, status: 'Open' | 'InProgress' | 'Answered' | 'Archived') => ({
      communityId,
      fromUserId: asker!.user.id,
      fromUserName: asker!.user.displayName,
      title: 'How do I fast?',
      body: 'Guidance please',
      status,
    });
    await db.insert(questions).values([question(fixture.id, 'Open'), question(fixture.id, 'InProgress'), question(fixture.id, 'Answered'), question(fixture.id, 'Archived'), question(other.id, 'Open')]);

    const response = await asker!.agent.get(`/api/communities/${fixture.id}/stats`).expect(200);
    expect(response.body).toEqual({ totalMembers: 4, totalCommanders: 1, openQuestions: 2, avgCompletion: 0, importedUnclaimed: 0 });
    expect((await other.owner.agent.get(`/api/communities/${other.id}/stats`).expect(200)).body).toEqual({
      totalMembers: 2,
      totalCommanders: 0,
      openQuestions: 1,
      avgCompletion: 0,
      importedUnclaimed: 0,
    });
  });

  it('counts imported records awaiting a claim apart: not in Total Members, Active Commanders or Avg. Completion', async () => {
    const fixture = await communityWith('member');
    const member = fixture.members[0]!;
    const today = dateInTimeZone(new Date(), 'America/Chicago');
    const { year, month, day } = parseIsoDate(today);
    await mark(member.agent, fixture.id, year, month, { bibleReading: { [String(day)]: 'Yes' }, fasting: { [String(day)]: 'Yes' } });
    const stats = async () => (await fixture.owner.agent.get(`/api/communities/${fixture.id}/stats`).expect(200)).body;
    const before = await stats();
    expect(before.avgCompletion).toBeGreaterThan(0);

    const imported = await db
      .insert(users)
      .values(Array.from({ length: 3 }, () => ({ email: null, displayName: uniqueIdentity('imported').displayName, isImported: true, importedCommunityId: fixture.id })))
      .returning({ id: users.id });
    await db.insert(memberships).values(imported.map((row, index) => ({ userId: row.id, communityId: fixture.id, roles: index === 0 ? ['Commander' as const] : ['Member' as const] })));
    expect(await stats()).toEqual({ ...before, importedUnclaimed: 3 });
  });
});

describe('DELETE /api/communities/:id/members/:userId', () => {
  it('removes the member, releases their subgroups and records who did it', async () => {
    const fixture = await communityWith('leaving', 'staying');
    const [leaving, staying] = fixture.members;
    await setRoles(db, fixture.id, leaving!.user.id, ['Commander']);
    const [subgroup] = await db.insert(subgroups).values({ communityId: fixture.id, name: 'Team B', commanderId: leaving!.user.id }).returning();

    const response = await fixture.owner.agent.delete(`/api/communities/${fixture.id}/members/${leaving!.user.id}`).expect(200);
    expect(typeof response.body.message).toBe('string');
    expect(await rolesOf(db, fixture.id, leaving!.user.id)).toBeUndefined();
    expect(await rolesOf(db, fixture.id, staying!.user.id)).toEqual(['Member']);
    expect((await db.select().from(subgroups).where(eq(subgroups.id, subgroup!.id)))[0]!.commanderId).toBeNull();
    const members = (await fixture.owner.agent.get(`/api/communities/${fixture.id}/members`).expect(200)).body as Array<{ id: string }>;
    expect(members.map((member) => member.id)).not.toContain(leaving!.user.id);
    expectJsonError(await leaving!.agent.get(`/api/communities/${fixture.id}`), 404, NOT_FOUND);

    const audit = (await auditRowsOf(db, fixture.id)).filter((row) => row.action === 'remove');
    expect(audit).toEqual([
      expect.objectContaining({ actorId: fixture.owner.user.id, entity: 'membership', entityId: leaving!.user.id, diff: { roles: ['Commander'] } }),
    ]);
  });

  it("refuses removing oneself with 403 'You cannot remove yourself from the community'", async () => {
    const fixture = await communityWith('second');
    await setRoles(db, fixture.id, fixture.members[0]!.user.id, ['CommunityModerator']);
    const before = await snapshotCommunity(db, fixture.id);
    expectJsonError(await fixture.owner.agent.delete(`/api/communities/${fixture.id}/members/${fixture.owner.user.id}`), 403, REMOVE_SELF);
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
  });

  it('lets one of two moderators remove the other, but never the last CommunityModerator (409)', async () => {
    const fixture = await communityWith('second');
    const second = fixture.members[0]!;
    await setRoles(db, fixture.id, second.user.id, ['CommunityModerator']);
    await second.agent.delete(`/api/communities/${fixture.id}/members/${fixture.owner.user.id}`).expect(200);

    // Now `second` is the last moderator: a SuperAdmin, who outranks everyone, still cannot remove them.
    const operator = await superAdmin();
    const before = await snapshotCommunity(db, fixture.id);
    expectJsonError(await operator.agent.delete(`/api/communities/${fixture.id}/members/${second.user.id}`), 409, LAST_MODERATOR);
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
  });

  it('answers 404 for someone who is not a member of the community and for a malformed id', async () => {
    const fixture = await communityWith();
    const elsewhere = await communityWith('elsewhere');
    const before = await snapshotCommunity(db, elsewhere.id);
    expectJsonError(await fixture.owner.agent.delete(`/api/communities/${fixture.id}/members/${elsewhere.members[0]!.user.id}`), 404);
    expectJsonError(await fixture.owner.agent.delete(`/api/communities/${fixture.id}/members/${randomUUID()}`), 404);
    expectJsonError(await fixture.owner.agent.delete(`/api/communities/${fixture.id}/members/not-a-uuid`), 404);
    expect(await snapshotCommunity(db, elsewhere.id)).toEqual(before);
  });
});

describe('PATCH /api/users/:userId/role', () => {
  const patchRoles = (agent: Agent, communityId: string, userId: string, roles: unknown) =>
    agent.patch(`/api/users/${userId}/role`).set('X-Community-Id', communityId).send({ roles });

  it('sets the roles of a member, answers the member and writes an audit row with the diff', async () => {
    const fixture = await communityWith('member');
    const member = fixture.members[0]!;
    const response = await patchRoles(fixture.owner.agent, fixture.id, member.user.id, ['Commander', 'Member']).expect(200);
    expect(response.body).toEqual({
      id: member.user.id,
      displayName: member.user.displayName,
      email: member.email,
      role: 'Commander',
      roles: ['Commander', 'Member'],
      rank: 'Commander',
      subgroupId: null,
      isImported: false,
      offeredTo: null,
      createdAt: expect.stringMatching(ISO_DATE_PATTERN),
    });
    expect(await rolesOf(db, fixture.id, member.user.id)).toEqual(['Commander', 'Member']);
    const audit = (await auditRowsOf(db, fixture.id)).filter((row) => row.action === 'roles.update');
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: fixture.owner.user.id,
        entity: 'membership',
        entityId: member.user.id,
        diff: { from: ['Member'], to: ['Commander', 'Member'] },
      }),
    ]);
  });

  it("treats an empty list as ['Member']", async () => {
    const fixture = await communityWith('member');
    const member = fixture.members[0]!;
    await setRoles(db, fixture.id, member.user.id, ['Commander']);
    const response = await patchRoles(fixture.owner.agent, fixture.id, member.user.id, []).expect(200);
    expect(response.body).toMatchObject({ role: 'Member', roles: ['Member'] });
    expect(await rolesOf(db, fixture.id, member.user.id)).toEqual(['Member']);
  });

  it('lets a moderator make another member a CommunityModerator (equal to their own role)', async () => {
    const fixture = await communityWith('member');
    await patchRoles(fixture.owner.agent, fixture.id, fixture.members[0]!.user.id, ['CommunityModerator']).expect(200);
    expect(await rolesOf(db, fixture.id, fixture.members[0]!.user.id)).toEqual(['CommunityModerator']);
  });

  it("refuses editing one's own roles with 403 'Cannot edit own roles'", async () => {
    const fixture = await communityWith('second');
    await setRoles(db, fixture.id, fixture.members[0]!.user.id, ['CommunityModerator']);
    const before = await snapshotCommunity(db, fixture.id);
    for (const roles of [['Member'], ['CommunityModerator', 'Commander'], []]) {
      expectJsonError(await patchRoles(fixture.owner.agent, fixture.id, fixture.owner.user.id, roles), 403, OWN_ROLES);
    }
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
  });

  it('refuses a CommunityModerator granting InstitutionAdmin (above their own highest role) with 403', async () => {
    const fixture = await communityWith('member');
    const before = await snapshotCommunity(db, fixture.id);
    for (const roles of [['InstitutionAdmin'], ['Member', 'InstitutionAdmin']]) {
      expectJsonError(await patchRoles(fixture.owner.agent, fixture.id, fixture.members[0]!.user.id, roles), 403, ROLE_PERMISSION);
    }
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
  });

  it('never grants SuperAdmin through the API, not even by a SuperAdmin', async () => {
    const fixture = await communityWith('member');
    const operator = await superAdmin();
    const member = fixture.members[0]!;
    const before = await snapshotCommunity(db, fixture.id);
    for (const agent of [fixture.owner.agent, operator.agent]) {
      expectJsonError(await patchRoles(agent, fixture.id, member.user.id, ['SuperAdmin']), 403);
    }
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
    const [row] = await db.select({ isSuperAdmin: users.isSuperAdmin }).from(users).where(eq(users.id, member.user.id));
    expect(row!.isSuperAdmin).toBe(false);
  });

  it('refuses a moderator changing or removing someone who outranks them (an InstitutionAdmin)', async () => {
    const fixture = await communityWith('institution-admin');
    const outranking = fixture.members[0]!;
    await setRoles(db, fixture.id, outranking.user.id, ['InstitutionAdmin']);
    const before = await snapshotCommunity(db, fixture.id);
    expectJsonError(await patchRoles(fixture.owner.agent, fixture.id, outranking.user.id, ['Member']), 403, ROLE_PERMISSION);
    expectJsonError(await fixture.owner.agent.delete(`/api/communities/${fixture.id}/members/${outranking.user.id}`), 403);
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
  });

  it('lets one of two moderators demote the other, but the last CommunityModerator cannot lose the role (409)', async () => {
    const fixture = await communityWith('second', 'institution-admin');
    const [second, institutionAdmin] = fixture.members;
    await setRoles(db, fixture.id, second!.user.id, ['CommunityModerator']);
    await patchRoles(second!.agent, fixture.id, fixture.owner.user.id, ['Member']).expect(200);
    expect(await rolesOf(db, fixture.id, fixture.owner.user.id)).toEqual(['Member']);

    // `second` is now the last moderator. Higher roles (InstitutionAdmin, SuperAdmin) cannot take it away either.
    await setRoles(db, fixture.id, institutionAdmin!.user.id, ['InstitutionAdmin']);
    const operator = await superAdmin();
    const before = await snapshotCommunity(db, fixture.id);
    for (const agent of [institutionAdmin!.agent, operator.agent]) {
      expectJsonError(await patchRoles(agent, fixture.id, second!.user.id, ['Commander']), 409, LAST_MODERATOR);
      expectJsonError(await patchRoles(agent, fixture.id, second!.user.id, []), 409, LAST_MODERATOR);
    }
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
    expect(await rolesOf(db, fixture.id, second!.user.id)).toEqual(['CommunityModerator']);
    // Keeping the role while adding another is fine.
    await patchRoles(operator.agent, fixture.id, second!.user.id, ['CommunityModerator', 'Commander']).expect(200);
  });

  it('answers 404 for a user who is not a member of the resolved community, and for a malformed id', async () => {
    const fixture = await communityWith();
    const elsewhere = await communityWith('elsewhere');
    const before = await snapshotCommunity(db, elsewhere.id);
    expectJsonError(await patchRoles(fixture.owner.agent, fixture.id, elsewhere.members[0]!.user.id, ['Commander']), 404);
    expectJsonError(await patchRoles(fixture.owner.agent, fixture.id, 'not-a-uuid', ['Commander']), 404);
    expect(await snapshotCommunity(db, elsewhere.id)).toEqual(before);
  });

  it.each([
    ['no roles', {}, 'roles'],
    ['roles that is not a list', { roles: 'Commander' }, 'roles'],
    ['an unknown role', { roles: ['Pope'] }, 'roles.0'],
    ['a null list', { roles: null }, 'roles'],
    ['too many roles', { roles: ['Member', 'Member', 'Member', 'Member', 'Member', 'Member'] }, 'roles'],
  ])('answers 400 with fields for %s and changes nothing', async (_label, payload, field) => {
    const fixture = await communityWith('member');
    const before = await snapshotCommunity(db, fixture.id);
    const response = await fixture.owner.agent.patch(`/api/users/${fixture.members[0]!.user.id}/role`).set('X-Community-Id', fixture.id).send(payload);
    expectJsonError(response, 400);
    expect(response.body.fields).toHaveProperty([field]);
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
  });
});

describe('community context resolution (path id, body/query id, header, first membership)', () => {
  /** A user who moderates two communities (first, then second) and a member who belongs to the first only. */
  async function twoCommunities() {
    const first = await communityWith('member');
    const second = await createCommunity(app);
    const moderator = first.owner;
    await moderator.agent.post('/api/communities/join').send({ inviteCode: await second.joinCode() }).expect(200);
    await setRoles(db, second.community.id, moderator.user.id, ['CommunityModerator']);
    return { moderator, first: first.id, second: second.community.id, member: first.members[0]! };
  }

  it("uses the path's id over the header", async () => {
    const { moderator, first, second } = await twoCommunities();
    const response = await moderator.agent.get(`/api/communities/${first}`).set('X-Community-Id', second).expect(200);
    expect(response.body.id).toBe(first);
  });

  it('uses a real communityId in the body over the header', async () => {
    const { moderator, first, second, member } = await twoCommunities();
    await moderator.agent.patch(`/api/users/${member.user.id}/role`).set('X-Community-Id', second).send({ roles: ['Commander'], communityId: first }).expect(200);
    expect(await rolesOf(db, first, member.user.id)).toEqual(['Commander']);
  });

  it('uses a real communityId in the query over the header', async () => {
    const { moderator, first, second } = await twoCommunities();
    const response = await moderator.agent.get(`/api/communities/info?communityId=${first}`).set('X-Community-Id', second).expect(200);
    expect(response.body.id).toBe(first);
  });

  it("ignores the placeholder 'default' in body or query and falls back to the header", async () => {
    const { moderator, first, second, member } = await twoCommunities();
    // Header names the member's community: found and changed.
    await moderator.agent.patch(`/api/users/${member.user.id}/role`).set('X-Community-Id', first).send({ roles: ['Commander'], communityId: 'default' }).expect(200);
    // Header names the other community: the member is not there, so 404 and nothing changes.
    expectJsonError(
      await moderator.agent.patch(`/api/users/${member.user.id}/role`).set('X-Community-Id', second).send({ roles: ['Member'], communityId: 'default' }),
      404,
    );
    expect(await rolesOf(db, first, member.user.id)).toEqual(['Commander']);
    const viaQuery = await moderator.agent.get('/api/communities/info?communityId=default').set('X-Community-Id', second).expect(200);
    expect(viaQuery.body.id).toBe(second);
  });

  it('uses the header over the first membership, and the first membership without a header', async () => {
    const { moderator, first, second } = await twoCommunities();
    expect((await moderator.agent.get('/api/communities/info').set('X-Community-Id', second).expect(200)).body.id).toBe(second);
    expect((await moderator.agent.get('/api/communities/info').expect(200)).body.id).toBe(first);
  });

  it('acts in the first membership when a role change names no community at all', async () => {
    const { moderator, first, member } = await twoCommunities();
    await moderator.agent.patch(`/api/users/${member.user.id}/role`).send({ roles: ['Commander'] }).expect(200);
    expect(await rolesOf(db, first, member.user.id)).toEqual(['Commander']);
  });

  it('answers 404 with no data to a header naming a community the caller does not belong to (S07)', async () => {
    const { member, second } = await twoCommunities();
    const outsider = (await createCommunity(app)).owner; // the admin of another community
    const before = await snapshotCommunity(db, second);
    for (const agent of [member.agent, outsider.agent]) {
      const info = await agent.get('/api/communities/info').set('X-Community-Id', second);
      expectJsonError(info, 404, NOT_FOUND);
      expect(info.text).not.toContain(second);
    }
    const target = (await db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.communityId, second)))[0]!.userId;
    expectJsonError(await outsider.agent.patch(`/api/users/${target}/role`).set('X-Community-Id', second).send({ roles: ['Member'] }), 404, NOT_FOUND);
    expect(await snapshotCommunity(db, second)).toEqual(before);
  });

  it('answers a JSON 404 without a stack trace for non-uuid community ids in the path or header', async () => {
    const { moderator, member } = await twoCommunities();
    for (const id of ['not-a-uuid', '12345', "x'; DROP TABLE users; --", '00000000-0000-0000-0000-00000000000g']) {
      expectJsonError(await moderator.agent.get(`/api/communities/${encodeURIComponent(id)}`), 404);
      expectJsonError(await moderator.agent.get(`/api/communities/${encodeURIComponent(id)}/members`), 404);
      expectJsonError(await moderator.agent.put(`/api/communities/${encodeURIComponent(id)}`).send({ name: 'x' }), 404);
      expectJsonError(await moderator.agent.get('/api/communities/info').set('X-Community-Id', id), 404);
      expectJsonError(await moderator.agent.patch(`/api/users/${member.user.id}/role`).set('X-Community-Id', id).send({ roles: ['Member'] }), 404);
    }
    expectJsonError(await moderator.agent.get(`/api/communities/${randomUUID()}`), 404, NOT_FOUND);
  });
});

describe('access: 401 without a session, 404 for another community, 403 for a Member or Commander', () => {
  interface Endpoint {
    name: string;
    /** Only admins may call it (a Member or Commander gets 403). */
    adminOnly: boolean;
    call: (agent: Agent, ids: { communityId: string; targetId: string }) => request.Test;
  }
  const endpoints: Endpoint[] = [
    { name: 'GET /api/communities/:id', adminOnly: false, call: (agent, { communityId }) => agent.get(`/api/communities/${communityId}`) },
    {
      name: 'PUT /api/communities/:id',
      adminOnly: true,
      call: (agent, { communityId }) => agent.put(`/api/communities/${communityId}`).send({ name: 'Taken over', description: 'pwned', graceDays: true }),
    },
    { name: 'POST /api/communities/:id/leave', adminOnly: false, call: (agent, { communityId }) => agent.post(`/api/communities/${communityId}/leave`) },
    { name: 'GET /api/communities/:id/members', adminOnly: false, call: (agent, { communityId }) => agent.get(`/api/communities/${communityId}/members`) },
    { name: 'GET /api/communities/:id/stats', adminOnly: false, call: (agent, { communityId }) => agent.get(`/api/communities/${communityId}/stats`) },
    {
      name: 'DELETE /api/communities/:id/members/:userId',
      adminOnly: true,
      call: (agent, { communityId, targetId }) => agent.delete(`/api/communities/${communityId}/members/${targetId}`),
    },
    {
      name: 'PATCH /api/users/:userId/role',
      adminOnly: true,
      call: (agent, { communityId, targetId }) => agent.patch(`/api/users/${targetId}/role`).set('X-Community-Id', communityId).send({ roles: ['CommunityModerator'] }),
    },
  ];

  // One community for the whole table: every case below must leave it exactly as it was.
  let fixture: Awaited<ReturnType<typeof communityWith>>;
  let outsider: Awaited<ReturnType<typeof createCommunity>>;
  let ids: { communityId: string; targetId: string };
  beforeAll(async () => {
    fixture = await communityWith('member', 'commander', 'target');
    await setRoles(db, fixture.id, fixture.members[1]!.user.id, ['Commander']);
    outsider = await createCommunity(app);
    ids = { communityId: fixture.id, targetId: fixture.members[2]!.user.id };
  });

  describe.each(endpoints)('$name', (endpoint) => {
    it('answers 401 without a session and changes nothing', async () => {
      const before = await snapshotCommunity(db, fixture.id);
      expectJsonError(await endpoint.call(anonymous(), ids), 401);
      expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
    });

    it('answers 404 to the admin of another community and changes nothing', async () => {
      const before = await snapshotCommunity(db, fixture.id);
      const response = await endpoint.call(outsider.owner.agent, ids);
      expectJsonError(response, 404, NOT_FOUND);
      expect(response.text).not.toContain(fixture.community.name);
      expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
    });

    if (endpoint.adminOnly) {
      it.each(['Member', 'Commander'])('answers 403 with a message to a %s and changes nothing', async (role) => {
        const actor = role === 'Member' ? fixture.members[0]! : fixture.members[1]!;
        const before = await snapshotCommunity(db, fixture.id);
        expectJsonError(await endpoint.call(actor.agent, ids), 403);
        expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
      });
    }
  });

  it("answers 403 with \"You don't have permission to modify this user's roles\" to a Member changing roles", async () => {
    const response = await fixture.members[0]!.agent.patch(`/api/users/${fixture.members[2]!.user.id}/role`).set('X-Community-Id', fixture.id).send({ roles: ['Commander'] });
    expectJsonError(response, 403, ROLE_PERMISSION);
  });

  it('answers 404 to the admin of another community naming their own community in the header', async () => {
    const before = await snapshotCommunity(db, fixture.id);
    const response = await outsider.owner.agent
      .patch(`/api/users/${fixture.members[2]!.user.id}/role`)
      .set('X-Community-Id', outsider.community.id)
      .send({ roles: ['Commander'] });
    expectJsonError(response, 404);
    expectJsonError(await outsider.owner.agent.delete(`/api/communities/${outsider.community.id}/members/${fixture.members[2]!.user.id}`), 404);
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
  });

  it('checks permissions before validating the body (a Member sending a bad body gets 403, not 400)', async () => {
    expectJsonError(await fixture.members[0]!.agent.put(`/api/communities/${fixture.id}`).send({ name: '' }), 403);
    expectJsonError(await fixture.members[0]!.agent.patch(`/api/users/${fixture.members[2]!.user.id}/role`).set('X-Community-Id', fixture.id).send({ roles: 'x' }), 403);
  });
});

describe('InstitutionAdmin', () => {
  // institution 1: `home` (moderated by homeOwner) and `sibling` (created by the institution admin, who then left it);
  // institution 2: `foreign`, where the institution admin is a plain Member.
  let operator: Member;
  let home: Awaited<ReturnType<typeof communityWith>>;
  let institutionAdmin: Member;
  let sibling: { id: string; institutionId: string };
  let siblingModerator: Member;
  let siblingMember: Member;
  let foreign: Awaited<ReturnType<typeof communityWith>>;

  beforeAll(async () => {
    operator = await superAdmin();
    home = await communityWith('institution-admin', 'member');
    institutionAdmin = home.members[0]!;
    foreign = await communityWith('foreigner');

    // Only a SuperAdmin (or another InstitutionAdmin) can grant it.
    const granted = await operator.agent.patch(`/api/users/${institutionAdmin.user.id}/role`).set('X-Community-Id', home.id).send({ roles: ['InstitutionAdmin'] }).expect(200);
    expect(granted.body).toMatchObject({ role: 'InstitutionAdmin', roles: ['InstitutionAdmin'] });
    const audit = (await auditRowsOf(db, home.id)).filter((row) => row.action === 'roles.update');
    expect(audit).toEqual([expect.objectContaining({ actorId: operator.user.id, entityId: institutionAdmin.user.id, diff: { from: ['Member'], to: ['InstitutionAdmin'] } })]);

    // A community created by an InstitutionAdmin joins their institution.
    sibling = (await institutionAdmin.agent.post('/api/communities').send({ name: `Sibling ${randomUUID().slice(0, 6)}` }).expect(201)).body;
    expect(sibling.institutionId).toBe(home.community.institutionId);
    const code = async () => (await institutionAdmin.agent.post(`/api/communities/${sibling.id}/invite-codes`).expect(201)).body.inviteCode as string;
    siblingModerator = await signUp(app, uniqueIdentity('sibling-moderator'));
    siblingMember = await signUp(app, uniqueIdentity('sibling-member'));
    await siblingModerator.agent.post('/api/communities/join').send({ inviteCode: await code() }).expect(200);
    await siblingMember.agent.post('/api/communities/join').send({ inviteCode: await code() }).expect(200);
    await institutionAdmin.agent.patch(`/api/users/${siblingModerator.user.id}/role`).set('X-Community-Id', sibling.id).send({ roles: ['CommunityModerator'] }).expect(200);
    await institutionAdmin.agent.post(`/api/communities/${sibling.id}/leave`).expect(200);
    await institutionAdmin.agent.post('/api/communities/join').send({ inviteCode: await foreign.joinCode() }).expect(200);
  });

  it('has admin rights in a community of the same institution without being a member of it', async () => {
    expect(await rolesOf(db, sibling.id, institutionAdmin.user.id)).toBeUndefined();
    const agent = institutionAdmin.agent;
    await agent.get(`/api/communities/${sibling.id}`).expect(200);
    await agent.get(`/api/communities/${sibling.id}/stats`).expect(200);
    const members = (await agent.get(`/api/communities/${sibling.id}/members`).expect(200)).body as Array<{ email: string | null }>;
    expect(members.every((member) => member.email !== null)).toBe(true);
    await agent.put(`/api/communities/${sibling.id}`).send({ name: 'Sibling renamed', description: null }).expect(200);
    await agent.post(`/api/communities/${sibling.id}/invite-codes`).expect(201);
    await agent.get(`/api/communities/${sibling.id}/invite-codes/latest`).expect(200);
    await agent.patch(`/api/users/${siblingMember.user.id}/role`).set('X-Community-Id', sibling.id).send({ roles: ['Commander'] }).expect(200);
    expect(await rolesOf(db, sibling.id, siblingMember.user.id)).toEqual(['Commander']);
    // Not a member: nothing to leave.
    expectJsonError(await agent.post(`/api/communities/${sibling.id}/leave`), 404);
  });

  it('can grant InstitutionAdmin to someone else in the institution', async () => {
    await institutionAdmin.agent.patch(`/api/users/${siblingMember.user.id}/role`).set('X-Community-Id', sibling.id).send({ roles: ['InstitutionAdmin'] }).expect(200);
    expect(await rolesOf(db, sibling.id, siblingMember.user.id)).toEqual(['InstitutionAdmin']);
    // ... who now administers home as well, without being a member there.
    await siblingMember.agent.get(`/api/communities/${home.id}/members`).expect(200);
    await setRoles(db, sibling.id, siblingMember.user.id, ['Member']);
    expectJsonError(await siblingMember.agent.get(`/api/communities/${home.id}/members`), 404);
  });

  it('has no rights in the communities of another institution (S09)', async () => {
    const agent = institutionAdmin.agent;
    const before = await snapshotCommunity(db, foreign.id);
    await agent.get(`/api/communities/${foreign.id}`).expect(200); // a plain Member there
    expect(((await agent.get(`/api/communities/${foreign.id}/members`).expect(200)).body as Array<{ email: string | null }>).every((m) => m.email === null)).toBe(true);
    expectJsonError(await agent.put(`/api/communities/${foreign.id}`).send({ name: 'Annexed', description: null }), 403);
    expectJsonError(await agent.post(`/api/communities/${foreign.id}/invite-codes`), 403);
    expectJsonError(await agent.get(`/api/communities/${foreign.id}/invite-codes/latest`), 403);
    expectJsonError(await agent.delete(`/api/communities/${foreign.id}/members/${foreign.members[0]!.user.id}`), 403);
    expectJsonError(await agent.patch(`/api/users/${foreign.members[0]!.user.id}/role`).set('X-Community-Id', foreign.id).send({ roles: ['Commander'] }), 403, ROLE_PERMISSION);
    expect(await snapshotCommunity(db, foreign.id)).toEqual(before);

    // And without a membership there, another institution's community is not even visible.
    const unrelated = await communityWith();
    expectJsonError(await agent.get(`/api/communities/${unrelated.id}`), 404, NOT_FOUND);
    expectJsonError(await agent.post(`/api/communities/${unrelated.id}/invite-codes`), 404, NOT_FOUND);
  });

  it('is not granted by a CommunityModerator, who also cannot demote or remove an InstitutionAdmin', async () => {
    const before = await snapshotCommunity(db, home.id);
    const member = home.members[1]!;
    expectJsonError(await home.owner.agent.patch(`/api/users/${member.user.id}/role`).set('X-Community-Id', home.id).send({ roles: ['InstitutionAdmin'] }), 403, ROLE_PERMISSION);
    expectJsonError(await home.owner.agent.patch(`/api/users/${institutionAdmin.user.id}/role`).set('X-Community-Id', home.id).send({ roles: ['Member'] }), 403, ROLE_PERMISSION);
    expectJsonError(await home.owner.agent.delete(`/api/communities/${home.id}/members/${institutionAdmin.user.id}`), 403);
    expect(await snapshotCommunity(db, home.id)).toEqual(before);
  });

  it("does not open the sibling community to the home community's moderator", async () => {
    expectJsonError(await home.owner.agent.get(`/api/communities/${sibling.id}`), 404, NOT_FOUND);
    expectJsonError(await siblingModerator.agent.get(`/api/communities/${home.id}`), 404, NOT_FOUND);
  });

  it('places a community created by an InstitutionAdmin in their institution, and one by a plain user in a new one', async () => {
    const created = (await institutionAdmin.agent.post('/api/communities').send({ name: 'Another branch' }).expect(201)).body;
    expect(created.institutionId).toBe(home.community.institutionId);
    const plain = (await home.members[1]!.agent.post('/api/communities').send({ name: 'A plain start' }).expect(201)).body;
    expect(plain.institutionId).not.toBe(home.community.institutionId);
  });
});

describe('SuperAdmin', () => {
  it('has admin rights in every community, member or not', async () => {
    const fixture = await communityWith('member', 'target');
    const operator = await superAdmin();
    const agent = operator.agent;
    await agent.get(`/api/communities/${fixture.id}`).expect(200);
    await agent.get(`/api/communities/${fixture.id}/stats`).expect(200);
    const members = (await agent.get(`/api/communities/${fixture.id}/members`).expect(200)).body as Array<{ email: string | null }>;
    expect(members.every((member) => member.email !== null)).toBe(true);
    await agent.put(`/api/communities/${fixture.id}`).send({ name: 'Operated', description: null }).expect(200);
    await agent.post(`/api/communities/${fixture.id}/invite-codes`).expect(201);
    await agent.patch(`/api/users/${fixture.members[0]!.user.id}/role`).set('X-Community-Id', fixture.id).send({ roles: ['InstitutionAdmin'] }).expect(200);
    await agent.delete(`/api/communities/${fixture.id}/members/${fixture.members[1]!.user.id}`).expect(200);
    expect(await rolesOf(db, fixture.id, fixture.members[1]!.user.id)).toBeUndefined();
    expectJsonError(await agent.post(`/api/communities/${fixture.id}/leave`), 404);
    const audit = await auditRowsOf(db, fixture.id);
    expect(audit.filter((row) => row.actorId === operator.user.id).map((row) => row.action).sort()).toEqual(['create', 'remove', 'roles.update', 'update']);
  });

  it('shows as the role SuperAdmin in the memberships list', async () => {
    const fixture = await communityWith('member');
    await grantSuperAdmin(db, fixture.members[0]!.user.id);
    const [membership] = (await fixture.members[0]!.agent.get('/api/memberships').expect(200)).body;
    expect(membership).toMatchObject({ communityId: fixture.id, role: 'SuperAdmin' });
    expect(membership.roles).toContain('SuperAdmin');
  });
});

describe('concurrent role changes', () => {
  async function moderatorPair() {
    const fixture = await communityWith('second');
    const a = fixture.owner;
    const b = fixture.members[0]!;
    await setRoles(db, fixture.id, b.user.id, ['CommunityModerator']);
    return { id: fixture.id, a, b };
  }

  async function moderatorCount(communityId: string) {
    const rows = await db.select({ roles: memberships.roles }).from(memberships).where(eq(memberships.communityId, communityId));
    return rows.filter((row) => row.roles.includes('CommunityModerator')).length;
  }

  it('two moderators demoting each other at once: at most one succeeds and a CommunityModerator remains', async () => {
    for (let round = 0; round < 3; round++) {
      const { id, a, b } = await moderatorPair();
      const responses = await Promise.all([
        a.agent.patch(`/api/users/${b.user.id}/role`).set('X-Community-Id', id).send({ roles: ['Member'] }),
        b.agent.patch(`/api/users/${a.user.id}/role`).set('X-Community-Id', id).send({ roles: ['Member'] }),
      ]);
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
      for (const response of responses) if (response.status !== 200) expectJsonError(response, response.status === 409 ? 409 : 403);
      expect(await moderatorCount(id)).toBeGreaterThanOrEqual(1);
      expect((await auditRowsOf(db, id)).filter((row) => row.action === 'roles.update')).toHaveLength(statuses.filter((s) => s === 200).length);
    }
  });

  it('two moderators removing each other at once: at most one succeeds and a CommunityModerator remains', async () => {
    for (let round = 0; round < 3; round++) {
      const { id, a, b } = await moderatorPair();
      const responses = await Promise.all([
        a.agent.delete(`/api/communities/${id}/members/${b.user.id}`),
        b.agent.delete(`/api/communities/${id}/members/${a.user.id}`),
      ]);
      expect(responses.filter((response) => response.status === 200).length).toBeLessThanOrEqual(1);
      expect(await moderatorCount(id)).toBeGreaterThanOrEqual(1);
    }
  });

  it('two moderators leaving at once: a CommunityModerator remains', async () => {
    for (let round = 0; round < 3; round++) {
      const { id, a, b } = await moderatorPair();
      const responses = await Promise.all([a.agent.post(`/api/communities/${id}/leave`), b.agent.post(`/api/communities/${id}/leave`)]);
      expect(responses.filter((response) => response.status === 200).length).toBeLessThanOrEqual(1);
      expect(await moderatorCount(id)).toBe(1);
    }
  });
});

describe('a moderator demoted while their own change waits for the community lock', () => {
  // A concurrent role change holds the community's row lock.
  const whileLocked = (communityId: string, send: () => Promise<request.Response>, meanwhile: (tx: Transaction) => Promise<void>) =>
    whileHoldingLock(database, sql`SELECT id FROM communities WHERE id = ${communityId} FOR UPDATE`, send, meanwhile);

  const demote = (userId: string, communityId: string) => async (tx: Transaction) => {
    await tx.update(memberships).set({ roles: ['Member'] }).where(and(eq(memberships.communityId, communityId), eq(memberships.userId, userId)));
  };

  it('refuses their pending role change once they are no longer a moderator', async () => {
    const fixture = await communityWith('second', 'third');
    const [second, third] = fixture.members;
    await setRoles(db, fixture.id, second!.user.id, ['CommunityModerator']);
    await setRoles(db, fixture.id, third!.user.id, ['CommunityModerator']);
    const response = await whileLocked(
      fixture.id,
      async () => second!.agent.patch(`/api/users/${third!.user.id}/role`).set('X-Community-Id', fixture.id).send({ roles: ['Member'] }),
      demote(second!.user.id, fixture.id),
    );
    expectJsonError(response, 403, ROLE_PERMISSION);
    expect(await rolesOf(db, fixture.id, third!.user.id)).toEqual(['CommunityModerator']);
  });

  it('refuses their pending removal once they are no longer a moderator', async () => {
    const fixture = await communityWith('second', 'third');
    const [second, third] = fixture.members;
    await setRoles(db, fixture.id, second!.user.id, ['CommunityModerator']);
    const response = await whileLocked(
      fixture.id,
      async () => second!.agent.delete(`/api/communities/${fixture.id}/members/${third!.user.id}`),
      demote(second!.user.id, fixture.id),
    );
    expectJsonError(response, 403);
    expect(await rolesOf(db, fixture.id, third!.user.id)).toEqual(['Member']);
  });
});

describe('audit log', () => {
  it('stores no audit row for refused changes', async () => {
    const fixture = await communityWith('member');
    const count = async () => (await db.select().from(auditLogs).where(eq(auditLogs.communityId, fixture.id))).length;
    const before = await count();
    await fixture.members[0]!.agent.put(`/api/communities/${fixture.id}`).send({ name: 'Nope' }).expect(403);
    await fixture.members[0]!.agent.delete(`/api/communities/${fixture.id}/members/${fixture.owner.user.id}`).expect(403);
    await fixture.members[0]!.agent.patch(`/api/users/${fixture.owner.user.id}/role`).set('X-Community-Id', fixture.id).send({ roles: ['Member'] }).expect(403);
    await fixture.owner.agent.patch(`/api/users/${fixture.owner.user.id}/role`).set('X-Community-Id', fixture.id).send({ roles: ['Member'] }).expect(403);
    await fixture.owner.agent.post(`/api/communities/${fixture.id}/leave`).expect(409);
    expect(await count()).toBe(before);
  });
});

describe('ids are canonical at the boundary (an upper-case spelling is the same id)', () => {
  it("still refuses editing one's own roles and removing oneself", async () => {
    const fixture = await communityWith('member');
    const ownId = fixture.owner.user.id.toUpperCase();
    const before = await snapshotCommunity(db, fixture.id);
    expectJsonError(await fixture.owner.agent.patch(`/api/users/${ownId}/role`).set('X-Community-Id', fixture.id).send({ roles: ['Member'] }), 403, OWN_ROLES);
    expectJsonError(await fixture.owner.agent.delete(`/api/communities/${fixture.id.toUpperCase()}/members/${ownId}`), 403, REMOVE_SELF);
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
  });

  it('resolves upper-case community ids in the path, the header and the body to the same community', async () => {
    const fixture = await communityWith('member');
    const upper = fixture.id.toUpperCase();
    expect((await fixture.owner.agent.get(`/api/communities/${upper}`).expect(200)).body.id).toBe(fixture.id);
    const member = fixture.members[0]!;
    const changed = await fixture.owner.agent.patch(`/api/users/${member.user.id.toUpperCase()}/role`).set('X-Community-Id', upper).send({ roles: ['Commander'] }).expect(200);
    expect(changed.body.id).toBe(member.user.id);
    expect(await rolesOf(db, fixture.id, member.user.id)).toEqual(['Commander']);
  });

  it("answers a commander's own statistics under an upper-case spelling of their id", async () => {
    const fixture = await communityWith('commander');
    const commander = fixture.members[0]!;
    await setRoles(db, fixture.id, commander.user.id, ['Commander']);
    await commander.agent.get(`/api/commanders/${commander.user.id.toUpperCase()}/member-stats?month=3&year=2026`).set('X-Community-Id', fixture.id).expect(200);
    await commander.agent.get(`/api/commanders/${commander.user.id.toUpperCase()}/subgroup-members`).set('X-Community-Id', fixture.id).expect(200);
  });
});

describe('rank is judged by effective roles', () => {
  it('a CommunityModerator cannot demote or remove a member who is InstitutionAdmin elsewhere in the institution', async () => {
    const home = await communityWith('institution-admin');
    const institutionAdmin = home.members[0]!;
    // A second community of the same institution, where the member holds InstitutionAdmin; here they are a plain Member.
    const other = await communityWith();
    await db.update(communities).set({ institutionId: home.community.institutionId }).where(eq(communities.id, other.id));
    await db.insert(memberships).values({ userId: institutionAdmin.user.id, communityId: other.id, roles: ['InstitutionAdmin'] });
    expect(await rolesOf(db, home.id, institutionAdmin.user.id)).toEqual(['Member']);

    const before = await snapshotCommunity(db, home.id);
    expectJsonError(await home.owner.agent.patch(`/api/users/${institutionAdmin.user.id}/role`).set('X-Community-Id', home.id).send({ roles: ['Commander'] }), 403, ROLE_PERMISSION);
    expectJsonError(await home.owner.agent.delete(`/api/communities/${home.id}/members/${institutionAdmin.user.id}`), 403);
    expect(await snapshotCommunity(db, home.id)).toEqual(before);
    // The members list shows the InstitutionAdmin's rank, so the client can say why before anyone tries.
    const members = (await home.owner.agent.get(`/api/communities/${home.id}/members`).expect(200)).body as Array<{ id: string; rank: string }>;
    expect(members.find((m) => m.id === institutionAdmin.user.id)?.rank).toBe('InstitutionAdmin');
    // A plain member is not told who holds institution-wide or server-wide rights.
    const plain = await addMember(app, home, 'plain');
    const seenByMember = (await plain.agent.get(`/api/communities/${home.id}/members`).expect(200)).body as Array<{ id: string; rank: string }>;
    expect(seenByMember.find((m) => m.id === institutionAdmin.user.id)?.rank).toBe('Member');
  });

  it('a CommunityModerator cannot demote or remove a SuperAdmin who is a plain Member here', async () => {
    const fixture = await communityWith('operator');
    const operator = fixture.members[0]!;
    await grantSuperAdmin(db, operator.user.id);
    const before = await snapshotCommunity(db, fixture.id);
    expectJsonError(await fixture.owner.agent.patch(`/api/users/${operator.user.id}/role`).set('X-Community-Id', fixture.id).send({ roles: ['Commander'] }), 403, ROLE_PERMISSION);
    expectJsonError(await fixture.owner.agent.delete(`/api/communities/${fixture.id}/members/${operator.user.id}`), 403);
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
    // The SuperAdmin still acts on the moderator (rank above).
    await operator.agent.patch(`/api/users/${fixture.owner.user.id}/role`).set('X-Community-Id', fixture.id).send({ roles: ['CommunityModerator', 'Commander'] }).expect(200);
  });
});

describe('SuperAdmin and InstitutionAdmin reach what they administer', () => {
  it("lists to a SuperAdmin who belongs to none only the community on screen; the others are searched", async () => {
    const first = await communityWith();
    const second = await communityWith();
    const operator = await superAdmin();
    expect((await operator.agent.get('/api/memberships').expect(200)).body).toEqual([]);
    const shown = (await operator.agent.get('/api/memberships').set('X-Community-Id', first.id).expect(200)).body as Array<{ id: string | null; communityId: string; role: string }>;
    expect(shown).toEqual([expect.objectContaining({ id: null, communityId: first.id, role: 'SuperAdmin' })]);

    // Search on the server: every community matches an empty search (at most 50), a name narrows it.
    const all = (await operator.agent.get('/api/communities/administered').expect(200)).body as Array<{ id: string; name: string }>;
    expect(all.length).toBeGreaterThan(0);
    expect(all.length).toBeLessThanOrEqual(50);
    const found = (await operator.agent.get('/api/communities/administered').query({ search: second.community.name.slice(-8) }).expect(200)).body as Array<{ id: string }>;
    expect(found.map((community) => community.id)).toEqual([second.id]);
    // A search with LIKE wildcards matches them literally.
    expect((await operator.agent.get('/api/communities/administered').query({ search: '%_%' }).expect(200)).body).toEqual([]);

    // ... and opens each one's admin data and dashboard reads without joining.
    await operator.agent.get(`/api/communities/${first.id}/stats`).expect(200);
    await operator.agent.get(`/api/communities/${first.id}/daily-log?month=3&year=2026`).expect(200);
    // A plain user sees only their own memberships and administers nothing.
    const plain = await signUp(app);
    expect((await plain.agent.get('/api/memberships').set('X-Community-Id', first.id).expect(200)).body).toEqual([]);
    expect((await plain.agent.get('/api/communities/administered').expect(200)).body).toEqual([]);
    expectJsonError(await request(app).get('/api/communities/administered'), 401);
  });

  it('lists the institution\'s communities to an InstitutionAdmin, not other institutions\'', async () => {
    const home = await communityWith('institution-admin');
    const institutionAdmin = home.members[0]!;
    await setRoles(db, home.id, institutionAdmin.user.id, ['InstitutionAdmin']);
    const sibling = await communityWith();
    await db.update(communities).set({ institutionId: home.community.institutionId }).where(eq(communities.id, sibling.id));
    const unrelated = await communityWith();
    const listed = (await institutionAdmin.agent.get('/api/memberships').expect(200)).body as Array<{ id: string | null; communityId: string; role: string }>;
    expect(listed).toContainEqual(expect.objectContaining({ id: null, communityId: sibling.id, role: 'InstitutionAdmin' }));
    expect(listed.map((entry) => entry.communityId)).not.toContain(unrelated.id);
    const administered = (await institutionAdmin.agent.get('/api/communities/administered').expect(200)).body as Array<{ id: string }>;
    expect(administered.map((community) => community.id)).toEqual([sibling.id]);
  });

  it('does not let an administrator who is not a member keep a log there (403 with the reason)', async () => {
    const fixture = await communityWith();
    const operator = await superAdmin();
    const response = await operator.agent.post(`/api/communities/${fixture.id}/daily-log`).send({ month: 3, year: 2026, dayStatus: { bibleReading: { '2': 'Yes' } } });
    expectJsonError(response, 403, /Join this community/);
  });
});

describe('a community one may no longer see', () => {
  it("answers 404 with the code 'community_not_found', so the client can leave its screens", async () => {
    const fixture = await communityWith('member');
    const member = fixture.members[0]!;
    await fixture.owner.agent.delete(`/api/communities/${fixture.id}/members/${member.user.id}`).expect(200);
    const response = await member.agent.get(`/api/communities/${fixture.id}/members`);
    expectJsonError(response, 404, NOT_FOUND);
    expect(response.body.code).toBe('community_not_found');
    const viaHeader = await member.agent.get(`/api/users/${member.user.id}/discipline-targets`).set('X-Community-Id', fixture.id);
    expect(viaHeader.body.code).toBe('community_not_found');
  });
});
