import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { rowsOf } from './client';

/*
 * Every connection of the app's pool runs with the settings its statements were measured with (issue 40), whatever
 * the server's own: no JIT (a member-stats statement took 3 ms to run and 134 ms to compile, the planner having
 * estimated a congregation's rows for a 60-member subgroup), and one generic plan per prepared statement
 * (planning member-stats, the dashboard or a members page afresh cost more than running them).
 */

const { database } = await createTestApp();

describe('the database connections', () => {
  it('run with jit off and generic plans, each of several used at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        database.db.execute(sql`SELECT current_setting('jit') AS jit, current_setting('plan_cache_mode') AS plans, pg_sleep(0.05)::text AS slept`),
      ),
    );
    const settings = answers.map((answer) => {
      const { jit, plans } = rowsOf<{ jit: string; plans: string }>(answer)[0]!;
      return { jit, plans };
    });
    expect(settings).toEqual(Array(6).fill({ jit: 'off', plans: 'force_generic_plan' }));
    expect(rowsOf<{ jit: string }>(await database.db.execute(sql`SHOW jit`))[0]!.jit).toBe('off');
  });
});
