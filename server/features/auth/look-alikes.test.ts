import { randomInt, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { MIXED_SCRIPTS_MESSAGE } from '@shared/contracts/account-fields';
import type { PublicUser } from '@shared/contracts/auth';
import { users } from '@shared/schema/auth';
import { inviteCodes, memberships } from '@shared/schema/communities';
import { questions } from '@shared/schema/questions';
import { createTestApp } from '../../test/app';
import { auditRowsOf, expectJsonError } from '../../test/community-fixtures';
import { type Agent, addMember, createCommunity, signUp, TEST_PASSWORD, uniqueIdentity } from '../../test/factories';
import { importPerson } from '../claims/claims-test-kit';
import { signInWithGoogle } from './google-service';
import { LOOK_ALIKE_CLAIM_MESSAGE, LOOK_ALIKE_CODE, LOOK_ALIKE_NAME_MESSAGE, LOOK_ALIKE_SIGN_UP_CLAIM_MESSAGE, lookAlikeJoinMessage } from './look-alikes';
import { NAME_IN_USE_MESSAGE } from './name-change';
import { NAME_CHANGE_LIMIT_MESSAGE, NAME_CHANGES_PER_DAY } from './routes';

// Many accounts sign up and join from one address here.
const { app, database, advanceClock } = await createTestApp({
  RATE_LIMIT_REGISTER_PER_IP: 100_000,
  RATE_LIMIT_JOIN_PER_IP: 100_000,
  RATE_LIMIT_JOIN_PER_USER: 100_000,
});
const db = database.db;

/** Digits no other test uses: Common characters, so they go with a name in any script. */
const digits = () => String(randomInt(1_000_000_000, 9_999_999_999));
const usersWithEmail = (email: string) => db.select({ id: users.id }).from(users).where(and(eq(users.email, email), eq(users.isImported, false)));
const isMember = async (userId: string, communityId: string) =>
  (await db.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.userId, userId), eq(memberships.communityId, communityId)))).length > 0;
const storedName = async (userId: string) => (await db.select({ displayName: users.displayName }).from(users).where(eq(users.id, userId)))[0]?.displayName;

/** A community whose members (real accounts) are named as given. */
async function communityOf(...names: string[]) {
  const fixture = await createCommunity(app);
  const members = [];
  for (const displayName of names) {
    const member = await signUp(app, { ...uniqueIdentity('named'), displayName });
    await member.agent.post('/api/communities/join').send({ inviteCode: await fixture.joinCode() }).expect(200);
    members.push(member);
  }
  return { ...fixture, id: fixture.community.id, members };
}

const join = async (agent: Agent, community: { joinCode: () => Promise<string> }) => agent.post('/api/communities/join').send({ inviteCode: await community.joinCode() });
const rename = (agent: Agent, displayName: unknown) => agent.put('/api/user/name').send({ displayName });

describe('a name mixing scripts (UTS #39 beyond moderately restrictive)', () => {
  it('is refused at sign-up with 400 on the name, and nothing is written', async () => {
    for (const displayName of [`Vісtim Mod ${digits()}`, `pаypal ${digits()}`, `Αlice ${digits()}`, `Ivan Иван ${digits()}`]) {
      const { email } = uniqueIdentity('mixed');
      const response = await request(app).post('/api/register').send({ email, displayName, password: TEST_PASSWORD });
      expectJsonError(response, 400);
      expect(response.body.fields).toEqual({ displayName: MIXED_SCRIPTS_MESSAGE });
      expect(await usersWithEmail(email)).toHaveLength(0);
    }
    const { email } = uniqueIdentity('mixed-claim');
    const claim = await request(app).post('/api/claim').send({ email, displayName: `Vісtim ${digits()}`, password: TEST_PASSWORD, importedUserId: randomUUID() });
    expectJsonError(claim, 400);
    expect(claim.body.fields).toEqual({ displayName: MIXED_SCRIPTS_MESSAGE });
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it('leaves names in one script, and Latin with one other, free to sign up', async () => {
    for (const name of ['Иван Петров', 'Γιάννης', '김민준', 'Kim 민준', '山田たろう', 'محمد علي', 'José Müller']) {
      const displayName = `${name} ${digits()}`;
      const response = await request(app).post('/api/register').send({ ...uniqueIdentity('script'), displayName, password: TEST_PASSWORD }).expect(201);
      expect((response.body as PublicUser).displayName).toBe(displayName);
    }
  });

  it('from Google never makes a refused name: the e-mail’s local part stands in, numbered when taken', async () => {
    const local = `vasya-${digits()}`;
    const google = (email: string, name: string) => signInWithGoogle(db, { uid: randomUUID().replaceAll('-', ''), email, emailVerified: true, name }, new Date());
    expect((await google(`${local}@example.org`, `Vісtim Mod ${digits()}`)).user.displayName).toBe(local);
    expect((await google(`${local}@example.net`, `Ivan Иван ${digits()}`)).user.displayName).toBe(`${local} 2`);
    // A name in one script is kept as Google gives it.
    const kept = `Иван Петров ${digits()}`;
    expect((await google(uniqueIdentity('google').email, kept)).user.displayName).toBe(kept);
  });
});

describe('joining a community beside a look-alike', () => {
  it('is refused 409 name_look_alike where a member’s name has the same skeleton, and nothing is written; accepted elsewhere', async () => {
    const n = digits();
    const here = await communityOf(`Victim Mod ${n}`);
    const elsewhere = await communityOf(`Someone Else ${n}`);
    // 'rn' for 'm', all Latin: no mixed script, but the same skeleton.
    const impostor = await signUp(app, { ...uniqueIdentity('impostor'), displayName: `Victirn Mod ${n}` });
    const code = await here.joinCode();

    const refused = await impostor.agent.post('/api/communities/join').send({ inviteCode: code });
    expectJsonError(refused, 409, lookAlikeJoinMessage(here.community.name));
    expect(refused.body.code).toBe(LOOK_ALIKE_CODE);
    expect(await isMember(impostor.user.id, here.id)).toBe(false);
    const [invite] = await db.select({ uses: inviteCodes.uses }).from(inviteCodes).where(eq(inviteCodes.code, code));
    expect(invite?.uses).toBe(0);

    expect((await join(impostor.agent, elsewhere)).status).toBe(200);
    expect(await isMember(impostor.user.id, elsewhere.id)).toBe(true);
  });

  it('finds look-alikes written wholly in another script, and ignoring case', async () => {
    const n = digits();
    const here = await communityOf(`APE ${n}`, `Ivan ${n}`);
    // Cyrillic А, Р, Е: one script, the Latin name's skeleton.
    const cyrillic = await signUp(app, { ...uniqueIdentity('cyrillic'), displayName: `АРЕ ${n}` });
    expectJsonError(await join(cyrillic.agent, here), 409);
    // A small l is a capital I.
    const ell = await signUp(app, { ...uniqueIdentity('ell'), displayName: `lvan ${n}` });
    expectJsonError(await join(ell.agent, here), 409);
    // Different names join.
    const other = await signUp(app, { ...uniqueIdentity('other'), displayName: `Ivana ${n}` });
    expect((await join(other.agent, here)).status).toBe(200);
  });

  it('is not blocked by an imported record with a look-alike name', async () => {
    const n = digits();
    const here = await createCommunity(app);
    await importPerson(db, here.owner.agent, here.community.id, { displayName: `Victim Mod ${n}` });
    const joiner = await signUp(app, { ...uniqueIdentity('joiner'), displayName: `Victirn Mod ${n}` });
    expect((await join(joiner.agent, here)).status).toBe(200);
  });

  it('at sign-up by claiming is refused 409 on the name when it looks like a member of the record’s community', async () => {
    const n = digits();
    const here = await communityOf(`Victim Mod ${n}`);
    const { email } = uniqueIdentity('claimer');
    const record = await importPerson(db, here.owner.agent, here.id, { displayName: `Old Record ${n}`, email });
    const response = await request(app).post('/api/claim').send({ email, displayName: `Victirn Mod ${n}`, password: TEST_PASSWORD, importedUserId: record.id });
    expectJsonError(response, 409, LOOK_ALIKE_SIGN_UP_CLAIM_MESSAGE);
    expect(response.body.fields).toEqual({ displayName: LOOK_ALIKE_SIGN_UP_CLAIM_MESSAGE });
    expect(await usersWithEmail(email)).toHaveLength(0);
    await request(app).post('/api/claim').send({ email, displayName: `Own Name ${n}`, password: TEST_PASSWORD, importedUserId: record.id }).expect(201);
  });

  it('by claiming a record that belongs to a second community (older data) is refused 409 where a member looks alike', async () => {
    const n = digits();
    const first = await createCommunity(app);
    const second = await communityOf(`Victim Mod ${n}`);
    const claimant = await signUp(app, { ...uniqueIdentity('claimant'), displayName: `Victirn Mod ${n}` });
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, claimant.user.id));
    const record = await importPerson(db, first.owner.agent, first.community.id, { displayName: `Old Record ${n}`, email: claimant.email });
    expect((await join(claimant.agent, first)).status).toBe(200);
    // From before records were kept to one community: a membership in the second one too.
    await db.insert(memberships).values({ userId: record.id, communityId: second.id, roles: ['Member'] });

    const refused = await claimant.agent.post('/api/claim-user').set('X-Community-Id', first.community.id).send({ importedUserId: record.id });
    expectJsonError(refused, 409, LOOK_ALIKE_CLAIM_MESSAGE);
    expect(await isMember(claimant.user.id, second.id)).toBe(false);
    expect(await isMember(record.id, second.id)).toBe(true);
  });
});

describe('PUT /api/user/name', () => {
  it('changes the name: 200 with the public user, stored, shown on their questions, audited in each community', async () => {
    const community = await createCommunity(app);
    const member = await addMember(app, community);
    await db.insert(questions).values({ communityId: community.community.id, fromUserId: member.user.id, fromUserName: member.user.displayName, title: 'A question', body: 'Asked before the new name' });
    const name = `Ruth Naomi ${digits()}`;

    const response = await rename(member.agent, `  ${name.replace(' ', '   ')}  `).expect(200);
    expect(response.body).toEqual({ ...member.user, displayName: name });
    expect((await member.agent.get('/api/user').expect(200)).body.displayName).toBe(name);
    expect(await storedName(member.user.id)).toBe(name);
    const asked = await db.select({ fromUserName: questions.fromUserName }).from(questions).where(eq(questions.fromUserId, member.user.id));
    expect(asked.map((row) => row.fromUserName)).toEqual([name]);
    const audit = (await auditRowsOf(db, community.community.id)).filter((row) => row.action === 'rename');
    expect(audit).toEqual([expect.objectContaining({ actorId: member.user.id, entity: 'user', entityId: member.user.id, diff: { from: member.user.displayName, to: name } })]);

    // A change of case is one's own name: allowed.
    await rename(member.agent, name.toUpperCase()).expect(200);
    expect(await storedName(member.user.id)).toBe(name.toUpperCase());
  });

  it('refuses a bad name with 400 on displayName and keeps the old one', async () => {
    const { agent, user } = await signUp(app);
    const cases: Array<[unknown, string]> = [
      ['   ', 'Name is required'],
      [`Vісtim Mod ${digits()}`, MIXED_SCRIPTS_MESSAGE],
      ['x'.repeat(81), 'Name must be at most 80 characters'],
      ['Ruth\u0000', 'Name must be one line without control characters'],
      [42, 'Name is required'],
    ];
    for (const [displayName, message] of cases) {
      const response = await rename(agent, displayName);
      expectJsonError(response, 400);
      expect(response.body.fields?.displayName, String(displayName)).toBe(message);
    }
    expect(await storedName(user.id)).toBe(user.displayName);
  });

  it('refuses 409 a name another real account holds, ignoring case; an imported record’s name is free', async () => {
    const holder = await signUp(app);
    const { agent, user } = await signUp(app);
    const taken = await rename(agent, holder.user.displayName.toUpperCase());
    expectJsonError(taken, 409, NAME_IN_USE_MESSAGE);
    expect(taken.body.fields).toEqual({ displayName: NAME_IN_USE_MESSAGE });
    expect(await storedName(user.id)).toBe(user.displayName);

    const community = await createCommunity(app);
    const recordName = `Imported Person ${digits()}`;
    await importPerson(db, community.owner.agent, community.community.id, { displayName: recordName });
    const member = await addMember(app, community);
    await rename(member.agent, recordName).expect(200);
  });

  it('refuses 409 a look-alike of a member of a community they share, not of someone elsewhere', async () => {
    const n = digits();
    const shared = await communityOf(`Victim Mod ${n}`);
    const apart = await communityOf(`Grace Hope ${n}`);
    const member = await addMember(app, shared);

    const refused = await rename(member.agent, `Victirn Mod ${n}`);
    expectJsonError(refused, 409, LOOK_ALIKE_NAME_MESSAGE);
    expect(refused.body.code).toBe(LOOK_ALIKE_CODE);
    expect(refused.body.fields).toEqual({ displayName: LOOK_ALIKE_NAME_MESSAGE });
    expect(await storedName(member.user.id)).toBe(member.user.displayName);

    // Grace Hope's look-alike is in no community of theirs; nor does an imported record of their own community count.
    await importPerson(db, shared.owner.agent, shared.id, { displayName: `Peace Joy ${n}` });
    await rename(member.agent, `Grace Hope ${n}`.replace('Hope', 'H0pe')).expect(200);
    await rename(member.agent, `Peace J0y ${n}`).expect(200);
    expect(apart.members).toHaveLength(1);
  });

  it('answers 401 when signed out', async () => {
    expectJsonError(await request(app).put('/api/user/name').send({ displayName: `Nobody ${digits()}` }), 401);
  });

  // Last: it moves the app's clock a day on.
  it(`allows ${NAME_CHANGES_PER_DAY} changes a day (refused ones do not count): the next is 429 until the day has passed`, async () => {
    const { agent, user } = await signUp(app);
    const holder = await signUp(app);
    expectJsonError(await rename(agent, holder.user.displayName), 409);
    for (let change = 1; change <= NAME_CHANGES_PER_DAY; change++) await rename(agent, `${user.displayName} ${change}`).expect(200);
    const limited = await rename(agent, `${user.displayName} more`);
    expectJsonError(limited, 429, NAME_CHANGE_LIMIT_MESSAGE);
    expect(await storedName(user.id)).toBe(`${user.displayName} ${NAME_CHANGES_PER_DAY}`);

    advanceClock(24 * 60 * 60 * 1000 + 60_000);
    await rename(agent, `${user.displayName} tomorrow`).expect(200);
  });
});
