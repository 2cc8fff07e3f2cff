import type express from 'express';
import { setRoles } from '../../test/community-fixtures';
import type { Database } from '../../db/client';
import { communityWith } from '../tracking/tracking-test-kit';

/** Shared set-up for the question and meeting tests (not a test file itself). */

/**
 * A community with a subgroup led by `commander`, whose members are `asker` and `neighbour` (a third member
 * of the same subgroup), plus `loner`, a member in no subgroup. The owner is its CommunityModerator.
 */
export async function subgroupWorld(app: express.Express, db: Database) {
  const fixture = await communityWith(app, 'commander', 'asker', 'neighbour', 'loner');
  const [commander, asker, neighbour, loner] = fixture.members as [typeof fixture.owner, typeof fixture.owner, typeof fixture.owner, typeof fixture.owner];
  await setRoles(db, fixture.id, commander.user.id, ['Commander']);
  const inCommunity = <T extends { set: (name: string, value: string) => T }>(call: T) => call.set('X-Community-Id', fixture.id);
  const subgroup = (await inCommunity(fixture.owner.agent.post('/api/subgroups')).send({ name: 'Alpha Group' }).expect(201)).body as { id: string };
  await inCommunity(fixture.owner.agent.patch(`/api/subgroups/${subgroup.id}/commander`)).send({ commanderId: commander.user.id }).expect(200);
  for (const member of [asker, neighbour]) {
    await inCommunity(fixture.owner.agent.patch(`/api/users/${member.user.id}/subgroup`)).send({ subgroupId: subgroup.id }).expect(200);
  }
  return { ...fixture, commander, asker, neighbour, loner, subgroupId: subgroup.id };
}

export type SubgroupWorld = Awaited<ReturnType<typeof subgroupWorld>>;
