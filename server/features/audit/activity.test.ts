import { randomUUID } from 'node:crypto';
import type { ActivityPage } from '@shared/contracts/activity';
import { ACTIVITY_PAGE_SIZE } from '@shared/contracts/activity';
import { auditLogs } from '@shared/schema/audit';
import { createTestApp } from '../../test/app';
import { expectJsonError } from '../../test/community-fixtures';
import { signUp } from '../../test/factories';
import { communityWith, LIFTED_LIMITS } from '../tracking/tracking-test-kit';

const { app, database } = await createTestApp(LIFTED_LIMITS);
const { db } = database;

const activityOf = (fixture: Awaited<ReturnType<typeof communityWith>>, cursor?: string) =>
  fixture.owner.agent.get(`/api/communities/${fixture.id}/activity${cursor ? `?cursor=${cursor}` : ''}`);

describe('GET /api/communities/{id}/activity', () => {
  it('tells who did what, newest first, with the names the admins see and nothing the log keeps for the record', async () => {
    const fixture = await communityWith(app, 'ruth');
    const ruth = fixture.members[0]!;
    const owner = fixture.owner;
    await owner.agent.patch(`/api/users/${ruth.user.id}/role`).set('X-Community-Id', fixture.id).send({ roles: ['Member', 'Commander'] }).expect(200);
    const subgroup = (await owner.agent.post('/api/subgroups').set('X-Community-Id', fixture.id).send({ name: 'Alpha Group', description: null }).expect(201)).body as { id: string };
    await owner.agent.patch(`/api/users/${ruth.user.id}/subgroup`).set('X-Community-Id', fixture.id).send({ subgroupId: subgroup.id }).expect(200);

    const page = (await activityOf(fixture).expect(200)).body as ActivityPage;
    expect(page.nextCursor).toBeNull();
    const lines = page.entries.map(({ kind, actor, subject, detail }) => ({ kind, actor, subject, detail }));
    expect(lines.slice(0, 3)).toEqual([
      { kind: 'membership.subgroup.assign', actor: owner.user.displayName, subject: ruth.user.displayName, detail: { to: 'Alpha Group' } },
      { kind: 'subgroup.create', actor: owner.user.displayName, subject: 'Alpha Group', detail: { name: 'Alpha Group' } },
      { kind: 'membership.roles.update', actor: owner.user.displayName, subject: ruth.user.displayName, detail: { roles: ['Member', 'Commander'] } },
    ]);
    // Older: Ruth's joining, the invite codes made for it, the community's creation.
    expect(lines.map((line) => line.kind)).toEqual(expect.arrayContaining(['membership.join', 'invite_code.create', 'community.create']));
    expect(lines.at(-1)).toMatchObject({ kind: 'community.create', detail: { name: fixture.community.name } });
    const times = page.entries.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // No e-mail address and no id of a person leaves the server in a line.
    const body = JSON.stringify(page.entries.map(({ id: _id, ...line }) => line));
    expect(body).not.toContain(ruth.email);
    expect(body).not.toContain(ruth.user.id);
  });

  it("keeps a review's notes and a code out: only what the sentence needs", async () => {
    const fixture = await communityWith(app);
    await db.insert(auditLogs).values([
      { actorId: fixture.owner.user.id, communityId: fixture.id, entity: 'member_application', entityId: randomUUID(), action: 'approve', diff: { from: 'Pending', to: 'Approved', reviewNotes: 'Struggles with fasting' } },
      { actorId: fixture.owner.user.id, communityId: fixture.id, entity: 'invite_code', entityId: randomUUID(), action: 'revoke', diff: { code: 'SECRETCODE' } },
      { actorId: null, communityId: fixture.id, entity: 'user_discipline_targets', entityId: randomUUID(), action: 'update', diff: { month: 3, year: 2026, fasting: 'Wednesdays' } },
      { actorId: null, actorLabel: 'a deleted account', communityId: fixture.id, entity: 'membership', entityId: 'a deleted account', action: 'leave' },
    ]);
    const page = (await activityOf(fixture).expect(200)).body as ActivityPage;
    const text = JSON.stringify(page);
    expect(text).not.toContain('Struggles');
    expect(text).not.toContain('SECRETCODE');
    expect(text).not.toContain('Wednesdays');
    const byKind = Object.fromEntries(page.entries.map((entry) => [entry.kind, entry]));
    expect(byKind['member_application.approve']).toMatchObject({ detail: {} });
    expect(byKind['user_discipline_targets.update']).toMatchObject({ actor: null, subject: null, detail: { month: 3, year: 2026 } });
    expect(byKind['membership.leave']).toMatchObject({ actor: 'a deleted account', subject: null });
  });

  it(`reads ${ACTIVITY_PAGE_SIZE} at a time and loses none where many share one instant`, async () => {
    const fixture = await communityWith(app);
    const instant = new Date('2026-03-01T12:00:00.123456Z');
    await db.insert(auditLogs).values(
      Array.from({ length: 2 * ACTIVITY_PAGE_SIZE + 3 }, (_, i) => ({ actorId: fixture.owner.user.id, communityId: fixture.id, entity: 'guidance', entityId: fixture.id, action: 'save', diff: { i }, createdAt: instant })),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = (await activityOf(fixture, cursor).expect(200)).body as ActivityPage;
      expect(page.entries.length).toBeLessThanOrEqual(ACTIVITY_PAGE_SIZE);
      seen.push(...page.entries.map((entry) => entry.id));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    // The 43 saves, and what making the community wrote (its creation, its default disciplines...).
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(2 * ACTIVITY_PAGE_SIZE + 3);
    expect(pages).toBe(Math.ceil(seen.length / ACTIVITY_PAGE_SIZE));
  });

  it('answers a forged cursor with 400, a member 403 and someone outside the community 404', async () => {
    const fixture = await communityWith(app, 'member');
    expectJsonError(await activityOf(fixture, 'bm90LWEtY3Vyc29y'), 400);
    expectJsonError(await fixture.members[0]!.agent.get(`/api/communities/${fixture.id}/activity`), 403);
    const outsider = await signUp(app);
    expectJsonError(await outsider.agent.get(`/api/communities/${fixture.id}/activity`), 404);
  });
});
