import { randomUUID } from 'node:crypto';
import { like } from 'drizzle-orm';
import request from 'supertest';
import { rateLimitHits } from '@shared/schema/rate-limits';
import { createApp } from '../app';
import { testConfig } from '../config';
import { openDatabase } from '../db/client';
import { TEST_PASSWORD, uniqueIdentity } from '../test/factories';
import { expectJsonError } from '../test/community-fixtures';
import { databaseRateLimitStores } from './rate-limit-store';
import { rateLimits } from './security';
import { testDatabaseTarget } from '../test/database-template';

/*
 * The rate limits count in the database: servers sharing a database and a scope count the same hits, a
 * restart keeps them, and a window that has ended starts again.
 */
const database = await openDatabase(testDatabaseTarget());
afterAll(() => database.close());

const config = testConfig({ RATE_LIMIT_REGISTER_PER_IP: 2 });
const HOUR = 60 * 60_000;

/** A server on the shared database, counting in `scope`, with a clock that can be moved forward. */
function server(scope: string, clock: { offset: number }) {
  return createApp({ database, config, sessionSecret: config.SESSION_SECRET!, rateLimitScope: scope, clock: () => Date.now() + clock.offset });
}

const signUp = (app: ReturnType<typeof server>['app']) => request(app).post('/api/register').send({ ...uniqueIdentity('counted'), password: TEST_PASSWORD });

describe('rate limits kept in the database', () => {
  it('count the hits of two servers together, survive a restart, and start again once the window ends', async () => {
    const scope = `${randomUUID()}:`;
    const clock = { offset: 0 };
    const first = server(scope, clock);
    const second = server(scope, clock);

    expect((await signUp(first.app)).status).toBe(201);
    expect((await signUp(second.app)).status).toBe(201);
    expectJsonError(await signUp(first.app), 429, 'Too many sign-ups from your network. Please try again in an hour.');
    expectJsonError(await signUp(second.app), 429);
    const [counter] = await database.db.select().from(rateLimitHits).where(like(rateLimitHits.key, `${scope}%`));
    expect(counter!.key).toMatch(new RegExp(`^${scope}register-per-address:[\\w-]{43}$`));
    expect(counter!.hits).toBe(4);

    await first.close();
    await second.close();
    const restarted = server(scope, clock);
    const refused = await signUp(restarted.app);
    expectJsonError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(HOUR / 1000 - 60);

    clock.offset = HOUR + 1_000;
    expect((await signUp(restarted.app)).status).toBe(201);
    const [renewed] = await database.db.select().from(rateLimitHits).where(like(rateLimitHits.key, `${scope}%`));
    expect(renewed!.hits).toBe(1);
    await restarted.close();
  });

  it('keeps the counts of servers in other scopes apart (each test app counts on its own)', async () => {
    const clock = { offset: 0 };
    const busy = server(`${randomUUID()}:`, clock);
    for (let i = 0; i < 2; i++) expect((await signUp(busy.app)).status).toBe(201);
    expectJsonError(await signUp(busy.app), 429);
    const other = server(`${randomUUID()}:`, clock);
    expect((await signUp(other.app)).status).toBe(201);
    await busy.close();
    await other.close();
  });

  it('keeps each counter\'s key short, however long what the client sent', async () => {
    const scope = `${randomUUID()}:`;
    const app = server(scope, { offset: 0 });
    // 90 KB (under the body limit) and random, so Postgres could not compress it under the index's size limit.
    const username = Array.from({ length: 2_500 }, () => randomUUID()).join('');
    const refused = await request(app.app).post('/api/login').send({ username, password: TEST_PASSWORD });
    expect(refused.status).toBeLessThan(500);
    const counters = await database.db.select().from(rateLimitHits).where(like(rateLimitHits.key, `${scope}%`));
    expect(counters.length).toBeGreaterThan(0);
    for (const counter of counters) expect(counter.key.length).toBeLessThan(scope.length + 80);
    await app.close();
  });

  it('prunes the expired counters of its own scope only', async () => {
    const [mine, theirs] = [`${randomUUID()}:`, `${randomUUID()}:`];
    const longAgo = new Date(Date.now() - HOUR);
    await database.db.insert(rateLimitHits).values([
      { key: `${mine}old:expired`, hits: 3, resetAt: longAgo },
      { key: `${theirs}old:expired`, hits: 3, resetAt: longAgo },
    ]);
    const storeFor = databaseRateLimitStores(database.db, { now: () => new Date(Date.now() + 24 * HOUR), scope: mine });
    const store = storeFor('fresh');
    store.init?.({ windowMs: 60_000 } as never);
    await store.increment('someone');
    const remaining = async () =>
      (await database.db.select({ key: rateLimitHits.key }).from(rateLimitHits).where(like(rateLimitHits.key, '%old:expired'))).map((row) => row.key);
    await expect.poll(remaining).not.toContain(`${mine}old:expired`);
    expect(await remaining()).toContain(`${theirs}old:expired`);
  });

  it('refuses two limits of one name, which would share counters', async () => {
    const limitRequests = rateLimits(databaseRateLimitStores(database.db, { now: () => new Date(), scope: 'x:' }));
    const options = { name: 'twice', windowMs: 60_000, limit: 1, message: 'Slow down.' };
    limitRequests(options);
    expect(() => limitRequests(options)).toThrow(/named twice/);
  });
});
