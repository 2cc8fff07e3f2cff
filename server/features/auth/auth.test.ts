import { count, eq, ilike, or, sql } from 'drizzle-orm';
import request from 'supertest';
import type { PublicUser } from '@shared/contracts/auth';
import { FORMAT_CHARACTER_MESSAGE } from '@shared/contracts/account-fields';
import { PASSWORD_MAX_LENGTH } from '@shared/domain/constants';
import { sessions, users } from '@shared/schema/auth';
import { COMMON_PASSWORD_MESSAGE, verifyPassword } from '../../auth/passwords';
import { createTestApp } from '../../test/app';
import { signUp, TEST_PASSWORD, uniqueIdentity } from '../../test/factories';
import { observeResponses } from '../../test/observe';
import { EMAIL_TAKEN_MESSAGE, INVALID_CREDENTIALS_MESSAGE, NAME_TAKEN_MESSAGE, WRONG_CURRENT_PASSWORD_MESSAGE } from './service';

// Generous limits: this file signs up many accounts from one address; security.test.ts tests the limits.
const testApp = await createTestApp({
  RATE_LIMIT_REGISTER_PER_IP: 10_000,
  RATE_LIMIT_LOGIN_PER_IP: 10_000,
  RATE_LIMIT_LOGIN_PER_EMAIL: 10_000,
  RATE_LIMIT_NAME_CHECK_PER_IP: 10_000,
});
const { db } = testApp.database;
// Every request of this file goes through the observer, so the checks in afterEach cover every response.
const { handler: app, responses } = observeResponses(testApp.app);

afterEach(() => {
  const seen = responses.splice(0);
  for (const response of seen) {
    const where = `${response.method} ${response.url} → ${response.status}`;
    const everything = `${JSON.stringify(response.headers)}\n${response.text}`;
    expect(everything, where).not.toMatch(/passwordHash|password_hash|\$argon2/i);
    expect(response.headers['x-request-id'], where).toBeTruthy();
    expect(String(response.headers['content-type']), where).toMatch(/^application\/json/);
    expect(response.headers['cache-control'], where).toBe('no-store');
    if (response.status >= 400) {
      const body = JSON.parse(response.text) as Record<string, unknown>;
      expect(typeof body.message, where).toBe('string');
      expect(Object.keys(body).every((key) => ['message', 'code', 'fields'].includes(key)), where).toBe(true);
      expect(response.text, where).not.toMatch(/\n\s+at |node_modules|select |insert /i);
    }
  }
});

/** Rows of users whose e-mail or name carries the tag: what an attempt with that tag could have written. */
async function usersTagged(tag: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(or(ilike(users.email, `%${tag}%`), ilike(users.displayName, `%${tag}%`)));
  return row!.n;
}

async function totals() {
  const [userRows] = await db.select({ n: count() }).from(users);
  const [sessionRows] = await db.select({ n: count() }).from(sessions);
  return { users: userRows!.n, sessions: sessionRows!.n };
}

/**
 * Runs an attempt that must write nothing: no user row carrying its tag, and (on the per-file PGlite,
 * where no other test file writes concurrently) no new row in users or session at all.
 */
async function expectNothingWritten(tag: string, attempt: () => Promise<unknown>) {
  const before = await totals();
  expect(await usersTagged(tag)).toBe(0);
  await attempt();
  expect(await usersTagged(tag)).toBe(0);
  if (testApp.database.kind === 'pglite') expect(await totals()).toEqual(before);
}

async function storedHash(userId: string): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row!.passwordHash;
}

/** The session id inside a signed express-session cookie ("s:<sid>.<signature>"). */
function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1).split(';')[0]!);
  expect(value.startsWith('s:')).toBe(true);
  return value.slice(2, value.lastIndexOf('.'));
}

function sessionCookieOf(response: request.Response): string {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = cookies.find((value) => value.startsWith('steadfast.sid='));
  expect(cookie, 'a session cookie is set').toBeDefined();
  return cookie!.split(';')[0]!;
}

async function sessionRowExists(sid: string): Promise<boolean> {
  const rows = await db.select({ sid: sessions.sid }).from(sessions).where(eq(sessions.sid, sid));
  return rows.length === 1;
}

async function insertImportedUser(displayName: string) {
  const [row] = await db.insert(users).values({ displayName, email: null, isImported: true }).returning({ id: users.id });
  return row!.id;
}

const longPassword = (length: number) => 'p'.repeat(length);

describe('POST /api/register', () => {
  it('creates the account, signs it in and answers the public user', async () => {
    const identity = uniqueIdentity('register');
    const agent = request.agent(app);
    const response = await agent.post('/api/register').send({ ...identity, password: TEST_PASSWORD }).expect(201);
    const user = response.body as PublicUser;
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: identity.email,
      displayName: identity.displayName,
      isSuperAdmin: false,
      hasPassword: true,
      emailVerified: false,
      takeoverReviewPending: false,
      createdAt: expect.any(String),
      locale: 'en',
      localeChosen: false,
    });
    sessionCookieOf(response);
    const me = await agent.get('/api/user').expect(200);
    expect(me.body).toEqual(user);
  });

  it('stores the e-mail trimmed and lower-cased, and the e-mail is unique in any case', async () => {
    const { displayName } = uniqueIdentity('ann');
    const local = `ann-${displayName.split(' ')[1]}`;
    const response = await request(app)
      .post('/api/register')
      .send({ email: `  ${local.toUpperCase()}@Example.COM `, displayName, password: TEST_PASSWORD })
      .expect(201);
    expect(response.body.email).toBe(`${local}@example.com`);
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, response.body.id));
    expect(row!.email).toBe(`${local}@example.com`);

    const tag = uniqueIdentity('second').displayName.split(' ')[1]!;
    await expectNothingWritten(tag, async () => {
      const again = await request(app)
        .post('/api/register')
        .send({ email: `${local}@example.com`, displayName: `Second ${tag}`, password: TEST_PASSWORD })
        .expect(409);
      expect(again.body).toMatchObject({ message: EMAIL_TAKEN_MESSAGE, fields: { email: EMAIL_TAKEN_MESSAGE } });
    });
  });

  it('refuses a display name already taken, whatever its case or surrounding spaces (409)', async () => {
    const first = await signUp(app);
    const { email } = uniqueIdentity('dup');
    const tag = email.split('@')[0]!;
    await expectNothingWritten(tag, async () => {
      const response = await request(app)
        .post('/api/register')
        .send({ email, displayName: `  ${first.user.displayName.toUpperCase()} `, password: TEST_PASSWORD })
        .expect(409);
      expect(response.body).toMatchObject({ code: 'conflict', fields: { displayName: NAME_TAKEN_MESSAGE } });
    });
  });

  it('refuses look-alikes of a taken name: decomposed accents, ligatures and full-width letters are the same name (NFKC), 409', async () => {
    const tag = uniqueIdentity().displayName.split(' ')[1]!;
    const taken = await request(app).post('/api/register').send({ ...uniqueIdentity(), displayName: `José ﬁnch ${tag}`, password: TEST_PASSWORD }).expect(201);
    expect(taken.body.displayName).toBe(`José finch ${tag}`);
    for (const lookAlike of [`Jose\u0301 finch ${tag}`, `ＪＯＳÉ FINCH ${tag}`, `José ﬁnch ${tag}`]) {
      const response = await request(app).post('/api/register').send({ ...uniqueIdentity(), displayName: lookAlike, password: TEST_PASSWORD }).expect(409);
      expect(response.body.fields).toEqual({ displayName: NAME_TAKEN_MESSAGE });
    }
  });

  it('refuses a name holding zero-width or bidi characters with a field message, and writes nothing (400)', async () => {
    const first = await signUp(app);
    for (const invisible of ['\u200B', '\u200D', '\u200E', '\u202E', '\u2060', '\uFEFF', '\u00AD']) {
      const { email } = uniqueIdentity('zw');
      const name = `${first.user.displayName.slice(0, 2)}${invisible}${first.user.displayName.slice(2)}`;
      await expectNothingWritten(email.split('@')[0]!, async () => {
        const response = await request(app).post('/api/register').send({ email, displayName: name, password: TEST_PASSWORD }).expect(400);
        expect(response.body.fields).toEqual({ displayName: FORMAT_CHARACTER_MESSAGE });
      });
      await request(app).post('/api/check-name').send({ displayName: name }).expect(400);
    }
  });

  it('lets a real account take an imported member’s name: imported names never block one (DECISIONS.md)', async () => {
    const { displayName, email } = uniqueIdentity('imported');
    await insertImportedUser(displayName);
    const response = await request(app).post('/api/register').send({ email, displayName, password: TEST_PASSWORD }).expect(201);
    expect(response.body.displayName).toBe(displayName);
    // The name is a real account's now: the next sign-up with it is refused.
    expect((await request(app).post('/api/register').send({ ...uniqueIdentity(), displayName, password: TEST_PASSWORD }).expect(409)).body.fields).toEqual({
      displayName: NAME_TAKEN_MESSAGE,
    });
  });

  it('lets only one of two simultaneous sign-ups with one name or one e-mail through, and says which field', async () => {
    const { displayName } = uniqueIdentity('race');
    const sameName = await Promise.all(
      [uniqueIdentity().email, uniqueIdentity().email].map((email) => request(app).post('/api/register').send({ email, displayName, password: TEST_PASSWORD })),
    );
    expect(sameName.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(Object.keys(sameName.find((response) => response.status === 409)!.body.fields)).toEqual(['displayName']);

    const { email } = uniqueIdentity('race');
    const sameEmail = await Promise.all(
      [uniqueIdentity().displayName, uniqueIdentity().displayName].map((name) => request(app).post('/api/register').send({ email, displayName: name, password: TEST_PASSWORD })),
    );
    expect(sameEmail.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(sameEmail.find((response) => response.status === 409)!.body.fields).toEqual({ email: EMAIL_TAKEN_MESSAGE });
  });

  it('accepts passwords of exactly 6 and exactly 128 characters', async () => {
    await signUp(app, { password: 'abc%12' });
    await signUp(app, { password: longPassword(PASSWORD_MAX_LENGTH) });
  });

  const invalidBodies: Array<[string, (tag: string) => unknown, string[]]> = [
    ['an empty body', () => ({}), ['email', 'displayName', 'password']],
    ['a malformed e-mail', (tag) => ({ email: `not-an-email-${tag}`, displayName: `Name ${tag}`, password: TEST_PASSWORD }), ['email']],
    ['an e-mail that is not a string', (tag) => ({ email: 42, displayName: `Name ${tag}`, password: TEST_PASSWORD }), ['email']],
    ['a password of 5 characters', (tag) => ({ email: `${tag}@example.org`, displayName: `Name ${tag}`, password: 'abc%1' }), ['password']],
    ['a password of 129 characters', (tag) => ({ email: `${tag}@example.org`, displayName: `Name ${tag}`, password: longPassword(129) }), ['password']],
    ['a blank display name', (tag) => ({ email: `${tag}@example.org`, displayName: '   ', password: TEST_PASSWORD }), ['displayName']],
    ['a display name of 81 characters', (tag) => ({ email: `${tag}@example.org`, displayName: `${tag}${'n'.repeat(81)}`.slice(0, 81), password: TEST_PASSWORD }), ['displayName']],
    ['a password that is not a string', (tag) => ({ email: `${tag}@example.org`, displayName: `Name ${tag}`, password: 123456789 }), ['password']],
  ];
  it.each(invalidBodies)('answers 400 with a message per field and writes nothing for %s', async (_label, build, expectedFields) => {
    const tag = `bad${uniqueIdentity().displayName.split(' ')[1]}`;
    await expectNothingWritten(tag, async () => {
      const response = await request(app).post('/api/register').send(build(tag) as object).expect(400);
      expect(response.body.code).toBe('invalid_input');
      expect(Object.keys(response.body.fields).sort()).toEqual([...expectedFields].sort());
      for (const field of expectedFields) expect(response.body.fields[field]).toEqual(expect.any(String));
      expect(response.headers['set-cookie']).toBeUndefined();
    });
  });

  it('answers 400 for a JSON body that is not an object', async () => {
    const response = await request(app).post('/api/register').send([{ email: 'a@example.org' }]).expect(400);
    expect(response.body.code).toBe('invalid_input');
  });

  it.each(['123456', 'password1', 'Password1', 'qwerty123', 'iloveyou'])('refuses the common password %s with a clear message on password', async (password) => {
    const identity = uniqueIdentity('common');
    const tag = identity.email.split('@')[0]!;
    await expectNothingWritten(tag, async () => {
      const response = await request(app).post('/api/register').send({ ...identity, password }).expect(400);
      expect(response.body.message).toBe(COMMON_PASSWORD_MESSAGE);
      expect(response.body.fields).toEqual({ password: COMMON_PASSWORD_MESSAGE });
    });
  });

  // At the test runner's cost here (server/auth/passwords.ts); `npm run test:smoke` checks a real server's
  // stored hash for OWASP's m >= 19456, t >= 2, p = 1.
  it('stores the password only as an argon2id hash, at the cost the server hashes with', async () => {
    const { user, password } = await signUp(app);
    const hash = await storedHash(user.id);
    expect(hash).not.toContain(password);
    // PHC string: $argon2id$v=19$<parameters in any order>$<salt>$<hash>
    const match = /^\$argon2id\$v=19\$([a-z]=\d+(?:,[a-z]=\d+)*)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.exec(hash ?? '');
    expect(match, `stored hash ${hash}`).not.toBeNull();
    const parameters = Object.fromEntries(match![1]!.split(',').map((pair) => [pair[0]!, Number(pair.slice(2))]));
    expect(parameters).toEqual({ m: 1024, t: 1, p: 1 });
    expect(await verifyPassword(hash, password)).toBe(true);
  });
});

describe('POST /api/login', () => {
  it('signs in with the e-mail in any case and answers the user', async () => {
    const { user, email, password } = await signUp(app);
    const agent = request.agent(app);
    const response = await agent.post('/api/login').send({ username: `  ${email.toUpperCase()} `, password }).expect(200);
    expect(response.body).toEqual(user);
    expect((await agent.get('/api/user').expect(200)).body).toEqual(user);
  });

  it('answers 401 with the same message for a wrong password, an unknown e-mail and an imported member', async () => {
    const { email } = await signUp(app);
    const imported = uniqueIdentity('imported');
    await db.insert(users).values({ displayName: imported.displayName, email: imported.email, isImported: true });

    const wrongPassword = await request(app).post('/api/login').send({ username: email, password: 'not-the-password' }).expect(401);
    const unknownEmail = await request(app).post('/api/login').send({ username: uniqueIdentity().email, password: TEST_PASSWORD }).expect(401);
    const noPassword = await request(app).post('/api/login').send({ username: imported.email, password: TEST_PASSWORD }).expect(401);
    for (const response of [wrongPassword, unknownEmail, noPassword]) {
      expect(response.body).toEqual({ message: INVALID_CREDENTIALS_MESSAGE, code: 'unauthorized' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('regenerates the session: the cookie changes at sign-in and the old one is dead', async () => {
    const { email, displayName } = uniqueIdentity('regen');
    const registered = await request(app).post('/api/register').send({ email, displayName, password: TEST_PASSWORD }).expect(201);
    const before = sessionCookieOf(registered);
    await request(app).get('/api/user').set('Cookie', before).expect(200);

    const login = await request(app).post('/api/login').set('Cookie', before).send({ username: email, password: TEST_PASSWORD }).expect(200);
    const after = sessionCookieOf(login);
    expect(after).not.toBe(before);
    expect(sessionIdOf(after)).not.toBe(sessionIdOf(before));

    await request(app).get('/api/user').set('Cookie', after).expect(200);
    await request(app).get('/api/user').set('Cookie', before).expect(401);
    expect(await sessionRowExists(sessionIdOf(before))).toBe(false);
    expect(await sessionRowExists(sessionIdOf(after))).toBe(true);
  });

  it('ignores a session cookie it did not issue and starts a new session', async () => {
    const { email, password } = await signUp(app);
    const planted = 'steadfast.sid=s%3Aplanted-session-id.invalidsignature';
    const login = await request(app).post('/api/login').set('Cookie', planted).send({ username: email, password }).expect(200);
    const issued = sessionCookieOf(login);
    expect(sessionIdOf(issued)).not.toBe('planted-session-id');
    expect(await sessionRowExists('planted-session-id')).toBe(false);
  });

  const invalidBodies: Array<[string, unknown, string[]]> = [
    ['an empty body', {}, ['username', 'password']],
    ['a malformed e-mail', { username: 'nobody', password: TEST_PASSWORD }, ['username']],
    ['an empty password', { username: 'someone@example.org', password: '' }, ['password']],
    ['a password of 129 characters', { username: 'someone@example.org', password: longPassword(129) }, ['password']],
    ['values that are not strings', { username: ['a@example.org'], password: { value: 'x' } }, ['username', 'password']],
  ];
  it.each(invalidBodies)('answers 400 with a message per field and starts no session for %s', async (_label, payload, expectedFields) => {
    await expectNothingWritten('no-such-tag-login', async () => {
      const response = await request(app).post('/api/login').send(payload as object).expect(400);
      expect(Object.keys(response.body.fields).sort()).toEqual([...expectedFields].sort());
      expect(response.headers['set-cookie']).toBeUndefined();
    });
  });
});

describe('GET /api/user', () => {
  it('answers 401 without a session, and with a cookie that is not a session', async () => {
    const response = await request(app).get('/api/user').expect(401);
    expect(response.body).toEqual({ message: 'Please sign in to continue.', code: 'unauthorized' });
    await request(app).get('/api/user').set('Cookie', 'steadfast.sid=garbage').expect(401);
  });

  it('answers the signed-in user', async () => {
    const { agent, user } = await signUp(app);
    expect((await agent.get('/api/user').expect(200)).body).toEqual(user);
  });
});

describe('POST /api/logout', () => {
  it('destroys the session on the server: the old cookie gets 401 and its row is gone', async () => {
    const { email, displayName } = uniqueIdentity('logout');
    const registered = await request(app).post('/api/register').send({ email, displayName, password: TEST_PASSWORD }).expect(201);
    const cookie = sessionCookieOf(registered);
    const sid = sessionIdOf(cookie);
    await request(app).get('/api/user').set('Cookie', cookie).expect(200);
    expect(await sessionRowExists(sid)).toBe(true);

    const logout = await request(app).post('/api/logout').set('Cookie', cookie).expect(200);
    const cleared = ([] as string[]).concat(logout.headers['set-cookie'] ?? []).find((value) => value.startsWith('steadfast.sid='));
    expect(cleared).toMatch(/^steadfast\.sid=;.*Expires=Thu, 01 Jan 1970/);

    expect(await sessionRowExists(sid)).toBe(false);
    await request(app).get('/api/user').set('Cookie', cookie).expect(401);
  });

  it('signs out only that session: the same user elsewhere stays signed in', async () => {
    const { agent, email, password } = await signUp(app);
    const elsewhere = request.agent(app);
    await elsewhere.post('/api/login').send({ username: email, password }).expect(200);
    await agent.post('/api/logout').expect(200);
    await agent.get('/api/user').expect(401);
    await elsewhere.get('/api/user').expect(200);
  });

  it('answers 200 without a session (signing out twice is harmless) and sets no session', async () => {
    const response = await request(app).post('/api/logout').expect(200);
    expect(response.body).toEqual({ message: 'Signed out.' });
  });
});

describe('POST /api/check-name', () => {
  it('answers a free name as free', async () => {
    const response = await request(app).post('/api/check-name').send({ displayName: uniqueIdentity('free').displayName }).expect(200);
    expect(response.body).toEqual({ exists: false, canClaim: false, userId: null });
  });

  it("answers a real account's name (any case) as taken and not claimable, without its id", async () => {
    const { user } = await signUp(app);
    for (const displayName of [user.displayName, `  ${user.displayName.toUpperCase()}  `]) {
      const response = await request(app).post('/api/check-name').send({ displayName }).expect(200);
      expect(response.body).toEqual({ exists: true, canClaim: false, userId: null });
    }
  });

  it("answers an imported member's name as claimable with the member's id", async () => {
    const { displayName } = uniqueIdentity('imported');
    const id = await insertImportedUser(displayName);
    const response = await request(app).post('/api/check-name').send({ displayName: displayName.toLowerCase() }).expect(200);
    expect(response.body).toEqual({ exists: true, canClaim: true, userId: id });
  });

  it("finds an imported member's name ignoring accents and case ('Jose Muller' finds 'José Müller'), but never a real account's", async () => {
    const tag = uniqueIdentity().displayName.split(' ')[1]!;
    const id = await insertImportedUser(`José Müller ${tag}`);
    for (const typed of [`Jose Muller ${tag}`, `JOSE MÜLLER ${tag}`, `jose mu\u0308ller ${tag}`]) {
      expect((await request(app).post('/api/check-name').send({ displayName: typed }).expect(200)).body).toEqual({ exists: true, canClaim: true, userId: id });
    }
    // A real account's accented name does not make an unaccented one taken: only the same spelling is.
    const real = await signUp(app, { displayName: `Zoë Brontë ${tag}` });
    expect((await request(app).post('/api/check-name').send({ displayName: `Zoe Bronte ${tag}` }).expect(200)).body).toEqual({ exists: false, canClaim: false, userId: null });
    expect((await request(app).post('/api/check-name').send({ displayName: real.user.displayName }).expect(200)).body.canClaim).toBe(false);
  });

  it.each([
    ['a blank name', { displayName: '   ' }],
    ['no name', {}],
    ['a name that is not a string', { displayName: 7 }],
    ['a name of 81 characters', { displayName: 'n'.repeat(81) }],
  ])('answers 400 on displayName for %s', async (_label, payload) => {
    await expectNothingWritten('no-such-tag-check', async () => {
      const response = await request(app).post('/api/check-name').send(payload).expect(400);
      expect(Object.keys(response.body.fields)).toEqual(['displayName']);
    });
  });
});

describe('POST /api/user/password', () => {
  const NEW_PASSWORD = 'a-new-steadfast-password';

  it('answers 401 without a session', async () => {
    const response = await request(app).post('/api/user/password').send({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }).expect(401);
    expect(response.body.code).toBe('unauthorized');
  });

  it('refuses a wrong current password on currentPassword and leaves the password unchanged', async () => {
    const { agent, user, email } = await signUp(app);
    const hash = await storedHash(user.id);
    const response = await agent.post('/api/user/password').send({ currentPassword: 'not-my-password', newPassword: NEW_PASSWORD }).expect(400);
    expect(response.body.fields).toEqual({ currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE });
    expect(await storedHash(user.id)).toBe(hash);
    await request(app).post('/api/login').send({ username: email, password: TEST_PASSWORD }).expect(200);
    await request(app).post('/api/login').send({ username: email, password: NEW_PASSWORD }).expect(401);
  });

  it.each([
    ['an empty body', {}, ['currentPassword', 'newPassword']],
    ['a new password of 5 characters', { currentPassword: TEST_PASSWORD, newPassword: 'abc%1' }, ['newPassword']],
    ['a new password of 129 characters', { currentPassword: TEST_PASSWORD, newPassword: longPassword(129) }, ['newPassword']],
    ['a missing current password', { newPassword: NEW_PASSWORD }, ['currentPassword']],
    ['a common new password', { currentPassword: TEST_PASSWORD, newPassword: 'password1' }, ['newPassword']],
  ])('answers 400 with a message per field and changes nothing for %s', async (_label, payload, expectedFields) => {
    const { agent, user } = await signUp(app);
    const hash = await storedHash(user.id);
    const response = await agent.post('/api/user/password').send(payload).expect(400);
    expect(Object.keys(response.body.fields).sort()).toEqual([...expectedFields].sort());
    if ((payload as { newPassword?: string }).newPassword === 'password1') expect(response.body.fields.newPassword).toBe(COMMON_PASSWORD_MESSAGE);
    expect(await storedHash(user.id)).toBe(hash);
  });

  it('changes the password: the new one signs in, the old one does not, other sessions end and this one stays', async () => {
    const { agent, user, email } = await signUp(app);
    const otherSession = request.agent(app);
    await otherSession.post('/api/login').send({ username: email, password: TEST_PASSWORD }).expect(200);
    const someoneElse = await signUp(app);
    const oldHash = await storedHash(user.id);

    const response = await agent.post('/api/user/password').send({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }).expect(200);
    expect(response.body).toEqual({ message: 'Password changed.' });

    const newHash = await storedHash(user.id);
    expect(newHash).not.toBe(oldHash);
    expect(newHash).toMatch(/^\$argon2id\$/);
    await agent.get('/api/user').expect(200);
    await otherSession.get('/api/user').expect(401);
    await someoneElse.agent.get('/api/user').expect(200);
    const [remaining] = await db
      .select({ n: count() })
      .from(sessions)
      .where(sql`${sessions.sess}->'passport'->'user'->>'id' = ${user.id}`);
    expect(remaining!.n).toBe(1);

    await request(app).post('/api/login').send({ username: email, password: TEST_PASSWORD }).expect(401);
    await request(app).post('/api/login').send({ username: email, password: NEW_PASSWORD }).expect(200);
  });
});

describe('sessions end with the credentials they were opened with', () => {
  const NEW_PASSWORD = 'a-new-steadfast-password';

  it('refuses every session signed in with the old password, also those signed in while the change ran', async () => {
    const { agent: owner, email } = await signUp(app);
    const opened: ReturnType<typeof request.agent>[] = [];
    let changed = false;
    // Four clients sign in with the old password in a loop, before, during and just after the change.
    const signInLoop = async () => {
      for (let round = 0; round < 40; round++) {
        const client = request.agent(app);
        const response = await client.post('/api/login').send({ username: email, password: TEST_PASSWORD });
        if (response.status === 200) opened.push(client);
        if (changed && response.status === 401) return; // the old password no longer works
      }
    };
    const loops = Array.from({ length: 4 }, signInLoop);
    while (opened.length < 4) await new Promise((resolve) => setTimeout(resolve, 5));
    await owner.post('/api/user/password').send({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }).expect(200);
    changed = true;
    await Promise.all(loops);

    expect(opened.length).toBeGreaterThanOrEqual(4);
    const statuses = await Promise.all(opened.map(async (client) => (await client.get('/api/user')).status));
    expect(statuses.filter((status) => status !== 401)).toEqual([]);
    // The owner's own session goes on, under the new credentials.
    await owner.get('/api/user').expect(200);
  });

  it('lets only one of two password changes racing from two sessions win; the other is refused and signs nobody in', async () => {
    const { agent: first, email } = await signUp(app);
    const second = request.agent(app);
    await second.post('/api/login').send({ username: email, password: TEST_PASSWORD }).expect(200);
    const [a, b] = await Promise.all([
      first.post('/api/user/password').send({ currentPassword: TEST_PASSWORD, newPassword: 'first-new-password-1' }),
      second.post('/api/user/password').send({ currentPassword: TEST_PASSWORD, newPassword: 'second-new-password-2' }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([400, 401, 409]).toContain(statuses[1]);
    const winner = a.status === 200 ? 'first-new-password-1' : 'second-new-password-2';
    const loser = a.status === 200 ? 'second-new-password-2' : 'first-new-password-1';
    await request(app).post('/api/login').send({ username: email, password: winner }).expect(200);
    await request(app).post('/api/login').send({ username: email, password: loser }).expect(401);
    // The losing session does not survive the winner's change.
    const losingAgent = a.status === 200 ? second : first;
    await losingAgent.get('/api/user').expect(401);
  });

  it('refuses a session whose stored credential version is older than the account\'s', async () => {
    const { agent, user } = await signUp(app);
    await agent.get('/api/user').expect(200);
    // What "sign out everywhere" will do: bump the version without touching the password.
    await db.update(users).set({ credentialVersion: sql`${users.credentialVersion} + 1` }).where(eq(users.id, user.id));
    await agent.get('/api/user').expect(401);
  });
});

describe('display names and control characters', () => {
  it('stores a display name trimmed, on one line, with inner whitespace collapsed', async () => {
    const identity = uniqueIdentity('spaces');
    const [first, ...rest] = identity.displayName.split(' ');
    const { user } = await signUp(app, { displayName: `  ${first}   \u00A0${rest.join('  ')}  ` });
    expect(user.displayName).toBe(identity.displayName);
  });

  it.each([
    ['a NUL', 'Ruth\u0000Naomi'],
    ['a line break', 'Ruth\nNaomi'],
    ['a tab', 'Ruth\tNaomi'],
    ['an escape', 'Ruth\u001bNaomi'],
    ['a C1 control', 'Ruth\u0085Naomi'],
  ])('refuses %s in a display name at sign-up and in the name check with 400 and a field message', async (_label, displayName) => {
    const identity = uniqueIdentity('control');
    const register = await request(app).post('/api/register').send({ email: identity.email, displayName, password: TEST_PASSWORD });
    expect(register.status).toBe(400);
    expect(register.body.fields.displayName).toMatch(/control characters/);
    expect((await db.select().from(users).where(eq(users.email, identity.email))).length).toBe(0);
    const check = await request(app).post('/api/check-name').send({ displayName });
    expect(check.status).toBe(400);
    expect(check.body.fields.displayName).toMatch(/control characters/);
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON', async () => {
    const response = await request(app).get('/api/no-such-thing').expect(404);
    expect(response.body).toEqual({ message: 'Not found.', code: 'not_found' });
    await request(app).post('/api/no-such-thing').send({}).expect(404);
  });
});
