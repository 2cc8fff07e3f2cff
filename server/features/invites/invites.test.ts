import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { INVITE_CODE_ALPHABET } from '@shared/domain/constants';
import { inviteCodes, memberships } from '@shared/schema/communities';
import { createTestApp } from '../../test/app';
import {
  auditRowsOf,
  expectJsonError,
  grantSuperAdmin,
  ISO_DATE_PATTERN,
  rolesOf,
  setRoles,
  snapshotCommunity,
  UUID_PATTERN,
} from '../../test/community-fixtures';
import { type Agent, addMember, createCommunity, signUp, uniqueIdentity } from '../../test/factories';
import { CODE_BEFORE_REMOVAL_MESSAGE, CODE_NOT_FOUND_MESSAGE, INVALID_CODE_MESSAGE, insertInviteCode, newInviteCode } from './service';
import type { InviteCodeView } from '@shared/contracts/communities';

// Many accounts sign up and try codes from one address here: the limits have their own file.
const { app, database, advanceClock } = await createTestApp({
  RATE_LIMIT_REGISTER_PER_IP: 100_000,
  RATE_LIMIT_JOIN_PER_IP: 100_000,
  RATE_LIMIT_JOIN_PER_USER: 100_000,
});
const db = database.db;

const DAY_MS = 24 * 60 * 60 * 1000;
const CODE_PATTERN = new RegExp(`^[${INVITE_CODE_ALPHABET}]{8}$`);
const NOT_FOUND = 'Community not found.';
const anonymous = () => request.agent(app);

async function communityWith(...prefixes: string[]) {
  const fixture = await createCommunity(app);
  const members = [];
  for (const prefix of prefixes) members.push(await addMember(app, fixture, prefix));
  return { ...fixture, id: fixture.community.id, members };
}

async function generate(agent: Agent, communityId: string) {
  return (await agent.post(`/api/communities/${communityId}/invite-codes`).expect(201)).body as InviteCodeView;
}

const membershipsOf = (userId: string) => db.select().from(memberships).where(eq(memberships.userId, userId));

describe('POST /api/communities/:id/invite-codes', () => {
  it('answers 201 {id, inviteCode, expiresAt, createdBy, createdAt, uses}: 8 characters of the alphabet, valid 7 days', async () => {
    const fixture = await communityWith();
    const response = await fixture.owner.agent.post(`/api/communities/${fixture.id}/invite-codes`).expect(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID_PATTERN),
      uses: 0,
      inviteCode: expect.stringMatching(CODE_PATTERN),
      expiresAt: expect.stringMatching(ISO_DATE_PATTERN),
      createdBy: fixture.owner.user.displayName,
      createdAt: expect.stringMatching(ISO_DATE_PATTERN),
    });
    expect(Date.parse(response.body.expiresAt) - Date.parse(response.body.createdAt)).toBe(7 * DAY_MS);

    const [row] = await db.select().from(inviteCodes).where(eq(inviteCodes.code, response.body.inviteCode));
    expect(row).toMatchObject({ communityId: fixture.id, createdByUserId: fixture.owner.user.id });
    expect(row!.expiresAt.toISOString()).toBe(response.body.expiresAt);
  });

  it('records the generation in the audit log with its actor', async () => {
    const fixture = await communityWith();
    const { expiresAt } = await generate(fixture.owner.agent, fixture.id);
    const rows = (await auditRowsOf(db, fixture.id)).filter((row) => row.entity === 'invite_code');
    expect(rows).toEqual([
      expect.objectContaining({ actorId: fixture.owner.user.id, action: 'create', entityId: expect.stringMatching(UUID_PATTERN), diff: { expiresAt } }),
    ]);
  });

  it('draws a new, unique code every time, and the database refuses a duplicate', async () => {
    const fixture = await communityWith();
    const codes = new Set<string>();
    for (let i = 0; i < 25; i++) codes.add((await generate(fixture.owner.agent, fixture.id)).inviteCode);
    expect(codes.size).toBe(25);
    const [existing] = [...codes];
    await expect(
      db.insert(inviteCodes).values({ code: existing!, communityId: fixture.id, expiresAt: new Date(Date.now() + DAY_MS) }),
    ).rejects.toThrow();
  });

  it('draws again on a collision inside the caller\'s transaction, which stays usable, and audits only the code kept', async () => {
    const fixture = await communityWith();
    const taken = (await generate(fixture.owner.agent, fixture.id)).inviteCode;
    const fresh = newInviteCode();
    const draws = [taken, taken, fresh];
    const view = await db.transaction(async (tx) => {
      const inserted = await insertInviteCode(tx, { communityId: fixture.id, actor: fixture.owner.user, now: new Date() }, () => draws.shift()!);
      // The transaction was not aborted by the collisions: it can go on and commit.
      await tx.select().from(inviteCodes).where(eq(inviteCodes.communityId, fixture.id));
      return inserted;
    });
    expect(view).toMatchObject({ inviteCode: fresh, createdBy: fixture.owner.user.displayName, uses: 0 });
    expect(draws).toEqual([]);
    const rows = await db.select().from(inviteCodes).where(eq(inviteCodes.communityId, fixture.id));
    expect(rows.map((row) => row.code).sort()).toEqual([taken, fresh].sort());
    expect((await auditRowsOf(db, fixture.id)).filter((row) => row.entity === 'invite_code')).toHaveLength(2);
  });

  it('gives up after five collisions in a row and writes nothing', async () => {
    const fixture = await communityWith();
    const taken = (await generate(fixture.owner.agent, fixture.id)).inviteCode;
    await expect(
      db.transaction((tx) => insertInviteCode(tx, { communityId: fixture.id, actor: fixture.owner.user, now: new Date() }, () => taken)),
    ).rejects.toThrow(/No unused invitation code/);
    expect(await db.select().from(inviteCodes).where(eq(inviteCodes.communityId, fixture.id))).toHaveLength(1);
  });

  it('generates codes from the alphabet only, without 0, O, 1 or I, spread over the alphabet', () => {
    const codes = Array.from({ length: 2000 }, newInviteCode);
    expect(codes.every((code) => CODE_PATTERN.test(code))).toBe(true);
    expect(codes.join('')).not.toMatch(/[0O1I]/);
    expect(new Set(codes).size).toBe(codes.length);
    // Every character of the alphabet turns up in 16,000 draws (a fixed or narrowed generator would not).
    expect(new Set(codes.join('')).size).toBe(INVITE_CODE_ALPHABET.length);
  });

  it('ignores a body', async () => {
    const fixture = await communityWith();
    const response = await fixture.owner.agent.post(`/api/communities/${fixture.id}/invite-codes`).send({ inviteCode: 'AAAAAAAA', expiresAt: '2999-01-01' }).expect(201);
    expect(response.body.inviteCode).not.toBe('AAAAAAAA');
    expect(Date.parse(response.body.expiresAt) - Date.parse(response.body.createdAt)).toBe(7 * DAY_MS);
  });
});

describe('GET /api/communities/:id/invite-codes/latest', () => {
  it('answers null before any code exists, then the latest code with its expiry and creator', async () => {
    const fixture = await communityWith();
    expect((await fixture.owner.agent.get(`/api/communities/${fixture.id}/invite-codes/latest`).expect(200)).body).toBeNull();

    // The owner generates a code to let `second` in; a minute later `second`, now an admin, generates a newer one.
    const second = await addMember(app, fixture, 'second');
    advanceClock(60_000);
    await setRoles(db, fixture.id, second.user.id, ['CommunityModerator']);
    const newest = await generate(second.agent, fixture.id);
    const response = await fixture.owner.agent.get(`/api/communities/${fixture.id}/invite-codes/latest`).expect(200);
    expect(response.body).toEqual({ ...newest, createdBy: second.user.displayName });
  });

  it("shows only the community's own codes", async () => {
    const fixture = await communityWith();
    const other = await communityWith();
    const own = await generate(fixture.owner.agent, fixture.id);
    advanceClock(1000);
    await generate(other.owner.agent, other.id);
    expect((await fixture.owner.agent.get(`/api/communities/${fixture.id}/invite-codes/latest`).expect(200)).body.inviteCode).toBe(own.inviteCode);
  });
});

describe('POST /api/communities/join', () => {
  it("joins with {communityId, community, claimInfo} and the roles ['Member']", async () => {
    const fixture = await communityWith();
    const { inviteCode } = await generate(fixture.owner.agent, fixture.id);
    const joiner = await signUp(app);
    const response = await joiner.agent.post('/api/communities/join').send({ inviteCode }).expect(200);
    expect(response.body).toEqual({
      communityId: fixture.id,
      community: { id: fixture.id, name: fixture.community.name, description: 'A test community' },
      claimInfo: { canClaim: false, importedUserId: null, importedUserName: null, importedUserEmail: null, needsEmailVerification: false, askModerator: false },
    });
    expect(await rolesOf(db, fixture.id, joiner.user.id)).toEqual(['Member']);
    const memberships = (await joiner.agent.get('/api/memberships').expect(200)).body;
    expect(memberships).toEqual([expect.objectContaining({ communityId: fixture.id, role: 'Member', roles: ['Member'] })]);
    const audit = (await auditRowsOf(db, fixture.id)).filter((row) => row.action === 'join');
    expect(audit).toEqual([expect.objectContaining({ actorId: joiner.user.id, entity: 'membership', entityId: joiner.user.id })]);
  });

  it('matches the code ignoring case and surrounding spaces', async () => {
    const fixture = await communityWith();
    const { inviteCode } = await generate(fixture.owner.agent, fixture.id);
    const lower = await signUp(app);
    await lower.agent.post('/api/communities/join').send({ inviteCode: `  ${inviteCode.toLowerCase()} ` }).expect(200);
    const mixed = await signUp(app);
    const mixedCase = [...inviteCode].map((char, i) => (i % 2 ? char.toLowerCase() : char)).join('');
    await mixed.agent.post('/api/communities/join').send({ inviteCode: `\t${mixedCase}\n` }).expect(200);
    expect(await rolesOf(db, fixture.id, lower.user.id)).toEqual(['Member']);
    expect(await rolesOf(db, fixture.id, mixed.user.id)).toEqual(['Member']);
  });

  it('lets many users join with one code', async () => {
    const fixture = await communityWith();
    const { inviteCode } = await generate(fixture.owner.agent, fixture.id);
    const joiners = [await signUp(app), await signUp(app), await signUp(app), await signUp(app)];
    for (const joiner of joiners) await joiner.agent.post('/api/communities/join').send({ inviteCode }).expect(200);
    for (const joiner of joiners) expect(await rolesOf(db, fixture.id, joiner.user.id)).toEqual(['Member']);
    const stats = (await fixture.owner.agent.get(`/api/communities/${fixture.id}/stats`).expect(200)).body;
    expect(stats.totalMembers).toBe(5);
  });

  it('keeps a code valid for 7 days and refuses it afterwards with 404 and no membership', async () => {
    const fixture = await communityWith();
    const early = await signUp(app);
    const late = await signUp(app);
    const { inviteCode } = await generate(fixture.owner.agent, fixture.id);

    advanceClock(7 * DAY_MS - 1000);
    await early.agent.post('/api/communities/join').send({ inviteCode }).expect(200);

    advanceClock(2000); // 7 days + 1 s after generation
    const before = await snapshotCommunity(db, fixture.id);
    const response = await late.agent.post('/api/communities/join').send({ inviteCode });
    expectJsonError(response, 404, /not valid or has expired/);
    expect(await membershipsOf(late.user.id)).toEqual([]);
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);

    // A fresh code works again.
    const fresh = await generate(fixture.owner.agent, fixture.id);
    await late.agent.post('/api/communities/join').send({ inviteCode: fresh.inviteCode }).expect(200);
  });

  it('answers 404 with a message for an unknown code and creates no membership', async () => {
    const fixture = await communityWith();
    const { inviteCode } = await generate(fixture.owner.agent, fixture.id);
    const joiner = await signUp(app);
    const wrong = inviteCode.startsWith('A') ? `B${inviteCode.slice(1)}` : `A${inviteCode.slice(1)}`;
    for (const code of [wrong, 'ZZZZ', '00000000', "' OR 1=1 --"]) {
      expectJsonError(await joiner.agent.post('/api/communities/join').send({ inviteCode: code }), 404, /not valid or has expired/);
    }
    expect(await membershipsOf(joiner.user.id)).toEqual([]);
  });

  it("answers 409 'already_member' with the community's name to someone who is already a member, without touching the membership", async () => {
    const fixture = await communityWith('member');
    const member = fixture.members[0]!;
    await setRoles(db, fixture.id, member.user.id, ['Commander']);
    const { inviteCode } = await generate(fixture.owner.agent, fixture.id);
    const before = await snapshotCommunity(db, fixture.id);
    const again = await member.agent.post('/api/communities/join').send({ inviteCode });
    expectJsonError(again, 409, `You are already a member of ${fixture.community.name}.`);
    expect(again.body.code).toBe('already_member');
    expectJsonError(await fixture.owner.agent.post('/api/communities/join').send({ inviteCode }), 409);
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
    expect(await rolesOf(db, fixture.id, member.user.id)).toEqual(['Commander']);
  });

  it.each([
    ['no code', {}],
    ['a blank code', { inviteCode: '   ' }],
    ['a code that is not text', { inviteCode: 12345678 }],
    ['an overlong code', { inviteCode: 'A'.repeat(33) }],
  ])('answers 400 with fields for %s and creates no membership', async (_label, payload) => {
    const joiner = await signUp(app);
    const response = await joiner.agent.post('/api/communities/join').send(payload);
    expectJsonError(response, 400);
    expect(response.body.fields).toHaveProperty('inviteCode');
    expect(await membershipsOf(joiner.user.id)).toEqual([]);
  });

  it('answers 401 without a session and creates nothing', async () => {
    const fixture = await communityWith();
    const { inviteCode } = await generate(fixture.owner.agent, fixture.id);
    const before = await snapshotCommunity(db, fixture.id);
    expectJsonError(await anonymous().post('/api/communities/join').send({ inviteCode }), 401);
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
  });

  it('lets someone who left rejoin only with a code', async () => {
    const fixture = await communityWith('member');
    const member = fixture.members[0]!;
    await member.agent.post(`/api/communities/${fixture.id}/leave`).expect(200);
    expectJsonError(await member.agent.get(`/api/communities/${fixture.id}`), 404);
    await member.agent.post('/api/communities/join').send({ inviteCode: (await generate(fixture.owner.agent, fixture.id)).inviteCode }).expect(200);
    await member.agent.get(`/api/communities/${fixture.id}`).expect(200);
  });
});

describe('GET /api/communities/:id/invite-codes (active codes)', () => {
  it('lists every active code, newest first, with creator, expiry and uses; not expired or revoked ones', async () => {
    const fixture = await communityWith();
    const expired = await generate(fixture.owner.agent, fixture.id);
    await db.update(inviteCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(inviteCodes.code, expired.inviteCode));
    const older = await generate(fixture.owner.agent, fixture.id);
    const revoked = await generate(fixture.owner.agent, fixture.id);
    await fixture.owner.agent.delete(`/api/communities/${fixture.id}/invite-codes/${revoked.id}`).expect(200);
    const newer = await generate(fixture.owner.agent, fixture.id);
    for (let i = 0; i < 2; i++) {
      const joiner = await signUp(app);
      await joiner.agent.post('/api/communities/join').send({ inviteCode: older.inviteCode }).expect(200);
    }
    const listed = (await fixture.owner.agent.get(`/api/communities/${fixture.id}/invite-codes`).expect(200)).body;
    expect(listed).toEqual([
      { ...newer, uses: 0 },
      { ...older, uses: 2 },
    ]);
    expect(listed[1].createdBy).toBe(fixture.owner.user.displayName);
  });
});

describe('DELETE /api/communities/:id/invite-codes/:codeId (revoke)', () => {
  it('revokes at once: nobody joins with the code afterwards, and the revocation is audit-logged', async () => {
    const fixture = await communityWith();
    const code = await generate(fixture.owner.agent, fixture.id);
    const response = await fixture.owner.agent.delete(`/api/communities/${fixture.id}/invite-codes/${code.id}`).expect(200);
    expect(response.body).toEqual({ message: 'Invitation code revoked.' });
    const joiner = await signUp(app);
    expectJsonError(await joiner.agent.post('/api/communities/join').send({ inviteCode: code.inviteCode }), 404, INVALID_CODE_MESSAGE);
    expect(await membershipsOf(joiner.user.id)).toEqual([]);
    const [row] = await db.select().from(inviteCodes).where(eq(inviteCodes.id, code.id));
    expect(row).toMatchObject({ revokedByUserId: fixture.owner.user.id });
    expect(row!.revokedAt).toBeInstanceOf(Date);
    const audit = (await auditRowsOf(db, fixture.id)).filter((entry) => entry.action === 'revoke');
    expect(audit).toEqual([expect.objectContaining({ actorId: fixture.owner.user.id, entity: 'invite_code', entityId: code.id, diff: { code: code.inviteCode } })]);
    // The latest code is then an earlier one (none here).
    expect((await fixture.owner.agent.get(`/api/communities/${fixture.id}/invite-codes/latest`).expect(200)).body).toBeNull();
  });

  it('answers 404 for a code already revoked, unknown, malformed, or of another community, and changes nothing', async () => {
    const fixture = await communityWith();
    const other = await communityWith();
    const code = await generate(fixture.owner.agent, fixture.id);
    const foreign = await generate(other.owner.agent, other.id);
    await fixture.owner.agent.delete(`/api/communities/${fixture.id}/invite-codes/${code.id}`).expect(200);
    const before = [await snapshotCommunity(db, fixture.id), await snapshotCommunity(db, other.id)];
    expectJsonError(await fixture.owner.agent.delete(`/api/communities/${fixture.id}/invite-codes/${code.id}`), 404, CODE_NOT_FOUND_MESSAGE);
    expectJsonError(await fixture.owner.agent.delete(`/api/communities/${fixture.id}/invite-codes/${randomUUID()}`), 404, CODE_NOT_FOUND_MESSAGE);
    expectJsonError(await fixture.owner.agent.delete(`/api/communities/${fixture.id}/invite-codes/not-a-uuid`), 404, CODE_NOT_FOUND_MESSAGE);
    expectJsonError(await fixture.owner.agent.delete(`/api/communities/${fixture.id}/invite-codes/${foreign.id}`), 404, CODE_NOT_FOUND_MESSAGE);
    expect([await snapshotCommunity(db, fixture.id), await snapshotCommunity(db, other.id)]).toEqual(before);
  });
});

describe('a removed member rejoining', () => {
  it('needs a code created after the removal: an older one is refused with 403 and the reason', async () => {
    const fixture = await communityWith();
    const oldCode = await generate(fixture.owner.agent, fixture.id);
    const member = await signUp(app);
    await member.agent.post('/api/communities/join').send({ inviteCode: oldCode.inviteCode }).expect(200);
    advanceClock(1000);
    await fixture.owner.agent.delete(`/api/communities/${fixture.id}/members/${member.user.id}`).expect(200);

    const before = await snapshotCommunity(db, fixture.id);
    expectJsonError(await member.agent.post('/api/communities/join').send({ inviteCode: oldCode.inviteCode }), 403, CODE_BEFORE_REMOVAL_MESSAGE);
    expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
    // Others still join with the old code.
    await (await signUp(app)).agent.post('/api/communities/join').send({ inviteCode: oldCode.inviteCode }).expect(200);

    advanceClock(1000);
    const newCode = await generate(fixture.owner.agent, fixture.id);
    await member.agent.post('/api/communities/join').send({ inviteCode: newCode.inviteCode }).expect(200);
    expect(await rolesOf(db, fixture.id, member.user.id)).toEqual(['Member']);
  });
});

describe('access to invitation codes: 401, 404 for another community, 403 for a Member or Commander', () => {
  const endpoints = [
    { name: 'GET /api/communities/:id/invite-codes', call: (agent: Agent, id: string) => agent.get(`/api/communities/${id}/invite-codes`) },
    {
      name: 'DELETE /api/communities/:id/invite-codes/:codeId',
      call: async (agent: Agent, id: string) => {
        const [code] = await db.select({ id: inviteCodes.id }).from(inviteCodes).where(eq(inviteCodes.communityId, fixture.id)).limit(1);
        return agent.delete(`/api/communities/${id}/invite-codes/${code?.id ?? randomUUID()}`);
      },
    },
    { name: 'POST /api/communities/:id/invite-codes', call: (agent: Agent, id: string) => agent.post(`/api/communities/${id}/invite-codes`) },
    { name: 'GET /api/communities/:id/invite-codes/latest', call: (agent: Agent, id: string) => agent.get(`/api/communities/${id}/invite-codes/latest`) },
  ];
  let fixture: Awaited<ReturnType<typeof communityWith>>;
  let outsider: Awaited<ReturnType<typeof createCommunity>>;
  beforeAll(async () => {
    fixture = await communityWith('member', 'commander');
    await setRoles(db, fixture.id, fixture.members[1]!.user.id, ['Commander']);
    await generate(fixture.owner.agent, fixture.id);
    outsider = await createCommunity(app);
  });

  describe.each(endpoints)('$name', (endpoint) => {
    it('answers 401 without a session and changes nothing', async () => {
      const before = await snapshotCommunity(db, fixture.id);
      expectJsonError(await endpoint.call(anonymous(), fixture.id), 401);
      expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
    });

    it('answers 404 to the admin of another community, without the code, and changes nothing', async () => {
      const before = await snapshotCommunity(db, fixture.id);
      const response = await endpoint.call(outsider.owner.agent, fixture.id);
      expectJsonError(response, 404, NOT_FOUND);
      expect(response.text).not.toContain(before.inviteCodes[0]!.code);
      expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
    });

    it.each([0, 1])('answers 403 to a plain Member (0) or Commander (1) and changes nothing', async (index) => {
      const before = await snapshotCommunity(db, fixture.id);
      const response = await endpoint.call(fixture.members[index]!.agent, fixture.id);
      expectJsonError(response, 403);
      expect(response.text).not.toContain(before.inviteCodes[0]!.code);
      expect(await snapshotCommunity(db, fixture.id)).toEqual(before);
    });

    it('answers a JSON 404 for a non-uuid or unknown community id', async () => {
      expectJsonError(await endpoint.call(fixture.owner.agent, 'not-a-uuid'), 404);
      expectJsonError(await endpoint.call(fixture.owner.agent, randomUUID()), 404, NOT_FOUND);
    });
  });

  it('lets a SuperAdmin who is not a member generate and read codes', async () => {
    const operator = await signUp(app, uniqueIdentity('superadmin'));
    await grantSuperAdmin(db, operator.user.id);
    const code = await generate(operator.agent, fixture.id);
    expect(code.createdBy).toBe(operator.user.displayName);
    expect((await operator.agent.get(`/api/communities/${fixture.id}/invite-codes/latest`).expect(200)).body.inviteCode).toBe(code.inviteCode);
    const [row] = await db.select().from(inviteCodes).where(and(eq(inviteCodes.communityId, fixture.id), eq(inviteCodes.code, code.inviteCode)));
    expect(row!.createdByUserId).toBe(operator.user.id);
  });
});
