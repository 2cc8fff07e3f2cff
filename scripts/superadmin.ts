// Grants or revokes SuperAdmin on an existing account:
//   npm run grant-superadmin -- <e-mail>
//   npm run revoke-superadmin -- <e-mail>
// SuperAdmin is never granted or revoked through the UI or the API (DECISIONS.md "Roles").
import { and, eq } from 'drizzle-orm';
import { users } from '../shared/schema/auth';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { DatabaseConnectError } from '../server/db/connect-error';
import { DataDirLockedError } from '../server/db/lock';
import { lockStanding, releaseLeadsBeyondStanding } from '../server/features/subgroups/leads';

const [action, rawEmail] = process.argv.slice(2);
const email = rawEmail?.trim().toLowerCase();
if ((action !== 'grant' && action !== 'revoke') || !email) {
  console.error(`Usage: npm run ${action === 'revoke' ? 'revoke' : 'grant'}-superadmin -- <e-mail>`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR }).catch((error: unknown) => {
  // The embedded database allows one process at a time: stop the server first. Postgres refused: say why in one line.
  console.error(error instanceof DataDirLockedError || error instanceof DatabaseConnectError ? error.message : error);
  process.exit(1);
});
try {
  // What happened: no such account, nothing to change (already so), or changed.
  const outcome = await database.db.transaction(async (tx) => {
    // The account that signs in with this e-mail: an imported record may carry the same address unclaimed.
    const [user] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, email), eq(users.isImported, false)));
    if (!user) return 'no-account' as const;
    await lockStanding(tx, user.id);
    const [standing] = await tx.select({ isSuperAdmin: users.isSuperAdmin }).from(users).where(eq(users.id, user.id));
    if (standing?.isSuperAdmin === (action === 'grant')) return 'already' as const;
    await tx.update(users).set({ isSuperAdmin: action === 'grant', updatedAt: new Date() }).where(eq(users.id, user.id));
    // Rights gone everywhere: the subgroups they led only as SuperAdmin are led by no one now.
    if (action === 'revoke') await releaseLeadsBeyondStanding(tx, user.id, null);
    return 'changed' as const;
  });
  if (outcome === 'no-account') {
    console.error(`No account has the e-mail ${email}.`);
    process.exitCode = 1;
  } else if (outcome === 'already') {
    console.log(action === 'grant' ? `${email} is already a SuperAdmin: nothing changed.` : `${email} is not a SuperAdmin: nothing changed.`);
  } else {
    console.log(action === 'grant' ? `${email} is now a SuperAdmin.` : `${email} is no longer a SuperAdmin.`);
  }
} finally {
  await database.close();
}
