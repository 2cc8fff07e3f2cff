import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, count, eq, sql } from 'drizzle-orm';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import pino from 'pino';
import request from 'supertest';
import type { PublicUser, TakeoverReview } from '@shared/contracts/auth';
import { pushSubscriptions } from '@shared/schema/notifications';
import { auditLogs } from '@shared/schema/audit';
import { authIdentities, sessions, users } from '@shared/schema/auth';
import { createApp } from '../../app';
import { testConfig } from '../../config';
import { createTestApp } from '../../test/app';
import { createCommunity, signUp, TEST_PASSWORD, uniqueIdentity } from '../../test/factories';
import { queuedLink, signUpVerified, tokenOf } from '../../test/mail-kit';
import { observeResponses } from '../../test/observe';
import { googleKeySet } from './google';
import {
  GOOGLE_EMAIL_MISSING_MESSAGE,
  GOOGLE_EMAIL_UNVERIFIED_MESSAGE,
  GOOGLE_NEW_EMAIL_UNVERIFIED_MESSAGE,
  GOOGLE_NOT_CONFIGURED_MESSAGE,
  GOOGLE_PROVIDER,
  GOOGLE_TOKEN_INVALID_MESSAGE,
  GOOGLE_UNAVAILABLE_MESSAGE,
  signInWithGoogle,
} from './google-service';

const PROJECT_ID = 'steadfast-test';
const ISSUER = `https://securetoken.google.com/${PROJECT_ID}`;
const KID = 'test-key-1';

// The test's own key, published to the app as Google's would be.
const signingKey = await generateKeyPair('RS256', { extractable: true });
const publicJwk = { ...(await exportJWK(signingKey.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
const otherKey = await generateKeyPair('RS256');

const testApp = await createTestApp(
  { FIREBASE_PROJECT_ID: PROJECT_ID, RATE_LIMIT_LOGIN_PER_IP: 10_000, RATE_LIMIT_REGISTER_PER_IP: 10_000 },
  { googleKeys: createLocalJWKSet({ keys: [publicJwk] }) },
);
const { db } = testApp.database;
const { handler: app, responses } = observeResponses(testApp.app);

/** Apps beside the main one, on the same database, with other settings; closed after the file. */
const extraApps: Array<() => Promise<void>> = [];
function otherApp(overrides: Parameters<typeof testConfig>[0], options: Partial<Parameters<typeof createApp>[0]> = {}) {
  const config = testConfig(overrides);
  const built = createApp({ database: testApp.database, config, sessionSecret: config.SESSION_SECRET!, ...options });
  extraApps.push(built.close);
  return built.app;
}
afterAll(async () => {
  for (const close of extraApps) await close();
});

afterEach(() => {
  for (const response of responses.splice(0)) {
    const where = `${response.method} ${response.url} → ${response.status}`;
    if (response.status < 400) continue;
    const body = JSON.parse(response.text) as Record<string, unknown>;
    expect(Object.keys(body).every((key) => ['message', 'code', 'fields'].includes(key)), where).toBe(true);
    // jose's words (claim names, error codes) are logged, never answered.
    expect(response.text, where).not.toMatch(/ERR_J|claim|jws|jwt|signature|\n\s+at /i);
  }
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

interface GoogleAccount {
  uid: string;
  email: string;
  name: string;
}

function googleAccount(prefix = 'google'): GoogleAccount {
  const { email, displayName } = uniqueIdentity(prefix);
  return { uid: randomUUID().replaceAll('-', '').slice(0, 28), email, name: displayName };
}

/** The claims of a fresh Firebase ID token for the account; `claims` overrides (undefined removes one). */
function claimsFor(account: GoogleAccount, claims: Record<string, unknown> = {}): JWTPayload {
  const now = nowSeconds();
  const payload: Record<string, unknown> = {
    iss: ISSUER,
    aud: PROJECT_ID,
    auth_time: now - 30,
    iat: now - 10,
    exp: now + 3600,
    sub: account.uid,
    user_id: account.uid,
    email: account.email,
    email_verified: true,
    name: account.name,
    firebase: { identities: { 'google.com': ['1234567890'], email: [account.email] }, sign_in_provider: 'google.com' },
    ...claims,
  };
  for (const [key, value] of Object.entries(payload)) if (value === undefined) delete payload[key];
  return payload;
}

function signToken(payload: JWTPayload, { kid = KID, key = signingKey.privateKey }: { kid?: string; key?: CryptoKey } = {}) {
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(key);
}

const tokenFor = (account: GoogleAccount, claims?: Record<string, unknown>) => signToken(claimsFor(account, claims));

const base64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** What SPEC.md's client sends: the token and three informative fields. */
const bodyFor = (idToken: string, account?: GoogleAccount) => ({
  idToken,
  email: account?.email ?? '',
  displayName: account?.name ?? '',
  firebaseUid: account?.uid ?? '',
});

interface Totals {
  users: number;
  identities: number;
  sessions: number;
}

async function totals(): Promise<Totals> {
  const [userRows] = await db.select({ n: count() }).from(users);
  const [identityRows] = await db.select({ n: count() }).from(authIdentities);
  const [sessionRows] = await db.select({ n: count() }).from(sessions);
  return { users: userRows!.n, identities: identityRows!.n, sessions: sessionRows!.n };
}

/**
 * Whole-table counts are exact only on this file's own PGlite (on a shared Postgres other files write
 * meanwhile), so each test also checks the rows of its own e-mail and uid.
 */
async function expectGrowth(before: Totals, growth: Partial<Totals>) {
  if (testApp.database.kind !== 'pglite') return;
  const now = await totals();
  for (const key of Object.keys(growth) as Array<keyof Totals>) expect(now[key], key).toBe(before[key] + growth[key]!);
}
const expectNothingWritten = (before: Totals) => expectGrowth(before, { users: 0, identities: 0, sessions: 0 });

const usersWithEmail = (email: string) => db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));

async function identitiesOf(uid: string) {
  return db
    .select({ userId: authIdentities.userId })
    .from(authIdentities)
    .where(and(eq(authIdentities.provider, GOOGLE_PROVIDER), eq(authIdentities.providerUid, uid)));
}

function sessionCookieOf(response: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.find((value) => value.startsWith('steadfast.sid='))?.split(';')[0];
}

describe('POST /api/auth/google', () => {
  it('signs a new Google user in, creating the account once; the next sign-in finds it (201, then 200)', async () => {
    const account = googleAccount();
    const before = await totals();

    const agent = request.agent(app);
    const first = await agent.post('/api/auth/google').send(bodyFor(await tokenFor(account), account)).expect(201);
    const user = first.body as PublicUser;
    expect(user).toEqual({
      id: expect.any(String),
      email: account.email,
      displayName: account.name,
      isSuperAdmin: false,
      hasPassword: false,
      emailVerified: true,
      takeoverReviewPending: false,
      createdAt: expect.any(String),
      locale: 'en',
      localeChosen: false,
    });
    expect(sessionCookieOf(first)).toBeDefined();
    expect((await agent.get('/api/user').expect(200)).body).toEqual(user);
    await expectGrowth(before, { users: 1, identities: 1 });
    expect(await usersWithEmail(account.email)).toEqual([{ id: user.id }]);
    expect(await identitiesOf(account.uid)).toEqual([{ userId: user.id }]);
    const afterFirst = await totals();

    // Later, on another device, with a new token (Firebase refreshes them hourly).
    const again = request.agent(app);
    const second = await again.post('/api/auth/google').send(bodyFor(await tokenFor(account, { iat: nowSeconds() }), account)).expect(200);
    expect(second.body).toEqual(user);
    expect((await again.get('/api/user').expect(200)).body.id).toBe(user.id);
    await expectGrowth(afterFirst, { users: 0, identities: 0 });
    expect(await usersWithEmail(account.email)).toEqual([{ id: user.id }]);
    expect(await identitiesOf(account.uid)).toEqual([{ userId: user.id }]);
  });

  it('finds the account by uid alone: a later token with another e-mail and name still signs in the same user', async () => {
    const account = googleAccount();
    const created = await request(app).post('/api/auth/google').send(bodyFor(await tokenFor(account))).expect(201);
    const renamed = await request(app)
      .post('/api/auth/google')
      .send(bodyFor(await tokenFor(account, { email: uniqueIdentity('renamed').email, name: 'Someone Else' })))
      .expect(200);
    expect(renamed.body).toEqual(created.body);
  });

  it('accepts the informative fields missing or null (only the token counts)', async () => {
    const account = googleAccount();
    const response = await request(app)
      .post('/api/auth/google')
      .send({ idToken: await tokenFor(account), email: null, displayName: null })
      .expect(201);
    expect(response.body.email).toBe(account.email);
  });

  it('allows 5 minutes of clock skew on iat and auth_time', async () => {
    const account = googleAccount();
    const skewed = await tokenFor(account, { iat: nowSeconds() + 240, auth_time: nowSeconds() + 240 });
    await request(app).post('/api/auth/google').send(bodyFor(skewed)).expect(201);
  });

  const refusals: Array<[string, (account: GoogleAccount) => Promise<string>]> = [
    ['a wrong aud', (a) => tokenFor(a, { aud: 'someone-elses-project' })],
    ['an aud list holding the project and another', (a) => tokenFor(a, { aud: [PROJECT_ID, 'someone-elses-project'] })],
    ['a wrong iss', (a) => tokenFor(a, { iss: 'https://securetoken.google.com/someone-elses-project' })],
    ['an iss of another service', (a) => tokenFor(a, { iss: 'https://accounts.google.com' })],
    ['an expired token', (a) => tokenFor(a, { iat: nowSeconds() - 3 * 3600, auth_time: nowSeconds() - 3 * 3600, exp: nowSeconds() - 301 })],
    ['no exp', (a) => tokenFor(a, { exp: undefined })],
    ['an iat more than 5 minutes in the future', (a) => tokenFor(a, { iat: nowSeconds() + 360 })],
    ['no iat', (a) => tokenFor(a, { iat: undefined })],
    ['an iat that is not a number', (a) => tokenFor(a, { iat: String(nowSeconds()) })],
    ['an auth_time more than 5 minutes in the future', (a) => tokenFor(a, { auth_time: nowSeconds() + 360 })],
    ['no auth_time', (a) => tokenFor(a, { auth_time: undefined })],
    ['an auth_time that is not a number', (a) => tokenFor(a, { auth_time: 'yesterday' })],
    ['an unknown kid', (a) => signToken(claimsFor(a), { kid: 'rotated-away' })],
    ['no kid, signed by another key', (a) => new SignJWT(claimsFor(a)).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).sign(otherKey.privateKey)],
    ['a bad signature (another key under the same kid)', (a) => signToken(claimsFor(a), { key: otherKey.privateKey })],
    [
      'a signature of another token (claims swapped after signing)',
      async (a) => {
        const [header, , signature] = (await tokenFor(a)).split('.');
        return `${header}.${base64url(claimsFor(a, { sub: 'someone-else' }))}.${signature}`;
      },
    ],
    ['alg none (an unsigned token)', async (a) => `${base64url({ alg: 'none', typ: 'JWT', kid: KID })}.${base64url(claimsFor(a))}.`],
    [
      'alg HS256 keyed with the public key (algorithm confusion)',
      async (a) => {
        const secret = new TextEncoder().encode(JSON.stringify(publicJwk));
        return new SignJWT(claimsFor(a)).setProtectedHeader({ alg: 'HS256', kid: KID, typ: 'JWT' }).sign(secret);
      },
    ],
    ['no sub', (a) => tokenFor(a, { sub: undefined })],
    ['an empty sub', (a) => tokenFor(a, { sub: '' })],
    ['a sub longer than 128 characters', (a) => tokenFor(a, { sub: 'u'.repeat(129) })],
    ['a sub that is not a string', (a) => tokenFor(a, { sub: 12345 })],
    ['an email that is not a string', (a) => tokenFor(a, { email: ['a@example.org'] })],
    ['a malformed token', async () => 'this-is-not-a-token'],
    ['three parts of nonsense', async () => 'abc.def.ghi'],
    ['a token of the right length limit made of nothing', async () => 'x'.repeat(8192)],
  ];
  it.each(refusals)('refuses %s with 401 and creates nothing', async (_label, makeToken) => {
    const account = googleAccount('refused');
    const before = await totals();
    const response = await request(app).post('/api/auth/google').send(bodyFor(await makeToken(account), account)).expect(401);
    expect(response.body).toEqual({ message: GOOGLE_TOKEN_INVALID_MESSAGE, code: 'google_token_invalid' });
    expect(sessionCookieOf(response)).toBeUndefined();
    await expectNothingWritten(before);
    expect(await usersWithEmail(account.email)).toEqual([]);
    expect(await identitiesOf(account.uid)).toEqual([]);
  });

  it('refuses an unverified e-mail that belongs to a password account (401, nothing created) and the password still works', async () => {
    const owner = await signUp(app);
    const before = await totals();
    const intruder = { ...googleAccount(), email: owner.email };
    const response = await request(app)
      .post('/api/auth/google')
      .send(bodyFor(await tokenFor(intruder, { email_verified: false }), intruder))
      .expect(401);
    expect(response.body).toEqual({ message: GOOGLE_EMAIL_UNVERIFIED_MESSAGE, code: 'google_email_unverified' });
    expect(sessionCookieOf(response)).toBeUndefined();
    await expectNothingWritten(before);
    expect(await identitiesOf(intruder.uid)).toEqual([]);

    // email_verified must be the boolean true: a string or a missing claim is not verified.
    for (const emailVerified of ['true', undefined]) {
      await request(app)
        .post('/api/auth/google')
        .send(bodyFor(await tokenFor(intruder, { email_verified: emailVerified })))
        .expect(401, { message: GOOGLE_EMAIL_UNVERIFIED_MESSAGE, code: 'google_email_unverified' });
    }
    await expectNothingWritten(before);
    await request(app).post('/api/login').send({ username: owner.email, password: owner.password }).expect(200);
  });

  it('links a verified password account when the token’s e-mail is verified: same user, the password still works', async () => {
    const owner = await signUpVerified(app, db);
    const before = await totals();
    const google = { ...googleAccount(), email: owner.email.toUpperCase() }; // Google may spell it in capitals

    const agent = request.agent(app);
    const linked = await agent.post('/api/auth/google').send(bodyFor(await tokenFor(google), google)).expect(200);
    expect(linked.body).toEqual({ ...owner.user, hasPassword: true, emailVerified: true });
    expect((await agent.get('/api/user').expect(200)).body.id).toBe(owner.user.id);
    expect(await identitiesOf(google.uid)).toEqual([{ userId: owner.user.id }]);
    await expectGrowth(before, { users: 0, identities: 1 });
    expect(await usersWithEmail(owner.email)).toEqual([{ id: owner.user.id }]);

    // Later sign-ins find the link, whatever the token's e-mail says.
    const again = await request(app).post('/api/auth/google').send(bodyFor(await tokenFor(google, { email: undefined }))).expect(200);
    expect(again.body.id).toBe(owner.user.id);
    expect(await identitiesOf(google.uid)).toEqual([{ userId: owner.user.id }]);
    await request(app).post('/api/login').send({ username: owner.email, password: owner.password }).expect(200);
  });

  it('takes over an unverified password account with its e-mail: the squatter’s password and sessions are dead (pre-account hijacking)', async () => {
    // The squatter registered the victim's e-mail with a password and never proved it.
    const squatter = await signUp(app);
    const squatterSecondSession = request.agent(app);
    await squatterSecondSession.post('/api/login').send({ username: squatter.email, password: squatter.password }).expect(200);
    const victim = { ...googleAccount(), email: squatter.email };

    const agent = request.agent(app);
    const signedIn = await agent.post('/api/auth/google').send(bodyFor(await tokenFor(victim), victim)).expect(200);
    expect(signedIn.body).toMatchObject({ id: squatter.user.id, hasPassword: false, emailVerified: true });
    expect(await identitiesOf(victim.uid)).toEqual([{ userId: squatter.user.id }]);
    // Every session the squatter held ends, and their password no longer opens the account.
    await squatter.agent.get('/api/user').expect(401);
    await squatterSecondSession.get('/api/user').expect(401);
    await request(app).post('/api/login').send({ username: squatter.email, password: squatter.password }).expect(401);
    expect((await agent.get('/api/user').expect(200)).body.id).toBe(squatter.user.id);
    const audit = await db.select().from(auditLogs).where(and(eq(auditLogs.entityId, squatter.user.id), eq(auditLogs.action, 'google-takeover')));
    expect(audit).toHaveLength(1);
  });

  it('a takeover forgets the squatter’s push devices and notification choices, and shows the owner, once, the communities joined before', async () => {
    const { community, joinCode } = await createCommunity(testApp.app);
    const squatter = await signUp(app);
    await squatter.agent.post('/api/communities/join').send({ inviteCode: await joinCode() }).expect(200);
    // The squatter's choices: e-mails of questions off, a reminder, a zone; and a phone receiving pushes.
    await squatter.agent.put('/api/user/notification-preferences').send({ email: { answers: false }, dailyReminder: true, reminderTime: '07:00', timeZone: 'Asia/Seoul' }).expect(200);
    const [session] = await db.select({ sid: sessions.sid }).from(sessions).where(sql`${sessions.sess}->'passport'->'user'->>'id' = ${squatter.user.id}`);
    await db.insert(pushSubscriptions).values({ userId: squatter.user.id, sessionId: session!.sid, endpoint: `https://push.example.org/${randomUUID()}`, p256dhKey: 'k', authKey: 'a' });
    const defaults = (await (await signUp(app)).agent.get('/api/user/notification-preferences').expect(200)).body;

    const owner = { ...googleAccount(), email: squatter.email };
    const agent = request.agent(app);
    const signedIn = await agent.post('/api/auth/google').send(bodyFor(await tokenFor(owner), owner)).expect(200);
    expect(signedIn.body).toMatchObject({ id: squatter.user.id, takeoverReviewPending: true });
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, squatter.user.id))).toEqual([]);
    // The defaults (the zone falls back to the community's when none was chosen).
    const { timeZone: _zone, ...defaultChoices } = defaults as Record<string, unknown>;
    expect((await agent.get('/api/user/notification-preferences').expect(200)).body).toMatchObject({ ...defaultChoices, timeZoneChosen: false });

    const review = (await agent.get('/api/user/takeover-review').expect(200)).body as TakeoverReview;
    expect(review.communities).toEqual([{ communityId: community.id, name: community.name, joinedAt: expect.any(String) }]);
    // Once: seen, it is not shown again; a community joined afterwards is the owner's own doing.
    await agent.post('/api/user/takeover-review/done').expect(204);
    expect((await agent.get('/api/user').expect(200)).body.takeoverReviewPending).toBe(false);
    expect((await agent.get('/api/user/takeover-review').expect(200)).body).toEqual({ communities: [] });
    await request(app).get('/api/user/takeover-review').expect(401);
    await request(app).post('/api/user/takeover-review/done').expect(401);
  });

  it('an account that was never taken over has nothing to review', async () => {
    const member = await signUp(app);
    expect(member.user.takeoverReviewPending).toBe(false);
    expect((await member.agent.get('/api/user/takeover-review').expect(200)).body).toEqual({ communities: [] });
  });

  it('counts an e-mail as verified only when Google itself signed the person in (not another Firebase method)', async () => {
    const owner = await signUp(app);
    const other = { ...googleAccount(), email: owner.email };
    const refused = await request(app).post('/api/auth/google').send(bodyFor(await tokenFor(other, { firebase: { sign_in_provider: 'password' } }), other));
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(GOOGLE_EMAIL_UNVERIFIED_MESSAGE);
    // The squatter-style takeover did not happen: the password still opens the account.
    await request(app).post('/api/login').send({ username: owner.email, password: owner.password }).expect(200);
    expect(await identitiesOf(other.uid)).toEqual([]);
  });

  it('never trusts the e-mail, name or uid sent beside the token: the account is the token’s', async () => {
    const victim = await signUp(app);
    const victimGoogle = googleAccount('victim');
    const victimsGoogleUser = (await request(app).post('/api/auth/google').send(bodyFor(await tokenFor(victimGoogle))).expect(201)).body as PublicUser;
    const attacker = googleAccount('attacker');

    const response = await request(app)
      .post('/api/auth/google')
      .send({ idToken: await tokenFor(attacker), email: victim.email, displayName: victim.user.displayName, firebaseUid: victimGoogle.uid })
      .expect(201);
    expect(response.body.email).toBe(attacker.email);
    expect(response.body.displayName).toBe(attacker.name);
    expect(response.body.id).not.toBe(victim.user.id);
    expect(response.body.id).not.toBe(victimsGoogleUser.id);
    expect(await identitiesOf(attacker.uid)).toEqual([{ userId: response.body.id }]);
    expect(await identitiesOf(victimGoogle.uid)).toEqual([{ userId: victimsGoogleUser.id }]);
    expect(await db.select({ id: authIdentities.id }).from(authIdentities).where(eq(authIdentities.userId, victim.user.id))).toEqual([]);
  });

  it('refuses a new account without a usable e-mail, or with an unverified one, and creates nothing', async () => {
    const before = await totals();
    const account = googleAccount();
    await request(app)
      .post('/api/auth/google')
      .send(bodyFor(await tokenFor(account, { email: undefined, email_verified: undefined })))
      .expect(401, { message: GOOGLE_EMAIL_MISSING_MESSAGE, code: 'google_email_missing' });
    await request(app)
      .post('/api/auth/google')
      .send(bodyFor(await tokenFor(account, { email: 'not an e-mail' })))
      .expect(401, { message: GOOGLE_EMAIL_MISSING_MESSAGE, code: 'google_email_missing' });
    // Nobody holds this e-mail yet, but an account would keep its real owner from signing up with it.
    await request(app)
      .post('/api/auth/google')
      .send(bodyFor(await tokenFor(account, { email_verified: false })))
      .expect(401, { message: GOOGLE_NEW_EMAIL_UNVERIFIED_MESSAGE, code: 'google_email_unverified' });
    await expectNothingWritten(before);
    expect(await usersWithEmail(account.email)).toEqual([]);
    expect(await identitiesOf(account.uid)).toEqual([]);
  });

  it('names the account from the token, numbering a taken name, else after the e-mail; an imported record does not hold the e-mail', async () => {
    const holder = await signUp(app);
    const namesake = googleAccount();
    const first = await request(app)
      .post('/api/auth/google')
      .send(bodyFor(await tokenFor(namesake, { name: `  ${holder.user.displayName.toUpperCase()}  ` })))
      .expect(201);
    expect(first.body.displayName).toBe(`${holder.user.displayName.toUpperCase()} 2`);
    const second = await request(app)
      .post('/api/auth/google')
      .send(bodyFor(await tokenFor(googleAccount(), { name: holder.user.displayName })))
      .expect(201);
    expect(second.body.displayName).toBe(`${holder.user.displayName} 3`);
    // A look-alike spelled with invisible characters is the holder's name once they are dropped.
    const hidden = `${holder.user.displayName.slice(0, 1)}\u200B${holder.user.displayName.slice(1)}\u202E`;
    const third = await request(app).post('/api/auth/google').send(bodyFor(await tokenFor(googleAccount(), { name: hidden }))).expect(201);
    expect(third.body.displayName).toBe(`${holder.user.displayName} 4`);

    const nameless = googleAccount();
    const byEmail = await request(app)
      .post('/api/auth/google')
      .send(bodyFor(await tokenFor(nameless, { name: '\u0000' })))
      .expect(201);
    expect(byEmail.body.displayName).toBe(nameless.email.split('@')[0]);

    const imported = googleAccount('imported');
    await db.insert(users).values({ displayName: imported.name, email: imported.email, isImported: true });
    const withImported = await request(app).post('/api/auth/google').send(bodyFor(await tokenFor(imported))).expect(201);
    expect(withImported.body).toMatchObject({ email: imported.email, displayName: `${imported.name} 2` });
  });

  it('regenerates the session: the cookie changes and the old one is dead', async () => {
    const owner = await signUp(app);
    const registered = await request(app).post('/api/login').send({ username: owner.email, password: owner.password }).expect(200);
    const before = sessionCookieOf(registered)!;
    const google = { ...googleAccount(), email: owner.email };
    const response = await request(app).post('/api/auth/google').set('Cookie', before).send(bodyFor(await tokenFor(google))).expect(200);
    const after = sessionCookieOf(response)!;
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    await request(app).get('/api/user').set('Cookie', after).expect(200);
    await request(app).get('/api/user').set('Cookie', before).expect(401);
  });

  it('answers 400 for a missing, empty, non-string or oversized idToken, and creates nothing', async () => {
    const before = await totals();
    for (const payload of [{}, { idToken: '' }, { idToken: 42 }, { idToken: 'x'.repeat(8193) }, { idToken: 'x', email: 'e'.repeat(1025) }]) {
      const response = await request(app).post('/api/auth/google').send(payload).expect(400);
      expect(response.body.code).toBe('invalid_input');
    }
    await expectNothingWritten(before);
  });

  it('two first sign-ins of one uid at once end in one account', async () => {
    const account = googleAccount('race');
    const token = await tokenFor(account);
    const before = await totals();
    const answers = await Promise.all([1, 2, 3].map(() => request(app).post('/api/auth/google').send(bodyFor(token))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    await expectGrowth(before, { users: 1, identities: 1 });
    expect(await usersWithEmail(account.email)).toHaveLength(1);
    expect(await identitiesOf(account.uid)).toHaveLength(1);
  });

  it('resolves racing first sign-ins in the service too: the losers read the winner’s account', async () => {
    const account = googleAccount('service-race');
    const claims = { uid: account.uid, email: account.email, emailVerified: true, name: account.name };
    const results = await Promise.all([1, 2, 3, 4].map(() => signInWithGoogle(db, claims, new Date())));
    expect(new Set(results.map((result) => result.user.id)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await identitiesOf(account.uid)).toHaveLength(1);
  });
});

describe('POST /api/auth/google on other servers', () => {
  it('answers 404 google_not_configured (a 4xx: a setting, not an outage) when FIREBASE_PROJECT_ID is not set, whatever the body', async () => {
    const unconfigured = otherApp({});
    const account = googleAccount();
    const before = await totals();
    for (const payload of [bodyFor(await tokenFor(account)), {}]) {
      await request(unconfigured)
        .post('/api/auth/google')
        .send(payload)
        .expect(404, { message: GOOGLE_NOT_CONFIGURED_MESSAGE, code: 'google_not_configured' });
    }
    await expectNothingWritten(before);
    expect(await identitiesOf(account.uid)).toEqual([]);
  });

  it('answers 503 (not 401) when Google’s keys cannot be fetched', async () => {
    const keysDown = otherApp({ FIREBASE_PROJECT_ID: PROJECT_ID }, { googleKeys: googleKeySet(new URL('http://127.0.0.1:9/jwks')) });
    await request(keysDown)
      .post('/api/auth/google')
      .send(bodyFor(await tokenFor(googleAccount())))
      .expect(503, { message: GOOGLE_UNAVAILABLE_MESSAGE, code: 'google_unavailable' });
  });

  it('rate limits failed Google sign-ins per address like password sign-ins; successful ones do not count', async () => {
    const limited = otherApp({ FIREBASE_PROJECT_ID: PROJECT_ID, RATE_LIMIT_LOGIN_PER_IP: 3 }, { googleKeys: createLocalJWKSet({ keys: [publicJwk] }) });
    for (let i = 0; i < 4; i++) await request(limited).post('/api/auth/google').send(bodyFor(await tokenFor(googleAccount()))).expect(201);
    for (let i = 0; i < 3; i++) await request(limited).post('/api/auth/google').send(bodyFor('not-a-token')).expect(401);
    const refused = await request(limited).post('/api/auth/google').send(bodyFor(await tokenFor(googleAccount()))).expect(429);
    expect(refused.body).toEqual({ message: expect.stringMatching(/too many failed sign-in attempts/i), code: 'rate_limited' });
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('logs why a token was refused at info, without the token', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
    const logged = otherApp({ FIREBASE_PROJECT_ID: PROJECT_ID }, { googleKeys: createLocalJWKSet({ keys: [publicJwk] }), logger });
    const token = await tokenFor(googleAccount(), { aud: 'someone-elses-project' });
    await request(logged).post('/api/auth/google').send(bodyFor(token)).expect(401);
    const refusal = lines.map((line) => JSON.parse(line) as { level: number; msg: string; reason?: string }).find((entry) => entry.msg === 'Google ID token refused');
    expect(refusal).toMatchObject({ level: 30, reason: expect.stringMatching(/aud/) });
    expect(lines.join('\n')).not.toContain(token.split('.')[2]!);
  });
});

describe('signing in with the password after Google', () => {
  it('a Google-only account has no password to sign in with', async () => {
    const account = googleAccount();
    await request(app).post('/api/auth/google').send(bodyFor(await tokenFor(account))).expect(201);
    await request(app).post('/api/login').send({ username: account.email, password: TEST_PASSWORD }).expect(401);
  });

  it('a Google-only account sets a password through the reset link, and keeps Google', async () => {
    const account = googleAccount();
    const created = await request(app).post('/api/auth/google').send(bodyFor(await tokenFor(account))).expect(201);
    expect(created.body).toMatchObject({ hasPassword: false, emailVerified: true });
    await request(app).post('/api/password-reset').send({ email: account.email }).expect(202);
    const link = await queuedLink(db, account.email.toLowerCase(), 'password-reset');
    await request(app).post('/api/password-reset/confirm').send({ token: tokenOf(link), password: 'my-first-own-password' }).expect(200);
    await request(app).post('/api/login').send({ username: account.email, password: 'my-first-own-password' }).expect(200);
    await request(app).post('/api/auth/google').send(bodyFor(await tokenFor(account))).expect(200);
  });
});
