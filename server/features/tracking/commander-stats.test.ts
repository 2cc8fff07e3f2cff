import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import type { Role } from '@shared/domain/constants';
import { users } from '@shared/schema/auth';
import { memberships, subgroups } from '@shared/schema/communities';
import { dailyLogs } from '@shared/schema/tracking';
import { createTestApp } from '../../test/app';
import { expectJsonError, setRoles } from '../../test/community-fixtures';
import { type Agent, uniqueIdentity } from '../../test/factories';
import { type CommunityFixture, communityWith, days, LIFTED_LIMITS, logRow, mark, type Member, pinClock } from './tracking-test-kit';

const testApp = await createTestApp(LIFTED_LIMITS);
const { app, database, countQueries } = testApp;
const db = database.db;

// Thursday 2030-01-03, 21:00 in Chicago (the factory's community time zone), which is already Friday
// 2030-01-04 in UTC (the server's own zone in tests) and in Tokyo. "This week" in Chicago is Monday
// 2029-12-31 to Thursday 2030-01-03; "last week" is 2029-12-24 to 2029-12-30.
pinClock(testApp, '2030-01-04T03:00:00Z');

const anonymous = () => request.agent(app);
const NOT_FOUND = 'Community not found.';

/** A subgroup led by `commanderId`, with the given members assigned to it (arranged in the database). */
async function subgroupOf(communityId: string, commanderId: string | null, memberIds: string[], name = `Team ${randomUUID().slice(0, 6)}`) {
  const [subgroup] = await db.insert(subgroups).values({ communityId, name, commanderId }).returning();
  for (const userId of memberIds) {
    await db.update(memberships).set({ subgroupId: subgroup!.id }).where(and(eq(memberships.communityId, communityId), eq(memberships.userId, userId)));
  }
  return subgroup!;
}

const stats = (agent: Agent, fixture: CommunityFixture, commanderId: string, month = 1, year = 2030) =>
  agent.get(`/api/commanders/${commanderId}/member-stats?month=${month}&year=${year}`).set('X-Community-Id', fixture.id);
const subgroupMembers = (agent: Agent, fixture: CommunityFixture, commanderId: string) =>
  agent.get(`/api/commanders/${commanderId}/subgroup-members`).set('X-Community-Id', fixture.id);

/** A community whose member `commander` (role Commander) leads a subgroup of the other members named. */
async function commandedCommunity(...prefixes: string[]) {
  const fixture = await communityWith(app, 'commander', ...prefixes);
  const [commander, ...members] = fixture.members as [Member, ...Member[]];
  await setRoles(db, fixture.id, commander.user.id, ['Commander']);
  const subgroup = await subgroupOf(fixture.id, commander.user.id, [commander.user.id, ...members.map((m) => m.user.id)]);
  return { fixture, commander, members, subgroup };
}

describe('GET /api/commanders/:id/member-stats', () => {
  it('answers streak, completion, weekly figures and last update per member, computed by hand', async () => {
    const { fixture, commander, members, subgroup } = await commandedCommunity('alice', 'bob', 'carol', 'dave', 'erin');
    const [alice, bob, carol, dave, erin] = members as [Member, Member, Member, Member, Member];
    // Dave is in a subgroup another commander leads; Erin is in none.
    await subgroupOf(fixture.id, fixture.owner.user.id, [dave.user.id]);
    await db.update(memberships).set({ subgroupId: null }).where(and(eq(memberships.communityId, fixture.id), eq(memberships.userId, erin.user.id)));

    // Alice: a 7-day streak from Thursday 3 January back to Friday 28 December (27 December is empty).
    await mark(alice.agent, fixture.id, 2029, 12, { bibleReading: { ...days('Yes', 26, 28, 29, 30), ...days('Partially', 31) }, fasting: days('Yes', 30, 31) });
    const aliceJanuary = await mark(alice.agent, fixture.id, 2030, 1, { bibleReading: days('Yes', 1, 2), fasting: { '1': 'Yes', '3': 'Partially' }, meditation: days('Sick', 2) });
    // Carol: today not marked yet, yesterday done, the day before only 'No': a 1-day streak.
    await mark(carol.agent, fixture.id, 2029, 12, { bibleReading: days('Yes', 31) });
    const carolJanuary = await mark(carol.agent, fixture.id, 2030, 1, { midnightPrayer: days('No', 1), morningIntimacy: days('Yes', 2) });
    // Dave's and Erin's marks must not show.
    await mark(dave.agent, fixture.id, 2030, 1, { fasting: days('Yes', 1, 2, 3) });
    await mark(erin.agent, fixture.id, 2030, 1, { fasting: days('Yes', 1, 2, 3) });

    const january = await stats(commander.agent, fixture, commander.user.id).expect(200);
    expect(january.body).toEqual([
      {
        id: alice.user.id,
        displayName: alice.user.displayName,
        lastUpdated: aliceJanuary.body.updatedAt,
        streak: 7,
        // (2 bibleReading + 2 fasting) of 5 disciplines x 31 days = 4/155 = 2.6%
        completionPercent: 3,
        // Dec 31: 2, Jan 1: 2, Jan 2: 1 (Sick does not count), Jan 3: 1 | Dec 26, 28, 29: 1 each, Dec 30: 2
        weeklyStats: { thisWeek: 6, lastWeek: 5 },
      },
      { id: bob.user.id, displayName: bob.user.displayName, lastUpdated: null, streak: 0, completionPercent: 0, weeklyStats: { thisWeek: 0, lastWeek: 0 } },
      {
        id: carol.user.id,
        displayName: carol.user.displayName,
        lastUpdated: carolJanuary.body.updatedAt,
        streak: 1,
        completionPercent: 1, // 1/155 = 0.6%
        weeklyStats: { thisWeek: 2, lastWeek: 0 },
      },
    ]);

    // Another month changes only the completion: December, (5 bibleReading + 2 fasting) / 155 = 4.5%.
    const december = await stats(commander.agent, fixture, commander.user.id, 12, 2029).expect(200);
    expect(december.body.map((row: { completionPercent: number }) => row.completionPercent)).toEqual([5, 0, 1]); // Carol: 1/155
    expect(december.body.map((row: { streak: number }) => row.streak)).toEqual([7, 0, 1]);
    expect(december.body[0].weeklyStats).toEqual({ thisWeek: 6, lastWeek: 5 });

    // An admin reads any commander's statistics; the commander's own subgroup row is unchanged.
    expect((await stats(fixture.owner.agent, fixture, commander.user.id).expect(200)).body).toEqual(january.body);
    expect(subgroup.commanderId).toBe(commander.user.id);
  });

  it('caps the streak at 365 days and counts a whole month of one discipline in five as 20%', async () => {
    const { fixture, commander, members } = await commandedCommunity('steady');
    const steady = members[0]!;
    // Every day of 2029 (and 1-3 January 2030) marked for one discipline, straight into the database.
    const rows = Array.from({ length: 12 }, (_, index) => {
      const month = index + 1;
      const length = new Date(Date.UTC(2029, month, 0)).getUTCDate();
      const all = Object.fromEntries(Array.from({ length }, (_, day) => [String(day + 1), 'Yes' as const]));
      return logRow({ userId: steady.user.id, communityId: fixture.id, year: 2029, month, dayStatus: { fasting: all } });
    });
    await db.insert(dailyLogs).values([...rows, logRow({ userId: steady.user.id, communityId: fixture.id, year: 2030, month: 1, dayStatus: { fasting: days('Yes', 1, 2, 3) } })]);
    const december = await stats(commander.agent, fixture, commander.user.id, 12, 2029).expect(200);
    // One discipline of five, every day: 20%; the streak counts at most 365 days.
    expect(december.body).toEqual([expect.objectContaining({ streak: 365, completionPercent: 20, weeklyStats: { thisWeek: 4, lastWeek: 7 } })]);
  });

  it('lets Sick and FeelingTired break the streak, unless the community turns grace days on', async () => {
    const { fixture, commander, members } = await commandedCommunity('dan');
    const dan = members[0]!;
    await mark(dan.agent, fixture.id, 2029, 12, { bibleReading: days('Yes', 29, 30), meditation: days('FeelingTired', 31) });
    await mark(dan.agent, fixture.id, 2030, 1, { bibleReading: { '1': 'Yes', '2': 'Sick', '3': 'Yes' } });
    expect((await stats(commander.agent, fixture, commander.user.id).expect(200)).body[0].streak).toBe(1);

    await fixture.owner.agent.put(`/api/communities/${fixture.id}`).send({ name: fixture.community.name, graceDays: true }).expect(200);
    // Jan 3, (Jan 2 Sick), Jan 1, (Dec 31 FeelingTired), Dec 30, Dec 29: four days kept with grace.
    const withGrace = (await stats(commander.agent, fixture, commander.user.id).expect(200)).body[0];
    expect(withGrace).toMatchObject({ streak: 4, weeklyStats: { thisWeek: 2, lastWeek: 2 } });
  });

  it("takes today in the community's time zone", async () => {
    const { fixture, commander, members } = await commandedCommunity('zoe');
    const zoe = members[0]!;
    // Friday 4 January is already today in Tokyo (and anywhere at UTC+14), so it may be marked.
    await mark(zoe.agent, fixture.id, 2030, 1, { bibleReading: days('Yes', 3, 4) });
    const read = async () => (await stats(commander.agent, fixture, commander.user.id).expect(200)).body[0];
    const rename = (timeZone: string) => fixture.owner.agent.put(`/api/communities/${fixture.id}`).send({ name: fixture.community.name, timeZone }).expect(200);

    // Chicago: today is Thursday the 3rd; the 4th is not counted (UTC, the server's zone, would count it).
    expect(await read()).toMatchObject({ streak: 1, weeklyStats: { thisWeek: 1, lastWeek: 0 } });
    await rename('Asia/Tokyo'); // Friday the 4th, 12:00
    expect(await read()).toMatchObject({ streak: 2, weeklyStats: { thisWeek: 2, lastWeek: 0 } });
    await rename('Pacific/Honolulu'); // Thursday the 3rd, 17:00
    expect(await read()).toMatchObject({ streak: 1, weeklyStats: { thisWeek: 1, lastWeek: 0 } });
  });

  it('answers an empty list to a commander without a subgroup', async () => {
    const fixture = await communityWith(app, 'commander');
    const commander = fixture.members[0]!;
    await setRoles(db, fixture.id, commander.user.id, ['Commander']);
    expect((await stats(commander.agent, fixture, commander.user.id).expect(200)).body).toEqual([]);
  });

  it('runs the same number of queries for a subgroup of 5 and of 50 members', async () => {
    const fixture = await communityWith(app, 'small', 'large');
    const [small, large] = [fixture.members[0]!, fixture.members[1]!];
    const subgroupFor = async (commander: Member, size: number) => {
      await setRoles(db, fixture.id, commander.user.id, ['Commander']);
      const [subgroup] = await db.insert(subgroups).values({ communityId: fixture.id, name: `Team of ${size}`, commanderId: commander.user.id }).returning();
      const created = await db
        .insert(users)
        .values(Array.from({ length: size }, () => ({ displayName: uniqueIdentity('imported').displayName, email: null, isImported: true })))
        .returning({ id: users.id });
      await db.insert(memberships).values(created.map(({ id }) => ({ userId: id, communityId: fixture.id, roles: ['Member'] as Role[], subgroupId: subgroup!.id })));
      await db.insert(dailyLogs).values(
        created.flatMap(({ id }): (typeof dailyLogs.$inferInsert)[] => [
          logRow({ userId: id, communityId: fixture.id, year: 2029, month: 12, dayStatus: { fasting: days('Yes', 31) } }),
          logRow({ userId: id, communityId: fixture.id, year: 2030, month: 1, dayStatus: { bibleReading: { ...days('Yes', 1, 2), ...days('Partially', 3) } } }),
        ]),
      );
    };
    await subgroupFor(small, 5);
    await subgroupFor(large, 50);

    const counted = async (agent: Agent, commanderId: string, size: number) => {
      await stats(agent, fixture, commanderId).expect(200); // warm the session
      const done = countQueries();
      const response = await stats(agent, fixture, commanderId).expect(200);
      const queries = done();
      expect(response.body).toHaveLength(size);
      // Dec 31 and Jan 1-3: 4 days; 3 of 155 discipline-days in January = 1.9%; Dec 31 + Jan 1-3 this week.
      for (const row of response.body) expect(row).toMatchObject({ streak: 4, completionPercent: 2, weeklyStats: { thisWeek: 4, lastWeek: 0 } });
      return queries;
    };
    const five = await counted(small.agent, small.user.id, 5);
    const fifty = await counted(large.agent, large.user.id, 50);
    expect(five).toBeGreaterThan(0);
    expect(fifty).toBe(five);
    // The same holds for an admin reading either subgroup.
    expect(await counted(fixture.owner.agent, large.user.id, 50)).toBe(await counted(fixture.owner.agent, small.user.id, 5));
  });

  it('answers 400 with fields for a missing or invalid month or year', async () => {
    const { fixture, commander } = await commandedCommunity('member');
    for (const [query, field] of [
      ['', 'month'],
      ['?month=13&year=2030', 'month'],
      ['?month=1', 'year'],
      ['?month=1&year=abc', 'year'],
    ] as const) {
      const response = await commander.agent.get(`/api/commanders/${commander.user.id}/member-stats${query}`).set('X-Community-Id', fixture.id);
      expectJsonError(response, 400);
      expect(response.body.fields).toHaveProperty([field]);
    }
  });
});

describe('Who may read commander statistics', () => {
  const endpoints = [
    ['member-stats', stats],
    ['subgroup-members', subgroupMembers],
  ] as const;

  it.each(endpoints)('%s: a plain Member gets 403, even for their own id', async (_name, call) => {
    const { fixture, commander, members } = await commandedCommunity('member');
    const member = members[0]!;
    expectJsonError(await call(member.agent, fixture, commander.user.id), 403);
    expectJsonError(await call(member.agent, fixture, member.user.id), 403);
  });

  it.each(endpoints)("%s: a Commander reading another commander's id gets 403; an admin may", async (_name, call) => {
    const { fixture, commander, members } = await commandedCommunity('member', 'rival');
    const rival = members[1]!;
    await setRoles(db, fixture.id, rival.user.id, ['Commander']);
    expectJsonError(await call(rival.agent, fixture, commander.user.id), 403);
    expect((await call(fixture.owner.agent, fixture, commander.user.id).expect(200)).body).toHaveLength(2);
  });

  it.each(endpoints)('%s: 401 without a session', async (_name, call) => {
    const { fixture, commander } = await commandedCommunity('member');
    expectJsonError(await call(anonymous(), fixture, commander.user.id), 401);
  });

  it.each(endpoints)("%s: another community's admin gets 404, by header or with their own community", async (_name, call) => {
    const { fixture, commander } = await commandedCommunity('member');
    const other = await communityWith(app);
    expectJsonError(await call(other.owner.agent, fixture, commander.user.id), 404, NOT_FOUND);
    // Through their own community, A's commander is nobody there.
    expectJsonError(await call(other.owner.agent, other, commander.user.id), 404);
    expectJsonError(await call(other.owner.agent, other, randomUUID()), 404);
  });

  it.each(endpoints)('%s: a malformed commander id answers 404', async (_name, call) => {
    const { fixture } = await commandedCommunity('member');
    expectJsonError(await call(fixture.owner.agent, fixture, 'not-a-uuid'), 404);
  });
});

describe('GET /api/commanders/:id/subgroup-members', () => {
  it("lists the members of every subgroup the commander leads, by name, without the commander or others' members", async () => {
    const { fixture, commander, members, subgroup } = await commandedCommunity('bravo', 'alpha', 'outsider', 'charlie');
    const [bravo, alpha, outsider, charlie] = members as [Member, Member, Member, Member];
    await subgroupOf(fixture.id, fixture.owner.user.id, [outsider.user.id]);
    const second = await subgroupOf(fixture.id, commander.user.id, [charlie.user.id], 'Second team');

    const response = await subgroupMembers(commander.agent, fixture, commander.user.id).expect(200);
    expect(response.body).toEqual([
      { id: alpha.user.id, displayName: alpha.user.displayName, email: alpha.email, subgroupId: subgroup.id, subgroupName: subgroup.name },
      { id: bravo.user.id, displayName: bravo.user.displayName, email: bravo.email, subgroupId: subgroup.id, subgroupName: subgroup.name },
      { id: charlie.user.id, displayName: charlie.user.displayName, email: charlie.email, subgroupId: second.id, subgroupName: 'Second team' },
    ]);
    expect((await subgroupMembers(fixture.owner.agent, fixture, commander.user.id).expect(200)).body).toEqual(response.body);
  });
});

describe('GET /api/communities/:id/stats avgCompletion', () => {
  it("is the mean monthly progress of all members this month, members without logs counting 0", async () => {
    const fixture = await communityWith(app, 'first', 'second');
    const other = await communityWith(app, 'elsewhere');
    const [first, second] = [fixture.members[0]!, fixture.members[1]!];
    await fixture.owner.agent
      .post(`/api/communities/${fixture.id}/discipline-templates`)
      .send({ templates: [{ key: 'prayer', label: 'Prayer', order: 1 }, { key: 'retreat', label: 'Retreat', isDailyGrid: false, order: 2 }] })
      .expect(200);
    const read = async () => (await first.agent.get(`/api/communities/${fixture.id}/stats`).expect(200)).body.avgCompletion;
    expect(await read()).toBe(0);

    await mark(first.agent, fixture.id, 2030, 1, { prayer: days('Yes', 1, 2, 3), retreat: days('Yes', 1) }); // 3/31 (the monthly item does not count)
    await mark(second.agent, fixture.id, 2030, 1, { prayer: { '1': 'Partially', '2': 'No' } }); // 1/31
    await mark(second.agent, fixture.id, 2029, 12, { prayer: days('Yes', ...Array.from({ length: 31 }, (_, i) => i + 1)) }); // another month
    await mark(other.members[0]!.agent, other.id, 2030, 1, { bibleReading: days('Yes', 1, 2, 3) }); // another community
    // (9.7% + 3.2% + 0% for the owner) / 3 = 4.3%
    expect(await read()).toBe(4);
    expect((await fixture.owner.agent.get(`/api/communities/${fixture.id}/stats`).expect(200)).body).toMatchObject({ totalMembers: 3, avgCompletion: 4 });
  });
});
