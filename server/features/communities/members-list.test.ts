import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CommunityMember } from '@shared/contracts/communities';
import { users } from '@shared/schema/auth';
import { communities, memberships } from '@shared/schema/communities';
import { createTestApp } from '../../test/app';
import { addMember, createCommunity } from '../../test/factories';

const testApp = await createTestApp({ RATE_LIMIT_REGISTER_PER_IP: 100_000, RATE_LIMIT_JOIN_PER_IP: 100_000, RATE_LIMIT_JOIN_PER_USER: 100_000 });
const { app } = testApp;
const { db } = testApp.database;

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
  return { ...fixture, overseer };
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
