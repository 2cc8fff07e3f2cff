import type { OwnSubgroupView, SubgroupView } from '@shared/contracts/subgroups';
import { createTestApp } from '../../test/app';
import { setRoles } from '../../test/community-fixtures';
import { communityWith, LIFTED_LIMITS } from '../tracking/tracking-test-kit';

// A commander's "My Subgroup" is the one they lead, whether or not they are assigned to it (DECISIONS.md).

const { app, database } = await createTestApp(LIFTED_LIMITS);
const { db } = database;

async function withSubgroups(...names: string[]) {
  const fixture = await communityWith(app, 'commander');
  const commander = fixture.members[0]!;
  await setRoles(db, fixture.id, commander.user.id, ['Commander']);
  const made: SubgroupView[] = [];
  for (const name of names) made.push((await fixture.owner.agent.post('/api/subgroups').set('X-Community-Id', fixture.id).send({ name }).expect(201)).body as SubgroupView);
  const lead = (subgroup: SubgroupView) =>
    fixture.owner.agent.patch(`/api/subgroups/${subgroup.id}/commander`).set('X-Community-Id', fixture.id).send({ commanderId: commander.user.id }).expect(200);
  const own = async () => (await commander.agent.get('/api/user/subgroup').set('X-Community-Id', fixture.id).expect(200)).body as OwnSubgroupView;
  return { fixture, commander, made, lead, own };
}

const summary = (subgroup: SubgroupView) => ({ id: subgroup.id, name: subgroup.name, description: subgroup.description, createdAt: subgroup.createdAt });

describe('GET /api/user/subgroup for a commander', () => {
  it('answers the subgroup they lead when they are assigned to none', async () => {
    const { commander, made, lead, own } = await withSubgroups('Alpha Group');
    expect(await own()).toEqual({ subgroup: null, commander: null, ledSubgroups: [] });
    await lead(made[0]!);
    expect(await own()).toEqual({
      subgroup: summary(made[0]!),
      commander: { id: commander.user.id, displayName: commander.user.displayName },
      ledSubgroups: [],
    });
  });

  it('answers the assigned subgroup first, and the subgroups they lead besides in ledSubgroups, never twice', async () => {
    const { fixture, commander, made, lead, own } = await withSubgroups('Zeta Group', 'Beta Group', 'Alpha Group');
    const [zeta, beta, alpha] = made as [SubgroupView, SubgroupView, SubgroupView];
    await lead(beta);
    await lead(alpha);
    // Assigned to Zeta, which someone else (nobody yet) leads.
    await fixture.owner.agent.patch(`/api/users/${commander.user.id}/subgroup`).set('X-Community-Id', fixture.id).send({ subgroupId: zeta.id }).expect(200);
    expect(await own()).toEqual({ subgroup: summary(zeta), commander: null, ledSubgroups: [summary(alpha), summary(beta)] });
    // Assigned to one they lead: it is not repeated.
    await fixture.owner.agent.patch(`/api/users/${commander.user.id}/subgroup`).set('X-Community-Id', fixture.id).send({ subgroupId: beta.id }).expect(200);
    const view = await own();
    expect(view.subgroup).toEqual(summary(beta));
    expect(view.commander?.id).toBe(commander.user.id);
    expect(view.ledSubgroups).toEqual([summary(alpha)]);
  });

  it("does not show a plain member another subgroup's details", async () => {
    const { fixture, made, lead } = await withSubgroups('Alpha Group');
    await lead(made[0]!);
    const plain = await communityWith(app, 'member');
    expect((await plain.members[0]!.agent.get('/api/user/subgroup').set('X-Community-Id', plain.id).expect(200)).body).toEqual({ subgroup: null, commander: null, ledSubgroups: [] });
    expect((await fixture.owner.agent.get('/api/user/subgroup').set('X-Community-Id', fixture.id).expect(200)).body.subgroup).toBeNull();
  });
});
