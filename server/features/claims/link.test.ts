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
import type { HistoryOfferView } from '@shared/contracts/imported-members';
import { historyOffers } from '@shared/schema/history-offers';
import { HISTORY_OFFER_NOT_FOUND, OFFER_ACCEPTED_MESSAGE, OFFER_DECLINED_MESSAGE } from './history-offers';
import { IMPORTED_MEMBER_NOT_FOUND, LINK_RANK_MESSAGE, LINK_SHARED_RECORD, LINK_TARGET_NOT_MEMBER, OFFERED_MESSAGE } from './link-service';

/*
 * POST /api/communities/{id}/imported-members/{importedUserId}/link (issue 21 item 9, DECISIONS.md "Imported
 * members and claiming", issue 38 item 7): an admin of the record's community offers a name-only record's history
 * to a real member of that community, who accepts or declines it; nothing of the member's log changes before
 * they accept. Everything over HTTP, on the real database.
 */

const { app, database } = await createTestApp(LIFTED_LIMITS);
const db = database.db;

const linkUrl = (communityId: string, importedUserId: string) => `/api/communities/${communityId}/imported-members/${importedUserId}/link`;
const link = (agent: Agent, communityId: string, importedUserId: string, userId: unknown) => agent.post(linkUrl(communityId, importedUserId)).send({ userId });

const offersOf = async (agent: Agent) => (await agent.get('/api/user/history-offers').expect(200)).body as HistoryOfferView[];

/** Links the record to the member (202) and has the member accept the offer it made. */
async function linkAndAccept(admin: Agent, communityId: string, importedUserId: string, member: { agent: Agent }) {
  await link(admin, communityId, importedUserId, (await member.agent.get('/api/user').expect(200)).body.id).expect(202);
  const [offer] = await offersOf(member.agent);
  await member.agent.post(`/api/user/history-offers/${offer!.id}/accept`).expect(200);
}

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
  it('makes an offer (202) that changes nothing of the member’s log; the member sees what it brings, and accepting moves it: logs, target, roles; the record is gone, audited', async () => {
    const { community, id, period, member, imported } = await world();
    expect(imported).toMatchObject({ isImported: true, email: null, importedCommunityId: id });
    // The member's own month, and a month locked by the community: the offer touches neither.
    await member.agent.post(`/api/communities/${id}/daily-log`).send({ ...period, dayStatus: { bibleReading: { '2': 'No' } } }).expect(200);
    const before = await snapshot(id, imported.id);
    const logBefore = (await member.agent.get(`/api/communities/${id}/daily-log`).query(period).expect(200)).body;

    const response = await link(community.owner.agent, id, imported.id, member.user.id.toUpperCase()).expect(202);
    expect(response.body).toEqual({ message: OFFERED_MESSAGE });
    expect((await member.agent.get(`/api/communities/${id}/daily-log`).query(period).expect(200)).body).toEqual(logBefore);
    expect((await membershipOf(db, id, member.user.id))?.roles).toEqual(['Member']);
    expect(await userById(db, imported.id)).toMatchObject({ isImported: true });
    const after = await snapshot(id, imported.id);
    expect({ ...after, audit: before.audit, notifications: before.notifications }).toEqual(before);

    // The member is told, and sees the offer: one month, two days, from whom.
    expect(await notificationsOf(member.agent)).toContainEqual(
      expect.objectContaining({ type: 'history_offered', title: 'History offered to you', communityId: id, fromUserId: community.owner.user.id }),
    );
    const offers = await offersOf(member.agent);
    expect(offers).toEqual([
      { id: expect.any(String), communityId: id, communityName: community.community.name, months: 1, days: 2, offeredBy: community.owner.user.displayName, createdAt: expect.any(String), expiresAt: expect.any(String) },
    ]);
    // The record stays listed, marked with whom it is offered to (admins see it).
    const listed = (await community.owner.agent.get(`/api/communities/${id}/members`).query({ limit: 50 }).expect(200)).body.members as { id: string; offeredTo: string | null }[];
    expect(listed.find((row) => row.id === imported.id)?.offeredTo).toBe(member.user.displayName);
    expect(listed.find((row) => row.id === member.user.id)?.offeredTo).toBeNull();

    expect((await member.agent.post(`/api/user/history-offers/${offers[0]!.id}/accept`).expect(200)).body).toEqual({ message: OFFER_ACCEPTED_MESSAGE });
    const log = await member.agent.get(`/api/communities/${id}/daily-log`).query(period).expect(200);
    // Merged, the member's own cell winning.
    expect(log.body.dayStatus).toEqual({ bibleReading: { '1': 'Yes', '2': 'No' } });
    const targets = await member.agent.get(`/api/users/${member.user.id}/discipline-targets`).set('X-Community-Id', id).query(period).expect(200);
    expect(targets.body.bibleReading).toBe('3 chapters');
    expect((await membershipOf(db, id, member.user.id))?.roles).toEqual(['Member', 'Commander']);
    expect(await userById(db, imported.id)).toBeUndefined();
    expect(await offersOf(member.agent)).toEqual([]);
    const members = (await community.owner.agent.get(`/api/communities/${id}/members`).expect(200)).body as { id: string }[];
    expect(members.map((row) => row.id).sort()).toEqual([community.owner.user.id, member.user.id].sort());
    expect(await auditRowsOf(db, id)).toContainEqual(
      expect.objectContaining({ entity: 'user', action: 'link-imported', actorId: community.owner.user.id, entityId: member.user.id, diff: expect.objectContaining({ importedUserId: imported.id, via: 'link' }) }),
    );
    // Answered: a second answer finds nothing.
    expectJsonError(await member.agent.post(`/api/user/history-offers/${offers[0]!.id}/accept`), 404, HISTORY_OFFER_NOT_FOUND);
  });

  it('declining moves nothing and leaves the record for another link; only the member it was offered to sees or answers it (anyone else 404)', async () => {
    const { community, id, period, member, imported } = await world();
    await link(community.owner.agent, id, imported.id, member.user.id).expect(202);
    const [offer] = await offersOf(member.agent);
    const intruder = await addMember(app, community, 'intruder');
    expect(await offersOf(intruder.agent)).toEqual([]);
    expect(await offersOf(community.owner.agent)).toEqual([]);
    for (const agent of [intruder.agent, community.owner.agent]) {
      expectJsonError(await agent.post(`/api/user/history-offers/${offer!.id}/accept`), 404, HISTORY_OFFER_NOT_FOUND);
      expectJsonError(await agent.post(`/api/user/history-offers/${offer!.id}/decline`), 404, HISTORY_OFFER_NOT_FOUND);
    }
    expectJsonError(await member.agent.post('/api/user/history-offers/not-an-id/accept'), 404, HISTORY_OFFER_NOT_FOUND);
    await request(app).get('/api/user/history-offers').expect(401);
    await request(app).post(`/api/user/history-offers/${offer!.id}/accept`).expect(401);

    expect((await member.agent.post(`/api/user/history-offers/${offer!.id.toUpperCase()}/decline`).expect(200)).body).toEqual({ message: OFFER_DECLINED_MESSAGE });
    expect((await member.agent.get(`/api/communities/${id}/daily-log`).query(period).expect(200)).body.dayStatus).toEqual({});
    expect(await userById(db, imported.id)).toMatchObject({ isImported: true });
    expectJsonError(await member.agent.post(`/api/user/history-offers/${offer!.id}/accept`), 404, HISTORY_OFFER_NOT_FOUND);
    // The record can be offered again, to the right person.
    await link(community.owner.agent, id, imported.id, intruder.user.id).expect(202);
    expect(await offersOf(intruder.agent)).toHaveLength(1);
  });

  it('an offer past its 30 days, or to a member who has left, cannot be accepted', async () => {
    const { community, id, member, imported } = await world();
    await link(community.owner.agent, id, imported.id, member.user.id).expect(202);
    const [offer] = await offersOf(member.agent);
    await db.update(historyOffers).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(historyOffers.id, offer!.id));
    expect(await offersOf(member.agent)).toEqual([]);
    expectJsonError(await member.agent.post(`/api/user/history-offers/${offer!.id}/accept`), 404, HISTORY_OFFER_NOT_FOUND);

    const leaver = await addMember(app, community, 'leaver');
    await link(community.owner.agent, id, imported.id, leaver.user.id).expect(202);
    const [theirs] = await offersOf(leaver.agent);
    await leaver.agent.post(`/api/communities/${id}/leave`).expect(200);
    expect(await offersOf(leaver.agent)).toEqual([]);
    expectJsonError(await leaver.agent.post(`/api/user/history-offers/${theirs!.id}/accept`), 404, HISTORY_OFFER_NOT_FOUND);
    expect(await userById(db, imported.id)).toMatchObject({ isImported: true });
  });

  it('notifies the other moderators, and not the moderator who links onto themselves', async () => {
    const { community, id, imported } = await world();
    const coModerator = await addMember(app, community, 'comoderator');
    await setRoles(db, id, coModerator.user.id, ['CommunityModerator']);
    await linkAndAccept(community.owner.agent, id, imported.id, community.owner);
    expect((await membershipOf(db, id, community.owner.user.id))?.roles).toEqual(['CommunityModerator', 'Commander']);
    const ownerTold = (await notificationsOf(community.owner.agent)).map((n) => n.title);
    expect(ownerTold).not.toContain('History offered to you');
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

  it('a second link of the same record replaces the pending offer; once accepted, the record is gone (404)', async () => {
    const { community, id, member, imported } = await world();
    await link(community.owner.agent, id, imported.id, member.user.id).expect(202);
    const second = await addMember(app, community, 'second');
    await link(community.owner.agent, id, imported.id, second.user.id).expect(202);
    expect(await offersOf(member.agent)).toEqual([]);
    const [offer] = await offersOf(second.agent);
    await second.agent.post(`/api/user/history-offers/${offer!.id}/accept`).expect(200);
    expectJsonError(await link(community.owner.agent, id, imported.id, member.user.id), 404, IMPORTED_MEMBER_NOT_FOUND);
    expect(await membershipOf(db, id, member.user.id)).toMatchObject({ roles: ['Member'] });
  });

  it('of two concurrent links of the same record, one offer stands; of two concurrent accepts, one moves the history', async () => {
    const { community, id, member, imported } = await world();
    const second = await addMember(app, community, 'second');
    const responses = await Promise.all([link(community.owner.agent, id, imported.id, member.user.id), link(community.owner.agent, id, imported.id, second.user.id)]);
    expect(responses.map((response) => response.status)).toEqual([202, 202]);
    expect(await db.select().from(historyOffers).where(eq(historyOffers.importedUserId, imported.id))).toHaveLength(1);
    const winner = (await offersOf(member.agent)).length === 1 ? member : second;
    const [offer] = await offersOf(winner.agent);
    const accepts = await Promise.all([1, 2].map(() => winner.agent.post(`/api/user/history-offers/${offer!.id}/accept`)));
    expect(accepts.map((response) => response.status).sort()).toEqual([200, 404]);
    expect((await membershipOf(db, id, winner.user.id))?.roles).toEqual(['Member', 'Commander']);
    expect((await auditRowsOf(db, id)).filter((row) => row.action === 'link-imported')).toHaveLength(1);
  });
});
