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
  it('finishes the requests in flight, closes every answer\'s connection and turns readiness to 503', async () => {
    const config = testConfig();
    const handle = await openDatabase({ inMemory: true });
    const { app: stopping, drain, close } = createApp({ database: handle, config, sessionSecret: config.SESSION_SECRET! });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // A request still working when the stop begins.
    stopping.get('/slow', async (_req, res) => {
      await held;
      res.json({ finished: true });
    });
    const server = stopping.listen(0);
    try {
      const slow = request(server).get('/slow').then((response) => response);
      await new Promise((resolve) => setTimeout(resolve, 50));
      let drained = false;
      const draining = drain().then(() => (drained = true));

      const ready = await request(server).get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ message: DRAINING_MESSAGE, code: 'not_ready' });
      expect(ready.headers.connection).toBe('close');
      expect(drained).toBe(false);

      release();
      const finished = await slow;
      expect(finished.status).toBe(200);
      expect(finished.body).toEqual({ finished: true });
      await draining;
      expect(drained).toBe(true);
      await request(server).get('/healthz').expect(200);
    } finally {
      server.close();
      await close();
      await handle.close();
    }
  });
});
