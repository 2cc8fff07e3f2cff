import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import type { ReportMembersPage, ReportsView } from '@shared/contracts/reports';
import { memberMonthlyProgress, monthlyProgress } from '@shared/domain/progress';
import { daysInMonth, shiftMonth } from '@shared/domain/calendar';
import type { DayStatus, Role } from '@shared/domain/constants';
import { DAILY_TARGET_KEYS } from '@shared/domain/disciplines';
import { users } from '@shared/schema/auth';
import { communities, memberships, subgroups } from '@shared/schema/communities';
import { dailyLogs } from '@shared/schema/tracking';
import { createTestApp } from '../../test/app';
import { expectJsonError, grantSuperAdmin } from '../../test/community-fixtures';
import { type Agent, addMember, signUp, uniqueIdentity } from '../../test/factories';
import { subgroupWorld } from '../questions/questions-test-kit';
import { type CommunityFixture, communityWith, days, LIFTED_LIMITS, logRow, mark, type Member, pinClock } from '../tracking/tracking-test-kit';
import { dailyKeysOf } from '../tracking/disciplines';
import { summariseUnsummarised } from '../tracking/month-summaries';
import { CACHED_FROM_MEMBERS, FRESH_FOR_MS } from '../../db/congregation-cache';
import { REPORT_PAGE_SIZE } from './scope-figures';
import { COMMUNITY_SCOPE_FORBIDDEN } from './service';

const testApp = await createTestApp(LIFTED_LIMITS);
const { app, database, countQueries } = testApp;
const db = database.db;

// Friday 2030-03-15, 13:00 in Chicago (the factory's community time zone) and 18:00 UTC: "today" is the 15th.
pinClock(testApp, '2030-03-15T18:00:00Z');

const anonymous = () => request.agent(app);
const report = (agent: Agent, communityId: string, query: string) => agent.get(`/api/reports?${query}`).set('X-Community-Id', communityId);
const read = async (agent: Agent, communityId: string, query: string) => (await report(agent, communityId, query).expect(200)).body as ReportsView;

/** A month's row written straight into the database (old months, months the route would call future). */
async function putLog(communityId: string, userId: string, year: number, month: number, dayStatus: Record<string, Record<string, DayStatus>>, dailyKeys?: readonly string[]) {
  await db.insert(dailyLogs).values(logRow({ userId, communityId, year, month, dayStatus }, dailyKeys));
}

/** Days `from` to `to` with one status. */
function run(status: DayStatus, from: number, to: number): Record<string, DayStatus> {
  return days(status, ...Array.from({ length: to - from + 1 }, (_, i) => from + i));
}

async function assignSubgroup(communityId: string, userId: string, subgroupId: string | null) {
  await db.update(memberships).set({ subgroupId }).where(and(eq(memberships.communityId, communityId), eq(memberships.userId, userId)));
}

const DEFAULT_DAILY = [
  { key: 'bibleReading', label: 'Bible Reading' },
  { key: 'fasting', label: 'Fasting' },
  { key: 'morningIntimacy', label: 'Morning Intimacy' },
  { key: 'midnightPrayer', label: 'Midnight Prayer' },
  { key: 'meditation', label: 'Meditation' },
];
const disciplineFigures = (...percents: number[]) => DEFAULT_DAILY.map((d, i) => ({ ...d, completionPercent: percents[i] ?? 0 }));
const byDiscipline = (...percents: number[]) => Object.fromEntries(DAILY_TARGET_KEYS.map((key, i) => [key, percents[i] ?? 0]));
const memberRow = (member: Member, completionPercent: number, ...percents: number[]) => ({
  userId: member.user.id,
  displayName: member.user.displayName,
  completionPercent,
  byDiscipline: byDiscipline(...percents),
});
/** The report's distribution of these member percents: ten bands of ten points, the last 90-100. */
const distributionOf = (...percents: number[]) =>
  Array.from({ length: 10 }, (_, band) => ({ from: band * 10, to: band === 9 ? 100 : band * 10 + 9, members: percents.filter((p) => Math.min(9, Math.floor(p / 10)) === band).length }));
const idsOf = (rows: { userId: string }[]) => rows.map((row) => row.userId).sort();
const zeroTrend = (year: number, month: number) =>
  Array.from({ length: 12 }, (_, i) => {
    const index = year * 12 + (month - 1) - 11 + i;
    return { year: Math.floor(index / 12), month: (index % 12) + 1, completionPercent: 0 };
  });

describe('GET /api/reports: the numbers', () => {
  it('answers per discipline and per member the month progress of SPEC.md section 9, computed by hand', async () => {
    const fixture = await communityWith(app, 'alice', 'bob', 'carol', 'dave');
    const [alice, bob, carol, dave] = fixture.members as [Member, Member, Member, Member];
    // Alice: 10 Yes + 5 Partially + 3 No of 31 days = 15/31 = 48.4% reading; 2 of 31 fasting = 6.5%.
    await mark(alice.agent, fixture.id, 2030, 1, {
      bibleReading: { ...run('Yes', 1, 10), ...run('Partially', 11, 15), ...run('No', 16, 18) },
      fasting: days('Yes', 3, 4),
      // Not a daily-grid discipline of this community: it counts nowhere.
      prayerWalk: run('Yes', 1, 31),
    });
    await mark(alice.agent, fixture.id, 2029, 12, { bibleReading: run('Yes', 1, 31) }); // another month
    // Bob: every day read; Sick and FeelingTired are not kept days.
    await mark(bob.agent, fixture.id, 2030, 1, { bibleReading: run('Yes', 1, 31), fasting: { ...run('Sick', 1, 3), '4': 'FeelingTired' } });
    // Dave: 2 of 31 days in two of five disciplines. His month is 4/155 = 2.58% -> 3, rounded once at the
    // end, not the mean of his rounded disciplines (6 + 6 + 0 + 0 + 0) / 5 = 2.4 -> 2.
    await mark(dave.agent, fixture.id, 2030, 1, { bibleReading: days('Yes', 5, 6), fasting: days('Partially', 7, 8) });

    const body = await read(fixture.owner.agent, fixture.id, 'month=1&year=2030');
    expect(body).toEqual({
      month: 1,
      year: 2030,
      scope: 'community',
      subgroupName: null,
      canSeeCommunity: true,
      // The mean over the five members (carol and the moderator count 0): reading (48 + 100 + 6) / 5 = 30.8;
      // fasting (6 + 0 + 6) / 5 = 2.4.
      disciplines: disciplineFigures(31, 2),
      leftOut: [],
      membersTotal: 5,
      distribution: distributionOf(20, 11, 3, 0, 0),
      membersNextCursor: null,
      members: [
        memberRow(bob, 20, 100, 0), // 31/155
        memberRow(alice, 11, 48, 6), // 17/155 = 10.97%
        memberRow(dave, 3, 6, 6),
        // No log: 0, after the others, by name.
        memberRow(carol, 0),
        memberRow(fixture.owner, 0),
      ],
      trend: zeroTrend(2030, 1),
      streaks: [],
    });
    expect(Object.keys(body.members[0]!.byDiscipline)).toEqual([...DAILY_TARGET_KEYS]);

    // December holds only Alice's month of reading: 31/155 = 20%; the reading mean 100 / 5 = 20.
    const december = await read(fixture.owner.agent, fixture.id, 'month=12&year=2029');
    expect(december.disciplines).toEqual(disciplineFigures(20));
    expect(december.members[0]).toEqual(memberRow(alice, 20, 100));
    expect(december.members.slice(1).map((m) => m.completionPercent)).toEqual([0, 0, 0, 0]);
  });

  it('uses the community’s own daily disciplines, in their order, and leaves out monthly goals', async () => {
    const fixture = await communityWith(app, 'keeper');
    const keeper = fixture.members[0]!;
    await fixture.owner.agent
      .post(`/api/communities/${fixture.id}/discipline-templates`)
      .send({
        templates: [
          { key: 'prayer', label: 'Prayer', unit: null, isNumeric: false, isDailyGrid: true, order: 2 },
          { key: 'bible_reading', label: 'Bible Reading', unit: 'chapters', isNumeric: true, isDailyGrid: true, order: 1 },
          { key: 'retreat', label: 'Retreat', unit: null, isNumeric: false, isDailyGrid: false, order: 3 },
        ],
      })
      .expect(200);
    // 31 + 10 of 2 x 31 = 66.1%.
    await putLog(fixture.id, keeper.user.id, 2030, 1, { bible_reading: run('Yes', 1, 31), prayer: run('Partially', 1, 10), retreat: run('Yes', 1, 31) }, ['bible_reading', 'prayer']);
    const body = await read(keeper.agent, fixture.id, 'month=1&year=2030');
    // The keeper is in no subgroup: no members, but the disciplines are still named (at 0).
    expect(body.disciplines).toEqual([
      { key: 'bible_reading', label: 'Bible Reading', completionPercent: 0 },
      { key: 'prayer', label: 'Prayer', completionPercent: 0 },
    ]);
    expect(body.trend.at(-1)).toEqual({ year: 2030, month: 1, completionPercent: 66 });
    const admin = await read(fixture.owner.agent, fixture.id, 'month=1&year=2030');
    expect(admin.disciplines).toEqual([
      { key: 'bible_reading', label: 'Bible Reading', completionPercent: 50 },
      { key: 'prayer', label: 'Prayer', completionPercent: 16 }, // (32 + 0) / 2
    ]);
    expect(admin.members[0]).toEqual({ userId: keeper.user.id, displayName: keeper.user.displayName, completionPercent: 66, byDiscipline: { bible_reading: 100, prayer: 32 } });
  });

  it('divides by the days of the month: 29 in February of a leap year, 28 otherwise', async () => {
    const fixture = await communityWith(app, 'leap');
    const leap = fixture.members[0]!;
    await putLog(fixture.id, leap.user.id, 2028, 2, { bibleReading: run('Yes', 1, 29), fasting: run('Yes', 1, 10) });
    await putLog(fixture.id, leap.user.id, 2029, 2, { bibleReading: run('Yes', 1, 14) });

    const leapYear = await read(fixture.owner.agent, fixture.id, 'month=2&year=2028');
    // 29/29 = 100% reading; 10/29 = 34.5% fasting; the month (29 + 10) / (5 x 29) = 26.9%.
    expect(leapYear.members[0]).toEqual(memberRow(leap, 27, 100, 34));
    expect(leapYear.disciplines).toEqual(disciplineFigures(50, 17)); // with the moderator's 0
    const common = await read(fixture.owner.agent, fixture.id, 'month=2&year=2029');
    // 14/28 = 50%; 14/140 = 10%.
    expect(common.members[0]).toEqual(memberRow(leap, 10, 50));
  });

  it("answers the viewer's own last 12 months, oldest first, 0 where there is no log", async () => {
    const fixture = await communityWith(app, 'other');
    const owner = fixture.owner;
    const other = fixture.members[0]!;
    const log = (year: number, month: number, dayStatus: Record<string, Record<string, DayStatus>>) => putLog(fixture.id, owner.user.id, year, month, dayStatus);
    await log(2029, 3, { bibleReading: run('Yes', 1, 31) }); // a month before the window
    await log(2029, 4, { bibleReading: run('Yes', 1, 30) }); // 30/150 = 20%
    await log(2029, 9, { fasting: days('Yes', 1, 2, 3) }); // 3/150 = 2%
    await log(2029, 12, { bibleReading: run('Yes', 1, 31), fasting: run('Partially', 1, 31) }); // 62/155 = 40%
    await log(2030, 2, { meditation: run('Yes', 1, 14) }); // 14/140 = 10%
    await log(2030, 3, { bibleReading: run('Yes', 1, 14) }); // 14/155 = 9%
    await log(2030, 4, { bibleReading: days('Yes', 1) }); // after the chosen month
    // Another member's months are not the viewer's trend.
    await putLog(fixture.id, other.user.id, 2029, 5, { bibleReading: run('Yes', 1, 31) });

    const body = await read(owner.agent, fixture.id, 'month=3&year=2030');
    expect(body.trend).toEqual([
      { year: 2029, month: 4, completionPercent: 20 },
      { year: 2029, month: 5, completionPercent: 0 },
      { year: 2029, month: 6, completionPercent: 0 },
      { year: 2029, month: 7, completionPercent: 0 },
      { year: 2029, month: 8, completionPercent: 0 },
      { year: 2029, month: 9, completionPercent: 2 },
      { year: 2029, month: 10, completionPercent: 0 },
      { year: 2029, month: 11, completionPercent: 0 },
      { year: 2029, month: 12, completionPercent: 40 },
      { year: 2030, month: 1, completionPercent: 0 },
      { year: 2030, month: 2, completionPercent: 10 },
      { year: 2030, month: 3, completionPercent: 9 },
    ]);
    // Across a year boundary the window moves with the chosen month.
    const january = await read(owner.agent, fixture.id, 'month=1&year=2030');
    expect(january.trend[0]).toEqual({ year: 2029, month: 2, completionPercent: 0 });
    expect(january.trend.map((p) => p.completionPercent)).toEqual([0, 20, 20, 0, 0, 0, 0, 2, 0, 0, 40, 0]); // March 2029: 31/155
  });

  it("answers the current streaks of the viewer's subgroup, longest first, as of the community's today", async () => {
    const fixture = await communityWith(app, 'viewer', 'steady', 'grace', 'todayNo', 'todayYes', 'year', 'outsider');
    const [viewer, steady, grace, todayNo, todayYes, year, outsider] = fixture.members as [Member, Member, Member, Member, Member, Member, Member];
    const [subgroup] = await db.insert(subgroups).values({ communityId: fixture.id, name: 'Streakers' }).returning();
    for (const member of [viewer, steady, grace, todayNo, todayYes, year]) await assignSubgroup(fixture.id, member.user.id, subgroup!.id);

    // Today (the 15th) blank: 27-28 February and 1-14 March = 16 days.
    await putLog(fixture.id, steady.user.id, 2030, 2, { bibleReading: days('Yes', 27, 28) });
    await putLog(fixture.id, steady.user.id, 2030, 3, { bibleReading: run('Yes', 1, 14) });
    // 10, 11 kept, 12 FeelingTired, 13 Sick, 14 kept: 1 day without grace days, 3 with them.
    await putLog(fixture.id, grace.user.id, 2030, 3, { bibleReading: { ...days('Yes', 10, 11, 14), '12': 'FeelingTired', '13': 'Sick' } });
    // An explicit No today ends the streak; a Partially today counts.
    await putLog(fixture.id, todayNo.user.id, 2030, 3, { bibleReading: { ...days('Yes', 12, 13, 14), '15': 'No' } });
    await putLog(fixture.id, todayYes.user.id, 2030, 3, { bibleReading: days('Yes', 13, 14), fasting: { '15': 'Partially' } });
    // Every day from 1 March 2029: capped at 365 days (15 March 2029 to 14 March 2030).
    for (let i = 0; i < 13; i++) {
      const { year: y, month: m } = shiftMonth({ year: 2029, month: 3 }, i);
      await putLog(fixture.id, year.user.id, y, m, { fasting: run('Yes', 1, i === 12 ? 14 : daysInMonth(y, m)) });
    }
    // Not in the viewer's subgroup: never listed.
    await putLog(fixture.id, outsider.user.id, 2030, 3, { bibleReading: run('Yes', 1, 14) });

    const streak = (member: Member, days: number) => ({ userId: member.user.id, displayName: member.user.displayName, streak: days });
    const body = await read(viewer.agent, fixture.id, 'month=3&year=2030');
    expect(body.streaks).toEqual([streak(year, 365), streak(steady, 16), streak(todayYes, 3), streak(grace, 1), streak(todayNo, 0), streak(viewer, 0)]);
    // Streaks are today's, whatever month is chosen.
    expect((await read(viewer.agent, fixture.id, 'month=6&year=2029')).streaks).toEqual(body.streaks);

    await db.update(communities).set({ graceDays: true }).where(eq(communities.id, fixture.id));
    const withGrace = await read(viewer.agent, fixture.id, 'month=3&year=2030');
    expect(withGrace.streaks).toEqual([streak(year, 365), streak(steady, 16), streak(grace, 3), streak(todayYes, 3), streak(todayNo, 0), streak(viewer, 0)]);

    // "Today" is the community's: in Tokyo it is already the 16th (blank, skipped), so the 15th is yesterday.
    await db.update(communities).set({ timeZone: 'Asia/Tokyo' }).where(eq(communities.id, fixture.id));
    const tokyo = await read(viewer.agent, fixture.id, 'month=3&year=2030');
    const inTokyo = (member: Member) => tokyo.streaks.find((s) => s.userId === member.user.id)?.streak;
    expect(inTokyo(todayYes)).toBe(3); // the 15th's Partially still counts
    expect(inTokyo(steady)).toBe(0); // a blank yesterday ends the streak
  });
});

describe('GET /api/reports: scopes', () => {
  async function world() {
    const w = await subgroupWorld(app, db);
    // The commander is a member of the subgroup they lead.
    await w.owner.agent.patch(`/api/users/${w.commander.user.id}/subgroup`).set('X-Community-Id', w.id).send({ subgroupId: w.subgroupId }).expect(200);
    await putLog(w.id, w.asker.user.id, 2030, 3, { bibleReading: run('Yes', 1, 14) }); // 14/155 = 9%; reading 45%
    await putLog(w.id, w.neighbour.user.id, 2030, 3, { fasting: run('Yes', 1, 7) }); // 7/155 = 4.5% -> 5; fasting 23%
    await putLog(w.id, w.loner.user.id, 2030, 3, { bibleReading: run('Yes', 1, 10) }); // 10/155 = 6%; reading 32%
    return w;
  }
  const march = 'month=3&year=2030';

  it('leaves imported records awaiting a claim out of the members and the means: they cannot check in', async () => {
    const w = await world();
    const before = await read(w.owner.agent, w.id, march);
    const [imported] = await db
      .insert(users)
      .values({ email: null, displayName: uniqueIdentity('imported').displayName, isImported: true, importedCommunityId: w.id })
      .returning({ id: users.id });
    await db.insert(memberships).values({ userId: imported!.id, communityId: w.id, roles: ['Member'], subgroupId: w.subgroupId });
    expect(await read(w.owner.agent, w.id, march)).toEqual(before);
    expect((await read(w.commander.agent, w.id, march)).members.map((m) => m.userId)).not.toContain(imported!.id);
  });

  it('shows an admin the whole community by default and their own subgroup on request', async () => {
    const w = await world();
    const community = await read(w.owner.agent, w.id, march);
    expect(community).toMatchObject({ scope: 'community', subgroupName: null, canSeeCommunity: true, streaks: [] });
    expect(idsOf(community.members)).toEqual(idsOf([w.owner, w.commander, w.asker, w.neighbour, w.loner].map((m) => ({ userId: m.user.id }))));
    // The mean of the five members' rounded figures: reading (45 + 32) / 5 = 15.4; fasting 23 / 5 = 4.6.
    expect(community.disciplines).toEqual(disciplineFigures(15, 5));
    expect(await read(w.owner.agent, w.id, `${march}&scope=community`)).toEqual(community);

    // The moderator is in no subgroup: asking for it answers nothing (but still their own trend).
    const none = await read(w.owner.agent, w.id, `${march}&scope=subgroup`);
    expect(none).toEqual({ ...community, scope: 'none', members: [], membersTotal: 0, distribution: [], disciplines: disciplineFigures(), streaks: [] });

    await assignSubgroup(w.id, w.owner.user.id, w.subgroupId);
    const subgroup = await read(w.owner.agent, w.id, `${march}&scope=subgroup`);
    expect(subgroup).toMatchObject({ scope: 'subgroup', subgroupName: 'Alpha Group', canSeeCommunity: true });
    expect(idsOf(subgroup.members)).toEqual(idsOf([w.owner, w.commander, w.asker, w.neighbour].map((m) => ({ userId: m.user.id }))));
    expect(subgroup.disciplines).toEqual(disciplineFigures(11, 6)); // 45 / 4 = 11.25; 23 / 4 = 5.75
    expect(idsOf(subgroup.streaks)).toEqual(idsOf(subgroup.members));
    // The default stays the community, now with the admin's subgroup streaks.
    expect(await read(w.owner.agent, w.id, march)).toMatchObject({ scope: 'community', members: community.members, streaks: subgroup.streaks });
  });

  it('shows a commander and a member their subgroup only, and refuses them the community', async () => {
    const w = await world();
    const commander = await read(w.commander.agent, w.id, march);
    expect(commander).toMatchObject({ scope: 'subgroup', subgroupName: 'Alpha Group', canSeeCommunity: false });
    expect(commander.members).toEqual([memberRow(w.asker, 9, 45), memberRow(w.neighbour, 5, 0, 23), memberRow(w.commander, 0)]);
    expect(commander.disciplines).toEqual(disciplineFigures(15, 8)); // 45 / 3; 23 / 3 = 7.7
    expect(idsOf(commander.streaks)).toEqual(idsOf(commander.members));

    const asker = await read(w.asker.agent, w.id, march);
    expect(asker).toEqual({ ...commander, trend: asker.trend });
    expect(asker.trend.at(-1)).toEqual({ year: 2030, month: 3, completionPercent: 9 });
    expect(commander.trend.at(-1)).toEqual({ year: 2030, month: 3, completionPercent: 0 });
    expect(await read(w.asker.agent, w.id, `${march}&scope=subgroup`)).toEqual(asker);

    for (const member of [w.commander, w.asker, w.loner]) {
      expectJsonError(await report(member.agent, w.id, `${march}&scope=community`), 403, COMMUNITY_SCOPE_FORBIDDEN);
    }
  });

  it('shows a commander the subgroup they lead even when they are not assigned to it', async () => {
    const w = await subgroupWorld(app, db);
    const led = await read(w.commander.agent, w.id, march);
    expect(led).toMatchObject({ scope: 'subgroup', subgroupName: 'Alpha Group', canSeeCommunity: false });
    expect(idsOf(led.members)).toEqual(idsOf([w.asker, w.neighbour].map((m) => ({ userId: m.user.id }))));
    expect(idsOf(led.streaks)).toEqual(idsOf(led.members));
  });

  it('shows a member without a subgroup no one else, but their own trend', async () => {
    const w = await world();
    const loner = await read(w.loner.agent, w.id, march);
    expect(loner).toEqual({
      month: 3,
      year: 2030,
      scope: 'none',
      subgroupName: null,
      canSeeCommunity: false,
      disciplines: disciplineFigures(),
      leftOut: [],
      membersTotal: 0,
      distribution: [],
      membersNextCursor: null,
      members: [],
      trend: [...zeroTrend(2030, 3).slice(0, 11), { year: 2030, month: 3, completionPercent: 6 }],
      streaks: [],
    });
    expect(await read(w.loner.agent, w.id, `${march}&scope=subgroup`)).toEqual(loner);
  });

  it('shows a super admin without a membership the community', async () => {
    const w = await world();
    const operator = await signUp(app, uniqueIdentity('operator'));
    await grantSuperAdmin(db, operator.user.id);
    const body = await read(operator.agent, w.id, march);
    expect(body).toMatchObject({ scope: 'community', canSeeCommunity: true, streaks: [], trend: zeroTrend(2030, 3) });
    expect(body.members).toHaveLength(5);
    expect(body.members.map((m) => m.userId)).not.toContain(operator.user.id);
    expect((await read(operator.agent, w.id, `${march}&scope=subgroup`)).scope).toBe('none');
  });
});

describe('GET /api/reports: refusals and privacy', () => {
  it('answers 401 signed out, before looking at the query', async () => {
    const fixture = await communityWith(app);
    expectJsonError(await report(anonymous(), fixture.id, 'month=3&year=2030'), 401);
    expectJsonError(await report(anonymous(), fixture.id, 'month=13&year=1999'), 401);
  });

  it('answers 404 to someone who is not a member, or names no real community', async () => {
    const a = await communityWith(app, 'member');
    const b = await communityWith(app);
    const member = a.members[0]!;
    for (const response of [
      await report(member.agent, b.id, 'month=3&year=2030'),
      await report(member.agent, 'not-a-community', 'month=3&year=2030'),
      await member.agent.get(`/api/reports?month=3&year=2030&communityId=${b.id}`),
      await report(member.agent, '00000000-0000-4000-8000-000000000000', 'month=3&year=2030'),
    ]) {
      expectJsonError(response, 404, 'Community not found.');
      expect(response.body.code).toBe('community_not_found');
    }
    const stranger = await signUp(app, uniqueIdentity('stranger'));
    expectJsonError(await stranger.agent.get('/api/reports?month=3&year=2030'), 404);
  });

  it('answers 400 with a message per field for a bad month, year or scope', async () => {
    const fixture = await communityWith(app);
    for (const [query, field, message] of [
      ['month=13&year=2030', 'month', 'Month must be 1 to 12'],
      ['month=0&year=2030', 'month', 'Month must be 1 to 12'],
      ['year=2030', 'month', undefined],
      ['month=3&year=1999', 'year', 'Year must be between 2000 and 2100'],
      ['month=3', 'year', undefined],
      ['month=3&year=2030&scope=everyone', 'scope', 'Scope must be community or subgroup'],
    ] as const) {
      const response = await report(fixture.owner.agent, fixture.id, query);
      expectJsonError(response, 400);
      expect(Object.keys(response.body.fields), query).toContain(field);
      if (message) expect(response.body.fields[field]).toBe(message);
    }
  });

  it("never shows a member of community A community B's members or months", async () => {
    const a = await communityWith(app, 'both');
    const both = a.members[0]!;
    const b = await communityWith(app, 'bOnly');
    const bOnly = b.members[0]!;
    await both.agent.post('/api/communities/join').send({ inviteCode: await b.joinCode() }).expect(200);
    const [groupA] = await db.insert(subgroups).values({ communityId: a.id, name: 'A team' }).returning();
    const [groupB] = await db.insert(subgroups).values({ communityId: b.id, name: 'B team' }).returning();
    await assignSubgroup(a.id, both.user.id, groupA!.id);
    for (const member of [both, bOnly]) await assignSubgroup(b.id, member.user.id, groupB!.id);
    await putLog(b.id, both.user.id, 2030, 3, { bibleReading: run('Yes', 1, 14) });
    await putLog(b.id, bOnly.user.id, 2030, 3, { bibleReading: run('Yes', 1, 14) });

    const inA = await read(both.agent, a.id, 'month=3&year=2030');
    expect(inA).toMatchObject({ scope: 'subgroup', subgroupName: 'A team', members: [memberRow(both, 0)], disciplines: disciplineFigures(), trend: zeroTrend(2030, 3) });
    expect(inA.streaks).toEqual([{ userId: both.user.id, displayName: both.user.displayName, streak: 0 }]);
    const adminA = await read(a.owner.agent, a.id, 'month=3&year=2030');
    expect(adminA.members.map((m) => m.userId)).not.toContain(bOnly.user.id);
    expect(adminA.members.every((m) => m.completionPercent === 0)).toBe(true);

    const inB = await read(both.agent, b.id, 'month=3&year=2030');
    expect(inB).toMatchObject({ scope: 'subgroup', subgroupName: 'B team' });
    expect(idsOf(inB.members)).toEqual(idsOf([{ userId: both.user.id }, { userId: bOnly.user.id }]));
    expect(inB.trend.at(-1)!.completionPercent).toBe(9);
  });
});

describe('GET /api/reports: cost', () => {
  /** A community whose moderator and `size` imported members share one subgroup, each with logs this month and last. */
  async function communityOf(size: number): Promise<CommunityFixture> {
    const fixture = await communityWith(app);
    const [subgroup] = await db.insert(subgroups).values({ communityId: fixture.id, name: `Team of ${size}` }).returning();
    const created = await db
      .insert(users)
      .values(Array.from({ length: size }, () => ({ ...uniqueIdentity('member'), isImported: false })))
      .returning({ id: users.id });
    await db.insert(memberships).values(created.map(({ id }) => ({ userId: id, communityId: fixture.id, roles: ['Member'] as Role[], subgroupId: subgroup!.id })));
    await assignSubgroup(fixture.id, fixture.owner.user.id, subgroup!.id);
    await db.insert(dailyLogs).values(
      [...created.map(({ id }) => id), fixture.owner.user.id].flatMap((userId): (typeof dailyLogs.$inferInsert)[] => [
        logRow({ userId, communityId: fixture.id, year: 2030, month: 2, dayStatus: { fasting: days('Yes', 28) } }),
        logRow({ userId, communityId: fixture.id, year: 2030, month: 3, dayStatus: { bibleReading: run('Yes', 1, 14) } }),
      ]),
    );
    return fixture;
  }

  it('runs the same number of queries for a community of 5 and of 500 members, and pages the member table', async () => {
    const small = await communityOf(5);
    const large = await communityOf(500);
    const counted = async (fixture: CommunityFixture, query: string, size: number) => {
      // Warm the session and the disciplines with another month (a congregation's month is then kept: see below).
      await read(fixture.owner.agent, fixture.id, query.replace('month=3', 'month=2'));
      const done = countQueries();
      const body = await read(fixture.owner.agent, fixture.id, query);
      const queries = done();
      expect(body.membersTotal).toBe(size + 1);
      expect(body.members).toHaveLength(Math.min(size + 1, REPORT_PAGE_SIZE));
      expect(body.distribution.find((band) => band.from === 0)!.members).toBe(size + 1);
      expect(body.streaks).toHaveLength(size + 1);
      for (const row of body.members) expect(row.completionPercent).toBe(9); // 14/155
      for (const row of body.streaks) expect(row.streak).toBe(15); // 28 February and 1-14 March
      return { queries, body };
    };
    for (const query of ['month=3&year=2030', 'month=3&year=2030&scope=subgroup']) {
      const five = await counted(small, query, 5);
      expect(five.queries).toBeGreaterThan(0);
      expect(five.body.membersNextCursor).toBeNull();
      const many = await counted(large, query, 500);
      expect(many.queries).toBe(five.queries);

      // The rest of the table, page by page, each page costing the same: every member once, in order.
      const seen = [...many.body.members];
      let cursor = many.body.membersNextCursor;
      const pageQueries = new Set<number>();
      while (cursor) {
        const done = countQueries();
        const page = (await large.owner.agent.get(`/api/reports/members?${query}&cursor=${cursor}`).set('X-Community-Id', large.id).expect(200)).body as ReportMembersPage;
        pageQueries.add(done());
        expect(page.members.length).toBeGreaterThan(0);
        seen.push(...page.members);
        cursor = page.nextCursor;
      }
      expect(pageQueries.size).toBe(1);
      expect(new Set(seen.map((m) => m.userId)).size).toBe(501);
      const names = seen.map((m) => m.displayName.toLowerCase());
      expect(names).toEqual([...names].sort());
    }
  });

  it('answers from the stored summaries exactly what the pure functions compute from the logs, for rows the app did not write', async () => {
    const fixture = await communityWith(app);
    const created = await db
      .insert(users)
      .values(Array.from({ length: 30 }, () => ({ ...uniqueIdentity('restored'), isImported: false })))
      .returning({ id: users.id, displayName: users.displayName });
    await db.insert(memberships).values(created.map(({ id }) => ({ userId: id, communityId: fixture.id, roles: ['Member'] as Role[] })));
    let state = 7;
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const statuses: DayStatus[] = ['Yes', 'Yes', 'Partially', 'No', 'Sick', 'FeelingTired', 'Blank'];
    const logs = created.map(({ id }) => {
      const dayStatus: Record<string, Record<string, DayStatus>> = {};
      const bias = next();
      for (const key of [...DAILY_TARGET_KEYS, 'prayerWalk']) for (let day = 1; day <= 31; day++) if (next() < bias) (dayStatus[key] ??= {})[String(day)] = statuses[Math.floor(next() * statuses.length)]!;
      return { userId: id, dayStatus };
    });
    // Written as a restore or a bulk load writes them: statuses only, no summary; the start-up summarises them.
    await db.insert(dailyLogs).values(logs.map(({ userId, dayStatus }) => ({ userId, communityId: fixture.id, year: 2030, month: 1, dayStatus })));
    expect(await summariseUnsummarised(db, dailyKeysOf)).toBeGreaterThanOrEqual(30);

    const body = await read(fixture.owner.agent, fixture.id, 'month=1&year=2030');
    const expectedMembers = [
      ...logs.map(({ userId, dayStatus }) => ({
        userId,
        completionPercent: memberMonthlyProgress(dayStatus, DAILY_TARGET_KEYS, 2030, 1),
        byDiscipline: Object.fromEntries(DAILY_TARGET_KEYS.map((key) => [key, monthlyProgress(dayStatus[key], 2030, 1)])),
      })),
      { userId: fixture.owner.user.id, completionPercent: 0, byDiscipline: byDiscipline() },
    ];
    const byUser = (rows: { userId: string }[]) => [...rows].sort((a, b) => a.userId.localeCompare(b.userId));
    expect(byUser(body.members.map(({ userId, completionPercent, byDiscipline: figures }) => ({ userId, completionPercent, byDiscipline: figures })))).toEqual(byUser(expectedMembers));
    expect(body.disciplines).toEqual(
      disciplineFigures(...DAILY_TARGET_KEYS.map((key) => Math.round(expectedMembers.reduce((sum, member) => sum + member.byDiscipline[key]!, 0) / expectedMembers.length))),
    );
    expect(body.distribution).toEqual(distributionOf(...expectedMembers.map((member) => member.completionPercent)));
  });

  it("reuses a congregation's figures until a log of the month is saved, a membership change for at most half a minute", async () => {
    const large = await communityOf(CACHED_FROM_MEMBERS);
    const small = await communityOf(5);
    const figures = (fixture: CommunityFixture) => read(fixture.owner.agent, fixture.id, 'month=3&year=2030');
    const leave = async (fixture: CommunityFixture) => {
      const [someone] = await db.select({ userId: memberships.userId }).from(memberships).where(and(eq(memberships.communityId, fixture.id), eq(memberships.roles, ['Member'])));
      await db.delete(memberships).where(and(eq(memberships.communityId, fixture.id), eq(memberships.userId, someone!.userId)));
    };
    expect((await figures(large)).membersTotal).toBe(CACHED_FROM_MEMBERS + 1);
    expect((await figures(small)).membersTotal).toBe(6);

    // Someone leaves (no log changes): a small scope shows it at once, a congregation within half a minute.
    await leave(large);
    await leave(small);
    expect((await figures(small)).membersTotal).toBe(5);
    const done = countQueries();
    expect((await figures(large)).membersTotal).toBe(CACHED_FROM_MEMBERS + 1);
    const reused = done();
    // A change that takes the community's row (a removal, an account deleted) raises its change version: at once.
    await db.update(communities).set({ changeVersion: sql`${communities.changeVersion} + 1` }).where(eq(communities.id, large.id));
    expect((await figures(large)).membersTotal).toBe(CACHED_FROM_MEMBERS);
    testApp.advanceClock(FRESH_FOR_MS + 1000);
    const recount = countQueries();
    expect((await figures(large)).membersTotal).toBe(CACHED_FROM_MEMBERS);
    expect(recount()).toBe(reused + 2); // the totals and the first page, added up again

    // A save of the month shows at once, whatever the size.
    await mark(large.owner.agent, large.id, 2030, 3, { fasting: run('Yes', 1, 15) });
    const saved = await figures(large);
    expect(saved.members[0]).toMatchObject({ userId: large.owner.user.id, completionPercent: 19 }); // (14 + 15) / 155
    const again = countQueries();
    await figures(large);
    expect(again()).toBe(reused);
  });

  it('refuses a cursor it did not make', async () => {
    const fixture = await communityWith(app);
    for (const cursor of ['nonsense', Buffer.from('[1,"a","b"]').toString('base64url'), Buffer.from('{"x":1}').toString('base64url')]) {
      expectJsonError(
        await fixture.owner.agent.get(`/api/reports/members?month=3&year=2030&cursor=${cursor}`).set('X-Community-Id', fixture.id),
        400,
        'This list has changed; load it again from the start.',
      );
    }
  });

  it('joins a member added later into the numbers', async () => {
    const fixture = await communityWith(app);
    const late = await addMember(app, fixture, 'late');
    await mark(late.agent, fixture.id, 2030, 3, { bibleReading: run('Yes', 1, 14) });
    const body = await read(fixture.owner.agent, fixture.id, 'month=3&year=2030');
    expect(body.members[0]).toEqual(memberRow(late, 9, 45));
  });
});
