// Fills a demo community to try the app: npm run seed:demo (stop the server first on the embedded database).
// A moderator with three months of their own history and targets, two commanders, twenty members who joined
// over those months, guidance, questions, meetings and two applications to review, on the database the server
// is configured with (DATABASE_URL, else the embedded one in DATA_DIR). The same history every run, relative
// to today.
import { eq } from 'drizzle-orm';
import { dateInTimeZone } from '../shared/domain/calendar';
import { users } from '../shared/schema/auth';
import { loadConfig, publicOrigin } from '../server/config';
import { type Database, openDatabase } from '../server/db/client';
import { DatabaseConnectError } from '../server/db/connect-error';
import { DataDirLockedError } from '../server/db/lock';
import { seedCommunity } from './seed/seed-community';

const DEMO_DOMAIN = 'demo.steadfast.example';
const DEMO_PASSWORD = 'steadfast-demo-2026';
const TIME_ZONE = 'America/Chicago';

const config = loadConfig();
const database = await openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR }).catch((error: unknown) => {
  // The embedded database allows one process at a time: stop the server first. Postgres refused: say why in one line.
  console.error(error instanceof DataDirLockedError || error instanceof DatabaseConnectError ? error.message : error);
  process.exit(1);
});
try {
  const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, `moderator@${DEMO_DOMAIN}`)).limit(1);
  if (existing) {
    console.log(`The demo community is already here. Sign in as moderator@${DEMO_DOMAIN} with the password ${DEMO_PASSWORD}.`);
  } else {
    const started = performance.now();
    // In one transaction: a seed stopped half-way leaves nothing, so running it again starts afresh.
    const seeded = await database.db.transaction((tx) => seedCommunity(tx as unknown as Database, {
      name: 'Grace Fellowship (demo)',
      emailDomain: DEMO_DOMAIN,
      password: DEMO_PASSWORD,
      members: 20,
      subgroups: 2,
      months: 3,
      today: dateInTimeZone(new Date(), TIME_ZONE),
      timeZone: TIME_ZONE,
      story: true,
    }));
    console.log(`Seeded 'Grace Fellowship (demo)' in ${((performance.now() - started) / 1000).toFixed(1)} s. Every account's password is ${DEMO_PASSWORD}\n`);
    const rows = [
      ['CommunityModerator', seeded.moderator],
      ...seeded.commanders.map((commander) => ['Commander', commander] as const),
      ...seeded.members.slice(0, 3).map((member) => ['Member', member] as const),
    ] as const;
    for (const [role, account] of rows) console.log(`  ${role.padEnd(20)} ${account.email.padEnd(40)} ${account.displayName}`);
    console.log(`  … and ${seeded.members.length - 3} more members, member4@${DEMO_DOMAIN} to member${seeded.members.length}@${DEMO_DOMAIN}`);
    console.log(`\nStart the server (npm start) and sign in at ${publicOrigin(config)}/auth as ${seeded.moderator.email} first: the moderator's dashboard, Administration and Reports show the community.`);
  }
} finally {
  await database.close();
}
