import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DatabaseTarget, openDatabase } from '../db/client';

/**
 * Server test files each start an in-memory PGlite. Starting one from scratch (its initdb) and migrating
 * it cost about 3 s a file, most of the server suite's time; loading a dump of one already migrated costs
 * a sixth of it. The global setup writes that dump once, and the workers start from it.
 */
const TEMPLATE_ENV = 'STEADFAST_TEST_DATABASE_TEMPLATE';

/** Writes the migrated template for the workers (the global setup); returns its removal. */
export async function writeDatabaseTemplate(): Promise<() => void> {
  const database = await openDatabase({ inMemory: true });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-test-')), 'migrated.tar');
  try {
    const dump = await database.dumpDataDir!();
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  process.env[TEMPLATE_ENV] = file;
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

let template: Blob | undefined;

/** The database a test opens: TEST_DATABASE_URL's Postgres, else an in-memory PGlite from the migrated template. */
export function testDatabaseTarget(): DatabaseTarget {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return { databaseUrl: url };
  const file = process.env[TEMPLATE_ENV];
  if (file && !template) template = new Blob([fs.readFileSync(file)]);
  return { inMemory: true, template };
}
