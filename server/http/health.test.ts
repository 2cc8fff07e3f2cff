import { sql } from 'drizzle-orm';
import request from 'supertest';
import { createApp } from '../app';
import { testConfig } from '../config';
import { openDatabase, rowsOf } from '../db/client';
import { createTestApp } from '../test/app';
import { expectJsonError } from '../test/community-fixtures';
import { DATABASE_UNAVAILABLE_MESSAGE } from './errors';
import { DRAINING_MESSAGE, NOT_READY_MESSAGE } from './health';

const { app, database } = await createTestApp();

/** Nothing in a probe's answer may name a version of the app, its libraries or the database. */
function expectNoVersions(response: request.Response) {
  expect(response.headers['x-powered-by']).toBeUndefined();
  expect(response.headers['set-cookie']).toBeUndefined();
  expect(response.text).not.toMatch(/\d+\.\d+/);
}

describe('GET /healthz', () => {
  it('answers 200 without a session, with no versions and no cookie', async () => {
    const response = await request(app).get('/healthz').expect(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
    expectNoVersions(response);
  });
});

describe('GET /readyz', () => {
  it('answers 200 when the database answers and holds every migration of this build', async () => {
    const response = await request(app).get('/readyz').expect(200);
    expect(response.body).toEqual({ status: 'ready' });
    expectNoVersions(response);
  });

  it('answers 503 with a message while the latest migration is missing, and 200 again once it is back', async () => {
    const [latest] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await database.db.execute(sql`SELECT id, hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`),
    );
    await database.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${latest!.id}`);
    try {
      const response = await request(app).get('/readyz').expect(503);
      expect(response.body).toEqual({ message: NOT_READY_MESSAGE, code: 'not_ready' });
      expectNoVersions(response);
    } finally {
      await database.db.execute(sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${latest!.id}, ${latest!.hash}, ${latest!.created_at}::bigint)`);
    }
    await request(app).get('/readyz').expect(200);
  });

  it('answers 503 (and the process keeps serving) when the database is gone', async () => {
    const gone = await openDatabase({ inMemory: true });
    const config = testConfig();
    const { app: orphan, close } = createApp({ database: gone, config, sessionSecret: config.SESSION_SECRET! });
    await gone.close();
    try {
      const response = await request(orphan).get('/readyz').expect(503);
      expect(response.body.message).toBe(NOT_READY_MESSAGE);
      await request(orphan).get('/healthz').expect(200);
      // The API says the same, with a message and a time to come back, for reads and writes alike.
      for (const call of [request(orphan).get('/api/communities/info?community=00000000-0000-4000-8000-000000000000'), request(orphan).post('/api/login').send({ username: 'someone@example.org', password: 'a-password-here' })]) {
        const answer = await call;
        expectJsonError(answer, 503, DATABASE_UNAVAILABLE_MESSAGE);
        expect(answer.body.code).toBe('database_unavailable');
        expect(answer.headers['retry-after']).toBe('5');
      }
    } finally {
      await close();
    }
  });
});

describe('draining for a graceful stop', () => {
  it('turns readiness to 503, closes every answer\'s connection, and waits for every request accepted, even after it began', async () => {
    const config = testConfig();
    const handle = await openDatabase({ inMemory: true });
    const { app: stopping, startDraining, whenIdle, close } = createApp({ database: handle, config, sessionSecret: config.SESSION_SECRET! });
    // Requests still working when the stop begins, or arriving while the server still listens: each waits
    // for its release.
    const slots: { arrived: () => void; released: Promise<void> }[] = [];
    const holdNext = () => {
      let arrived!: () => void;
      let release!: () => void;
      const hasArrived = new Promise<void>((resolve) => (arrived = resolve));
      slots.push({ arrived, released: new Promise<void>((resolve) => (release = resolve)) });
      return { hasArrived, release };
    };
    stopping.get('/slow', async (_req, res) => {
      const slot = slots.shift()!;
      slot.arrived();
      await slot.released;
      res.json({ finished: true });
    });
    const server = stopping.listen(0);
    try {
      const first = holdNext();
      const firstAnswer = request(server).get('/slow').then((response) => response);
      await first.hasArrived;
      startDraining();

      const ready = await request(server).get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ message: DRAINING_MESSAGE, code: 'not_ready' });
      expect(ready.headers.connection).toBe('close');

      // A request that arrives after the drain began is answered, and waited for like the first.
      const second = holdNext();
      const secondAnswer = request(server).get('/slow').then((response) => response);
      await second.hasArrived;
      let idle = false;
      const idleNow = whenIdle().then(() => (idle = true));
      first.release();
      expect((await firstAnswer).body).toEqual({ finished: true });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(idle).toBe(false);
      second.release();
      const late = await secondAnswer;
      expect(late.status).toBe(200);
      expect(late.headers.connection).toBe('close');
      await idleNow;
      expect(idle).toBe(true);
    } finally {
      server.close();
      await close();
      await handle.close();
    }
  });
});
