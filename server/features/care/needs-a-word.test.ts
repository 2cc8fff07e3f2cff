import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import type { NeedsAWordRow } from '@shared/contracts/care';
import { users } from '@shared/schema/auth';
import { memberships, subgroups } from '@shared/schema/communities';
import { createTestApp } from '../../test/app';
import { expectJsonError, setRoles } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { communityWith, days, LIFTED_LIMITS, mark, type Member, pinClock } from '../tracking/tracking-test-kit';
import { SUBGROUP_NOT_FOUND } from '../subgroups/service';
import { NOT_YOUR_SUBGROUP } from './care-scope';
import { MEMBER_NOT_FOUND, NOT_YOUR_MEMBER } from './needs-a-word';

const testApp = await createTestApp(LIFTED_LIMITS);
const { app, database, countQueries } = testApp;
const db = database.db;

// Tuesday 12 March 2030, 13:00 in Chicago (the factory's community time zone): today is the 12th, yesterday
// the 11th; eleven whole days of March have gone.
pinClock(testApp, '2030-03-12T18:00:00Z');
const JOINED = new Date('2030-01-15T12:00:00Z');

const needsAWord = (agent: Agent, communityId: string, query = '') => agent.get(`/api/communities/${communityId}/needs-a-word${query}`);

/** A subgroup led by `commanderId` with these members, who joined the community in January. */
async function subgroupOf(communityId: string, commanderId: string, memberIds: string[]) {
  const [subgroup] = await db.insert(subgroups).values({ communityId, name: `Team ${randomUUID().slice(0, 6)}`, commanderId }).returning();
  for (const userId of memberIds) {
    await db.update(memberships).set({ subgroupId: subgroup!.id, createdAt: JOINED }).where(and(eq(memberships.communityId, communityId), eq(memberships.userId, userId)));
  }
  return subgroup!;
}

/** A community where `commander` leads ruth (quiet), sam (a 10-day streak ended yesterday), dina (below February) and ted (steady). */
async function caredForCommunity() {
  const fixture = await communityWith(app, 'commander', 'ruth', 'sam', 'dina', 'ted', 'other', 'lone');
  const [commander, ruth, sam, dina, ted, other, lone] = fixture.members as [Member, Member, Member, Member, Member, Member, Member];
  await setRoles(db, fixture.id, commander.user.id, ['Commander']);
  await setRoles(db, fixture.id, other.user.id, ['Commander']);
  const subgroup = await subgroupOf(fixture.id, commander.user.id, [commander.user.id, ruth.user.id, sam.user.id, dina.user.id, ted.user.id]);
  // Another subgroup, led by `other`, with `lone` in it: never in the commander's list.
  const otherSubgroup = await subgroupOf(fixture.id, other.user.id, [lone.user.id]);

  // Ruth said No on the 7th and nothing since: the 8th to the 11th are four whole quiet days.
  await mark(ruth.agent, fixture.id, 2030, 3, { bibleReading: days('No', 7) });
  // Sam kept 1 to 10 March, then nothing yesterday.
  await mark(sam.agent, fixture.id, 2030, 3, { bibleReading: days('Yes', 1, 2, 3, 4, 5, 6, 7, 8, 9, 10) });
  // Dina kept all five daily disciplines on 1 to 11 February, and one a day in March: 100 then 20.
  const every = days('Yes', 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
  await mark(dina.agent, fixture.id, 2030, 2, { bibleReading: every, fasting: every, midnightPrayer: every, morningIntimacy: every, meditation: every });
  await mark(dina.agent, fixture.id, 2030, 3, { bibleReading: every });
  // Ted keeps going, every day of March so far, and all five in February's first days too.
  await mark(ted.agent, fixture.id, 2030, 2, { bibleReading: every });
  await mark(ted.agent, fixture.id, 2030, 3, { bibleReading: { ...every, '12': 'Yes' } });
  await mark(lone.agent, fixture.id, 2030, 3, { bibleReading: days('No', 1) });
  return { fixture, commander, ruth, sam, dina, ted, other, lone, subgroup, otherSubgroup };
}

describe('GET /api/communities/:id/needs-a-word', () => {
  it("lists the commander's members who need a word, each with why, as of the community's today", async () => {
    const { fixture, commander, ruth, sam, dina } = await caredForCommunity();
    const rows = (await needsAWord(commander.agent, fixture.id).expect(200)).body as NeedsAWordRow[];
    expect(rows).toEqual([
      { userId: dina.user.id, displayName: dina.user.displayName, reasons: [{ kind: 'progress-drop', points: 80, previous: 100, current: 20 }] },
      { userId: ruth.user.id, displayName: ruth.user.displayName, reasons: [{ kind: 'quiet', days: 4 }] },
      { userId: sam.user.id, displayName: sam.user.displayName, reasons: [{ kind: 'streak-ended', days: 10 }] },
    ].sort((a, b) => a.displayName.toLowerCase().localeCompare(b.displayName.toLowerCase())));
  });

  it("follows the community's quiet days (2 to 14), refusing others with a message", async () => {
    const { fixture, commander, ruth } = await caredForCommunity();
    const quiet = async () => ((await needsAWord(commander.agent, fixture.id).expect(200)).body as NeedsAWordRow[]).some((row) => row.userId === ruth.user.id);
    expect(await quiet()).toBe(true);
    const set = (quietDays: unknown) => fixture.owner.agent.put(`/api/communities/${fixture.id}`).send({ name: fixture.community.name, quietDays });
    expect((await set(5).expect(200)).body.quietDays).toBe(5);
    expect(await quiet()).toBe(false);
    for (const refused of [1, 15, 4.5, '4']) {
      const response = await set(refused).expect(400);
      expect(Object.keys(response.body.fields)).toEqual(['quietDays']);
    }
    expect((await fixture.owner.agent.get(`/api/communities/${fixture.id}`).expect(200)).body.quietDays).toBe(5);
  });

  it("answers an admin any subgroup's rows, and a commander only those they lead", async () => {
    const { fixture, commander, other, subgroup, otherSubgroup, lone } = await caredForCommunity();
    const own = (await needsAWord(commander.agent, fixture.id).expect(200)).body;
    expect((await needsAWord(fixture.owner.agent, fixture.id, `?subgroupId=${subgroup.id}`).expect(200)).body).toEqual(own);
    expect((await needsAWord(commander.agent, fixture.id, `?subgroupId=${subgroup.id}`).expect(200)).body).toEqual(own);
    // The moderator leads nothing: their own list is empty.
    expect((await needsAWord(fixture.owner.agent, fixture.id).expect(200)).body).toEqual([]);
    // Lone said No on the 1st and nothing since: quiet, in the other commander's list only.
    expect((await needsAWord(other.agent, fixture.id).expect(200)).body).toEqual([{ userId: lone.user.id, displayName: lone.user.displayName, reasons: [{ kind: 'quiet', days: 10 }] }]);
    expectJsonError(await needsAWord(commander.agent, fixture.id, `?subgroupId=${otherSubgroup.id}`), 403, NOT_YOUR_SUBGROUP);
    expectJsonError(await needsAWord(fixture.owner.agent, fixture.id, `?subgroupId=${randomUUID()}`), 404, SUBGROUP_NOT_FOUND);
    const invalid = await needsAWord(fixture.owner.agent, fixture.id, '?subgroupId=alpha').expect(400);
    expect(Object.keys(invalid.body.fields)).toEqual(['subgroupId']);
  });

  it('refuses a plain member (403), an outsider (404) and anyone signed out (401)', async () => {
    const { fixture, ruth } = await caredForCommunity();
    const outsider = await communityWith(app);
    expectJsonError(await needsAWord(ruth.agent, fixture.id), 403);
    expectJsonError(await needsAWord(outsider.owner.agent, fixture.id), 404);
    expectJsonError(await needsAWord(request.agent(app), fixture.id), 401);
  });

  it('reads the same number of queries for 5 members as for 200', async () => {
    const read = async (size: number) => {
      const fixture = await communityWith(app, 'leader');
      const leader = fixture.members[0]!;
      await setRoles(db, fixture.id, leader.user.id, ['Commander']);
      const batch = randomUUID().slice(0, 8);
      const made = await db
        .insert(users)
        .values(Array.from({ length: size }, (_, i) => ({ email: `care-${batch}-${i}@example.org`, displayName: `Care ${batch} ${String(i).padStart(3, '0')}` })))
        .returning({ id: users.id });
      await db.insert(memberships).values(made.map(({ id }) => ({ userId: id, communityId: fixture.id, roles: ['Member' as const] })));
      await subgroupOf(fixture.id, leader.user.id, made.map(({ id }) => id));
      await needsAWord(leader.agent, fixture.id).expect(200); // the disciplines are read once, then kept
      const done = countQueries();
      const rows = (await needsAWord(leader.agent, fixture.id).expect(200)).body as NeedsAWordRow[];
      return { rows: rows.length, queries: done() };
    };
    const few = await read(5);
    const many = await read(200);
    // Nobody has logged since joining in January: every one of them is quiet.
    expect(few.rows).toBe(5);
    expect(many.rows).toBe(200);
    expect(many.queries).toBe(few.queries);
  });

  // Last: it moves the clock on a week.
  it("leaves a member someone reached out to out of the list for a week, and lets only their commander or an admin mark it", async () => {
    const { fixture, commander, ruth, sam, other, lone } = await caredForCommunity();
    const reachedOut = (agent: Agent, userId: string) => agent.post(`/api/communities/${fixture.id}/needs-a-word/${userId}/reached-out`);
    const listed = async () => ((await needsAWord(commander.agent, fixture.id).expect(200)).body as NeedsAWordRow[]).map((row) => row.userId);
    expect(await listed()).toContain(ruth.user.id);

    const marked = (await reachedOut(commander.agent, ruth.user.id).expect(200)).body;
    expect(marked.userId).toBe(ruth.user.id);
    expect(Date.parse(marked.hiddenUntil) - Date.parse('2030-03-12T18:00:00Z')).toBeGreaterThanOrEqual(7 * 24 * 3600 * 1000);
    expect(await listed()).not.toContain(ruth.user.id);
    // The moderator sees the same subgroup without her too; Sam is still there.
    const seenByAdmin = (await needsAWord(fixture.owner.agent, fixture.id, `?subgroupId=${(await db.select().from(subgroups).where(eq(subgroups.commanderId, commander.user.id)))[0]!.id}`).expect(200)).body as NeedsAWordRow[];
    expect(seenByAdmin.map((row) => row.userId)).toEqual(expect.arrayContaining([sam.user.id]));
    expect(seenByAdmin.map((row) => row.userId)).not.toContain(ruth.user.id);
    // An admin may mark anyone of the community; marking again renews the week.
    await reachedOut(fixture.owner.agent, sam.user.id).expect(200);
    expect(await listed()).not.toContain(sam.user.id);

    // Another commander's member, a plain member, someone elsewhere, and a stranger's id.
    expectJsonError(await reachedOut(commander.agent, lone.user.id), 403, NOT_YOUR_MEMBER);
    expectJsonError(await reachedOut(ruth.agent, sam.user.id), 403);
    const outsider = await communityWith(app);
    expectJsonError(await reachedOut(outsider.owner.agent, ruth.user.id), 404);
    expectJsonError(await reachedOut(other.agent, outsider.owner.user.id), 404, MEMBER_NOT_FOUND);
    expectJsonError(await reachedOut(fixture.owner.agent, 'not-an-id'), 404, MEMBER_NOT_FOUND);

    // A week and a minute later she shows again, if she still needs a word.
    testApp.advanceClock(7 * 24 * 3600 * 1000 + 60_000);
    const later = ((await needsAWord(commander.agent, fixture.id).expect(200)).body as NeedsAWordRow[]).find((row) => row.userId === ruth.user.id);
    expect(later?.reasons).toContainEqual(expect.objectContaining({ kind: 'quiet' }));
  });
});
