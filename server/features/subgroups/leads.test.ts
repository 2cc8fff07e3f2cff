import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { memberships, subgroups } from '@shared/schema/communities';
import { rowsOf } from '../../db/client';
import { createTestApp } from '../../test/app';
import { auditRowsOf, setRoles, signUpSuperAdmin } from '../../test/community-fixtures';
import { uniqueIdentity } from '../../test/factories';
import { importPerson, person } from '../claims/claims-test-kit';
import { subgroupWorld } from '../questions/questions-test-kit';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { releaseLeadsBeyondStanding } from './leads';

// A subgroup is led only by a member who may lead it: every change that lowers someone's standing releases
// the subgroups they lead (and with them the care circle, their members' questions, meetings and reflections).

const { app, database } = await createTestApp(LIFTED_LIMITS);
const db = database.db;

const leaderOf = async (subgroupId: string) => (await db.select({ commanderId: subgroups.commanderId }).from(subgroups).where(eq(subgroups.id, subgroupId)))[0]?.commanderId ?? null;
/** The audit log's entries for subgroups released because their commander may no longer lead. */
const releasesIn = async (communityId: string) =>
  (await auditRowsOf(db, communityId))
    .filter((row) => row.action === 'commander.update' && (row.diff as { reason?: string } | null)?.reason === 'may no longer lead')
    .map(({ actorId, entityId, diff }) => ({ actorId, entityId, diff }));

/**
 * The subgroup world with its commander InstitutionAdmin here and in a sibling community of the same
 * institution, and a SuperAdmin to change their roles in either.
 */
async function institutionAdminInTwo() {
  const w = await subgroupWorld(app, db);
  const superAdmin = await signUpSuperAdmin(app, db);
  await setRoles(db, w.id, w.commander.user.id, ['InstitutionAdmin']);
  const sibling = (await w.commander.agent.post('/api/communities').send({ name: `Sibling ${uniqueIdentity().displayName}` }).expect(201)).body as { id: string };
  await setRoles(db, sibling.id, w.commander.user.id, ['InstitutionAdmin']);
  const demote = (communityId: string) => superAdmin.agent.patch(`/api/users/${w.commander.user.id}/role`).set('X-Community-Id', communityId).send({ roles: ['Member'] });
  return { w, sibling, demote };
}

describe('who leads a subgroup', () => {
  it('is released when its commander is demoted, removed or leaves, and kept while they still may lead', async () => {
    const w = await subgroupWorld(app, db);
    const roles = (userId: string, next: string[]) => w.owner.agent.patch(`/api/users/${userId}/role`).set('X-Community-Id', w.id).send({ roles: next });
    // Another role that may lead keeps the subgroup.
    await roles(w.commander.user.id, ['CommunityModerator']).expect(200);
    expect(await leaderOf(w.subgroupId)).toBe(w.commander.user.id);
    expect(await releasesIn(w.id)).toEqual([]);
    await roles(w.commander.user.id, ['Member']).expect(200);
    expect(await leaderOf(w.subgroupId)).toBeNull();
    // Written down as a change of commander by whoever made the change that released it.
    expect(await releasesIn(w.id)).toEqual([{ actorId: w.owner.user.id, entityId: w.subgroupId, diff: { from: w.commander.user.id, to: null, reason: 'may no longer lead' } }]);

    for (const parting of ['removed', 'leaves'] as const) {
      await setRoles(db, w.id, w.neighbour.user.id, ['Commander']);
      await w.owner.agent.patch(`/api/subgroups/${w.subgroupId}/commander`).set('X-Community-Id', w.id).send({ commanderId: w.neighbour.user.id }).expect(200);
      if (parting === 'removed') await w.owner.agent.delete(`/api/communities/${w.id}/members/${w.neighbour.user.id}`).expect(200);
      else await w.neighbour.agent.post(`/api/communities/${w.id}/leave`).expect(200);
      expect(await leaderOf(w.subgroupId)).toBeNull();
      if (parting === 'removed') break;
    }
  });

  it('follows rights held in another community of the institution: kept while they hold them, released when they go', async () => {
    const { w, sibling, demote } = await institutionAdminInTwo();
    // Member here, but still InstitutionAdmin through the sibling: they may still lead.
    await demote(w.id).expect(200);
    expect(await leaderOf(w.subgroupId)).toBe(w.commander.user.id);
    // The right goes in the sibling: the subgroup here is released.
    await demote(sibling.id).expect(200);
    expect(await leaderOf(w.subgroupId)).toBeNull();
  });

  it('is released when the rights go in two communities at the same time: one person\'s standing changes one transaction at a time', { timeout: 60_000 }, async () => {
    const { w, sibling, demote } = await institutionAdminInTwo();
    // The first demotion (here) holds its transaction open after deciding; the second (in the sibling) comes
    // meanwhile. Each alone still sees the other community's right: only taken in turn do they release.
    let commitFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
    let firstDecided!: (backendPid: number) => void;
    const firstHasDecided = new Promise<number>((resolve) => (firstDecided = resolve));
    const first = db.transaction(async (tx) => {
      await tx.update(memberships).set({ roles: ['Member'] }).where(and(eq(memberships.communityId, w.id), eq(memberships.userId, w.commander.user.id)));
      await releaseLeadsBeyondStanding(tx, w.commander.user.id, null);
      firstDecided(rowsOf<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`))[0]!.pid);
      await firstMayCommit;
    });
    const firstPid = await firstHasDecided;
    if (!process.env.TEST_DATABASE_URL) {
      // PGlite has one connection: the second cannot begin before the first ends.
      commitFirst();
      await first;
    }
    let secondAnswered = false;
    const second = demote(sibling.id).then((response) => {
        secondAnswered = true;
        return response;
      });
    if (process.env.TEST_DATABASE_URL) {
      // On Postgres, until the second either waits for the first (blocked by its connection) or, without the
      // lock, has answered. Commit the first whatever happens, so no transaction is left open.
      const blockedByFirst = async () => {
        const result = await db.execute(sql`SELECT count(*)::int AS blocked FROM pg_stat_activity WHERE ${firstPid}::int = ANY(pg_blocking_pids(pid))`);
        return rowsOf<{ blocked: number }>(result)[0]!.blocked;
      };
      try {
        await vi.waitFor(async () => expect(secondAnswered || (await blockedByFirst()) > 0).toBe(true), { timeout: 30_000, interval: 20 });
      } finally {
        commitFirst();
        await first;
      }
    }
    expect((await second).status).toBe(200);
    expect(await leaderOf(w.subgroupId)).toBeNull();
  });

  it('is released when a later import lists its imported commander as a Member', async () => {
    const w = await subgroupWorld(app, db);
    const leader = { displayName: person('imported-leader').displayName, email: null };
    const imported = await importPerson(db, w.owner.agent, w.id, { ...leader, role: 'Commander' });
    await w.owner.agent.patch(`/api/subgroups/${w.subgroupId}/commander`).set('X-Community-Id', w.id).send({ commanderId: imported.id }).expect(200);
    await importPerson(db, w.owner.agent, w.id, { ...leader, role: 'Commander' });
    expect(await leaderOf(w.subgroupId)).toBe(imported.id);
    await importPerson(db, w.owner.agent, w.id, { ...leader, role: 'Member' });
    expect(await leaderOf(w.subgroupId)).toBeNull();
    expect(await releasesIn(w.id)).toEqual([expect.objectContaining({ actorId: w.owner.user.id, entityId: w.subgroupId })]);
  });

  it('is released when a claim brings an imported leader in with its roles capped below those that may lead', async () => {
    const w = await subgroupWorld(app, db);
    const imported = await importPerson(db, w.owner.agent, w.id, { displayName: person('leader').displayName, email: null });
    await setRoles(db, w.id, imported.id, ['CommunityModerator']);
    const beta = (await w.owner.agent.post('/api/subgroups').set('X-Community-Id', w.id).send({ name: 'Beta Group' }).expect(201)).body as { id: string };
    await w.owner.agent.patch(`/api/subgroups/${beta.id}/commander`).set('X-Community-Id', w.id).send({ commanderId: imported.id }).expect(200);

    await w.owner.agent.post(`/api/communities/${w.id}/imported-members/${imported.id}/link`).send({ userId: w.loner.user.id }).expect(202);
    // An offer: the lead moves (and is released) only once the member accepts it.
    expect(await leaderOf(beta.id)).toBe(imported.id);
    const [offer] = (await w.loner.agent.get('/api/user/history-offers').expect(200)).body as { id: string }[];
    await w.loner.agent.post(`/api/user/history-offers/${offer!.id}/accept`).expect(200);
    expect(await leaderOf(beta.id)).toBeNull();
  });

  it('releases, once, the leads that demotions before this rule left behind (migration 0023), and no other', async () => {
    const w = await subgroupWorld(app, db);
    const beta = (await w.owner.agent.post('/api/subgroups').set('X-Community-Id', w.id).send({ name: 'Beta Group' }).expect(201)).body as { id: string };
    const gamma = (await w.owner.agent.post('/api/subgroups').set('X-Community-Id', w.id).send({ name: 'Gamma Group' }).expect(201)).body as { id: string };
    // Alpha: a Commander (kept). Beta: a stale lead, demoted by hand (released). Gamma: the moderator (kept).
    await setRoles(db, w.id, w.neighbour.user.id, ['Commander']);
    await w.owner.agent.patch(`/api/subgroups/${beta.id}/commander`).set('X-Community-Id', w.id).send({ commanderId: w.neighbour.user.id }).expect(200);
    await setRoles(db, w.id, w.neighbour.user.id, ['Member']);
    await w.owner.agent.patch(`/api/subgroups/${gamma.id}/commander`).set('X-Community-Id', w.id).send({ commanderId: w.owner.user.id }).expect(200);

    const migration = fs.readFileSync(path.resolve(import.meta.dirname, '../../../migrations/0023_release_leads_beyond_standing.sql'), 'utf8');
    await db.execute(sql.raw(migration));
    expect([await leaderOf(w.subgroupId), await leaderOf(beta.id), await leaderOf(gamma.id)]).toEqual([w.commander.user.id, null, w.owner.user.id]);
  });
});
