import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { createGoogleTokenVerifier, GoogleKeysUnavailable, googleKeySet, GoogleTokenRefused, keysMaxAgeMs } from './google';

const PROJECT_ID = 'steadfast-keys';

async function keyPair(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } as JWK };
}
const first = await keyPair('first');
const second = await keyPair('second');

/** A stand-in for Google's key endpoint on plain http://127.0.0.1, as the end-to-end test serves it. */
const served: { keys: JWK[]; status: number; headers: Record<string, string>; body?: string } = { keys: [first.jwk], status: 200, headers: {} };
let fetches = 0;
const server = http.createServer((_req, res) => {
  fetches++;
  res.writeHead(served.status, { 'Content-Type': 'application/json', ...served.headers });
  res.end(served.body ?? JSON.stringify({ keys: served.keys }));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  Object.assign(served, { keys: [first.jwk], status: 200, headers: {}, body: undefined });
  fetches = 0;
});

function token(key: { kid: string; privateKey: CryptoKey }) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: `https://securetoken.google.com/${PROJECT_ID}`, aud: PROJECT_ID, sub: 'uid-1', iat: now, auth_time: now, exp: now + 3600 })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .sign(key.privateKey);
}

/** A verifier over the served keys, with a clock the test moves (ms). */
function verifierWithClock() {
  let time = 1_000_000;
  const verify = createGoogleTokenVerifier({ projectId: PROJECT_ID, keys: googleKeySet(url, { clock: () => time }), now: () => new Date() });
  return { verify, advance: (ms: number) => (time += ms) };
}

describe('googleKeySet', () => {
  it('fetches the keys over plain http and verifies a token signed by one of them', async () => {
    const { verify } = verifierWithClock();
    expect(await verify(await token(first))).toMatchObject({ uid: 'uid-1' });
    expect(fetches).toBe(1);
  });

  it('keeps the keys as long as Cache-Control max-age (less Age) says, then fetches again', async () => {
    served.headers = { 'Cache-Control': 'public, max-age=120, must-revalidate, no-transform', Age: '20' };
    const { verify, advance } = verifierWithClock();
    await verify(await token(first));
    advance(99_000);
    await verify(await token(first));
    expect(fetches).toBe(1);
    advance(1_000);
    await verify(await token(first));
    expect(fetches).toBe(2);
  });

  it('keeps keys 10 minutes when the answer has no max-age', async () => {
    const { verify, advance } = verifierWithClock();
    await verify(await token(first));
    advance(10 * 60_000 - 1);
    await verify(await token(first));
    expect(fetches).toBe(1);
    advance(1);
    await verify(await token(first));
    expect(fetches).toBe(2);
  });

  it('fetches again for an unknown kid (a rotation), at most once per 30 seconds', async () => {
    served.headers = { 'Cache-Control': 'max-age=20000' };
    const { verify, advance } = verifierWithClock();
    await verify(await token(first));

    served.keys = [first.jwk, second.jwk]; // Google published a new key
    await expect(verify(await token(second))).rejects.toBeInstanceOf(GoogleTokenRefused); // within the cooldown: not fetched
    expect(fetches).toBe(1);
    advance(30_000);
    expect(await verify(await token(second))).toMatchObject({ uid: 'uid-1' });
    expect(fetches).toBe(2);

    advance(30_000);
    await expect(verify(await token({ ...second, kid: 'made-up' }))).rejects.toBeInstanceOf(GoogleTokenRefused);
    await expect(verify(await token({ ...second, kid: 'made-up-too' }))).rejects.toBeInstanceOf(GoogleTokenRefused);
    expect(fetches).toBe(3);
  });

  it.each([
    ['an error status', { status: 500 }],
    ['a body that is not JSON', { body: '<html>' }],
    ['JSON that is not a key set', { body: '{"keys": "none"}' }],
  ])('reports the keys unavailable (not the token refused) on %s', async (_label, answer) => {
    Object.assign(served, answer);
    const { verify } = verifierWithClock();
    await expect(verify(await token(first))).rejects.toBeInstanceOf(GoogleKeysUnavailable);
  });

  it('reports the keys unavailable when nothing answers', async () => {
    const verify = createGoogleTokenVerifier({ projectId: PROJECT_ID, keys: googleKeySet(new URL('http://127.0.0.1:9/jwks')), now: () => new Date() });
    await expect(verify(await token(first))).rejects.toBeInstanceOf(GoogleKeysUnavailable);
  });
});

describe('keysMaxAgeMs', () => {
  it.each([
    [{}, 600_000],
    [{ 'cache-control': 'public, max-age=19845, must-revalidate, no-transform' }, 19_845_000],
    [{ 'cache-control': 'max-age=100', age: '30' }, 70_000],
    [{ 'cache-control': 'max-age=100', age: '300' }, 0],
    [{ 'cache-control': 'max-age=0' }, 0],
    [{ 'cache-control': 's-maxage=50' }, 600_000],
    [{ 'cache-control': 'max-age=9999999' }, 24 * 3_600_000],
  ])('reads %o as %i ms', (headers, expected) => {
    expect(keysMaxAgeMs(new Headers(headers))).toBe(expected);
  });
});
