import type express from 'express';
import type { JWTVerifyGetKey } from 'jose';
import { afterAll } from 'vitest';
import { type AppOptions, createApp } from '../app';
import type { OutboxWorker } from '../mail/outbox';
import { type Config, testConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { testDatabaseTarget } from './database-template';

export interface TestApp {
  app: express.Express;
  /** The mail worker, when the app was made with `mail` (tests wait on `drain()`). */
  outbox?: OutboxWorker;
  database: DatabaseHandle;
  /** Moves the app's clock forward (ms). */
  advanceClock(ms: number): void;
  /** Counts the queries the app runs between two calls: `const done = countQueries(); ...; done()`. */
  countQueries(): () => number;
}

/**
 * An app on a real database: an in-memory PGlite, or the Postgres named by TEST_DATABASE_URL.
 * Call at the top level of a test file; everything is closed after the file's tests.
 * `mail` starts the mail worker (send with SMTP_URL in `overrides`; see smtp.ts).
 * `googleKeys` verifies Google sign-in tokens (with FIREBASE_PROJECT_ID set) instead of Google's published keys.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  { googleKeys, mail, push }: { googleKeys?: JWTVerifyGetKey; mail?: AppOptions['mail']; push?: AppOptions['push'] } = {},
): Promise<TestApp> {
  let queries = 0;
  const database = await openDatabase(testDatabaseTarget(), { onQuery: () => queries++ });
  let offset = 0;
  const config = testConfig(overrides);
  const { app, close, outbox } = createApp({ database, config, sessionSecret: config.SESSION_SECRET!, clock: () => Date.now() + offset, googleKeys, mail, push });
  afterAll(async () => {
    await close();
    await database.close();
  });
  return {
    app,
    outbox,
    database,
    advanceClock: (ms) => (offset += ms),
    countQueries: () => {
      const start = queries;
      return () => queries - start;
    },
  };
}
