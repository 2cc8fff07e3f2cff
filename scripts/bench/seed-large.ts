// Seeds the benchmark's community on DATABASE_URL (or the embedded database in DATA_DIR) and prints, as
// JSON on stdout, the accounts the benchmark signs in as, each with a session cookie made for it: sessions
// are written straight into the session table, signed with SESSION_SECRET, so hundreds of members can act
// at once without hundreds of password checks.
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SESSION_IDLE_TIMEOUT_MS } from '../../shared/domain/constants';
import { dateInTimeZone } from '../../shared/domain/calendar';
import { openDatabase } from '../../server/db/client';
import { SESSION_COOKIE_NAME } from '../../server/auth/sessions';
import { type SeededAccount, seedCommunity } from '../seed/seed-community';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2000);
/**
 * The two ways a congregation looks (issue 40 item 3): 'subgroups', every member in a subgroup of 50 (a
 * commander's figures cost what their subgroup costs); 'first-subgroup', one subgroup of 60 formed while the
 * other members have none yet (the planner's estimates are the congregation's, not the subgroup's).
 */
const LAYOUT = process.env.BENCH_LAYOUT ?? 'subgroups';
if (LAYOUT !== 'subgroups' && LAYOUT !== 'first-subgroup') throw new Error(`BENCH_LAYOUT is subgroups or first-subgroup, not ${LAYOUT}`);
const FIRST_SUBGROUP_SIZE = 60;
const SUBGROUPS = LAYOUT === 'first-subgroup' ? 1 : Number(process.env.BENCH_SUBGROUPS ?? Math.max(1, Math.round(MEMBERS / 50)));
const MONTHS = Number(process.env.BENCH_MONTHS ?? 12);
/** Members whose sessions spread the member calls (saves, reads) over many accounts. */
const ACTING_MEMBERS = 200;

const secret = process.env.SESSION_SECRET;
if (!secret) throw new Error('SESSION_SECRET is required: the cookies are signed with it.');
const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR ?? './data' });
try {
  const started = performance.now();
  const today = dateInTimeZone(new Date(), 'UTC');
  const seeded = await seedCommunity(database.db, {
    name: 'Congregation at scale',
    emailDomain: 'bench.steadfast.example',
    password: `bench-${randomBytes(8).toString('hex')}`,
    members: MEMBERS,
    subgroups: SUBGROUPS,
    months: MONTHS,
    today,
    inSubgroups: LAYOUT === 'first-subgroup' ? FIRST_SUBGROUP_SIZE : MEMBERS,
    // A year of logs written in bulk, summarised by the server when it starts (as after an import or an upgrade).
    summarised: false,
  });
  // What autovacuum would have done by the time a congregation had a year of history: fresh planner
  // statistics, and the visibility map that lets summaries read indexes alone.
  await database.db.execute(sql`VACUUM ANALYZE`);
  const seededMs = performance.now() - started;

  // What express-session and passport keep for a signed-in user, and the cookie that names it.
  const expires = new Date(Date.now() + SESSION_IDLE_TIMEOUT_MS);
  const sessionFor = async (account: SeededAccount) => {
    const sid = randomBytes(24).toString('base64url');
    const sess = {
      cookie: { originalMaxAge: SESSION_IDLE_TIMEOUT_MS, expires: expires.toISOString(), httpOnly: true, path: '/', sameSite: 'lax', secure: false },
      passport: { user: { id: account.id, credentialVersion: 1 } },
      lastActiveAt: Date.now(),
    };
    await database.db.execute(sql`INSERT INTO session (sid, sess, expire) VALUES (${sid}, ${JSON.stringify(sess)}::json, ${expires})`);
    const signature = createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
    return { ...account, cookie: `${SESSION_COOKIE_NAME}=${encodeURIComponent(`s:${sid}.${signature}`)}` };
  };
  const output = {
    communityId: seeded.communityId,
    members: MEMBERS,
    subgroups: SUBGROUPS,
    layout: LAYOUT,
    commanderLeads: LAYOUT === 'first-subgroup' ? FIRST_SUBGROUP_SIZE : Math.round(MEMBERS / SUBGROUPS),
    months: MONTHS,
    today,
    seededSeconds: Math.round(seededMs / 100) / 10,
    moderator: await sessionFor(seeded.moderator),
    commander: await sessionFor(seeded.commanders[0]!),
    actingMembers: await Promise.all(seeded.members.slice(0, ACTING_MEMBERS).map(sessionFor)),
  };
  process.stdout.write(JSON.stringify(output));
} finally {
  await database.close();
}
