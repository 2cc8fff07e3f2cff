import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, ilike, or, sql } from 'drizzle-orm';
import express from 'express';
import request from 'supertest';
import { users } from '@shared/schema/auth';
import { createApp } from '../app';
import { type Config, loadConfig, testConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createTestApp } from '../test/app';
import { signUp, TEST_PASSWORD, uniqueIdentity } from '../test/factories';
import { staticClient } from './client';
import { errorHandler } from './error-handler';

/*
 * One database for the file. The main app runs in production mode behind one trusted proxy, so each
 * test can come from its own address (X-Forwarded-For) and the small rate limits do not leak between tests.
 */
const main = await createTestApp({
  NODE_ENV: 'production',
  TRUST_PROXY: 1,
  RATE_LIMIT_LOGIN_PER_EMAIL: 3,
  RATE_LIMIT_LOGIN_PER_IP: 5,
  RATE_LIMIT_REGISTER_PER_IP: 3,
  RATE_LIMIT_NAME_CHECK_PER_IP: 4,
  RATE_LIMIT_PASSWORD_CHANGE_PER_USER: 3,
  RATE_LIMIT_PASSWORD_CHANGE_PER_IP: 5,
});
const { database } = main;
const { db } = database;

/** Another app on the same database (cheap: no second database to open and migrate). */
function appOn(handle: DatabaseHandle, overrides: Partial<Config>, clientHandler?: express.RequestHandler): express.Express {
  const config = testConfig(overrides);
  const { app, close } = createApp({ database: handle, config, sessionSecret: config.SESSION_SECRET!, clientHandler });
  afterAll(close);
  return app;
}

const PUBLIC_URL = 'https://steadfast.example.org';
const httpsBehindProxy = appOn(database, { NODE_ENV: 'production', PUBLIC_URL, TRUST_PROXY: 1 });
const httpsWithoutProxySetting = appOn(database, { NODE_ENV: 'production', PUBLIC_URL, TRUST_PROXY: 0 });
const proxyOnly = appOn(database, { NODE_ENV: 'production', TRUST_PROXY: 1 });

// A built client stand-in: an index.html worth compressing and one hashed asset.
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-client-'));
fs.mkdirSync(path.join(clientDir, 'assets'));
fs.writeFileSync(path.join(clientDir, 'index.html'), `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->\n'.repeat(400)}</body></html>`);
fs.writeFileSync(path.join(clientDir, 'assets', 'index-3f2a1b9c.js'), 'console.log("steadfast");\n');
// A source map a careless build left beside the asset: it must not be published.
fs.writeFileSync(path.join(clientDir, 'assets', 'index-3f2a1b9c.js.map'), '{"version":3,"sources":["../src/secret.ts"],"sourcesContent":["const secret = 1"]}');
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
const withClient = appOn(database, { NODE_ENV: 'production' }, staticClient(clientDir));

let addressCounter = 0;
/** An address no other test in this file uses. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

function from(address: string) {
  return {
    get: (url: string) => request(main.app).get(url).set('X-Forwarded-For', address),
    post: (url: string) => request(main.app).post(url).set('X-Forwarded-For', address),
  };
}

async function usersTagged(tag: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(or(ilike(users.email, `%${tag}%`), ilike(users.displayName, `%${tag}%`)));
  return row!.n;
}

function setCookies(response: request.Response): string[] {
  return ([] as string[]).concat(response.headers['set-cookie'] ?? []);
}

function expectGenericJsonError(response: request.Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(response.body).every((key) => ['message', 'code', 'fields'].includes(key))).toBe(true);
  expect(typeof response.body.message).toBe('string');
  expect(response.text).not.toMatch(/\n\s+at |node_modules|\.ts:\d|select |insert |from "/i);
}

describe('security headers in production', () => {
  it('sends a CSP with base-uri, frame-ancestors and object-src none, and COOP same-origin-allow-popups', async () => {
    for (const url of ['/api/user', '/', '/assets/index-3f2a1b9c.js']) {
      const response = await request(withClient).get(url);
      const csp = response.headers['content-security-policy'] ?? '';
      const directives = csp.split(';').map((directive: string) => directive.trim());
      expect(directives, url).toContain("base-uri 'none'");
      expect(directives, url).toContain("frame-ancestors 'none'");
      expect(directives, url).toContain("object-src 'none'");
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it("allows Google's sign-in frame from the configured auth domain, also a custom one", async () => {
    const frameSrc = (csp: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('frame-src')) ?? '';
    expect(frameSrc((await request(main.app).get('/api/user')).headers['content-security-policy'] ?? '')).not.toContain('auth.grace.example.org');
    const custom = await createTestApp({ NODE_ENV: 'production', VITE_FIREBASE_AUTH_DOMAIN: 'auth.grace.example.org' });
    const directive = frameSrc((await request(custom.app).get('/api/user')).headers['content-security-policy'] ?? '');
    expect(directive.split(' ')).toContain('https://auth.grace.example.org');
    expect(directive).toContain('https://*.firebaseapp.com');
    expect(() => loadConfig({ VITE_FIREBASE_AUTH_DOMAIN: 'https://auth.grace.example.org/path' })).toThrow(/VITE_FIREBASE_AUTH_DOMAIN/);
    expect(loadConfig({ VITE_FIREBASE_AUTH_DOMAIN: ' ' }).VITE_FIREBASE_AUTH_DOMAIN).toBeUndefined();
  });

  it('sends HSTS only when the site is served over HTTPS', async () => {
    expect((await request(main.app).get('/api/user')).headers['strict-transport-security']).toBeUndefined();
    expect((await request(httpsBehindProxy).get('/api/user')).headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('the session cookie', () => {
  function sessionCookie(response: request.Response, name: string): string {
    const cookie = setCookies(response).find((value) => value.startsWith(`${name}=`));
    expect(cookie, `${name} in ${JSON.stringify(setCookies(response))}`).toBeDefined();
    return cookie!;
  }
  const attributes = (cookie: string) => cookie.split(';').slice(1).map((part) => part.trim().toLowerCase());

  it('is HttpOnly, SameSite=Lax, not Secure and named steadfast.sid over plain http', async () => {
    const response = await request(main.app)
      .post('/api/register')
      .set('X-Forwarded-For', freshAddress())
      .send({ ...uniqueIdentity(), password: TEST_PASSWORD })
      .expect(201);
    const parts = attributes(sessionCookie(response, 'steadfast.sid'));
    expect(parts).toContain('httponly');
    expect(parts).toContain('samesite=lax');
    expect(parts).toContain('path=/');
    expect(parts).not.toContain('secure');

    // Without a trusted proxy, a client's own X-Forwarded-Proto changes nothing.
    const spoofed = await request(withClient)
      .post('/api/register')
      .set('X-Forwarded-Proto', 'https')
      .send({ ...uniqueIdentity(), password: TEST_PASSWORD })
      .expect(201);
    expect(attributes(sessionCookie(spoofed, 'steadfast.sid'))).not.toContain('secure');
  });

  it('is Secure and named __Host-steadfast.sid when PUBLIC_URL is https (TLS ending at a trusted proxy)', async () => {
    const agent = request.agent(httpsBehindProxy);
    const response = await agent
      .post('/api/register')
      .set('X-Forwarded-Proto', 'https')
      .set('Origin', PUBLIC_URL)
      .send({ ...uniqueIdentity(), password: TEST_PASSWORD })
      .expect(201);
    const cookie = sessionCookie(response, '__Host-steadfast.sid');
    const parts = attributes(cookie);
    expect(parts).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'secure', 'path=/']));
    expect(parts.some((part) => part.startsWith('domain='))).toBe(false);
    expect(setCookies(response).some((value) => value.startsWith('steadfast.sid='))).toBe(false);

    // The cookie works, and sign-out clears it with the attributes a __Host- cookie needs to be replaced.
    const value = cookie.split(';')[0]!;
    await request(httpsBehindProxy).get('/api/user').set('X-Forwarded-Proto', 'https').set('Cookie', value).expect(200);
    const logout = await request(httpsBehindProxy).post('/api/logout').set('X-Forwarded-Proto', 'https').set('Cookie', value).expect(200);
    const cleared = sessionCookie(logout, '__Host-steadfast.sid');
    expect(attributes(cleared)).toEqual(expect.arrayContaining(['secure', 'path=/']));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    await request(httpsBehindProxy).get('/api/user').set('X-Forwarded-Proto', 'https').set('Cookie', value).expect(401);
  });

  it('is still set (Secure, __Host-) when PUBLIC_URL is https but the proxy is not trusted or sends no X-Forwarded-Proto', async () => {
    for (const target of [httpsWithoutProxySetting, httpsBehindProxy]) {
      const response = await request(target).post('/api/register').send({ ...uniqueIdentity(), password: TEST_PASSWORD }).expect(201);
      const parts = attributes(sessionCookie(response, '__Host-steadfast.sid'));
      expect(parts).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'secure', 'path=/']));
      const value = sessionCookie(response, '__Host-steadfast.sid').split(';')[0]!;
      await request(target).get('/api/user').set('Cookie', value).expect(200);
    }
  });

  it('is Secure with the __Host- name when TLS ends at a trusted proxy without PUBLIC_URL, and plain over http', async () => {
    const overHttps = await request(proxyOnly)
      .post('/api/register')
      .set('X-Forwarded-Proto', 'https')
      .send({ ...uniqueIdentity(), password: TEST_PASSWORD })
      .expect(201);
    expect(attributes(sessionCookie(overHttps, '__Host-steadfast.sid'))).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax']));
    const value = sessionCookie(overHttps, '__Host-steadfast.sid').split(';')[0]!;
    await request(proxyOnly).get('/api/user').set('X-Forwarded-Proto', 'https').set('Cookie', value).expect(200);

    const overHttp = await request(proxyOnly).post('/api/register').send({ ...uniqueIdentity(), password: TEST_PASSWORD }).expect(201);
    expect(attributes(sessionCookie(overHttp, 'steadfast.sid'))).not.toContain('secure');
  });
});

describe('state-changing requests', () => {
  it('refuses a cross-site POST with 403 and writes nothing', async () => {
    const identity = uniqueIdentity('crosssite');
    const tag = identity.email.split('@')[0]!;
    const attempts = [
      from(freshAddress()).post('/api/register').set('Origin', 'https://evil.example'),
      from(freshAddress()).post('/api/register').set('Sec-Fetch-Site', 'cross-site'),
      from(freshAddress()).post('/api/register').set('Origin', 'null'),
    ];
    for (const attempt of attempts) {
      const response = await attempt.send({ ...identity, password: TEST_PASSWORD });
      expectGenericJsonError(response, 403);
      expect(response.body.code).toBe('cross_site');
    }
    expect(await usersTagged(tag)).toBe(0);
  });

  it('refuses a cross-site sign-out and password change of a signed-in user', async () => {
    const { agent } = await signUp(withClient);
    await agent.post('/api/logout').set('Origin', 'https://evil.example').expect(403);
    await agent.post('/api/user/password').set('Origin', 'https://evil.example').send({ currentPassword: TEST_PASSWORD, newPassword: 'another-fine-password' }).expect(403);
    await agent.get('/api/user').expect(200);
    await agent.post('/api/login').send({ username: (await agent.get('/api/user')).body.email, password: TEST_PASSWORD }).expect(200);
  });

  it('accepts a same-origin POST (own host, or PUBLIC_URL behind a proxy)', async () => {
    await from(freshAddress())
      .post('/api/register')
      .set('Host', 'steadfast.test')
      .set('Origin', 'http://steadfast.test')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ ...uniqueIdentity(), password: TEST_PASSWORD })
      .expect(201);
    await request(httpsBehindProxy).post('/api/register').set('Origin', PUBLIC_URL).send({ ...uniqueIdentity(), password: TEST_PASSWORD }).expect(201);
  });

  it('refuses a body that is not JSON with 415 and writes nothing', async () => {
    const identity = { ...uniqueIdentity('notjson'), password: TEST_PASSWORD };
    const tag = identity.email.split('@')[0]!;
    const asText = await from(freshAddress()).post('/api/register').set('Content-Type', 'text/plain').send(JSON.stringify(identity));
    expectGenericJsonError(asText, 415);
    const asForm = await from(freshAddress()).post('/api/register').type('form').send(identity);
    expectGenericJsonError(asForm, 415);
    const asMultipart = await from(freshAddress()).post('/api/register').field('email', identity.email).field('password', identity.password);
    expectGenericJsonError(asMultipart, 415);
    expect(await usersTagged(tag)).toBe(0);
  });

  it('answers a body over the limit with 413 JSON and writes nothing', async () => {
    const identity = uniqueIdentity('huge');
    const tag = identity.email.split('@')[0]!;
    const response = await from(freshAddress())
      .post('/api/register')
      .send({ ...identity, password: TEST_PASSWORD, padding: 'x'.repeat(200 * 1024) });
    expectGenericJsonError(response, 413);
    expect(response.body.code).toBe('too_large');
    expect(await usersTagged(tag)).toBe(0);
  });

  it('answers malformed JSON with 400 JSON and no stack', async () => {
    const response = await from(freshAddress()).post('/api/login').set('Content-Type', 'application/json').send('{"username": "a@example.org", "password": ');
    expectGenericJsonError(response, 400);
    expect(response.body).toEqual({ message: 'The request body is not valid JSON.', code: 'malformed_json' });
  });

  it('answers an unsupported charset with 415 JSON', async () => {
    const response = await from(freshAddress()).post('/api/login').set('Content-Type', 'application/json; charset=klingon').send('{}');
    expectGenericJsonError(response, 415);
  });
});

describe('error responses', () => {
  it('answers unknown API paths with 404 JSON, for any method', async () => {
    for (const response of [
      await request(main.app).get('/api/no-such-endpoint'),
      await request(main.app).get('/api'),
      await from(freshAddress()).post('/api/no-such-endpoint').send({}),
      await request(withClient).get('/api/no-such-endpoint'),
    ]) {
      expectGenericJsonError(response, 404);
      expect(response.body).toEqual({ message: 'Not found.', code: 'not_found' });
    }
  });

  it('answers an id that is not a uuid with a plain JSON error', async () => {
    const { agent } = await signUp(withClient);
    for (const url of ['/api/communities/not-a-uuid', "/api/communities/1' OR '1'='1", '/api/communities/123']) {
      const response = await agent.get(encodeURI(url));
      expect([400, 404]).toContain(response.status);
      expectGenericJsonError(response, response.status);
    }
  });

  describe('from the error handler', () => {
    // A bare app with test-only routes that fail the ways real code fails, on the real database.
    const bare = express();
    bare.get('/real-sql-error', async (_req, _res) => {
      await db.execute(sql`select password_hash from no_such_table where id = ${'secret-value'}`);
    });
    bare.get('/invalid-uuid', async (_req, _res) => {
      await db.select().from(users).where(eq(users.id, 'not-a-uuid'));
    });
    bare.get('/nul-byte', async (_req, _res) => {
      // A NUL byte that slipped past the contracts: Postgres refuses it with 22021 (class 22, data exception).
      await db.execute(sql`select ${'bad\u0000text'}::text`);
    });
    bare.get('/out-of-range', async (_req, _res) => {
      await db.execute(sql`select ${'99999999999'}::integer`);
    });
    bare.get('/thrown', () => {
      throw new Error('internal detail: connection string postgres://user:secret@db/steadfast');
    });
    bare.get('/after-headers', (_req, res) => {
      res.status(200).write('partial');
      throw new Error('late failure');
    });
    bare.use(errorHandler);

    it('answers a failing SQL statement with exactly the generic 500 body: no stack, no SQL', async () => {
      const response = await request(bare).get('/real-sql-error');
      expectGenericJsonError(response, 500);
      expect(response.body).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'internal' });
      expect(response.text).not.toMatch(/no_such_table|password_hash|secret-value/);
    });

    it('answers any other error with the generic 500 body', async () => {
      const response = await request(bare).get('/thrown');
      expect(response.body).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'internal' });
      expect(response.text).not.toMatch(/secret|postgres:/);
    });

    it('answers an invalid uuid reaching the database with 400 and a plain message', async () => {
      const response = await request(bare).get('/invalid-uuid');
      expectGenericJsonError(response, 400);
      expect(response.body).toEqual({ message: 'An identifier in the request is not valid.', code: 'bad_request' });
    });

    it('answers a Postgres data exception (class 22) with 400, not 500: the backstop behind the contracts', async () => {
      for (const url of ['/nul-byte', '/out-of-range']) {
        const response = await request(bare).get(url);
        expectGenericJsonError(response, 400);
        expect(response.body).toEqual({ message: 'Some of the input is not valid.', code: 'invalid_input' });
      }
    });

    it('ends a response that had already started without adding the error', async () => {
      const response = await request(bare).get('/after-headers');
      expect(response.text).toBe('partial');
    });
  });
});

describe('request ids and caching', () => {
  it('gives every response an X-Request-Id, echoing a valid incoming one', async () => {
    const responses = [
      await request(main.app).get('/api/user'),
      await request(withClient).get('/'),
      await request(withClient).get('/assets/index-3f2a1b9c.js'),
      await from(freshAddress()).post('/api/register').set('Origin', 'https://evil.example').send({}),
      await from(freshAddress()).post('/api/register').set('Content-Type', 'text/plain').send('hello'),
    ];
    for (const response of responses) expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const echoed = await request(main.app).get('/api/user').set('X-Request-Id', 'edge-7f3a.42_b');
    expect(echoed.headers['x-request-id']).toBe('edge-7f3a.42_b');
    for (const invalid of ['has spaces in it', 'x'.repeat(65), '<script>']) {
      const replaced = await request(main.app).get('/api/user').set('X-Request-Id', invalid);
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('marks every API response Cache-Control: no-store, errors included, with no ETag hashed from its body', async () => {
    const { agent } = await signUp(withClient);
    const responses = [
      await agent.get('/api/user'),
      await request(main.app).get('/api/user'),
      await request(main.app).get('/api/no-such-endpoint'),
      await from(freshAddress()).post('/api/login').send({}),
      await from(freshAddress()).post('/api/register').set('Origin', 'https://evil.example').send({}),
      await from(freshAddress()).post('/api/register').set('Content-Type', 'text/plain').send('hello'),
      await from(freshAddress()).post('/api/login').set('Content-Type', 'application/json').send('{"broken'),
      await from(freshAddress()).post('/api/login').send({ padding: 'x'.repeat(200 * 1024) }),
    ];
    for (const response of responses) {
      expect(response.headers['cache-control'], `${response.status} ${response.text}`).toBe('no-store');
      expect(response.headers.etag, `${response.status} ${response.text}`).toBeUndefined();
    }
  });

  it('serves hashed assets for a year (immutable) and index.html revalidated, for every client route', async () => {
    const asset = await request(withClient).get('/assets/index-3f2a1b9c.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/auth', '/communities/some/deep/route']) {
      const page = await request(withClient).get(url).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      // Revalidated against the file's date (the app computes no ETag from bodies).
      expect(page.headers['last-modified']).toMatch(/GMT$/);
      expect(page.text).toContain('<div id="root"></div>');
    }
  });

  it('answers a missing asset with 404, not the app page and not a 500', async () => {
    const response = await request(withClient).get('/assets/index-00000000.js');
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('<div id="root">');
    expect(response.text).not.toMatch(/\n\s+at |node_modules/);
  });

  it('publishes no source maps, even one left beside the assets', async () => {
    for (const url of ['/assets/index-3f2a1b9c.js.map', '/assets/INDEX-3F2A1B9C.JS.MAP', '/index.js.map', '/assets/index-3f2a1b9c.js%2emap', '/assets/index-3f2a1b9c.js.ma%70']) {
      const response = await request(withClient).get(url);
      expect(response.status, url).toBe(404);
      expect(response.text, url).not.toMatch(/sourcesContent|secret/);
    }
  });

  it('builds the client without source maps (vite.config.ts)', async () => {
    const { default: viteConfig } = (await import('../../vite.config')) as { default: { build?: { sourcemap?: unknown } } };
    expect(viteConfig.build?.sourcemap).toBe(false);
  });

  it('compresses responses for clients that accept it', async () => {
    const page = await request(withClient).get('/').set('Accept-Encoding', 'gzip').expect(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.text).toContain('<div id="root"></div>');
  });

  it('refuses to serve a client that is not built, with a clear message', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-empty-'));
    try {
      expect(() => staticClient(empty)).toThrow(/not built.*npm run build/);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('rate limits', () => {
  function expectRateLimited(response: request.Response) {
    expectGenericJsonError(response, 429);
    expect(response.body.code).toBe('rate_limited');
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('limits failed sign-ins per e-mail (from any address) to 3; successful sign-ins do not count', async () => {
    const { email } = await signUp(withClient);
    const login = (password: string) => from(freshAddress()).post('/api/login').send({ username: email, password });
    await login('wrong-password-1').expect(401);
    await login('wrong-password-2').expect(401);
    for (let i = 0; i < 4; i++) await login(TEST_PASSWORD).expect(200);
    await login('wrong-password-3').expect(401);
    const limited = await login(TEST_PASSWORD);
    expectRateLimited(limited);
    expect(limited.body.message).toMatch(/e-mail/);
    expect(setCookies(limited).some((cookie) => cookie.startsWith('steadfast.sid='))).toBe(false);
    // The same e-mail in another case and with spaces is the same e-mail.
    expectRateLimited(await from(freshAddress()).post('/api/login').send({ username: `  ${email.toUpperCase()}`, password: TEST_PASSWORD }));
    // Another account is not affected.
    const other = await signUp(withClient);
    await from(freshAddress()).post('/api/login').send({ username: other.email, password: TEST_PASSWORD }).expect(200);
  });

  it('limits failed sign-ins per address to 5, across e-mails; successful sign-ins do not count', async () => {
    const address = freshAddress();
    const { email } = await signUp(withClient);
    for (let i = 0; i < 3; i++) await from(address).post('/api/login').send({ username: uniqueIdentity().email, password: 'whatever-1' }).expect(401);
    for (let i = 0; i < 3; i++) await from(address).post('/api/login').send({ username: email, password: TEST_PASSWORD }).expect(200);
    for (let i = 0; i < 2; i++) await from(address).post('/api/login').send({ username: uniqueIdentity().email, password: 'whatever-1' }).expect(401);
    const limited = await from(address).post('/api/login').send({ username: email, password: TEST_PASSWORD });
    expectRateLimited(limited);
    expect(limited.body.message).toMatch(/network/);
    await from(freshAddress()).post('/api/login').send({ username: email, password: TEST_PASSWORD }).expect(200);
  });

  it('limits sign-ups per address to 3 and writes nothing when limited', async () => {
    const address = freshAddress();
    for (let i = 0; i < 3; i++) await from(address).post('/api/register').send({ ...uniqueIdentity(), password: TEST_PASSWORD }).expect(201);
    const identity = uniqueIdentity('limited');
    const limited = await from(address).post('/api/register').send({ ...identity, password: TEST_PASSWORD });
    expectRateLimited(limited);
    expect(await usersTagged(identity.email.split('@')[0]!)).toBe(0);
    await from(freshAddress()).post('/api/register').send({ ...uniqueIdentity(), password: TEST_PASSWORD }).expect(201);
  });

  describe('password changes', () => {
    const changeFrom = (agent: ReturnType<typeof request.agent>, address: string, currentPassword: string) =>
      agent.post('/api/user/password').set('X-Forwarded-For', address).send({ currentPassword, newPassword: 'a-new-walk-of-faith' });
    /** Signs up from an address of its own (the sign-up limit of this app is 3 per address). */
    async function signUpAlone() {
      const agent = request.agent(main.app);
      await agent.post('/api/register').set('X-Forwarded-For', freshAddress()).send({ ...uniqueIdentity(), password: TEST_PASSWORD }).expect(201);
      return { agent };
    }

    it('limits wrong current passwords per account to 3 (from any address), then refuses even the right one', async () => {
      const { agent } = await signUpAlone();
      const hashBefore = (await db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, (await agent.get('/api/user')).body.email)))[0]!.hash;
      for (let i = 0; i < 3; i++) await changeFrom(agent, freshAddress(), `wrong-guess-${i}`).expect(400);
      const limited = await changeFrom(agent, freshAddress(), TEST_PASSWORD);
      expectRateLimited(limited);
      expect(limited.body.message).toMatch(/password changes/);
      const hashAfter = (await db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, (await agent.get('/api/user')).body.email)))[0]!.hash;
      expect(hashAfter).toBe(hashBefore);
      // Another account is not affected.
      const other = await signUpAlone();
      await changeFrom(other.agent, freshAddress(), TEST_PASSWORD).expect(200);
    });

    it('counts only a wrong current password: refused new passwords do not lock the owner out', async () => {
      const { agent } = await signUpAlone();
      const address = freshAddress();
      for (let i = 0; i < 5; i++) {
        await agent.post('/api/user/password').set('X-Forwarded-For', address).send({ currentPassword: TEST_PASSWORD, newPassword: 'password1' }).expect(400);
      }
      await changeFrom(agent, address, TEST_PASSWORD).expect(200);
    });

    it('limits wrong current passwords per address to 5, across accounts', async () => {
      const address = freshAddress();
      const accounts = [await signUpAlone(), await signUpAlone(), await signUpAlone()];
      for (let i = 0; i < 5; i++) await changeFrom(accounts[i % 2]!.agent, address, `wrong-guess-${i}`).expect(400);
      const limited = await changeFrom(accounts[2]!.agent, address, TEST_PASSWORD);
      expectRateLimited(limited);
      expect(limited.body.message).toMatch(/network/);
      await changeFrom(accounts[2]!.agent, freshAddress(), TEST_PASSWORD).expect(200);
    });
  });

  it('limits name checks per address to 4', async () => {
    const address = freshAddress();
    for (let i = 0; i < 4; i++) await from(address).post('/api/check-name').send({ displayName: uniqueIdentity().displayName }).expect(200);
    expectRateLimited(await from(address).post('/api/check-name').send({ displayName: uniqueIdentity().displayName }));
    await from(freshAddress()).post('/api/check-name').send({ displayName: uniqueIdentity().displayName }).expect(200);
  });
});
