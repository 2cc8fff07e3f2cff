import { eq } from 'drizzle-orm';
import { memberships } from '@shared/schema/communities';
import { testConfig } from '../../config';
import { createTestApp } from '../../test/app';
import { expectJsonError } from '../../test/community-fixtures';
import { createCommunity, signUp } from '../../test/factories';
import { TOO_MANY_CODES_PER_ADDRESS_MESSAGE, TOO_MANY_CODES_PER_USER_MESSAGE } from './routes';

// Small limits so the test stays short: 3 wrong codes per user, 8 failures per address (all tests share 127.0.0.1).
// The tests below run in order and share the limiter's counts.
const { app, database, advanceClock } = await createTestApp({ RATE_LIMIT_REGISTER_PER_IP: 100_000, RATE_LIMIT_JOIN_PER_USER: 3, RATE_LIMIT_JOIN_PER_IP: 8 });
const db = database.db;
const membershipsOf = (userId: string) => db.select().from(memberships).where(eq(memberships.userId, userId));
const WRONG = 'WRNGC0DE'; // contains 0: never a real code

let fixture: Awaited<ReturnType<typeof createCommunity>>;
let code: string;
beforeAll(async () => {
  fixture = await createCommunity(app);
  code = await fixture.joinCode();
});

describe('joining is rate limited per user and per address, counting wrong codes only', () => {
  it('does not count successful joins: a whole congregation can join from one address', async () => {
    for (let i = 0; i < 12; i++) {
      const joiner = await signUp(app);
      await joiner.agent.post('/api/communities/join').send({ inviteCode: code }).expect(200);
    }
  });

  it('stops a user after 3 wrong codes with 429, a message and Retry-After, even for the right code', async () => {
    const guesser = await signUp(app);
    for (let i = 0; i < 3; i++) expectJsonError(await guesser.agent.post('/api/communities/join').send({ inviteCode: WRONG }), 404);
    const blocked = await guesser.agent.post('/api/communities/join').send({ inviteCode: WRONG });
    expectJsonError(blocked, 429, TOO_MANY_CODES_PER_USER_MESSAGE);
    // The user's window is 15 minutes.
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expectJsonError(await guesser.agent.post('/api/communities/join').send({ inviteCode: code }), 429);
    expect(await membershipsOf(guesser.user.id)).toEqual([]);

    // Someone else on the same address is not stopped by the guesser's per-user limit.
    const neighbour = await signUp(app);
    await neighbour.agent.post('/api/communities/join').send({ inviteCode: code }).expect(200);
  });

  it('stops the address once its wrong codes pass the per-address limit, whoever sends them', async () => {
    // 3 wrong codes so far on this address (the 429 refusals above do not count); 5 more reach the limit of 8.
    for (let i = 0; i < 5; i++) {
      const user = await signUp(app);
      expectJsonError(await user.agent.post('/api/communities/join').send({ inviteCode: WRONG }), 404);
    }
    const late = await signUp(app);
    const refused = await late.agent.post('/api/communities/join').send({ inviteCode: code });
    expectJsonError(refused, 429, TOO_MANY_CODES_PER_ADDRESS_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(15 * 60);
    expect(await membershipsOf(late.user.id)).toEqual([]);
  });

  it('lets the user who mistyped try again after 15 minutes (the address allowance is an hour)', async () => {
    const mistyper = await signUp(app);
    advanceClock(61 * 60_000); // past every window so far
    for (let i = 0; i < 3; i++) expectJsonError(await mistyper.agent.post('/api/communities/join').send({ inviteCode: WRONG }), 404);
    expectJsonError(await mistyper.agent.post('/api/communities/join').send({ inviteCode: code }), 429, TOO_MANY_CODES_PER_USER_MESSAGE);
    advanceClock(16 * 60_000);
    await mistyper.agent.post('/api/communities/join').send({ inviteCode: code }).expect(200);
  });
});

describe('the defaults fit a congregation (DECISIONS.md)', () => {
  it('are 10 wrong codes per user per 15 minutes and 200 per address per hour', async () => {
    const config = testConfig({});
    expect(config.RATE_LIMIT_JOIN_PER_USER).toBe(10);
    expect(config.RATE_LIMIT_JOIN_PER_IP).toBe(200);
  });
});
