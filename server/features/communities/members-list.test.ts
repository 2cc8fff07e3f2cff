import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { CommunityMember, MembersPage } from '@shared/contracts/communities';
import { users } from '@shared/schema/auth';
import { communities, memberships, subgroups } from '@shared/schema/communities';
import type { CommunityStats } from '@shared/contracts/communities';
import { dateInTimeZone } from '@shared/domain/calendar';
import { questions } from '@shared/schema/questions';
import { CACHED_FROM_MEMBERS, FRESH_FOR_MS } from '../../db/congregation-cache';
import { createTestApp } from '../../test/app';
import { type Agent, addMember, createCommunity, signUp, uniqueIdentity } from '../../test/factories';

const testApp = await createTestApp({ RATE_LIMIT_REGISTER_PER_IP: 100_000, RATE_LIMIT_JOIN_PER_IP: 100_000, RATE_LIMIT_JOIN_PER_USER: 100_000 });
const { app } = testApp;
const { db } = testApp.database;
const { countQueries } = testApp;

/** `count` members straight into the database (a sign-up each would take minutes at 500); every tenth is imported. */
async function insertMembers(communityId: string, count: number) {
  const batch = randomUUID().slice(0, 8);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `bulk-${batch}-${i}@example.org`,
        displayName: `Bulk ${batch} ${String(i).padStart(4, '0')}`,
        isImported: i % 10 === 0,
      })),
    )
    .returning({ id: users.id });
  await db.insert(memberships).values(rows.map(({ id }, i) => ({ userId: id, communityId, roles: i % 7 === 0 ? ['Commander' as const] : ['Member' as const] })));
}

/** A community of `size` members (its moderator included) with one member who is InstitutionAdmin in a sibling community. */
async function communityOf(size: number) {
  const fixture = await createCommunity(app);
  const overseer = await addMember(app, fixture, 'overseer');
  const sibling = await createCommunity(app);
  await db.update(communities).set({ institutionId: fixture.community.institutionId }).where(eq(communities.id, sibling.community.id));
  await db.insert(memberships).values({ userId: overseer.user.id, communityId: sibling.community.id, roles: ['InstitutionAdmin'] });
  await insertMembers(fixture.community.id, size - 2);
  return { ...fixture, overseer, sibling, size };
}

async function listAsModerator(fixture: Awaited<ReturnType<typeof communityOf>>) {
  const done = testApp.countQueries();
  const response = await fixture.owner.agent.get(`/api/communities/${fixture.community.id}/members`).expect(200);
  return { members: response.body as CommunityMember[], queries: done() };
}

describe('GET /api/communities/:id/members at congregation scale', () => {
  it('runs the same number of queries for 5 members as for 500, and still finds the institution-wide rank', async () => {
    const small = await communityOf(5);
    const large = await communityOf(500);

    const few = await listAsModerator(small);
    const many = await listAsModerator(large);
    expect(few.members).toHaveLength(5);
    expect(many.members).toHaveLength(500);
    expect(many.queries).toBe(few.queries);
    // The guard's lookups (session user, community, caller's standing) and the list itself.
    expect(many.queries).toBeLessThanOrEqual(4);

    for (const { members, fixture } of [
      { members: few.members, fixture: small },
      { members: many.members, fixture: large },
    ]) {
      const names = members.map((member) => member.displayName.toLowerCase());
      expect(names).toEqual([...names].sort());
      expect(members.find((member) => member.id === fixture.overseer.user.id)).toMatchObject({ roles: ['Member'], rank: 'InstitutionAdmin' });
      expect(members.filter((member) => member.rank === 'InstitutionAdmin')).toHaveLength(1);
      expect(members.find((member) => member.id === fixture.owner.user.id)).toMatchObject({ rank: 'CommunityModerator' });
    }
    expect(many.members.filter((member) => member.isImported)).toHaveLength(50);
    expect(many.members.filter((member) => member.roles.includes('Commander'))).toHaveLength(72);
  });

  it('shows a plain member the same list without e-mails or institution-wide ranks, in as few queries', async () => {
    const fixture = await communityOf(500);
    const plain = await addMember(app, fixture, 'plain');
    const done = testApp.countQueries();
    const members = (await plain.agent.get(`/api/communities/${fixture.community.id}/members`).expect(200)).body as CommunityMember[];
    expect(done()).toBeLessThanOrEqual(4);
    expect(members).toHaveLength(501);
    expect(members.every((member) => member.email === null)).toBe(true);
    expect(members.find((member) => member.id === fixture.overseer.user.id)?.rank).toBe('Member');
  });
});

describe('GET /api/communities/:id/members?limit=: pages of the list', () => {
  const pageOf = async (agent: Agent, communityId: string, query: string) =>
    (await agent.get(`/api/communities/${communityId}/members?${query}`).expect(200)).body as MembersPage;

  it('pages through 500 members by name in the same number of queries per page as through 5, each member once', async () => {
    const walk = async (fixture: Awaited<ReturnType<typeof communityOf>>) => {
      const seen: CommunityMember[] = [];
      const queries = new Set<string>();
      let cursor: string | null = null;
      let pages = 0;
      do {
        const done = testApp.countQueries();
        const page = await pageOf(fixture.owner.agent, fixture.community.id, `limit=50${cursor ? `&cursor=${cursor}` : ''}`);
        queries.add(`${pages === 0 ? 'first' : 'next'}:${done()}`);
        expect(page.total).toBe(pages === 0 ? fixture.size : null);
        expect(page.members.length).toBeLessThanOrEqual(50);
        seen.push(...page.members);
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      return { seen, queries: [...queries].sort(), pages };
    };
    const small = await communityOf(5);
    const large = await communityOf(500);
    const few = await walk(small);
    const many = await walk(large);
    expect(few.pages).toBe(1);
    expect(many.pages).toBe(10);
    expect(few.seen).toHaveLength(5);
    expect(new Set(many.seen.map((member) => member.id)).size).toBe(500);
    // The whole list and its pages agree, member for member, in order.
    const whole = (await large.owner.agent.get(`/api/communities/${large.community.id}/members`).expect(200)).body as CommunityMember[];
    expect(many.seen).toEqual(whole);
    expect(many.queries).toContain(few.queries[0]);
    expect(new Set(many.queries.filter((entry) => entry.startsWith('next')).map((entry) => entry)).size).toBe(1);
    expect((await pageOf(large.owner.agent, large.community.id, 'limit=50')).total).toBe(500);
  });

  it("counts the whole community from the count its row keeps, right through joins, leaves, removals, bulk writes and deleted accounts", async () => {
    const fixture = await communityOf(12);
    const id = fixture.community.id;
    const expectCounted = async () => {
      const [stored] = await db.select({ memberCount: communities.memberCount }).from(communities).where(eq(communities.id, id));
      const counted = await db.$count(memberships, eq(memberships.communityId, id));
      expect(stored!.memberCount).toBe(counted);
      expect((await pageOf(fixture.owner.agent, id, 'limit=5')).total).toBe(counted);
      return counted;
    };
    expect(await expectCounted()).toBe(12);
    const joined = await addMember(app, fixture, 'joiner');
    const leaving = await addMember(app, fixture, 'leaver');
    expect(await expectCounted()).toBe(14);
    await leaving.agent.post(`/api/communities/${id}/leave`).expect(200);
    await fixture.owner.agent.delete(`/api/communities/${id}/members/${joined.user.id}`).expect(200);
    expect(await expectCounted()).toBe(12);
    await insertMembers(id, 30);
    expect(await expectCounted()).toBe(42);
    const [gone] = await db.select({ userId: memberships.userId }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(and(eq(memberships.communityId, id), eq(users.isImported, true))).limit(1);
    await db.delete(users).where(eq(users.id, gone!.userId));
    expect(await expectCounted()).toBe(41);
    // A membership never moves to another community: the kept counts could not follow it.
    await expect(db.update(memberships).set({ communityId: fixture.sibling.community.id }).where(eq(memberships.userId, fixture.overseer.user.id))).rejects.toThrow();
    expect(await expectCounted()).toBe(41);
  });

  it('finds a member by a search typed with or without accents, in any case, and by e-mail for admins only', async () => {
    const fixture = await communityOf(40);
    const jose = await signUp(app, { ...uniqueIdentity('jose'), displayName: `José Álvarez ${randomUUID().slice(0, 6)}` });
    await jose.agent.post('/api/communities/join').send({ inviteCode: await fixture.joinCode() }).expect(200);
    const plain = await addMember(app, fixture, 'plain');
    const names = async (agent: Agent, search: string) =>
      (await pageOf(agent, fixture.community.id, `limit=50&search=${encodeURIComponent(search)}`)).members.map((member) => member.id);
    for (const search of ['jose alvarez', 'JOSÉ', 'álvarez', 'Alvarez', 'josé álv']) expect(await names(fixture.owner.agent, search), search).toEqual([jose.user.id]);
    const email = (await db.select({ email: users.email }).from(users).where(eq(users.id, jose.user.id)))[0]!.email!;
    expect(await names(fixture.owner.agent, email.toUpperCase())).toEqual([jose.user.id]);
    expect(await names(plain.agent, email)).toEqual([]);
    expect(await names(plain.agent, 'jose')).toEqual([jose.user.id]);
    // LIKE's own characters are taken literally.
    expect(await names(fixture.owner.agent, '%')).toEqual([]);
    expect(await names(fixture.owner.agent, '_')).toEqual([]);
  });

  it('narrows by role and by subgroup (or none)', async () => {
    const fixture = await communityOf(30);
    const commanders = await pageOf(fixture.owner.agent, fixture.community.id, 'limit=100&role=Commander');
    expect(commanders.members.length).toBeGreaterThan(0);
    expect(commanders.members.every((member) => member.roles.includes('Commander'))).toBe(true);
    expect(commanders.total).toBe(commanders.members.length);
    const [subgroup] = await db.insert(subgroups).values({ communityId: fixture.community.id, name: 'Paged team' }).returning();
    await db.update(memberships).set({ subgroupId: subgroup!.id }).where(eq(memberships.userId, fixture.overseer.user.id));
    expect((await pageOf(fixture.owner.agent, fixture.community.id, `limit=10&subgroupId=${subgroup!.id}`)).members.map((member) => member.id)).toEqual([fixture.overseer.user.id]);
    const unassigned = await pageOf(fixture.owner.agent, fixture.community.id, 'limit=100&subgroupId=none');
    expect(unassigned.total).toBe(29);
    expect(unassigned.members.map((member) => member.id)).not.toContain(fixture.overseer.user.id);
  });

  it('narrows to the unassigned who lead no subgroup, and to who may lead (institution-wide and server-wide rights too)', async () => {
    const fixture = await communityOf(12);
    const id = fixture.community.id;
    const { members: everyone } = await pageOf(fixture.owner.agent, id, 'limit=100');
    const plainMember = everyone.find((member) => member.roles.includes('Member') && member.id !== fixture.overseer.user.id)!;
    const commander = everyone.find((member) => member.roles.includes('Commander'))!;
    const [subgroup] = await db.insert(subgroups).values({ communityId: id, name: 'Led team', commanderId: commander.id }).returning();
    const unassigned = await pageOf(fixture.owner.agent, id, 'limit=100&subgroupId=unassigned');
    expect(unassigned.members.map((member) => member.id)).not.toContain(commander.id);
    expect(unassigned.total).toBe(11);
    await db.update(memberships).set({ subgroupId: subgroup!.id }).where(eq(memberships.userId, plainMember.id));
    expect((await pageOf(fixture.owner.agent, id, 'limit=100&subgroupId=unassigned')).total).toBe(10);
    // 'none' still counts the commander, who is in no subgroup.
    expect((await pageOf(fixture.owner.agent, id, 'limit=100&subgroupId=none')).total).toBe(11);

    await db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, plainMember.id));
    const leaders = await pageOf(fixture.owner.agent, id, 'limit=100&mayLead=true');
    const expected = everyone.filter((member) => member.id === plainMember.id || member.rank !== 'Member' || member.roles.some((role) => role !== 'Member')).map((member) => member.id);
    expect(leaders.members.map((member) => member.id).sort()).toEqual(expected.sort());
    // The moderator, the overseer (InstitutionAdmin in a sibling community) and the server-wide admin are among them.
    expect(leaders.members.map((member) => member.id)).toEqual(expect.arrayContaining([fixture.owner.user.id, fixture.overseer.user.id, plainMember.id]));
    expect(leaders.total).toBe(leaders.members.length);
    // A plain member sees only the membership's own roles: nobody's server-wide or institution-wide rights.
    const plain = await addMember(app, fixture, 'plain');
    const seenByMember = await pageOf(plain.agent, id, 'limit=100&mayLead=true');
    expect(seenByMember.members.map((member) => member.id)).not.toContain(plainMember.id);
    expect(seenByMember.members.map((member) => member.id)).not.toContain(fixture.overseer.user.id);
    expect(seenByMember.members.every((member) => member.roles.some((role) => role !== 'Member'))).toBe(true);
    // Page after page, the count is the same as the pages hold.
    const first = await pageOf(fixture.owner.agent, id, 'limit=2&mayLead=true');
    const second = await pageOf(fixture.owner.agent, id, `limit=100&mayLead=true&cursor=${first.nextCursor}`);
    expect([...first.members, ...second.members].map((member) => member.id)).toEqual(leaders.members.map((member) => member.id));
  });

  it('refuses a limit out of range and a cursor it did not make, with a message per field', async () => {
    const fixture = await communityOf(3);
    const refused = async (query: string, field: string) => {
      const response = await fixture.owner.agent.get(`/api/communities/${fixture.community.id}/members?${query}`).expect(400);
      expect(Object.keys(response.body.fields ?? {})).toContain(field);
    };
    await refused('limit=0', 'limit');
    await refused('limit=101', 'limit');
    await refused('limit=ten', 'limit');
    await refused(`limit=10&cursor=${Buffer.from('[1,2]').toString('base64url')}`, 'cursor');
    await refused('limit=10&role=Pope', 'role');
    await refused('limit=10&subgroupId=someone', 'subgroupId');
    await refused('limit=10&mayLead=yes', 'mayLead');
  });
});

describe('GET /api/communities/:id/stats at congregation scale', () => {
  const stats = async (fixture: Awaited<ReturnType<typeof communityOf>>) => (await fixture.owner.agent.get(`/api/communities/${fixture.community.id}/stats`).expect(200)).body as CommunityStats;

  it("keeps a congregation's member figures until the month is saved, a membership change for at most half a minute, and counts questions afresh", async () => {
    const large = await communityOf(CACHED_FROM_MEMBERS + 10);
    const small = await communityOf(5);
    const communityId = large.community.id;
    const first = await stats(large);
    expect(first.totalMembers + first.importedUnclaimed).toBe(CACHED_FROM_MEMBERS + 10);
    const before = countQueries();
    await stats(large);
    const reused = before();
    await stats(small);
    const smallBefore = countQueries();
    await stats(small);
    expect(smallBefore()).toBe(reused + 1); // a small community's figures are added up every time

    // A question asked shows at once.
    await db.insert(questions).values({ communityId, fromUserId: large.owner.user.id, fromUserName: 'Owner', title: 'A question', body: 'Body' });
    expect((await stats(large)).openQuestions).toBe(first.openQuestions + 1);

    // Someone leaves (no log changes): the kept figures still count them...
    const leave = async () => {
      const [someone] = await db.select({ userId: memberships.userId }).from(memberships).where(and(eq(memberships.communityId, communityId), eq(memberships.roles, ['Member'])));
      await db.delete(memberships).where(and(eq(memberships.communityId, communityId), eq(memberships.userId, someone!.userId)));
    };
    await leave();
    expect((await stats(large)).totalMembers).toBe(first.totalMembers);
    // ...until a check-in of this month, which shows at once (day 1 is never in the future).
    const [{ timeZone }] = (await db.select({ timeZone: communities.timeZone }).from(communities).where(eq(communities.id, communityId))) as [{ timeZone: string }];
    const [year, month] = dateInTimeZone(new Date(), timeZone).split('-').map(Number);
    await large.owner.agent.post(`/api/communities/${communityId}/daily-log`).send({ communityId, year, month, entries: {}, dayStatus: { bibleReading: { '1': 'Yes' } } }).expect(200);
    expect((await stats(large)).totalMembers).toBe(first.totalMembers - 1);
    // Without a save, at most half a minute.
    await leave();
    expect((await stats(large)).totalMembers).toBe(first.totalMembers - 1);
    testApp.advanceClock(FRESH_FOR_MS + 1000);
    expect((await stats(large)).totalMembers).toBe(first.totalMembers - 2);
  });

  it("counts open questions from the community's kept count through asking, answering, reopening and deletions", async () => {
    const fixture = await communityOf(6);
    const communityId = fixture.community.id;
    const live = () => db.$count(questions, and(eq(questions.communityId, communityId), inArray(questions.status, ['Open', 'InProgress'])));
    const expectCounted = async (expected: number) => {
      expect(await live()).toBe(expected);
      expect((await stats(fixture)).openQuestions).toBe(expected);
    };
    await expectCounted(0);
    const asked = await db
      .insert(questions)
      .values(['Open', 'Open', 'InProgress', 'Answered'].map((status, i) => ({ communityId, fromUserId: fixture.owner.user.id, fromUserName: 'Owner', title: `Q${i}`, body: 'Body', status: status as 'Open' })))
      .returning({ id: questions.id });
    await expectCounted(3);
    await db.update(questions).set({ status: 'Answered' }).where(eq(questions.id, asked[0]!.id));
    await expectCounted(2);
    await db.update(questions).set({ status: 'InProgress' }).where(inArray(questions.id, [asked[0]!.id, asked[3]!.id]));
    await expectCounted(4);
    await db.update(questions).set({ title: 'Renamed' }).where(eq(questions.communityId, communityId));
    await expectCounted(4);
    await db.delete(questions).where(eq(questions.id, asked[1]!.id));
    await expectCounted(3);
    // An account deleted takes its questions with it (a cascade: the triggers see it too).
    const [asker] = await db.select({ userId: memberships.userId }).from(memberships).where(and(eq(memberships.communityId, communityId), eq(memberships.roles, ['Member']))).limit(1);
    await db.insert(questions).values({ communityId, fromUserId: asker!.userId, fromUserName: 'Asker', title: 'Mine', body: 'Body' });
    await expectCounted(4);
    await db.delete(users).where(eq(users.id, asker!.userId));
    await expectCounted(3);
  });
});
