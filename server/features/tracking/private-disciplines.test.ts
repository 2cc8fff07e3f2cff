import { eq } from 'drizzle-orm';
import type { MemberStreaksView, DailyLogView, DisciplineTargets } from '@shared/contracts/tracking';
import type { ReportsView } from '@shared/contracts/reports';
import type { DashboardView } from '@shared/contracts/dashboard';
import { progressPercent } from '@shared/domain/progress';
import { subgroups } from '@shared/schema/communities';
import { createTestApp } from '../../test/app';
import { expectJsonError, setRoles } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { subgroupWorld } from '../questions/questions-test-kit';
import { withheldKeysOf } from './private-disciplines';
import { days, LIFTED_LIMITS, mark, pinClock } from './tracking-test-kit';

// Issue 26 item 4: a discipline kept in secret reaches only the member, their commander and the admins.

const testApp = await createTestApp(LIFTED_LIMITS);
const { app, database } = testApp;
// Sunday 10 March 2030, noon in Chicago (the factory's zone).
pinClock(testApp, '2030-03-10T18:00:00Z');

const MARCH = { month: 3, year: 2030 };
const TEMPLATES = [
  { key: 'bibleReading', label: 'Bible Reading', isDailyGrid: true, order: 1 },
  { key: 'fasting', label: 'Fasting', isDailyGrid: true, isPrivate: true, order: 2 },
  { key: 'prayerWalk', label: 'Prayer Walk', isDailyGrid: false, isPrivate: true, order: 3 },
];

/**
 * A subgroup world (commander leads Alpha: asker, neighbour; loner in none; owner the admin) where fasting
 * and the prayer walk are private and the asker fasted the 1st to the 9th but read only the 5th to the 9th.
 */
async function world() {
  const w = await subgroupWorld(app, database.db);
  await w.owner.agent.post(`/api/communities/${w.id}/discipline-templates`).send({ templates: TEMPLATES }).expect(200);
  await mark(w.asker.agent, w.id, 2030, 3, { bibleReading: days('Yes', 5, 6, 7, 8, 9), fasting: days('Yes', 1, 2, 3, 4, 5, 6, 7, 8, 9) });
  await w.asker.agent.post('/api/users/monthly-completion-goals').set('X-Community-Id', w.id).send({ userId: w.asker.user.id, ...MARCH, prayerWalk: true }).expect(200);
  await w.owner.agent
    .post('/api/users/monthly-targets')
    .set('X-Community-Id', w.id)
    .send({ userId: w.asker.user.id, ...MARCH, bibleReading: '1 chapter a day', fasting: 'Wednesdays', prayerWalk: 'Yes' })
    .expect(200);
  const inCommunity = (call: ReturnType<Agent['get']>) => call.set('X-Community-Id', w.id);
  const logOf = async (agent: Agent) => (await agent.get(`/api/communities/${w.id}/daily-log?month=3&year=2030&userId=${w.asker.user.id}`).expect(200)).body as DailyLogView;
  const streaksOf = async (agent: Agent) => (await agent.get(`/api/communities/${w.id}/streaks?userId=${w.asker.user.id}`).expect(200)).body as MemberStreaksView;
  const targetsOf = async (agent: Agent) => (await inCommunity(agent.get(`/api/users/${w.asker.user.id}/discipline-targets?month=3&year=2030`)).expect(200)).body as DisciplineTargets;
  const reportOf = async (agent: Agent, scope = '') => (await inCommunity(agent.get(`/api/reports?month=3&year=2030${scope}`)).expect(200)).body as ReportsView;
  return { ...w, inCommunity, logOf, streaksOf, targetsOf, reportOf };
}

/** Percent of March for `kept` discipline-days over `disciplines` disciplines. */
const march = (kept: number, disciplines: number) => progressPercent(kept, disciplines, 2030, 3);

describe('disciplines kept in secret', () => {
  it('are saved with the templates and answered to every member, so the screens can show the lock', async () => {
    const w = await world();
    const listed = (await w.neighbour.agent.get(`/api/communities/${w.id}/discipline-templates`).expect(200)).body as { key: string; isPrivate: boolean }[];
    expect(listed.map(({ key, isPrivate }) => [key, isPrivate])).toEqual([
      ['bibleReading', false],
      ['fasting', true],
      ['prayerWalk', true],
    ]);
  });

  it("leave another member's daily log, streaks and targets for anyone outside their care circle", async () => {
    const w = await world();
    for (const outsider of [w.neighbour, w.loner]) {
      const log = await w.logOf(outsider.agent);
      expect(Object.keys(log.dayStatus)).toEqual(['bibleReading']);
      expect(Object.keys(log.entries)).toEqual(['bibleReading']);
      expect(log.monthlyCompletions).not.toHaveProperty('prayerWalk');
      expect(log.withheldKeys).toEqual(['fasting', 'prayerWalk']);
      expect(log.updatedAt).toBeNull();

      const streaks = await w.streaksOf(outsider.agent);
      expect(streaks.streaks.map((streak) => streak.key)).toEqual(['bibleReading']);
      // Counted over what they may see: the five days read, not the nine fasted.
      expect(streaks.overall.days).toBe(5);

      const targets = await w.targetsOf(outsider.agent);
      expect(targets).toMatchObject({ bibleReading: '1 chapter a day', fasting: null, prayerWalk: null });
    }
  });

  it("leave the target and the monthly goal of a discipline keyed as the setup wizard keys it ('bible_reading'), though those keep SPEC's keys", async () => {
    const w = await world();
    const wizardTemplates = [
      { key: 'bible_reading', label: 'Bible Reading', isDailyGrid: true, isPrivate: true, order: 1 },
      { key: 'prayer', label: 'Prayer Time', isDailyGrid: true, order: 2 },
      { key: 'walk', label: 'Prayer Walk', isDailyGrid: false, isPrivate: true, order: 3 },
    ];
    await w.owner.agent.post(`/api/communities/${w.id}/discipline-templates`).send({ templates: wizardTemplates }).expect(200);
    expect(await w.targetsOf(w.neighbour.agent)).toMatchObject({ bibleReading: null, fasting: 'Wednesdays', prayerWalk: null });
    const log = await w.logOf(w.neighbour.agent);
    expect(log.monthlyCompletions).not.toHaveProperty('prayerWalk');
    expect(log.dayStatus).not.toHaveProperty('bibleReading');
    expect(log.withheldKeys).toEqual(['bible_reading', 'bibleReading', 'walk', 'prayerWalk']);
    expect(await w.targetsOf(w.commander.agent)).toMatchObject({ bibleReading: '1 chapter a day', prayerWalk: 'Yes' });
    expect((await w.logOf(w.commander.agent)).monthlyCompletions).toMatchObject({ prayerWalk: true });
  });

  it("hide no shown discipline under another's alias: 'Fasting' kept in secret as 'secret_fast' leaves a shown 'fasting' shown", () => {
    const discipline = (key: string, label: string, isPrivate: boolean) => ({ key, label, isPrivate, unit: null, isNumeric: false, isDailyGrid: true, order: 1 });
    expect(withheldKeysOf([discipline('secret_fast', 'Fasting', true), discipline('fasting', 'Fasting (together)', false)])).toEqual(['secret_fast']);
    expect(withheldKeysOf([discipline('secret_fast', 'Fasting', true)])).toEqual(['secret_fast', 'fasting']);
  });

  it('answer as before to the member, their commander and the admins', async () => {
    const w = await world();
    for (const circle of [w.asker, w.commander, w.owner]) {
      const log = await w.logOf(circle.agent);
      expect(Object.keys(log.dayStatus).sort()).toEqual(['bibleReading', 'fasting']);
      expect(log.monthlyCompletions).toMatchObject({ prayerWalk: true });
      expect(log.withheldKeys).toEqual([]);
      expect(log.updatedAt).not.toBeNull();
      const streaks = await w.streaksOf(circle.agent);
      expect(streaks.streaks.map((streak) => [streak.key, streak.days])).toEqual([
        ['bibleReading', 5],
        ['fasting', 9],
      ]);
      expect(streaks.overall.days).toBe(9);
      expect(await w.targetsOf(circle.agent)).toMatchObject({ fasting: 'Wednesdays', prayerWalk: 'Yes' });
    }

    // The member's own dashboard.
    const dashboard = (await w.asker.agent.get(`/api/communities/${w.id}/dashboard?month=3&year=2030&date=2030-03-10`).expect(200)).body as DashboardView;
    expect(Object.keys(dashboard.dailyLog.dayStatus).sort()).toEqual(['bibleReading', 'fasting']);
    expect(dashboard.streaks.streaks.map((streak) => streak.key)).toEqual(['bibleReading', 'fasting']);
    expect(dashboard.disciplines.find((discipline) => discipline.key === 'fasting')).toMatchObject({ isPrivate: true });

    // The commander's statistics count every discipline of their members.
    const stats = (await w.inCommunity(w.commander.agent.get(`/api/commanders/${w.commander.user.id}/member-stats?month=3&year=2030`)).expect(200)).body as { id: string; streak: number; completionPercent: number }[];
    expect(stats.find((stat) => stat.id === w.asker.user.id)).toMatchObject({ streak: 9, completionPercent: march(14, 2) });

    // The admins' export carries the members' targets, private ones included.
    const exported = (await w.inCommunity(w.owner.agent.get('/api/export/csv')).expect(200)).body as { email: string; fasting: string | null }[];
    expect(exported.find((row) => row.email === w.asker.user.email)).toMatchObject({ fasting: 'Wednesdays' });
  });

  it('close to a commander who is no longer one: demoting them releases their subgroup, and a stale lead grants nothing', async () => {
    const w = await world();
    // Left pointing at them (as rows written before demotion released subgroups do): the lead alone is not enough.
    await setRoles(database.db, w.id, w.commander.user.id, ['Member']);
    expect((await w.logOf(w.commander.agent)).withheldKeys).toEqual(['fasting', 'prayerWalk']);
    expect((await w.reportOf(w.commander.agent)).disciplines.map((discipline) => discipline.key)).toEqual(['bibleReading']);

    // Demoted through the app, their subgroup is released.
    await setRoles(database.db, w.id, w.commander.user.id, ['Commander']);
    await w.inCommunity(w.owner.agent.patch(`/api/users/${w.commander.user.id}/role`)).send({ roles: ['Member'] }).expect(200);
    const [subgroup] = await database.db.select({ commanderId: subgroups.commanderId }).from(subgroups).where(eq(subgroups.id, w.subgroupId));
    expect(subgroup?.commanderId).toBeNull();
  });

  it("leave the reports of a member's subgroup seen by anyone but its commander, and count only what is shown", async () => {
    const w = await world();
    const seen = await w.reportOf(w.neighbour.agent);
    expect(seen.scope).toBe('subgroup');
    expect(seen.disciplines.map((discipline) => discipline.key)).toEqual(['bibleReading']);
    // The screen says which figures leave what out (the neighbour's own trend counts every discipline).
    expect(seen.leftOut).toEqual(['Fasting']);
    const asker = seen.members.find((member) => member.userId === w.asker.user.id)!;
    expect(asker).toEqual({ userId: w.asker.user.id, displayName: w.asker.user.displayName, completionPercent: march(5, 1), byDiscipline: { bibleReading: march(5, 1) } });
    expect(seen.streaks.find((streak) => streak.userId === w.asker.user.id)?.streak).toBe(5);
    // The next page of the table is counted the same way (one page here: nothing follows).
    expect(seen.membersNextCursor).toBeNull();

    // The commander of the subgroup and the admins see it all.
    for (const [circle, scope] of [
      [w.commander, ''],
      [w.owner, '&scope=community'],
    ] as const) {
      const report = await w.reportOf(circle.agent, scope);
      expect(report.disciplines.map((discipline) => discipline.key)).toEqual(['bibleReading', 'fasting']);
      expect(report.leftOut).toEqual([]);
      expect(report.members.find((member) => member.userId === w.asker.user.id)).toMatchObject({ completionPercent: march(14, 2), byDiscipline: { bibleReading: march(5, 1), fasting: march(9, 1) } });
    }
    expect((await w.reportOf(w.commander.agent)).streaks.find((streak) => streak.userId === w.asker.user.id)?.streak).toBe(9);
  });

  it("leave the Overview's average completion for anyone but the admins: a mean must not give a member's secret away", async () => {
    const w = await world();
    // Five members can check in (owner, commander, asker, neighbour, loner); only the asker logged.
    const average = async (agent: Agent) => ((await agent.get(`/api/communities/${w.id}/stats`).expect(200)).body as { avgCompletion: number }).avgCompletion;
    expect(await average(w.neighbour.agent)).toBe(Math.round(march(5, 1) / 5));
    expect(await average(w.commander.agent)).toBe(Math.round(march(5, 1) / 5));
    expect(await average(w.owner.agent)).toBe(Math.round(march(14, 2) / 5));
    // And again, from the kept figures: each viewer's own.
    expect(await average(w.neighbour.agent)).toBe(Math.round(march(5, 1) / 5));
  });

  it('change nothing for a user outside the community: still 404', async () => {
    const w = await world();
    const elsewhere = await subgroupWorld(app, database.db);
    expectJsonError(await elsewhere.owner.agent.get(`/api/communities/${w.id}/daily-log?month=3&year=2030&userId=${w.asker.user.id}`), 404);
    expectJsonError(await w.neighbour.agent.get(`/api/communities/${w.id}/streaks?userId=${elsewhere.asker.user.id}`), 404);
  });
});
