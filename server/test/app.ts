import type express from 'express';
import type { JWTVerifyGetKey } from 'jose';
import { afterAll } from 'vitest';
import { createApp } from '../app';
import { type Config, testConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';

export interface TestApp {
  app: express.Express;
  database: DatabaseHandle;
  /** Moves the app's clock forward (ms). */
  advanceClock(ms: number): void;
  /** Counts the queries the app runs between two calls: `const done = countQueries(); ...; done()`. */
  countQueries(): () => number;
}

/**
 * An app on a real database: an in-memory PGlite, or the Postgres named by TEST_DATABASE_URL.
 * Call at the top level of a test file; everything is closed after the file's tests.
 * `googleKeys` verifies Google sign-in tokens (with FIREBASE_PROJECT_ID set) instead of Google's published keys.
 */
export async function createTestApp(overrides: Partial<Config> = {}, { googleKeys }: { googleKeys?: JWTVerifyGetKey } = {}): Promise<TestApp> {
  const url = process.env.TEST_DATABASE_URL;
  let queries = 0;
  const database = await openDatabase(url ? { databaseUrl: url } : { inMemory: true }, { onQuery: () => queries++ });
  let offset = 0;
  const config = testConfig(overrides);
  const { app, close } = createApp({ database, config, sessionSecret: config.SESSION_SECRET!, clock: () => Date.now() + offset, googleKeys });
  afterAll(async () => {
    await close();
    await database.close();
  });
  return {
    app,
    database,
    advanceClock: (ms) => (offset += ms),
    countQueries: () => {
      const start = queries;
      return () => queries - start;
    },
  };
}
