import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../app';
import { testConfig } from '../config';
import { openDatabase } from '../db/client';
import { signUp } from '../test/factories';

const POSTGRES_ONLY = 'needs a Postgres: set TEST_DATABASE_URL (npm run test:server:postgres makes one)';
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

describe('a Postgres that refuses connections (issue 38 item 11)', () => {
  it('answers 503 database_unavailable with Retry-After, never 500, while its database does not allow connections (55000 on connect)', async (context) => {
    const shared = process.env.TEST_DATABASE_URL;
    if (!shared) return context.skip(POSTGRES_ONLY);
    // A throwaway database beside the tests' own, so refusing connections to it disturbs no other file.
    const url = new URL(shared);
    const name = `${url.pathname.slice(1)}_refusing_${process.pid}`.slice(0, 63);
    url.pathname = `/${name}`;
    const admin = new pg.Client({ connectionString: shared });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${quoted(name)}`);
    // The pool says when each of its connections breaks: the test waits for that, not for a clock.
    let broken = 0;
    const poolLog = pino({ level: 'warn' }, new Writable({ write: (_chunk, _encoding, done) => (broken++, done()) }));
    const handle = await openDatabase({ databaseUrl: url.toString() }, { logger: poolLog });
    const config = testConfig();
    const { app, close } = createApp({ database: handle, config, sessionSecret: config.SESSION_SECRET! });
    try {
      const { agent } = await signUp(app);
      await agent.get('/api/user').expect(200);

      await admin.query(`ALTER DATABASE ${quoted(name)} ALLOW_CONNECTIONS false`);
      const ended = await admin.query<{ ended: boolean }>('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1', [name]);
      // Every open connection of the app's pool is gone, so each request below needs a new one, which is refused.
      await vi.waitFor(() => expect(broken).toBe(ended.rowCount), { timeout: 10_000 });

      for (const response of [
        await agent.get('/api/user'),
        await request(app).post('/api/login').send({ username: 'someone@example.org', password: 'not the password' }),
        await request(app).post('/api/check-name').send({ displayName: 'Anyone' }),
      ]) {
        expect({ status: response.status, body: response.body }).toEqual({ status: 503, body: { message: expect.any(String), code: 'database_unavailable' } });
        expect(response.headers['retry-after']).toBe('5');
      }
      expect((await request(app).get('/readyz')).status).toBe(503);

      // Allowed again: the same app answers as before, with the same session.
      await admin.query(`ALTER DATABASE ${quoted(name)} ALLOW_CONNECTIONS true`);
      await agent.get('/api/user').expect(200);
    } finally {
      await close();
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
      await admin.end();
    }
  });
});
