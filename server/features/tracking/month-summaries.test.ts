import { and, eq, inArray, sql } from 'drizzle-orm';
import request from 'supertest';
import type { CommanderMemberStat, MemberStreaksView } from '@shared/contracts/tracking';
import type { CommunityStats } from '@shared/contracts/communities';
import { addDays, daysInMonth, shiftMonth } from '@shared/domain/calendar';
import type { DayStatus, Role } from '@shared/domain/constants';
import { DAILY_TARGET_KEYS } from '@shared/domain/disciplines';
import { summariseMonth } from '@shared/domain/month-summary';
import { memberMonthlyProgress, weeklyStats } from '@shared/domain/progress';
import { anyDisciplineLookup, currentStreak, type MonthLog, statusLookup } from '@shared/domain/streaks';
import { users } from '@shared/schema/auth';
import { memberships, subgroups } from '@shared/schema/communities';
import { dailyLogs } from '@shared/schema/tracking';
import { rowsOf } from '../../db/client';
import { createTestApp } from '../../test/app';
import { expectJsonError, setRoles } from '../../test/community-fixtures';
import { type Agent, uniqueIdentity } from '../../test/factories';
import { importWithSuggestedMapping } from '../imports/import-test-kit';
import { dailyKeysOf } from './disciplines';
import { summariseUnsummarised } from './month-summaries';
import { type CommunityFixture, communityWith, days, LIFTED_LIMITS, logRow, mark, pinClock } from './tracking-test-kit';

const testApp = await createTestApp(LIFTED_LIMITS);
const { app, database, countQueries } = testApp;
const db = database.db;

// Sunday 2030-03-10, 18:00 in Chicago (the factory's community time zone).
pinClock(testApp, '2030-03-11T00:00:00Z');
const TODAY = '2030-03-10';

const streaksOf = (agent: Agent, fixture: { id: string }, query = '') => agent.get(`/api/communities/${fixture.id}/streaks${query}`).set('X-Community-Id', fixture.id);
const memberStats = (agent: Agent, fixture: { id: string }, commanderId: string) =>
  agent.get(`/api/commanders/${commanderId}/member-stats?month=3&year=2030`).set('X-Community-Id', fixture.id);
const communityStats = (agent: Agent, fixture: { id: string }) => agent.get(`/api/communities/${fixture.id}/stats`).set('X-Community-Id', fixture.id);

/** Every stored summary of the community equals the one computed again from the row's statuses. */
async function expectSummariesCurrent(communityId: string) {
  const dailyKeys = await dailyKeysOf(db, communityId);
  const rows = await db.select().from(dailyLogs).where(eq(dailyLogs.communityId, communityId));
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const expected = summariseMonth(row.dayStatus, dailyKeys, row.year, row.month);
    expect(
      { completedCount: row.completedCount, dayMarks: row.dayMarks ?? '.'.repeat(daysInMonth(row.year, row.month)), disciplineDays: row.disciplineDays ?? dailyKeys.map(() => 0) },
      `${row.year}-${row.month}`,
    ).toEqual(expected);
  }
}

/** A seeded, reproducible month of statuses with long kept runs, grace days and explicit Noes. */
function randomMonth(seed: number, year: number, month: number): Record<string, Record<string, DayStatus>> {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const statuses: DayStatus[] = ['Yes', 'Yes', 'Yes', 'Yes', 'Partially', 'No', 'Sick', 'FeelingTired'];
  const dayStatus: Record<string, Record<string, DayStatus>> = {};
  for (const key of DAILY_TARGET_KEYS) {
    for (let day = 1; day <= daysInMonth(year, month); day++) {
      if (year === 2030 && month === 3 && day > 10) break; // nothing after today
      if (next() < 0.2) continue;
      (dayStatus[key] ??= {})[String(day)] = statuses[Math.floor(next() * statuses.length)]!;
    }
  }
  return dayStatus;
}

/** `size` imported members (no sign-in needed) in a new subgroup the commander leads, each with 13 months of logs. */
async function subgroupWithHistory(fixture: CommunityFixture, commanderId: string, size: number, seed = 1) {
  const [subgroup] = await db.insert(subgroups).values({ communityId: fixture.id, name: `Team of ${size} ${seed}`, commanderId }).returning();
  const created = await db
    .insert(users)
    // Members who can check in (imported records awaiting a claim are counted apart from the figures).
    .values(Array.from({ length: size }, () => ({ ...uniqueIdentity('member'), isImported: false })))
    .returning({ id: users.id });
  await db.insert(memberships).values(created.map(({ id }) => ({ userId: id, communityId: fixture.id, roles: ['Member'] as Role[], subgroupId: subgroup!.id })));
  const rows = created.flatMap(({ id }, member) =>
    Array.from({ length: 13 }, (_, back) => {
      const { year, month } = shiftMonth({ year: 2030, month: 3 }, -back);
      return logRow({ userId: id, communityId: fixture.id, year, month, dayStatus: randomMonth(seed * 1000 + member * 13 + back, year, month) });
    }),
  );
  for (let start = 0; start < rows.length; start += 1000) await db.insert(dailyLogs).values(rows.slice(start, start + 1000));
  return created.map(({ id }) => id);
}

/** The figures computed the slow way, from the members' logs with the pure shared functions. */
async function expectedStats(communityId: string, memberIds: string[], graceDays: boolean) {
  const logs = await db.select().from(dailyLogs).where(and(eq(dailyLogs.communityId, communityId), inArray(dailyLogs.userId, memberIds)));
  return new Map(
    memberIds.map((id) => {
      const own: MonthLog[] = logs.filter((log) => log.userId === id);
      const lookups = DAILY_TARGET_KEYS.map((key) => statusLookup(own, key));
      const march = own.find((log) => log.year === 2030 && log.month === 3);
      return [
        id,
        {
          streak: currentStreak(anyDisciplineLookup(lookups), TODAY, { graceDays }).days,
          completionPercent: memberMonthlyProgress(march?.dayStatus, DAILY_TARGET_KEYS, 2030, 3),
          weeklyStats: weeklyStats(lookups, TODAY),
          perDiscipline: DAILY_TARGET_KEYS.map((_, i) => currentStreak(lookups[i]!, TODAY, { graceDays }).days),
        },
      ];
    }),
  );
}

describe('month summaries', () => {
  it('member statistics and streaks read from the summaries equal what the pure rules compute from the logs, with and without grace days', async () => {
    const fixture = await communityWith(app, 'commander');
    const commander = fixture.members[0]!;
    await setRoles(db, fixture.id, commander.user.id, ['Commander']);
    const memberIds = await subgroupWithHistory(fixture, commander.user.id, 30, 7);
    for (const graceDays of [false, true]) {
      await fixture.owner.agent
        .put(`/api/communities/${fixture.id}`)
        .set('X-Community-Id', fixture.id)
        .send({ name: fixture.community.name, description: 'A test community', graceDays })
        .expect(200);
      const expected = await expectedStats(fixture.id, memberIds, graceDays);
      const answered = (await memberStats(commander.agent, fixture, commander.user.id).expect(200)).body as CommanderMemberStat[];
      expect(answered).toHaveLength(30);
      for (const row of answered) {
        const { perDiscipline: _, ...figures } = expected.get(row.id)!;
        expect({ streak: row.streak, completionPercent: row.completionPercent, weeklyStats: row.weeklyStats }, row.displayName).toEqual(figures);
      }
      // Some members' streaks must reach into earlier months, or this proves little.
      expect(answered.some((row) => row.streak > 10)).toBe(true);
      for (const id of memberIds.slice(0, 5)) {
        const streaks = (await streaksOf(fixture.owner.agent, fixture, `?userId=${id}`).expect(200)).body as MemberStreaksView;
        expect(streaks.asOf).toBe(TODAY);
        expect(streaks.streaks.map((streak) => streak.days)).toEqual(expected.get(id)!.perDiscipline);
        expect(streaks.overall.days).toBe(expected.get(id)!.streak);
      }
    }
  });

  it('Avg. Completion over the stored counts equals the mean of every member\'s progress', async () => {
    const fixture = await communityWith(app, 'commander');
    const memberIds = await subgroupWithHistory(fixture, fixture.members[0]!.user.id, 40, 11);
    const expected = await expectedStats(fixture.id, memberIds, false);
    // The owner and the commander have no March log: 0% each, counted in the mean.
    const percents = [...memberIds.map((id) => expected.get(id)!.completionPercent), 0, 0];
    const stats = (await communityStats(fixture.owner.agent, fixture).expect(200)).body as CommunityStats;
    expect(stats.avgCompletion).toBe(Math.round(percents.reduce((a, b) => a + b, 0) / percents.length));
    expect(stats.avgCompletion).toBeGreaterThan(0);
  });

  it('stay current through saves, a change of daily disciplines and an import', async () => {
    const fixture = await communityWith(app, 'saver');
    const saver = fixture.members[0]!;
    await mark(saver.agent, fixture.id, 2030, 3, { bibleReading: days('Yes', 1, 2, 3), fasting: days('Sick', 2), meditation: days('No', 4) });
    await mark(saver.agent, fixture.id, 2030, 2, { midnightPrayer: days('Partially', 28), bibleReading: days('Blank', 1) });
    await mark(saver.agent, fixture.id, 2030, 3, { bibleReading: days('Blank', 2), fasting: days('Yes', 2) });
    await expectSummariesCurrent(fixture.id);

    // Fasting stops being a daily discipline and a custom one starts: every month is summarised again.
    const templates = [
      { key: 'bibleReading', label: 'Bible Reading', isNumeric: true, isDailyGrid: true, order: 1 },
      { key: 'fasting', label: 'Fasting', isNumeric: false, isDailyGrid: false, order: 2 },
      { key: 'custom_walk', label: 'Walk', isNumeric: true, isDailyGrid: true, order: 3 },
    ];
    await fixture.owner.agent.post(`/api/communities/${fixture.id}/discipline-templates`).set('X-Community-Id', fixture.id).send({ templates }).expect(200);
    await expectSummariesCurrent(fixture.id);
    const [march] = await db.select().from(dailyLogs).where(and(eq(dailyLogs.userId, saver.user.id), eq(dailyLogs.year, 2030), eq(dailyLogs.month, 3)));
    expect(march!.dayMarks!.slice(0, 4)).toBe('1.1.'); // fasting's Yes on the 2nd and meditation's No on the 4th no longer count

    // Two imported members (an import never writes a real member's log).
    const csvData = ['Name,Email,Bible Reading - Day 1,Walk - Day 1,Walk - Day 2', 'Jon Imported,jon.imported@example.org,Yes,Yes,No', 'Ivy Imported,ivy.imported@example.org,Yes,No,Sick'].join('\n');
    await importWithSuggestedMapping(fixture.owner.agent, fixture.id, csvData, { month: 1, year: 2030 }, { 'Bible Reading - Day 1': 'bibleReading:1', 'Walk - Day 1': 'custom_walk:1', 'Walk - Day 2': 'custom_walk:2' });
    await expectSummariesCurrent(fixture.id);
    const imported = await db.select({ dayMarks: dailyLogs.dayMarks }).from(dailyLogs).where(and(eq(dailyLogs.communityId, fixture.id), eq(dailyLogs.year, 2030), eq(dailyLogs.month, 1)));
    expect(imported.map((row) => row.dayMarks!.slice(0, 2)).sort()).toEqual(['1G', '2N']);
  });

  it('summarises at start-up the logs written before the summaries (or their per-discipline days), and leaves summarised ones alone', async () => {
    const fixture = await communityWith(app, 'early', 'later');
    const [early, later] = fixture.members;
    await mark(early!.agent, fixture.id, 2030, 3, { bibleReading: days('Yes', 5, 6) });
    await mark(later!.agent, fixture.id, 2030, 3, { fasting: days('Partially', 1, 2, 3) });
    await db.insert(dailyLogs).values({ userId: early!.user.id, communityId: fixture.id, year: 2030, month: 1, dayStatus: { fasting: days('Yes', 30, 31) } });
    await db.execute(sql`UPDATE daily_logs SET completed_count = 0, day_marks = NULL, discipline_days = NULL WHERE user_id = ${early!.user.id} AND month = 3`);
    // Summarised before reports added up days per discipline.
    await db.execute(sql`UPDATE daily_logs SET discipline_days = NULL WHERE user_id = ${later!.user.id}`);
    const vacuums = async () => rowsOf<{ count: number }>(await db.execute(sql`SELECT vacuum_count::int AS count FROM pg_stat_user_tables WHERE relname = 'daily_logs'`))[0]!.count;
    const before = await vacuums();
    expect(await summariseUnsummarised(db, dailyKeysOf)).toBeGreaterThanOrEqual(3);
    await expectSummariesCurrent(fixture.id);
    // The rewritten table is vacuumed at once, so the summaries' index-only scans do not visit every row.
    await expect.poll(vacuums).toBeGreaterThan(before);
    expect(await summariseUnsummarised(db, dailyKeysOf)).toBe(0);
  });
});

describe('GET /api/communities/:id/streaks', () => {
  it("answers every daily discipline's streak as of the community's today, or of a given date", async () => {
    const fixture = await communityWith(app, 'runner', 'reader');
    const [runner, reader] = fixture.members as [CommunityFixture['members'][number], CommunityFixture['members'][number]];
    await mark(runner.agent, fixture.id, 2030, 2, { fasting: days('Yes', 27, 28) });
    await mark(runner.agent, fixture.id, 2030, 3, { fasting: days('Yes', ...Array.from({ length: 10 }, (_, i) => i + 1)), bibleReading: days('Yes', 9, 10), meditation: days('No', 10) });
    const own = (await streaksOf(runner.agent, fixture).expect(200)).body as MemberStreaksView;
    expect(own).toMatchObject({ userId: runner.user.id, asOf: TODAY, overall: { days: 12, keptWithGrace: false } });
    expect(own.streaks.map((streak) => [streak.key, streak.days])).toEqual([
      ['bibleReading', 2],
      ['fasting', 12],
      ['morningIntimacy', 0],
      ['midnightPrayer', 0],
      ['meditation', 0],
    ]);
    // As of another date (the client's, or a past month's last day), and as another member reads it.
    const earlier = (await streaksOf(reader.agent, fixture, `?userId=${runner.user.id}&date=${addDays(TODAY, -3)}`).expect(200)).body as MemberStreaksView;
    expect(earlier.streaks.find((streak) => streak.key === 'fasting')!.days).toBe(9);
    expect(earlier.asOf).toBe('2030-03-07');
  });

  it('answers 401 signed out, 404 outside the community or for a non-member, 400 for a bad date or id', async () => {
    const fixture = await communityWith(app, 'insider');
    const other = await communityWith(app, 'outsider');
    const insider = fixture.members[0]!;
    expectJsonError(await request(app).get(`/api/communities/${fixture.id}/streaks`), 401);
    expectJsonError(await streaksOf(other.members[0]!.agent, fixture), 404);
    expectJsonError(await streaksOf(insider.agent, fixture, `?userId=${other.members[0]!.user.id}`), 404);
    for (const query of ['?date=2030-02-30', '?date=yesterday', '?userId=nope']) expectJsonError(await streaksOf(insider.agent, fixture, query), 400);
  });
});

describe('costs that must not grow with the community', () => {
  it('stats, member-stats and the streaks call run the same number of queries at 5 and at 500 members', async () => {
    const fixture = await communityWith(app, 'small', 'large');
    const [small, large] = [fixture.members[0]!, fixture.members[1]!];
    for (const commander of [small, large]) await setRoles(db, fixture.id, commander.user.id, ['Commander']);
    const smallIds = await subgroupWithHistory(fixture, small.user.id, 5, 3);
    const other = await communityWith(app, 'alone');
    await subgroupWithHistory(other, other.members[0]!.user.id, 5, 5);
    const largeIds = await subgroupWithHistory(fixture, large.user.id, 500, 4);

    const counted = async (call: () => Promise<unknown>) => {
      await call(); // warm the session
      const done = countQueries();
      await call();
      return done();
    };
    const cost = {
      memberStats: [await counted(() => memberStats(small.agent, fixture, small.user.id).expect(200)), await counted(() => memberStats(large.agent, fixture, large.user.id).expect(200))],
      stats: [await counted(() => communityStats(other.owner.agent, other).expect(200)), await counted(() => communityStats(fixture.owner.agent, fixture).expect(200))],
      streaks: [
        await counted(() => streaksOf(small.agent, fixture, `?userId=${smallIds[0]}`).expect(200)),
        await counted(() => streaksOf(large.agent, fixture, `?userId=${largeIds[0]}`).expect(200)),
      ],
    };
    // A congregation's Overview (200 members and more) reuses its kept member figures (db/congregation-cache.ts): one query fewer.
    const keptFigures: Record<string, number> = { stats: 1 };
    for (const [name, [few, many]] of Object.entries(cost)) {
      expect(few, name).toBeGreaterThan(0);
      expect(many, name).toBe(few! - (keptFigures[name] ?? 0));
    }
    // And the answers are whole: all 500 members, each with figures.
    const answered = (await memberStats(large.agent, fixture, large.user.id).expect(200)).body as CommanderMemberStat[];
    expect(answered).toHaveLength(500);
  }, 120_000);
});
