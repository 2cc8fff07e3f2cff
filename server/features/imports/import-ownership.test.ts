import { eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import type { CommunityMember } from '@shared/contracts/communities';
import type { ImportResult } from '@shared/contracts/imports';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import { userDisciplineTargets } from '@shared/schema/tracking';
import { createTestApp } from '../../test/app';
import { addMember, createCommunity, signUp, TEST_PASSWORD, uniqueIdentity } from '../../test/factories';
import { LIFTED_LIMITS, logRowsOf, mark } from '../tracking/tracking-test-kit';
import { csvOf, importWithSuggestedMapping, membershipOf, postImport, usersNamed } from './import-test-kit';

// DECISIONS.md "Imported members and claiming": an imported record belongs to the community that imported it.

const { app, database } = await createTestApp(LIFTED_LIMITS);
const db = database.db;

const APRIL_2024 = { month: 4, year: 2024 };
const HEADER = ['Name', 'Email', 'Role', 'Bible Reading', 'Bible Reading 2'];
const MAPPING = { Name: 'displayName', Email: 'email', Role: 'role', 'Bible Reading': 'bibleReading', 'Bible Reading 2': 'bibleReading:2' };
const fileOf = (...rows: string[][]) => csvOf([HEADER, ...rows.map((row) => [...row, '', '', '', ''].slice(0, HEADER.length))]);
const suffix = () => uniqueIdentity('x').displayName.split(' ')[1]!;

async function run(fixture: Awaited<ReturnType<typeof createCommunity>>, csvData: string, columnMapping: Record<string, string> = MAPPING) {
  const response = await postImport(fixture.owner.agent, fixture.community.id, { csvData, columnMapping, importMonth: APRIL_2024.month, importYear: APRIL_2024.year });
  expect(response.status, response.text).toBe(200);
  return response.body as ImportResult;
}

/** The users rows and every membership of these people: what another community's import must leave alone. */
async function recordsOf(ids: string[]) {
  return {
    users: await db.select().from(users).where(inArray(users.id, ids)),
    memberships: await db.select().from(memberships).where(inArray(memberships.userId, ids)),
  };
}

describe('POST /api/import/csv: records of another community', () => {
  it('never reads, adopts or writes another community’s imported member, even one of the same name', async () => {
    const victim = await createCommunity(app);
    const tag = suffix();
    const hannah = { name: `Hannah Whitfield ${tag}`, email: `hannah-${tag}@example.org` };
    const abel = `Abel Ward ${tag}`;
    expect(await run(victim, fileOf([hannah.name, hannah.email, '', '', 'y'], [abel, '', '', '', 'n']))).toEqual({ importedCount: 2, createdCount: 2, changedCount: 2, errors: [], refusedCells: [], alreadyMembers: [] });
    const victimIds = (await usersNamed(db, { names: [hannah.name, abel] })).map((user) => user.id);
    const before = await recordsOf(victimIds);

    // An outsider names the same people: first without e-mails, then with addresses of their own.
    const outsider = await createCommunity(app);
    const outsiderEmails = [uniqueIdentity('planted').email, uniqueIdentity('planted').email];
    expect(await run(outsider, fileOf([hannah.name, '', '', '', 'y']))).toEqual({ importedCount: 1, createdCount: 1, changedCount: 1, errors: [], refusedCells: [], alreadyMembers: [] });
    expect(await run(outsider, fileOf([hannah.name, outsiderEmails[0]!, '', '', 'Sick'], [abel, outsiderEmails[1]!, '', '', 'Sick']))).toEqual({ importedCount: 2, createdCount: 1, changedCount: 2, errors: [], refusedCells: [], alreadyMembers: [] });

    // The victim's records: same e-mails, names and memberships.
    expect(await recordsOf(victimIds)).toEqual(before);
    expect(before.memberships.map((membership) => membership.communityId)).toEqual([victim.community.id, victim.community.id]);

    // The outsider got records of their own, in their own community.
    const outsiders = await db.select().from(users).where(eq(users.importedCommunityId, outsider.community.id));
    expect(outsiders.map(({ displayName, email, isImported }) => ({ displayName, email, isImported })).sort((a, b) => a.displayName.localeCompare(b.displayName))).toEqual([
      { displayName: abel, email: outsiderEmails[1], isImported: true },
      { displayName: hannah.name, email: outsiderEmails[0], isImported: true },
    ]);
    expect(outsiders.some((user) => victimIds.includes(user.id))).toBe(false);

    // Nothing the outsider can read names an e-mail of the victim community.
    const members = (await outsider.owner.agent.get(`/api/communities/${outsider.community.id}/members`).expect(200)).body as CommunityMember[];
    const exported = (await outsider.owner.agent.get('/api/export/csv').set('X-Community-Id', outsider.community.id).expect(200)).body as unknown[];
    expect(members).toHaveLength(3);
    expect(exported).toHaveLength(3);
    for (const email of [hannah.email, victim.owner.email]) {
      expect(JSON.stringify(members)).not.toContain(email);
      expect(JSON.stringify(exported)).not.toContain(email);
    }
  });

  it('answers alike for an e-mail with an account elsewhere and one never seen: both become imported members here', async () => {
    const elsewhere = await createCommunity(app);
    const [known, alsoKnown] = [await addMember(app, elsewhere), await addMember(app, elsewhere)];
    const loner = await signUp(app, uniqueIdentity('loner'));
    const [fresh, alsoFresh] = [uniqueIdentity('fresh'), uniqueIdentity('fresh')];
    const fixture = await createCommunity(app);
    const id = fixture.community.id;

    const tag = suffix();
    const result = await run(fixture, fileOf([`Known ${tag}`, known.email, '', '', 'y'], [`Loner ${tag}`, loner.email, '', '', 'y'], [`Fresh ${tag}`, fresh.email, '', '', 'y']));
    expect(result).toEqual({ importedCount: 3, createdCount: 3, changedCount: 3, errors: [], refusedCells: [], alreadyMembers: [] });
    const created = await db.select().from(users).where(eq(users.importedCommunityId, id));
    expect(created.map(({ email, isImported, passwordHash }) => ({ email, isImported, passwordHash })).sort((a, b) => a.email!.localeCompare(b.email!))).toEqual(
      [known.email, loner.email, fresh.email].sort().map((email) => ({ email, isImported: true, passwordHash: null })),
    );
    expect(await membershipOf(db, id, known.user.id)).toBeUndefined();
    expect(await membershipOf(db, id, loner.user.id)).toBeUndefined();

    // Without a name neither can be created, and the refusal is the same word for word but the address.
    const nameless = await run(fixture, csvOf([['Email'], [alsoKnown.email], [alsoFresh.email]]), { Email: 'email' });
    expect(nameless.importedCount).toBe(0);
    const [first, second] = nameless.errors.map((error) => error.message);
    expect(first!.replace(alsoKnown.email, '<e-mail>')).toBe(second!.replace(alsoFresh.email, '<e-mail>'));
  });

  it('lets two communities each import the same name, and a person then sign up under it', async () => {
    const name = `Ruth Adams ${suffix()}`;
    const first = await createCommunity(app);
    const second = await createCommunity(app);
    expect(await run(first, fileOf([name, '', '', '', 'y']))).toEqual({ importedCount: 1, createdCount: 1, changedCount: 1, errors: [], refusedCells: [], alreadyMembers: [] });
    expect(await run(second, fileOf([name.toUpperCase(), '', '', '', 'n']))).toEqual({ importedCount: 1, createdCount: 1, changedCount: 1, errors: [], refusedCells: [], alreadyMembers: [] });

    const records = await usersNamed(db, { names: [name] });
    expect(records.map((user) => user.importedCommunityId).sort()).toEqual([first.community.id, second.community.id].sort());
    for (const record of records) {
      const own = await db.select().from(memberships).where(eq(memberships.userId, record.id));
      expect(own.map((membership) => membership.communityId)).toEqual([record.importedCommunityId]);
    }

    // Imported names never block a real account's.
    const person = uniqueIdentity('ruth');
    await request(app).post('/api/register').send({ email: person.email, displayName: name, password: TEST_PASSWORD }).expect(201);
  });
});

describe('POST /api/import/csv: real members', () => {
  it('changes nothing of a real member named by their e-mail, and says so', async () => {
    const fixture = await createCommunity(app);
    const id = fixture.community.id;
    const member = await addMember(app, fixture);
    await mark(member.agent, id, 2024, 4, { bibleReading: { '1': 'Yes', '2': 'Partially' } });
    await fixture.owner.agent.post('/api/users/monthly-targets').set('X-Community-Id', id).send({ userId: member.user.id, ...APRIL_2024, bibleReading: '3 chapters' }).expect(200);
    const snapshot = async () => ({
      user: await db.select().from(users).where(eq(users.id, member.user.id)),
      membership: await membershipOf(db, id, member.user.id),
      logs: await logRowsOf(db, id, member.user.id),
      targets: await db.select().from(userDisciplineTargets).where(eq(userDisciplineTargets.userId, member.user.id)),
    });
    const before = await snapshot();

    const result = await run(fixture, fileOf([member.user.displayName, member.email.toUpperCase(), 'Commander', '9 chapters', 'No'], [fixture.owner.user.displayName, fixture.owner.email, 'CommunityModerator', '', 'y']));
    // Reported apart from the rows to fix: nothing is wrong with them.
    expect(result).toEqual({
      importedCount: 0,
      createdCount: 0,
      changedCount: 0,
      errors: [],
      refusedCells: [],
      alreadyMembers: [
        { row: 2, email: member.email },
        { row: 3, email: fixture.owner.email },
      ],
    });
    expect(await snapshot()).toEqual(before);
    expect((await membershipOf(db, id, fixture.owner.user.id))?.roles).toEqual(['CommunityModerator']);

    // A row with only their name is not theirs: it becomes an imported member, whose history an admin can link to them.
    expect(await run(fixture, fileOf([member.user.displayName, '', '', '', 'No']))).toEqual({ importedCount: 1, createdCount: 1, changedCount: 1, errors: [], refusedCells: [], alreadyMembers: [] });
    expect(await snapshot()).toEqual(before);
  });

  it('keeps writing to the community’s imported record that shares an e-mail with a real member, until it is claimed', async () => {
    const fixture = await createCommunity(app);
    const id = fixture.community.id;
    const person = uniqueIdentity('naomi');
    await importWithSuggestedMapping(fixture.owner.agent, id, fileOf([`Naomi ${suffix()}`, person.email, '', '', 'y']), APRIL_2024, MAPPING);
    const [record] = await usersNamed(db, { emails: [person.email] });
    // Its person signs up with the same e-mail and joins, without claiming yet.
    const real = await signUp(app, person);
    await real.agent.post('/api/communities/join').send({ inviteCode: await fixture.joinCode() }).expect(200);

    const again = await run(fixture, fileOf(['', person.email, '', '', 'n']));
    expect(again).toEqual({ importedCount: 1, createdCount: 0, changedCount: 1, errors: [], refusedCells: [], alreadyMembers: [] });
    expect((await logRowsOf(db, id, record!.id))[0]!.dayStatus).toEqual({ bibleReading: { '2': 'No' } });
    expect(await logRowsOf(db, id, real.user.id)).toEqual([]);
  });
});
