import request from 'supertest';
import { SIGNED_IN_CHECK_URL } from '@shared/contracts/session-check';
import { createTestApp } from '../../test/app';
import { signUp, TEST_PASSWORD, uniqueIdentity } from '../../test/factories';

/*
 * GET /api/user keeps SPEC.md's 401 without a session, except for the app's own "who is signed in?"
 * check, GET /api/user?optional=1, which is answered 200 null: a browser logs every 4xx in its console,
 * and a signed-out visitor on /auth is no error.
 */
const { app } = await createTestApp();

describe('GET /api/user?optional=1', () => {
  it('answers 200 null without a session, and /api/user still 401 (SPEC.md)', async () => {
    expect(SIGNED_IN_CHECK_URL).toBe('/api/user?optional=1');
    const checked = await request(app).get(SIGNED_IN_CHECK_URL).expect(200);
    expect(checked.headers['content-type']).toMatch(/^application\/json/);
    expect(checked.headers['cache-control']).toBe('no-store');
    expect(checked.text).toBe('null');
    expect(checked.headers['set-cookie']).toBeUndefined();

    await request(app).get('/api/user').expect(401);
    // Only optional=1 asks for it: anything else is the ordinary call.
    for (const query of ['optional=yes', 'optional=0', 'optional=1&optional=1', 'optional']) await request(app).get(`/api/user?${query}`).expect(401);
  });

  it('answers the signed-in user as ever', async () => {
    const { agent, user } = await signUp(app);
    expect((await agent.get(SIGNED_IN_CHECK_URL).expect(200)).body).toEqual(user);
  });

  it('answers null once the session has ended (signed out, its cookie sent again)', async () => {
    const registered = await request(app).post('/api/register').send({ ...uniqueIdentity('check'), password: TEST_PASSWORD }).expect(201);
    const cookie = String(registered.headers['set-cookie']?.[0]).split(';')[0]!;
    await request(app).get(SIGNED_IN_CHECK_URL).set('Cookie', cookie).expect(200);
    await request(app).post('/api/logout').set('Cookie', cookie).expect(200);
    expect((await request(app).get(SIGNED_IN_CHECK_URL).set('Cookie', cookie).expect(200)).text).toBe('null');
    await request(app).get('/api/user').set('Cookie', cookie).expect(401);
  });
});
