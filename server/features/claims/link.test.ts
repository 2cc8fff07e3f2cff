import { eq } from 'drizzle-orm';
import request from 'supertest';
import { memberships } from '@shared/schema/communities';
import { notifications } from '@shared/schema/notifications';
import { createTestApp } from '../../test/app';
import { auditRowsOf, expectJsonError, grantSuperAdmin, setRoles } from '../../test/community-fixtures';
import { type Agent, addMember, createCommunity, signUp } from '../../test/factories';
import { dumpImport, membershipOf } from '../imports/import-test-kit';
import { LIFTED_LIMITS } from '../tracking/tracking-test-kit';
import { importPerson, lastMonth, person, userById } from './claims-test-kit';
import { IMPORTED_MEMBER_NOT_FOUND, LINK_RANK_MESSAGE, LINK_SHARED_RECORD, LINK_TARGET_NOT_MEMBER, LINKED_MESSAGE } from './link-service';

/*
 * POST /api/communities/{id}/imported-members/{importedUserId}/link (issue 21 item 9, DECISIONS.md "Imported
 * members and claiming"): an admin of the record's community moves a name-only record's history onto a real
 * member of that community. Everything over HTTP, on the real database.
 */

const { app, database } = await createTestApp(LIFTED_LIMITS);
const db = database.db;

const linkUrl = (communityId: string, importedUserId: string) => `/api/communities/${communityId}/imported-members/${importedUserId}/link`;
const link = (agent: Agent, communityId: string, importedUserId: string, userId: unknown) => agent.post(linkUrl(communityId, importedUserId)).send({ userId });

async function notificationsOf(agent: Agent) {
  return (await agent.get('/api/notifications').expect(200)).body as { title: string; message: string; type: string; communityId: string; fromUserId: string | null }[];
}

/** Everything a link could write for the community: its members' users, memberships, logs, targets, audit rows, and the record itself. */
async function snapshot(communityId: string, importedUserId: string) {
  return {
    ...(await dumpImport(db, communityId)),
    audit: await auditRowsOf(db, communityId),
    imported: await userById(db, importedUserId),
    notifications: await db.select().from(notifications).where(eq(notifications.communityId, communityId)).orderBy(notifications.id),
  };
}

/** A community with a real member and a name-only imported record (Commander, two days of last month, a target). */
async function world() {
  const community = await createCommunity(app);
  const id = community.community.id;
  const period = lastMonth();
  const member = await addMember(app, community, 'linked');
  const importedName = person('nameonly').displayName;
  const imported = await importPerson(db, community.owner.agent, id, { displayName: importedName, email: null, role: 'Commander', days: { 1: 'Yes', 2: 'Partially' }, bibleReadingTarget: '3 chapters' }, period);
  return { community, id, period, member, imported, importedName };
}

describe('POST /api/communities/:id/imported-members/:importedUserId/link', () => {
  it('lets a moderator move a name-only record onto a real member: logs, target, roles; the record is gone, audited, the member told', async () => {
    const { community, id, period, member, imported } = await world();
    expect(imported).toMatchObject({ isImported: true, email: null, importedCommunityId: id });

    const response = await link(community.owner.agent, id, imported.id, member.user.id.toUpperCase()).expect(200);
    expect(response.body).toEqual({ message: LINKED_MESSAGE });

    const log = await member.agent.get(`/api/communities/${id}/daily-log`).query(period).expect(200);
    expect(log.body.dayStatus).toEqual({ bibleReading: { '1': 'Yes', '2': 'Partially' } });
    const targets = await member.agent.get(`/api/users/${member.user.id}/discipline-targets`).set('X-Community-Id', id).query(period).expect(200);
    expect(targets.body.bibleReading).toBe('3 chapters');
    expect((await membershipOf(db, id, member.user.id))?.roles).toEqual(['Member', 'Commander']);

    expect(await userById(db, imported.id)).toBeUndefined();
    const members = (await community.owner.agent.get(`/api/communities/${id}/members`).expect(200)).body as { id: string }[];
    expect(members.map((row) => row.id).sort()).toEqual([community.owner.user.id, member.user.id].sort());

    expect(await auditRowsOf(db, id)).toContainEqual(
      expect.objectContaining({ entity: 'user', action: 'link-imported', actorId: community.owner.user.id, entityId: member.user.id, diff: expect.objectContaining({ importedUserId: imported.id, via: 'link' }) }),
    );
    expect(await notificationsOf(member.agent)).toContainEqual(
      expect.objectContaining({
        type: 'other',
        title: 'Your history was linked',
        message: `${community.owner.user.displayName} linked your imported history to your account.`,
        communityId: id,
        fromUserId: community.owner.user.id,
      }),
    );
  });

  it('notifies the other moderators, and not the moderator who links onto themselves', async () => {
    const { community, id, imported } = await world();
    const coModerator = await addMember(app, community, 'comoderator');
    await setRoles(db, id, coModerator.user.id, ['CommunityModerator']);
    await link(community.owner.agent, id, imported.id, community.owner.user.id).expect(200);
    expect((await membershipOf(db, id, community.owner.user.id))?.roles).toEqual(['CommunityModerator', 'Commander']);
    const ownerTold = (await notificationsOf(community.owner.agent)).map((n) => n.title);
    expect(ownerTold).not.toContain('Your history was linked');
    expect(ownerTold).not.toContain('History claimed');
    expect(await notificationsOf(coModerator.agent)).toContainEqual(expect.objectContaining({ title: 'History claimed', communityId: id }));
  });

  it('answers 403 to a Member or a Commander of the community and changes nothing', async () => {
    const { community, id, member, imported } = await world();
    const commander = await addMember(app, community, 'commander');
    await setRoles(db, id, commander.user.id, ['Commander']);
    const before = await snapshot(id, imported.id);
    for (const agent of [member.agent, commander.agent]) {
      expectJsonError(await link(agent, id, imported.id, member.user.id), 403);
    }
    expect(await snapshot(id, imported.id)).toEqual(before);
  });

  it('answers 401 signed out and 404 to a moderator of another community, with either community id, and changes nothing', async () => {
    const { id, member, imported } = await world();
    const other = await createCommunity(app);
    const otherMember = await addMember(app, other, 'othermember');
    const before = await snapshot(id, imported.id);

    expectJsonError(await link(request.agent(app), id, imported.id, member.user.id), 401);
    // This community's id: they are no member of it.
    expectJsonError(await link(other.owner.agent, id, imported.id, member.user.id), 404);
    // Their own community's id: the record is not theirs.
    expectJsonError(await link(other.owner.agent, other.community.id, imported.id, otherMember.user.id), 404, IMPORTED_MEMBER_NOT_FOUND);
    expectJsonError(await link(other.owner.agent, other.community.id, imported.id, other.owner.user.id), 404, IMPORTED_MEMBER_NOT_FOUND);

    expect(await snapshot(id, imported.id)).toEqual(before);
    expect(await userById(db, imported.id)).toMatchObject({ isImported: true });
  });

  it('answers 404 for a record of another community, even one the moderator also runs or one that is a member here', async () => {
    const { community, id, member } = await world();
    // A second community of the same moderator, with a record of its own.
    const second = (await community.owner.agent.post('/api/communities').send({ name: `Second ${person('c').displayName}` }).expect(201)).body as { id: string };
    const theirs = await importPerson(db, community.owner.agent, second.id, { displayName: person('elsewhere').displayName, email: null, days: { 3: 'Yes' } });
    // Carried over from older data: a member of this community too, but imported by the other one.
    await db.insert(memberships).values({ userId: theirs.id, communityId: id, roles: ['Member'] });
    const before = await snapshot(second.id, theirs.id);
    expectJsonError(await link(community.owner.agent, id, theirs.id, member.user.id), 404, IMPORTED_MEMBER_NOT_FOUND);
    expect(await snapshot(second.id, theirs.id)).toEqual(before);
    expect(await userById(db, theirs.id)).toMatchObject({ isImported: true, importedCommunityId: second.id });

    // A real member's id, an unknown id and no id at all are no imported record either.
    for (const importedUserId of [member.user.id, '00000000-0000-4000-8000-000000000000']) {
      expectJsonError(await link(community.owner.agent, id, importedUserId, community.owner.user.id), 404, IMPORTED_MEMBER_NOT_FOUND);
    }
    expectJsonError(await link(community.owner.agent, id, 'not-an-id', member.user.id), 404, IMPORTED_MEMBER_NOT_FOUND);
    expect((await membershipOf(db, id, member.user.id))?.roles).toEqual(['Member']);
  });

  it('refuses (409) a record from before records were kept apart that another community holds too, and moves nothing of either', async () => {
    const { community, id, member, imported } = await world();
    const other = await createCommunity(app);
    // Adopted by the other community's import under the old rules: a membership and a month of its own there.
    await db.insert(memberships).values({ userId: imported.id, communityId: other.community.id, roles: ['Commander'] });
    const before = [await snapshot(id, imported.id), await snapshot(other.community.id, imported.id)];
    expectJsonError(await link(community.owner.agent, id, imported.id, member.user.id), 409, LINK_SHARED_RECORD);
    expect([await snapshot(id, imported.id), await snapshot(other.community.id, imported.id)]).toEqual(before);
    expect(await membershipOf(db, other.community.id, member.user.id)).toBeUndefined();
  });

  it('refuses (403) a link onto a member whose role is above the linking admin’s, and changes nothing', async () => {
    const { community, id, imported } = await world();
    const moderator = await addMember(app, community, 'comod');
    await setRoles(db, id, moderator.user.id, ['CommunityModerator']);
    const superAdmin = await addMember(app, community, 'super');
    await grantSuperAdmin(db, superAdmin.user.id);
    const before = await snapshot(id, imported.id);
    expectJsonError(await link(moderator.agent, id, imported.id, superAdmin.user.id), 403, LINK_RANK_MESSAGE);
    expect(await snapshot(id, imported.id)).toEqual(before);
  });

  it('refuses (400, on userId) anyone but a real member of this community, and a body without a proper id', async () => {
    const { community, id, imported } = await world();
    const stranger = await signUp(app);
    const elsewhere = await createCommunity(app);
    const otherImported = await importPerson(db, community.owner.agent, id, { displayName: person('another').displayName, email: null });
    const before = await snapshot(id, imported.id);

    // Signed up but no member; a member of another community only; another imported record; nobody.
    for (const userId of [stranger.user.id, elsewhere.owner.user.id, otherImported.id, imported.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await link(community.owner.agent, id, imported.id, userId);
      expectJsonError(response, 400, LINK_TARGET_NOT_MEMBER);
      expect(response.body.fields).toEqual({ userId: LINK_TARGET_NOT_MEMBER });
    }
    for (const body of [{}, { userId: 'nope' }, { userId: 42 }, { userId: null }]) {
      const response = await community.owner.agent.post(linkUrl(id, imported.id)).send(body);
      expectJsonError(response, 400);
      expect(Object.keys(response.body.fields ?? {})).toEqual(['userId']);
    }
    expect(await snapshot(id, imported.id)).toEqual(before);
  });

  it('answers 404 to a second link of the same record', async () => {
    const { community, id, member, imported } = await world();
    await link(community.owner.agent, id, imported.id, member.user.id).expect(200);
    const second = await addMember(app, community, 'second');
    expectJsonError(await link(community.owner.agent, id, imported.id, second.user.id), 404, IMPORTED_MEMBER_NOT_FOUND);
    expect(await membershipOf(db, id, second.user.id)).toMatchObject({ roles: ['Member'] });
  });

  it('gives one of two concurrent links of the same record 200 and the other 404', async () => {
    const { community, id, member, imported } = await world();
    const second = await addMember(app, community, 'second');
    const responses = await Promise.all([link(community.owner.agent, id, imported.id, member.user.id), link(community.owner.agent, id, imported.id, second.user.id)]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 404]);
    const winner = responses[0]!.status === 200 ? member : second;
    const loser = winner === member ? second : member;
    expect((await membershipOf(db, id, winner.user.id))?.roles).toEqual(['Member', 'Commander']);
    expect((await membershipOf(db, id, loser.user.id))?.roles).toEqual(['Member']);
    expect((await auditRowsOf(db, id)).filter((row) => row.action === 'link-imported')).toHaveLength(1);
  });
});
