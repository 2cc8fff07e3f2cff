// Grants SuperAdmin to an existing account: npm run grant-superadmin -- <e-mail>
// SuperAdmin is never granted through the UI or the API (DECISIONS.md "Roles").
import { eq } from 'drizzle-orm';
import { users } from '../shared/schema/auth';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { DatabaseConnectError } from '../server/db/connect-error';
import { DataDirLockedError } from '../server/db/lock';

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Usage: npm run grant-superadmin -- <e-mail>');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR }).catch((error: unknown) => {
  // The embedded database allows one process at a time: stop the server first. Postgres refused: say why in one line.
  console.error(error instanceof DataDirLockedError || error instanceof DatabaseConnectError ? error.message : error);
  process.exit(1);
});
try {
  const updated = await database.db.update(users).set({ isSuperAdmin: true, updatedAt: new Date() }).where(eq(users.email, email)).returning({ id: users.id });
  if (updated.length === 0) {
    console.error(`No account has the e-mail ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(`${email} is now a SuperAdmin.`);
  }
} finally {
  await database.close();
}
