import { and, eq } from 'drizzle-orm';
import type { CareGlanceView } from '@shared/contracts/care';
import { communities, memberships } from '@shared/schema/communities';
import { createTestApp } from '../../test/app';
import { expectJsonError } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { subgroupWorld } from '../questions/questions-test-kit';
import { LIFTED_LIMITS, pinClock } from '../tracking/tracking-test-kit';

// Issue 26 item 5: a commander's care at a glance, on /reports: counts per month, never who.

const testApp = await createTestApp(LIFTED_LIMITS);
const { app, database } = testApp;
// Sunday 10 March 2030, noon in Chicago (the factory's zone).
pinClock(testApp, '2030-03-10T18:00:00Z');

async function world() {
  const w = await subgroupWorld(app, database.db);
  const glance = (agent: Agent, query = '') => agent.get(`/api/communities/${w.id}/care-at-a-glance${query}`);
  const reflect = async (agent: Agent, month: number) => (await agent.put(`/api/communities/${w.id}/reflections`).send({ month, year: 2030, helped: 'Morning prayer' }).expect(200)).body.id as string;
  return { ...w, glance, reflect };
}

const month = (view: CareGlanceView, number: number) => view.months.find((each) => each.year === 2030 && each.month === number);

describe('care at a glance', () => {
  it('counts the reflections written and acknowledged per month and the days someone reached out, for the subgroups the caller leads', async () => {
    const w = await world();
    const askerFebruary = await w.reflect(w.asker.agent, 2);
    await w.reflect(w.neighbour.agent, 2);
    await w.reflect(w.asker.agent, 1);
    // The loner is in no subgroup: not this commander's care. Nor is the commander's own, though they are in it.
    await w.reflect(w.loner.agent, 2);
    await database.db.update(memberships).set({ subgroupId: w.subgroupId }).where(and(eq(memberships.communityId, w.id), eq(memberships.userId, w.commander.user.id)));
    await w.reflect(w.commander.agent, 2);
    await w.commander.agent.post(`/api/communities/${w.id}/reflections/${askerFebruary}/acknowledge`).send({ reply: 'Thank you.' }).expect(200);
    await w.commander.agent.post(`/api/communities/${w.id}/needs-a-word/${w.asker.user.id}/reached-out`).expect(200);
    // A second mark the same day is the same reach-out; a note is one too.
    await w.commander.agent.post(`/api/communities/${w.id}/needs-a-word/${w.asker.user.id}/reached-out`).expect(200);
    await w.commander.agent.post(`/api/communities/${w.id}/needs-a-word/${w.neighbour.user.id}/note`).send({ message: 'Thinking of you.' }).expect(201);

    const view = (await w.glance(w.commander.agent).expect(200)).body as CareGlanceView;
    expect(view.subgroups).toBe(1);
    expect(view.months.map((each) => `${each.year}-${each.month}`)).toEqual(['2029-10', '2029-11', '2029-12', '2030-1', '2030-2', '2030-3']);
    expect(month(view, 1)).toEqual({ year: 2030, month: 1, reflectionsWritten: 1, reflectionsAcknowledged: 0, reachedOut: 0 });
    expect(month(view, 2)).toEqual({ year: 2030, month: 2, reflectionsWritten: 2, reflectionsAcknowledged: 1, reachedOut: 0 });
    expect(month(view, 3)).toEqual({ year: 2030, month: 3, reflectionsWritten: 0, reflectionsAcknowledged: 0, reachedOut: 2 });

    // An admin asks for the subgroup (its commander's reflection left out all the same); without one, an admin who leads none sees an empty glance.
    expect((await w.glance(w.owner.agent, `?subgroupId=${w.subgroupId}`).expect(200)).body).toEqual(view);
    const none = (await w.glance(w.owner.agent).expect(200)).body as CareGlanceView;
    expect(none.subgroups).toBe(0);
    expect(none.months.every((each) => each.reflectionsWritten + each.reflectionsAcknowledged + each.reachedOut === 0)).toBe(true);
  });

  it('starts with the community’s first month: the months before it had no one to care for', async () => {
    const w = await world();
    // Founded on 15 January 2030 in Chicago (the 16th in UTC would not move it).
    await database.db.update(communities).set({ createdAt: new Date('2030-01-15T20:00:00Z') }).where(eq(communities.id, w.id));
    const view = (await w.glance(w.commander.agent).expect(200)).body as CareGlanceView;
    expect(view.months.map((each) => `${each.year}-${each.month}`)).toEqual(['2030-1', '2030-2', '2030-3']);
  });

  it('is the commander’s and the admins’ only: a plain member 403, another subgroup 403, an outsider 404', async () => {
    const w = await world();
    expectJsonError(await w.glance(w.neighbour.agent), 403);
    const other = await subgroupWorld(app, database.db);
    expectJsonError(await w.glance(other.commander.agent), 404);
    // A commander of this community who does not lead the subgroup asked for.
    const second = (await w.owner.agent.post('/api/subgroups').set('X-Community-Id', w.id).send({ name: 'Beta Group' }).expect(201)).body as { id: string };
    expectJsonError(await w.glance(w.commander.agent, `?subgroupId=${second.id}`), 403);
    expectJsonError(await w.glance(w.commander.agent, `?subgroupId=${other.subgroupId}`), 404);
    expectJsonError(await w.glance(w.commander.agent, '?subgroupId=not-a-uuid'), 400);
  });
});
