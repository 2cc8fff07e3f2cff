// Fills a demo community to try the app: npm run seed:demo (stop the server first on the embedded database).
// A moderator leading a subgroup, two commanders leading one each, twenty members who joined over three months,
// and the pastoral story around them (scripts/seed/seed-story.ts), on the database the server is configured
// with (DATABASE_URL, else the embedded one in DATA_DIR). The same history every run, relative to today, and
// nothing after yesterday: today is for whoever tries it.
import { eq } from 'drizzle-orm';
import { dateInTimeZone } from '../shared/domain/calendar';
import { users } from '../shared/schema/auth';
import { loadConfig, publicOrigin } from '../server/config';
import { type Database, openDatabase } from '../server/db/client';
import { DatabaseConnectError } from '../server/db/connect-error';
import { DataDirLockedError } from '../server/db/lock';
import { seedCommunity } from './seed/seed-community';
import { STORY_SUBGROUPS } from './seed/story-text';

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
      ['CommunityModerator', seeded.moderator, `runs the community and leads ${STORY_SUBGROUPS[2]}`],
      ...seeded.commanders.map((commander, i) => ['Commander', commander, `leads ${STORY_SUBGROUPS[i]}`] as const),
      ['Member', seeded.members[0]!, `in ${STORY_SUBGROUPS[0]}: a note, a moved meeting, a reply and a history offer`] as const,
    ] as const;
    for (const [role, account, part] of rows) console.log(`  ${role.padEnd(20)} ${account.email.padEnd(40)} ${account.displayName.padEnd(16)} ${part}`);
    console.log(`  … and ${seeded.members.length - 1} more members, member2@${DEMO_DOMAIN} to member${seeded.members.length}@${DEMO_DOMAIN}`);
    console.log(`\nStart the server (npm start) and sign in at ${publicOrigin(config)}/auth: README's "Try the demo" says what each account shows.`);
  }
} finally {
  await database.close();
}
