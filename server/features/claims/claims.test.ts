import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { CLAIM_EMAIL_MISMATCH, LINK_OF_ANOTHER_ACCOUNT_MESSAGE, type PublicUser } from '@shared/contracts/auth';
import { mailOutbox } from '@shared/schema/mail';
import { auditLogs } from '@shared/schema/audit';
import { users } from '@shared/schema/auth';
import { meetings } from '@shared/schema/meetings';
import { questions } from '@shared/schema/questions';
import { createTestApp } from '../../test/app';
import { auditRowsOf, expectJsonError, grantSuperAdmin, setRoles } from '../../test/community-fixtures';
import { createCommunity, signUp, TEST_PASSWORD } from '../../test/factories';
import { followVerificationLink, queuedLink, signUpVerified, tokenOf } from '../../test/mail-kit';
import { startTestSmtpServer } from '../../test/smtp';
import { dumpImport, membershipOf } from '../imports/import-test-kit';
import { LIFTED_LIMITS, mark, secondSession } from '../tracking/tracking-test-kit';
import { giveLegacySpelling, importPerson, join, lastMonth, person, userById } from './claims-test-kit';
import { NOTHING_TO_CLAIM_MESSAGE, VERIFY_BEFORE_CLAIM_MESSAGE } from './service';

// Mail to this server's own domain is really sent (the claim e-mail); the rest stays queued in the outbox.
const smtp = await startTestSmtpServer();
const { app, database } = await createTestApp({ ...LIFTED_LIMITS, SMTP_URL: smtp.url, PUBLIC_URL: 'http://steadfast.example.test' }, { mail: { worker: { recipientSuffix: `@${smtp.domain}` } } });
const db = database.db;

const NEW_PASSWORD = 'a new and uncommon passphrase';

async function notificationsOf(agent: ReturnType<typeof request.agent>) {
  return (await agent.get('/api/notifications').expect(200)).body as { title: string; message: string; type: string; communityId: string }[];
}

describe('POST /api/claim (sign up by claiming)', () => {
  it('creates the account and e-mails a link; the history moves only when the link is followed', async () => {
    const community = await createCommunity(app);
    const id = community.community.id;
    const ruth = { ...person('ruth'), email: smtp.address('ruth') };
    const period = lastMonth();
    const imported = await importPerson(db, community.owner.agent, id, { ...ruth, role: 'Commander', days: { 1: 'y', 2: 'Partially' }, bibleReadingTarget: '2 chapters' }, period);

    const visitor = request.agent(app);
    const check = await visitor.post('/api/check-name').send({ displayName: ruth.displayName.toUpperCase() }).expect(200);
    expect(check.body).toEqual({ exists: true, canClaim: true, userId: imported.id });
    const claimed = await visitor.post('/api/claim').send({ email: ruth.email.toUpperCase(), displayName: ruth.displayName, password: NEW_PASSWORD, importedUserId: imported.id }).expect(201);
    expect(claimed.body).toEqual({ id: expect.any(String), email: ruth.email, displayName: ruth.displayName, isSuperAdmin: false, hasPassword: true, emailVerified: false, takeoverReviewPending: false, createdAt: expect.any(String), locale: 'en', localeChosen: false } satisfies PublicUser);
    const account = claimed.body as PublicUser;
    expect(account.id).not.toBe(imported.id);

    // Before the link: no membership, the community is not theirs to see, the record untouched.
    await visitor.get(`/api/communities/${id}/daily-log`).query(period).expect(404);
    expect(await membershipOf(db, id, account.id)).toBeUndefined();
    expect(await userById(db, imported.id)).toMatchObject({ isImported: true, email: ruth.email });

    const [mail] = await smtp.waitFor(ruth.email);
    expect(mail!.subject).toBe('Confirm your e-mail to bring in your history');
    expect(mail!.link).toMatch(/^http:\/\/steadfast\.example\.test\/verify-email\?token=/);
    const token = new URL(mail!.link!).searchParams.get('token');
    // Only the account's own session follows the link: signed out, or as someone else, nothing happens.
    await request(app).post('/api/verify-email').send({ token }).expect(401);
    const someoneElse = await signUp(app);
    expectJsonError(await someoneElse.agent.post('/api/verify-email').send({ token }), 409, LINK_OF_ANOTHER_ACCOUNT_MESSAGE);
    const followed = await visitor.post('/api/verify-email').send({ token }).expect(200);
    expect(followed.body).toEqual({ message: expect.stringMatching(/history/), communityIds: [id] });

    // Now the history, the membership and its role (capped at Commander) are the account's.
    expect((await visitor.get('/api/user').expect(200)).body).toMatchObject({ id: account.id, emailVerified: true });
    const log = await visitor.get(`/api/communities/${id}/daily-log`).query(period).expect(200);
    expect(log.body.dayStatus).toEqual({ bibleReading: { '1': 'Yes', '2': 'Partially' } });
    const targets = await visitor.get(`/api/users/${account.id}/discipline-targets`).set('X-Community-Id', id).query(period).expect(200);
    expect(targets.body.bibleReading).toBe('2 chapters');
    expect((await membershipOf(db, id, account.id))?.roles).toEqual(['Commander']);
    expect(await userById(db, imported.id)).toBeUndefined();
    await request(app).post('/api/login').send({ username: ruth.email, password: NEW_PASSWORD }).expect(200);
    expect((await visitor.post('/api/check-name').send({ displayName: ruth.displayName }).expect(200)).body).toEqual({ exists: true, canClaim: false, userId: null });

    expect(await notificationsOf(community.owner.agent)).toContainEqual(
      expect.objectContaining({ type: 'history_claimed', title: 'History claimed', message: `${ruth.displayName} claimed their imported history.`, communityId: id }),
    );
    expect(await auditRowsOf(db, id)).toContainEqual(expect.objectContaining({ entity: 'user', action: 'claim', actorId: account.id, entityId: account.id, diff: expect.objectContaining({ via: 'sign-up' }) }));
  });

  it('moves nothing for someone who typed the e-mail on file but cannot open its link (the outsider takeover)', async () => {
    const victim = await createCommunity(app);
    const hannah = person('hannah');
    const record = await importPerson(db, victim.owner.agent, victim.community.id, { ...hannah, role: 'Commander', days: { 1: 'Yes' } });
    const before = await dumpImport(db, victim.community.id);

    // An outsider with their own community imports the same name, with no e-mail and with their own.
    const outsider = await createCommunity(app);
    await importPerson(db, outsider.owner.agent, outsider.community.id, { displayName: hannah.displayName, email: null });
    const planted = await signUp(app);
    expectJsonError(await request(app).post('/api/claim').send({ email: planted.email, displayName: person('x').displayName, password: NEW_PASSWORD, importedUserId: record.id }), 409);
    const mine = person('mine');
    expectJsonError(await request(app).post('/api/claim').send({ email: mine.email, displayName: mine.displayName, password: NEW_PASSWORD, importedUserId: record.id }), 403, CLAIM_EMAIL_MISMATCH);
    // Even knowing Hannah's e-mail (and taking her name), a claim signs up an unverified account that gets
    // nothing of hers, and Hannah opening the link she did not ask for (signed out, or in her own account)
    // proves nothing for it.
    const squatter = request.agent(app);
    await squatter.post('/api/claim').send({ email: hannah.email, displayName: hannah.displayName, password: NEW_PASSWORD, importedUserId: record.id }).expect(201);
    await squatter.get(`/api/communities/${victim.community.id}/members`).expect(404);
    expectJsonError(await squatter.post('/api/claim-user').send({ importedUserId: record.id }), 403, VERIFY_BEFORE_CLAIM_MESSAGE);
    const token = tokenOf(await queuedLink(db, hannah.email, 'claim-verify-email'));
    await request(app).post('/api/verify-email').send({ token }).expect(401);
    const hannahsOwn = await signUp(app);
    expectJsonError(await hannahsOwn.agent.post('/api/verify-email').send({ token }), 409, LINK_OF_ANOTHER_ACCOUNT_MESSAGE);
    expect((await squatter.get('/api/user').expect(200)).body.emailVerified).toBe(false);
    // The mail itself names nobody: the squatter chose the name.
    const [queued] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, hannah.email));
    expect(queued!.textBody).not.toContain(hannah.displayName);
    expect(await dumpImport(db, victim.community.id)).toEqual(before);
    expect(await userById(db, record.id)).toMatchObject({ isImported: true, email: hannah.email, displayName: hannah.displayName });
  });

  it('may take the imported name (imported names never block a real account) or a new one', async () => {
    const community = await createCommunity(app);
    const ruth = person('ruth');
    const imported = await importPerson(db, community.owner.agent, community.community.id, ruth);
    const renamed = person('renamed').displayName;
    const claimer = request.agent(app);
    const response = await claimer.post('/api/claim').send({ email: ruth.email, displayName: renamed, password: NEW_PASSWORD, importedUserId: imported.id }).expect(201);
    expect(response.body.displayName).toBe(renamed);
    await followVerificationLink(claimer, db, ruth.email);
    expect(await notificationsOf(community.owner.agent)).toContainEqual(expect.objectContaining({ message: `${renamed} claimed their imported history.` }));
  });

  it('records the claim of a member removed from every community outside any community', async () => {
    const community = await createCommunity(app);
    const ruth = person('ruth');
    const imported = await importPerson(db, community.owner.agent, community.community.id, ruth);
    await community.owner.agent.delete(`/api/communities/${community.community.id}/members/${imported.id}`).expect(200);
    const claimer = request.agent(app);
    const account = await claimer.post('/api/claim').send({ email: ruth.email, displayName: ruth.displayName, password: NEW_PASSWORD, importedUserId: imported.id }).expect(201);
    await followVerificationLink(claimer, db, ruth.email);
    const entries = await db.select().from(auditLogs).where(and(eq(auditLogs.entityId, account.body.id), eq(auditLogs.action, 'claim')));
    expect(entries).toEqual([expect.objectContaining({ communityId: null, actorId: account.body.id })]);
    expect(await membershipOf(db, community.community.id, account.body.id)).toBeUndefined();
  });

  it('refuses (403) a claim by name alone, or of a record without an e-mail, and changes nothing', async () => {
    const community = await createCommunity(app);
    const id = community.community.id;
    const ruth = person('ruth');
    const withEmail = await importPerson(db, community.owner.agent, id, { ...ruth, days: { 1: 'y' } });
    const noEmail = await importPerson(db, community.owner.agent, id, { displayName: person('nomail').displayName, email: null });
    const before = await dumpImport(db, id);
    const other = person('other');

    for (const importedUserId of [withEmail.id, noEmail.id]) {
      const response = await request(app).post('/api/claim').send({ email: other.email, displayName: other.displayName, password: NEW_PASSWORD, importedUserId });
      expectJsonError(response, 403, CLAIM_EMAIL_MISMATCH);
      expect(response.body.code).toBe('claim_email_mismatch');
    }
    // An unknown id, and a real account's id, are refused the same way.
    const real = await signUp(app);
    for (const importedUserId of ['00000000-0000-4000-8000-000000000000', real.user.id]) {
      expectJsonError(await request(app).post('/api/claim').send({ email: other.email, displayName: other.displayName, password: NEW_PASSWORD, importedUserId }), 403, CLAIM_EMAIL_MISMATCH);
    }
    expect(await dumpImport(db, id)).toEqual(before);
    expect(await db.select().from(users).where(eq(users.email, other.email))).toEqual([]);
  });

  it('answers 409 for an e-mail of another account or a name another account holds, like registration', async () => {
    const community = await createCommunity(app);
    const ruth = person('ruth');
    const imported = await importPerson(db, community.owner.agent, community.community.id, ruth);
    const someone = await signUp(app);
    const taken = await request(app).post('/api/claim').send({ email: someone.email, displayName: ruth.displayName, password: NEW_PASSWORD, importedUserId: imported.id });
    expectJsonError(taken, 409, 'An account with this e-mail already exists. Please sign in instead.');
    const nameTaken = await request(app).post('/api/claim').send({ email: ruth.email, displayName: someone.user.displayName, password: NEW_PASSWORD, importedUserId: imported.id });
    expectJsonError(nameTaken, 409, 'This name is already taken and cannot be claimed');
    expect(await userById(db, imported.id)).toMatchObject({ isImported: true, passwordHash: null });
  });

  it('answers 400 for bad bodies and a common password', async () => {
    const community = await createCommunity(app);
    const ruth = person('ruth');
    const imported = await importPerson(db, community.owner.agent, community.community.id, ruth);
    const valid = { email: ruth.email, displayName: ruth.displayName, password: NEW_PASSWORD, importedUserId: imported.id };
    for (const body of [{}, { ...valid, importedUserId: 'nope' }, { ...valid, email: 'not-an-email' }, { ...valid, password: '123' }, { ...valid, displayName: 'a\u0000b' }, { ...valid, password: 'password' }]) {
      expectJsonError(await request(app).post('/api/claim').send(body), 400);
    }
    expect(await userById(db, imported.id)).toMatchObject({ isImported: true });
  });
});

describe('POST /api/claim-user (claim after joining)', () => {
  /**
   * A community with an imported member (role Commander, a month of logs and targets, a question and a
   * meeting) whose e-mail on file is the claimant's in its old capitals, and the claimant signed up.
   */
  async function world() {
    const community = await createCommunity(app);
    const id = community.community.id;
    const period = lastMonth();
    const earlier = period.month === 1 ? { month: 12, year: period.year - 1 } : { month: period.month - 1, year: period.year };
    const claimant = await signUpVerified(app, db);
    const importedName = person('history').displayName;
    const imported = await importPerson(db, community.owner.agent, id, { displayName: importedName, role: 'Commander', days: { 1: 'Yes', 2: 'Yes' }, bibleReadingTarget: '3 chapters' }, period);
    await importPerson(db, community.owner.agent, id, { displayName: importedName, bibleReadingTarget: '5 chapters' }, earlier);
    await giveLegacySpelling(db, imported.id, { email: claimant.email.toUpperCase() });
    await db.insert(questions).values({ communityId: id, fromUserId: imported.id, fromUserName: importedName, toCommanderId: community.owner.user.id, title: 'An old question', body: 'Asked before the app' });
    await db.insert(meetings).values({ communityId: id, memberId: imported.id, commanderId: community.owner.user.id, startsAt: new Date('2024-03-01T15:00:00Z'), endsAt: new Date('2024-03-01T16:00:00Z'), notes: 'Old meeting' });
    return { community, id, period, earlier, claimant, imported, importedName };
  }

  it('lets the person on file sign up with the e-mail on file and join; verifying the e-mail then brings the history', async () => {
    const community = await createCommunity(app);
    const id = community.community.id;
    const period = lastMonth();
    const onFile = person('hannah');
    const imported = await importPerson(db, community.owner.agent, id, { ...onFile, days: { 1: 'Yes', 2: 'Partially' } }, period);

    // Neither the e-mail nor the name of an imported record blocks a real sign-up.
    const claimant = await signUp(app, { email: onFile.email, displayName: onFile.displayName });
    // Signing in finds the real account, not the imported record with the same e-mail.
    await request(app).post('/api/login').send({ username: onFile.email, password: TEST_PASSWORD }).expect(200);
    // A second real account with that e-mail or name is still refused.
    expectJsonError(await request(app).post('/api/register').send({ email: onFile.email, displayName: person('other').displayName, password: TEST_PASSWORD }), 409);
    expectJsonError(await request(app).post('/api/register').send({ ...person('other'), displayName: onFile.displayName, password: TEST_PASSWORD }), 409);

    // Unverified: the offer asks for the e-mail first, and a claim is refused.
    const joined = await join(claimant.agent, community);
    // Nothing of the record is told to an account that has not proven the address (anyone can type one).
    expect(joined.claimInfo).toEqual({ canClaim: false, needsEmailVerification: true, askModerator: false, importedUserId: null, importedUserName: null, importedUserEmail: null });
    const early = await claimant.agent.post('/api/claim-user').send({ importedUserId: imported.id });
    expectJsonError(early, 403, VERIFY_BEFORE_CLAIM_MESSAGE);
    expect(early.body.code).toBe('email_unverified');

    // Following the link proves the e-mail: the history of this community's record moves by itself.
    const followed = await followVerificationLink(claimant.agent, db, onFile.email);
    expect(followed.body.communityIds).toEqual([id]);
    expectJsonError(await claimant.agent.post('/api/claim-user').send({ importedUserId: imported.id }), 404, NOTHING_TO_CLAIM_MESSAGE);
    const log = await claimant.agent.get(`/api/communities/${id}/daily-log`).query(period).expect(200);
    expect(log.body.dayStatus).toEqual({ bibleReading: { '1': 'Yes', '2': 'Partially' } });
    expect(await userById(db, imported.id)).toBeUndefined();
    expect((await membershipOf(db, id, claimant.user.id))?.roles).toEqual(['Member']);
  });

  it('offers the claim after joining with the e-mail masked, and moves logs, targets, questions and meetings onto the claimant', async () => {
    const { community, id, period, earlier, claimant, imported, importedName } = await world();

    const joined = await join(claimant.agent, community);
    expect(joined.claimInfo).toEqual({
      canClaim: true,
      importedUserId: imported.id,
      importedUserName: importedName,
      importedUserEmail: `${claimant.email[0]!.toUpperCase()}•••@EXAMPLE.ORG`,
      needsEmailVerification: false,
      askModerator: false,
    });

    // The claimant's own marks of the same month win over the imported ones; their own targets of the earlier month stay.
    await mark(claimant.agent, id, period.year, period.month, { bibleReading: { '1': 'No', '3': 'Sick' } });
    await community.owner.agent
      .post('/api/users/monthly-targets')
      .set('X-Community-Id', id)
      .send({ userId: claimant.user.id, ...earlier, bibleReading: '1 chapter' })
      .expect(200);

    const response = await claimant.agent.post('/api/claim-user').send({ importedUserId: imported.id.toUpperCase() }).expect(200);
    expect(response.body).toEqual({ message: 'History claimed.', communityIds: [id] });

    const log = await claimant.agent.get(`/api/communities/${id}/daily-log`).query(period).expect(200);
    expect(log.body.dayStatus).toEqual({ bibleReading: { '1': 'No', '2': 'Yes', '3': 'Sick' } });
    expect(log.body.entries.bibleReading).toEqual({ [`${period.year}-${String(period.month).padStart(2, '0')}`]: { '1': false, '2': true, '3': false } });
    const targetsNow = await claimant.agent.get(`/api/users/${claimant.user.id}/discipline-targets`).set('X-Community-Id', id).query(period).expect(200);
    expect(targetsNow.body.bibleReading).toBe('3 chapters');
    const targetsBefore = await claimant.agent.get(`/api/users/${claimant.user.id}/discipline-targets`).set('X-Community-Id', id).query(earlier).expect(200);
    expect(targetsBefore.body.bibleReading).toBe('1 chapter');

    const asked = (await claimant.agent.get('/api/questions').set('X-Community-Id', id).expect(200)).body as { title: string; fromUserName: string }[];
    expect(asked).toEqual([expect.objectContaining({ title: 'An old question', fromUserName: claimant.user.displayName })]);
    const met = (await claimant.agent.get('/api/meetings').set('X-Community-Id', id).expect(200)).body as { notes: string; memberId: string }[];
    expect(met).toEqual([expect.objectContaining({ notes: 'Old meeting', memberId: claimant.user.id })]);

    // Memberships merged (the imported Commander role joins the claimant's), the imported user gone.
    expect((await membershipOf(db, id, claimant.user.id))?.roles).toEqual(['Member', 'Commander']);
    expect(await userById(db, imported.id)).toBeUndefined();
    const members = (await community.owner.agent.get(`/api/communities/${id}/members`).expect(200)).body as { id: string }[];
    expect(members.map((member) => member.id).sort()).toEqual([community.owner.user.id, claimant.user.id].sort());

    expect(await notificationsOf(community.owner.agent)).toContainEqual(
      expect.objectContaining({ type: 'history_claimed', title: 'History claimed', message: `${claimant.user.displayName} claimed their imported history.`, communityId: id }),
    );
    expect(await auditRowsOf(db, id)).toContainEqual(expect.objectContaining({ entity: 'user', action: 'claim', actorId: claimant.user.id, diff: expect.objectContaining({ importedUserId: imported.id, via: 'join' }) }));

    // Claiming again finds nothing.
    expectJsonError(await claimant.agent.post('/api/claim-user').send({ importedUserId: imported.id }), 404, NOTHING_TO_CLAIM_MESSAGE);
  });

  it('moves nothing by name: a record with the member’s name and no e-mail is left for a moderator to link', async () => {
    const community = await createCommunity(app);
    const id = community.community.id;
    const tag = person('x').displayName.split(' ')[1]!;
    const NO_OFFER = { canClaim: false, importedUserId: null, importedUserName: null, importedUserEmail: null, needsEmailVerification: false, askModerator: false };
    const lookAlikeTarget = await importPerson(db, community.owner.agent, id, { displayName: `Ruth Naomi X${tag}`, email: null });
    const lookAlike = await signUpVerified(app, db, { ...person('look'), displayName: `ruth.naomi.x${tag} 2` });
    expect((await join(lookAlike.agent, community)).claimInfo).toEqual(NO_OFFER);

    // The same name with other capitals and doubled spaces: the offer says to ask a moderator, and nothing moves.
    const grace = await signUpVerified(app, db, { ...person('grace'), displayName: `Grace Hope${tag}` });
    const graceImported = await importPerson(db, community.owner.agent, id, { displayName: `Grace Hopeful${tag}`, email: null });
    await giveLegacySpelling(db, graceImported.id, { displayName: `  GRACE   hope${tag} ` });
    expect((await join(grace.agent, community)).claimInfo).toEqual({ ...NO_OFFER, askModerator: true });
    for (const target of [graceImported, lookAlikeTarget]) {
      expectJsonError(await grace.agent.post('/api/claim-user').send({ importedUserId: target.id }), 404, NOTHING_TO_CLAIM_MESSAGE);
      expect(await userById(db, target.id)).toMatchObject({ isImported: true });
    }
  });

  it('shows an admin who joins the e-mail on file unmasked', async () => {
    const { community, claimant, imported } = await world();
    await grantSuperAdmin(db, claimant.user.id);
    const joined = await join(claimant.agent, community);
    expect(joined.claimInfo).toMatchObject({ canClaim: true, importedUserId: imported.id, importedUserEmail: claimant.email.toUpperCase() });
  });

  it('answers 404 to a matching member of another community and changes nothing', async () => {
    const { id, claimant, imported } = await world();
    const elsewhere = await createCommunity(app);
    await join(claimant.agent, elsewhere);
    const before = await dumpImport(db, id);
    expectJsonError(await claimant.agent.post('/api/claim-user').send({ importedUserId: imported.id }), 404, NOTHING_TO_CLAIM_MESSAGE);
    expect(await dumpImport(db, id)).toEqual(before);
    expect(await userById(db, imported.id)).toMatchObject({ isImported: true });
  });

  it('lets a member who does not match claim nothing', async () => {
    const { community, id, imported } = await world();
    const stranger = await signUpVerified(app, db);
    await join(stranger.agent, community);
    const before = await dumpImport(db, id);
    expectJsonError(await stranger.agent.post('/api/claim-user').send({ importedUserId: imported.id }), 404, NOTHING_TO_CLAIM_MESSAGE);
    expect(await dumpImport(db, id)).toEqual(before);
  });

  it('gives one of two concurrent claims of the same imported member 200 and the other 404', async () => {
    const { community, id, claimant, imported } = await world();
    await join(claimant.agent, community);
    const other = await secondSession(app, { ...claimant, password: TEST_PASSWORD });
    const responses = await Promise.all([claimant.agent.post('/api/claim-user').send({ importedUserId: imported.id }), other.post('/api/claim-user').send({ importedUserId: imported.id })]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 404]);
    expect(await userById(db, imported.id)).toBeUndefined();
    expect((await membershipOf(db, id, claimant.user.id))?.roles).toEqual(['Member', 'Commander']);
    const claims = (await auditRowsOf(db, id)).filter((row) => row.entity === 'user' && row.action === 'claim');
    expect(claims).toHaveLength(1);
  });

  it('keeps a moderator claimant’s roles, takes the imported subgroup when they have none, and never brings in more than Commander', async () => {
    const { community, id, claimant, imported } = await world();
    const subgroup = (await community.owner.agent.post('/api/subgroups').set('X-Community-Id', id).send({ name: 'Alpha Group' }).expect(201)).body as { id: string };
    await community.owner.agent.patch(`/api/users/${imported.id}/subgroup`).set('X-Community-Id', id).send({ subgroupId: subgroup.id }).expect(200);
    await setRoles(db, id, imported.id, ['CommunityModerator', 'Commander']);
    await join(claimant.agent, community);
    await setRoles(db, id, claimant.user.id, ['CommunityModerator']);
    await claimant.agent.post('/api/claim-user').send({ importedUserId: imported.id }).expect(200);
    // The claimant had no subgroup: they take the imported one's.
    expect(await membershipOf(db, id, claimant.user.id)).toMatchObject({ roles: ['CommunityModerator', 'Commander'], subgroupId: subgroup.id });
    // The claimant is a moderator of this community: they are not notified of their own claim.
    expect((await notificationsOf(claimant.agent)).filter((n) => n.title === 'History claimed')).toEqual([]);
  });

  it('answers 401 signed out and 400 for a bad body', async () => {
    expectJsonError(await request(app).post('/api/claim-user').send({ importedUserId: '00000000-0000-4000-8000-000000000000' }), 401);
    const member = await signUpVerified(app, db);
    for (const body of [{}, { importedUserId: 'nope' }, { importedUserId: 42 }]) expectJsonError(await member.agent.post('/api/claim-user').send(body), 400);
    const unknown = await member.agent.post('/api/claim-user').send({ importedUserId: '00000000-0000-4000-8000-000000000000' });
    expectJsonError(unknown, 404, NOTHING_TO_CLAIM_MESSAGE);
    expect(await db.select().from(users).where(and(eq(users.id, member.user.id), eq(users.isImported, true)))).toEqual([]);
  });
});
