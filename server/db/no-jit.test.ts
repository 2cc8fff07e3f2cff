import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { rowsOf } from './client';

/*
 * No JIT for OLTP (issue 40 item 1): a member-stats statement took 3 ms to run and 134 ms to compile, the planner
 * having estimated a congregation's rows for a 60-member subgroup. Every connection of the app's pool runs with
 * jit = off, whatever the server's own setting.
 */

const { database } = await createTestApp();

describe('the database connections', () => {
  it('run with jit off, each of several used at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => database.db.execute(sql`SELECT current_setting('jit') AS jit, pg_sleep(0.05)::text AS slept`)),
    );
    expect(answers.map((answer) => rowsOf<{ jit: string }>(answer)[0]!.jit)).toEqual(Array(6).fill('off'));
    expect(rowsOf<{ jit: string }>(await database.db.execute(sql`SHOW jit`))[0]!.jit).toBe('off');
  });
});
