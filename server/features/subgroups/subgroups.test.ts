import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import type { SubgroupView } from '@shared/contracts/subgroups';
import { memberships, subgroups } from '@shared/schema/communities';
import { createTestApp } from '../../test/app';
import { auditRowsOf, expectJsonError, grantSuperAdmin, ISO_DATE_PATTERN, setRoles, snapshotCommunity, UUID_PATTERN } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { communityWith, LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { NOT_A_COMMANDER_MESSAGE, SUBGROUP_NAME_TAKEN, SUBGROUP_NOT_FOUND } from './service';

const { app, database } = await createTestApp(LIFTED_LIMITS);
const { db } = database;

type Fixture = Awaited<ReturnType<typeof communityWith>>;

const create = (agent: Agent, communityId: string, name = 'Alpha Group', description: string | null = null) =>
  agent.post('/api/subgroups').set('X-Community-Id', communityId).send({ name, description });

async function subgroupOf(fixture: Fixture, name = 'Alpha Group'): Promise<SubgroupView> {
  return (await create(fixture.owner.agent, fixture.id, name).expect(201)).body as SubgroupView;
}

const subgroupIdOf = async (communityId: string, userId: string) =>
  (await db.select({ subgroupId: memberships.subgroupId }).from(memberships).where(and(eq(memberships.communityId, communityId), eq(memberships.userId, userId))))[0]?.subgroupId;

describe('POST /api/subgroups', () => {
  it('creates a subgroup with a trimmed name, answers its view and records who did it', async () => {
    const fixture = await communityWith(app);
    const response = await create(fixture.owner.agent, fixture.id, '  Alpha Group ', 'Tuesday evenings').expect(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID_PATTERN),
      communityId: fixture.id,
      name: 'Alpha Group',
      description: 'Tuesday evenings',
      commanderId: null,
      commanderName: null,
      memberCount: 0,
      createdAt: expect.stringMatching(ISO_DATE_PATTERN),
    });
    const audit = (await auditRowsOf(db, fixture.id)).filter((row) => row.entity === 'subgroup');
    expect(audit).toEqual([expect.objectContaining({ actorId: fixture.owner.user.id, action: 'create', entityId: response.body.id })]);
  });

  it.each([
    ['a blank name', { name: '   ' }, 'name'],
    ['no name', {}, 'name'],
    ['a name with a NUL', { name: 'Alpha\u0000' }, 'name'],
    ['an overlong description', { name: 'Alpha', description: 'x'.repeat(501) }, 'description'],
  ])('refuses %s with 400, a message for the field, and creates nothing', async (_label, payload, field) => {
    const fixture = await communityWith(app);
    const before = await snapshotCommunity(db, fixture.id);
    const response = await fixture.owner.agent.post('/api/subgroups').set('X-Community-Id', fixture.id).send(payload);
    expectJsonError(response, 400);
    expect(response.body.fields).toHaveProperty(field);
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
  });
});

describe('POST /api/subgroups: one name per community', () => {
  it('refuses a name the community has already, case and spacing aside, with 409 and a message for the field, even asked at once', async () => {
    const fixture = await communityWith(app);
    await subgroupOf(fixture, 'Alpha Group');
    const before = await snapshotCommunity(db, fixture.id);
    for (const name of ['Alpha Group', 'alpha group', '  ALPHA GROUP ']) {
      const response = await create(fixture.owner.agent, fixture.id, name);
      expectJsonError(response, 409);
      expect(response.body).toMatchObject({ message: SUBGROUP_NAME_TAKEN, fields: { name: SUBGROUP_NAME_TAKEN } });
    }
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
    // Two asking at once: one subgroup, one 409.
    const answers = await Promise.all([create(fixture.owner.agent, fixture.id, 'Beta'), create(fixture.owner.agent, fixture.id, 'beta')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const names = (await db.select({ name: subgroups.name }).from(subgroups).where(eq(subgroups.communityId, fixture.id))).map((row) => row.name.toLowerCase());
    expect(names.sort()).toEqual(['alpha group', 'beta']);
  });

  it("allows the same name in another community", async () => {
    const [first, second] = [await communityWith(app), await communityWith(app)];
    await subgroupOf(first, 'Alpha Group');
    await subgroupOf(second, 'Alpha Group');
  });
});

describe('GET /api/communities/:id/subgroups', () => {
  it('lists the subgroups by name with their commander and member count, to any member', async () => {
    const fixture = await communityWith(app, 'commander', 'member');
    const [commander, member] = fixture.members;
    await setRoles(db, fixture.id, commander!.user.id, ['Commander']);
    const beta = await subgroupOf(fixture, 'beta group');
    const alpha = await subgroupOf(fixture, 'Alpha Group');
    await fixture.owner.agent.patch(`/api/subgroups/${alpha.id}/commander`).set('X-Community-Id', fixture.id).send({ commanderId: commander!.user.id }).expect(200);
    await fixture.owner.agent.patch(`/api/users/${member!.user.id}/subgroup`).set('X-Community-Id', fixture.id).send({ subgroupId: alpha.id }).expect(200);

    const listed = (await member!.agent.get(`/api/communities/${fixture.id}/subgroups`).expect(200)).body as SubgroupView[];
    expect(listed.map((subgroup) => [subgroup.name, subgroup.commanderName, subgroup.memberCount])).toEqual([
      ['Alpha Group', commander!.user.displayName, 1],
      ['beta group', null, 0],
    ]);
    expect(listed[1]!.id).toBe(beta.id);
  });
});

describe('PATCH /api/subgroups/:id/commander', () => {
  it('sets a member holding Commander or an admin role, and clears it with null', async () => {
    const fixture = await communityWith(app, 'commander', 'moderator');
    const [commander, moderator] = fixture.members;
    await setRoles(db, fixture.id, commander!.user.id, ['Commander']);
    await setRoles(db, fixture.id, moderator!.user.id, ['CommunityModerator']);
    const subgroup = await subgroupOf(fixture);
    const path = `/api/subgroups/${subgroup.id}/commander`;
    const set = await fixture.owner.agent.patch(path).set('X-Community-Id', fixture.id).send({ commanderId: commander!.user.id }).expect(200);
    expect(set.body).toMatchObject({ id: subgroup.id, commanderId: commander!.user.id, commanderName: commander!.user.displayName });
    await fixture.owner.agent.patch(path).set('X-Community-Id', fixture.id).send({ commanderId: moderator!.user.id }).expect(200);
    const cleared = await fixture.owner.agent.patch(path).set('X-Community-Id', fixture.id).send({ commanderId: null }).expect(200);
    expect(cleared.body).toMatchObject({ commanderId: null, commanderName: null });
    const audit = (await auditRowsOf(db, fixture.id)).filter((row) => row.action === 'commander.update');
    expect(audit.map((row) => row.diff)).toEqual([
      { from: null, to: commander!.user.id },
      { from: commander!.user.id, to: moderator!.user.id },
      { from: moderator!.user.id, to: null },
    ]);
  });

  it('refuses a plain Member, someone outside the community and a malformed id with 400, changing nothing', async () => {
    const fixture = await communityWith(app, 'member');
    const outsider = await communityWith(app);
    const subgroup = await subgroupOf(fixture);
    const path = `/api/subgroups/${subgroup.id}/commander`;
    const before = await snapshotCommunity(db, fixture.id);
    const plain = await fixture.owner.agent.patch(path).set('X-Community-Id', fixture.id).send({ commanderId: fixture.members[0]!.user.id });
    expectJsonError(plain, 400, NOT_A_COMMANDER_MESSAGE);
    expect(plain.body.fields.commanderId).toBe(NOT_A_COMMANDER_MESSAGE);
    expectJsonError(await fixture.owner.agent.patch(path).set('X-Community-Id', fixture.id).send({ commanderId: outsider.owner.user.id }), 400);
    expectJsonError(await fixture.owner.agent.patch(path).set('X-Community-Id', fixture.id).send({ commanderId: 'nobody' }), 400);
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
  });
});

describe('DELETE /api/subgroups/:id', () => {
  it('deletes the subgroup and leaves its members unassigned', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    const subgroup = await subgroupOf(fixture);
    await fixture.owner.agent.patch(`/api/users/${member.user.id}/subgroup`).set('X-Community-Id', fixture.id).send({ subgroupId: subgroup.id }).expect(200);
    expect(await subgroupIdOf(fixture.id, member.user.id)).toBe(subgroup.id);

    await fixture.owner.agent.delete(`/api/subgroups/${subgroup.id}`).set('X-Community-Id', fixture.id).expect(200);
    expect(await db.select().from(subgroups).where(eq(subgroups.id, subgroup.id))).toEqual([]);
    expect(await subgroupIdOf(fixture.id, member.user.id)).toBeNull();
    expect((await member.agent.get('/api/user/subgroup').set('X-Community-Id', fixture.id).expect(200)).body).toEqual({ subgroup: null, commander: null, ledSubgroups: [] });
    expectJsonError(await fixture.owner.agent.delete(`/api/subgroups/${subgroup.id}`).set('X-Community-Id', fixture.id), 404, SUBGROUP_NOT_FOUND);
  });
});

describe('PATCH /api/users/:userId/subgroup and GET /api/user/subgroup', () => {
  it("assigns a member, who then sees their subgroup and its commander; null takes them out", async () => {
    const fixture = await communityWith(app, 'commander', 'member');
    const [commander, member] = fixture.members;
    await setRoles(db, fixture.id, commander!.user.id, ['Commander']);
    const subgroup = await subgroupOf(fixture);
    await fixture.owner.agent.patch(`/api/subgroups/${subgroup.id}/commander`).set('X-Community-Id', fixture.id).send({ commanderId: commander!.user.id }).expect(200);

    expect((await member!.agent.get('/api/user/subgroup').set('X-Community-Id', fixture.id).expect(200)).body).toEqual({ subgroup: null, commander: null, ledSubgroups: [] });
    const assigned = await fixture.owner.agent.patch(`/api/users/${member!.user.id.toUpperCase()}/subgroup`).set('X-Community-Id', fixture.id).send({ subgroupId: subgroup.id }).expect(200);
    expect(assigned.body).toEqual({ userId: member!.user.id, subgroupId: subgroup.id });
    expect((await member!.agent.get('/api/user/subgroup').set('X-Community-Id', fixture.id).expect(200)).body).toEqual({
      subgroup: { id: subgroup.id, name: 'Alpha Group', description: null, createdAt: subgroup.createdAt },
      commander: { id: commander!.user.id, displayName: commander!.user.displayName },
      ledSubgroups: [],
    });

    await fixture.owner.agent.patch(`/api/users/${member!.user.id}/subgroup`).set('X-Community-Id', fixture.id).send({ subgroupId: null }).expect(200);
    expect(await subgroupIdOf(fixture.id, member!.user.id)).toBeNull();
  });

  it("refuses another community's subgroup and someone who is not a member with 404, changing nothing", async () => {
    const fixture = await communityWith(app, 'member');
    const other = await communityWith(app);
    const foreign = await subgroupOf(other);
    const before = await snapshotCommunity(db, fixture.id);
    const member = fixture.members[0]!;
    expectJsonError(await fixture.owner.agent.patch(`/api/users/${member.user.id}/subgroup`).set('X-Community-Id', fixture.id).send({ subgroupId: foreign.id }), 404, SUBGROUP_NOT_FOUND);
    const own = await subgroupOf(fixture);
    const afterCreate = await snapshotCommunity(db, fixture.id);
    expectJsonError(await fixture.owner.agent.patch(`/api/users/${other.owner.user.id}/subgroup`).set('X-Community-Id', fixture.id).send({ subgroupId: own.id }), 404);
    expectJsonError(await fixture.owner.agent.patch(`/api/users/${member.user.id}/subgroup`).set('X-Community-Id', fixture.id).send({ subgroupId: 'alpha' }), 400);
    expect(await snapshotCommunity(db, fixture.id)).toEqual(afterCreate);
    expect(before.subgroups).toHaveLength(0);
  });
});

describe('access to subgroups: 401, 404 for another community, 403 for a Member or Commander', () => {
  let fixture: Fixture;
  let outsider: Fixture;
  let subgroup: SubgroupView;
  beforeAll(async () => {
    fixture = await communityWith(app, 'member', 'commander');
    await setRoles(db, fixture.id, fixture.members[1]!.user.id, ['Commander']);
    subgroup = await subgroupOf(fixture);
    outsider = await communityWith(app);
  });

  const writes = [
    { name: 'POST /api/subgroups', call: (agent: Agent, id: string) => agent.post('/api/subgroups').set('X-Community-Id', id).send({ name: 'Gamma' }) },
    {
      name: 'PATCH /api/subgroups/:id/commander',
      call: (agent: Agent, id: string) => agent.patch(`/api/subgroups/${subgroup.id}/commander`).set('X-Community-Id', id).send({ commanderId: null }),
    },
    { name: 'DELETE /api/subgroups/:id', call: (agent: Agent, id: string) => agent.delete(`/api/subgroups/${subgroup.id}`).set('X-Community-Id', id) },
    {
      name: 'PATCH /api/users/:userId/subgroup',
      call: (agent: Agent, id: string) => agent.patch(`/api/users/${fixture.members[0]!.user.id}/subgroup`).set('X-Community-Id', id).send({ subgroupId: subgroup.id }),
    },
  ];

  describe.each(writes)('$name', (endpoint) => {
    it('answers 401 without a session, 404 to the admin of another community, 403 to a Member or Commander; nothing changes', async () => {
      const before = await snapshotCommunity(db, fixture.id);
      expectJsonError(await endpoint.call(request.agent(app), fixture.id), 401);
      expectJsonError(await endpoint.call(outsider.owner.agent, fixture.id), 404);
      expectJsonError(await endpoint.call(fixture.members[0]!.agent, fixture.id), 403);
      expectJsonError(await endpoint.call(fixture.members[1]!.agent, fixture.id), 403);
      expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
    });
  });

  it("answers 404 to an admin naming another community's subgroup from their own community", async () => {
    const before = await snapshotCommunity(db, fixture.id);
    expectJsonError(await outsider.owner.agent.delete(`/api/subgroups/${subgroup.id}`).set('X-Community-Id', outsider.id), 404, SUBGROUP_NOT_FOUND);
    expectJsonError(
      await outsider.owner.agent.patch(`/api/subgroups/${subgroup.id}/commander`).set('X-Community-Id', outsider.id).send({ commanderId: null }),
      404,
      SUBGROUP_NOT_FOUND,
    );
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
  });

  it('answers the reads with 401 without a session and 404 outside the community', async () => {
    expectJsonError(await request(app).get(`/api/communities/${fixture.id}/subgroups`), 401);
    expectJsonError(await outsider.owner.agent.get(`/api/communities/${fixture.id}/subgroups`), 404);
    expectJsonError(await request(app).get('/api/user/subgroup'), 401);
    expectJsonError(await outsider.owner.agent.get('/api/user/subgroup').set('X-Community-Id', fixture.id), 404);
    expectJsonError(await fixture.owner.agent.delete(`/api/subgroups/${randomUUID()}`).set('X-Community-Id', fixture.id), 404, SUBGROUP_NOT_FOUND);
  });

  it('lets a SuperAdmin who is not a member manage subgroups', async () => {
    const operator = await communityWith(app);
    await grantSuperAdmin(db, operator.owner.user.id);
    await operator.owner.agent.post('/api/subgroups').set('X-Community-Id', fixture.id).send({ name: 'Operated' }).expect(201);
  });
});
