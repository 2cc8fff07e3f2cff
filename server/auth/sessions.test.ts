import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { SESSION_IDLE_TIMEOUT_MS } from '@shared/domain/constants';
import { sessions } from '@shared/schema/auth';
import { createApp } from '../app';
import { testConfig } from '../config';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from '../db/client';
import { createTestApp } from '../test/app';
import { TEST_PASSWORD, uniqueIdentity } from '../test/factories';

const testApp = await createTestApp();
const { app, database, advanceClock } = testApp;
const { db } = database;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Signs up through the real route; answers the session cookie ("steadfast.sid=...") and its session id. */
async function signUpWithCookie(target: Parameters<typeof request>[0]) {
  const response = await request(target)
    .post('/api/register')
    .send({ ...uniqueIdentity('session'), password: TEST_PASSWORD })
    .expect(201);
  const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((value) => value.startsWith('steadfast.sid='));
  expect(cookie).toBeDefined();
  const pair = cookie!.split(';')[0]!;
  const signed = decodeURIComponent(pair.slice(pair.indexOf('=') + 1));
  return { cookie: pair, sid: signed.slice(2, signed.lastIndexOf('.')) };
}

/** The session row's expiry in ms since the epoch (the column has no time zone: read it in the database's). */
async function expiryOf(sid: string, handle: DatabaseHandle = database): Promise<number | undefined> {
  const result = await handle.db.execute(sql`select extract(epoch from ${sessions.expire}::timestamptz) * 1000 as expire from ${sessions} where ${sessions.sid} = ${sid}`);
  const row = (result as unknown as { rows: Array<{ expire: string | number }> }).rows[0];
  return row ? Number(row.expire) : undefined;
}

/** Moves a session's expiry to `ms` from now, as if it had been idle. */
async function setExpiry(sid: string, msFromNow: number) {
  await db.execute(sql`update ${sessions} set expire = (to_timestamp(${(Date.now() + msFromNow) / 1000}))::timestamp where ${sessions.sid} = ${sid}`);
}

describe('the idle timeout', () => {
  it('starts a session that expires 30 days ahead', async () => {
    const { cookie, sid } = await signUpWithCookie(app);
    await request(app).get('/api/user').set('Cookie', cookie).expect(200);
    const expire = await expiryOf(sid);
    expect(expire! - Date.now()).toBeGreaterThan(SESSION_IDLE_TIMEOUT_MS - 5 * MINUTE);
    expect(expire! - Date.now()).toBeLessThanOrEqual(SESSION_IDLE_TIMEOUT_MS + 5 * MINUTE);
  });

  it('is pushed back to 30 days by real activity, at most once a minute', async () => {
    const { cookie, sid } = await signUpWithCookie(app);
    await request(app).get('/api/user').set('Cookie', cookie).expect(200);

    // Within the minute: activity does not write the session again.
    await setExpiry(sid, DAY);
    await request(app).get('/api/user').set('Cookie', cookie).expect(200);
    expect((await expiryOf(sid))! - Date.now()).toBeLessThan(DAY + MINUTE);

    // After the minute: it does, and the expiry is 30 days from now again.
    advanceClock(MINUTE + 1000);
    const active = await request(app).get('/api/user').set('Cookie', cookie).expect(200);
    expect((await expiryOf(sid))! - Date.now()).toBeGreaterThan(SESSION_IDLE_TIMEOUT_MS - 5 * MINUTE);
    // The browser's cookie is renewed with it.
    expect(([] as string[]).concat(active.headers['set-cookie'] ?? []).some((value) => value.startsWith('steadfast.sid='))).toBe(true);
  });

  it('is not pushed back by the notification poll', async () => {
    const { cookie, sid } = await signUpWithCookie(app);
    await request(app).get('/api/user').set('Cookie', cookie).expect(200);
    await setExpiry(sid, DAY);
    advanceClock(MINUTE + 1000);
    const poll = await request(app).get('/api/notifications').set('Cookie', cookie);
    expect(poll.status).not.toBe(401);
    expect(poll.headers['set-cookie']).toBeUndefined();
    expect((await expiryOf(sid))! - Date.now()).toBeLessThan(DAY + MINUTE);
    // ...while any other request after the minute is activity.
    await request(app).get('/api/user').set('Cookie', cookie).expect(200);
    expect((await expiryOf(sid))! - Date.now()).toBeGreaterThan(SESSION_IDLE_TIMEOUT_MS - 5 * MINUTE);
  });

  it('ends a session idle past its expiry: 401', async () => {
    const { cookie, sid } = await signUpWithCookie(app);
    await request(app).get('/api/user').set('Cookie', cookie).expect(200);
    await setExpiry(sid, -MINUTE);
    await request(app).get('/api/user').set('Cookie', cookie).expect(401);
  });
});

describe('sessions in the database', () => {
  it('survive a restart of the server', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-restart-'));
    const url = process.env.TEST_DATABASE_URL;
    const target: DatabaseTarget = url ? { databaseUrl: url } : { dataDir };
    const config = testConfig();
    const start = async () => {
      const handle = await openDatabase(target);
      const server = createApp({ database: handle, config, sessionSecret: config.SESSION_SECRET! });
      return { handle, server };
    };
    try {
      const first = await start();
      const { cookie, sid } = await signUpWithCookie(first.server.app);
      await request(first.server.app).get('/api/user').set('Cookie', cookie).expect(200);
      await first.server.close();
      await first.handle.close();

      const second = await start();
      try {
        const me = await request(second.server.app).get('/api/user').set('Cookie', cookie).expect(200);
        expect(me.body.displayName).toMatch(/^session /);
        const rows = await second.handle.db.select({ sid: sessions.sid }).from(sessions).where(eq(sessions.sid, sid));
        expect(rows).toHaveLength(1);
      } finally {
        await second.server.close();
        await second.handle.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
