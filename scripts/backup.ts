// npm run backup [-- <file>]: a consistent copy of the embedded database (DATA_DIR), as one .tar.gz file,
// by default DATA_DIR/backups/steadfast-<UTC time>.tar.gz.
// The embedded database is open in one process at a time: while a server runs on DATA_DIR this refuses,
// because a copy of files being written is not a consistent database. Postgres: use pg_dump (README).
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../server/config';
import { embeddedDatabaseFolder } from '../server/db/client';
import { DataDirLockedError, lockDataDir } from '../server/db/lock';
import { defaultBackupFile, embeddedArchive, writeWhole } from '../server/ops/backup-files';

const config = loadConfig();
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: this server keeps its data in Postgres. Back it up with pg_dump (README, "Backups").');
  process.exit(2);
}
const folder = embeddedDatabaseFolder(config.DATA_DIR);
if (!fs.existsSync(folder)) {
  console.error(`There is no embedded database in ${path.resolve(config.DATA_DIR)} (DATA_DIR). Nothing to back up.`);
  process.exit(1);
}

let release: () => void;
try {
  release = lockDataDir(config.DATA_DIR);
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(
    `Steadfast is running on ${path.resolve(config.DATA_DIR)}, and a copy of a database while it is being written is not consistent. ` +
      'Stop the server, run npm run backup, then start it again (it takes a few seconds).',
  );
  process.exit(1);
}

try {
  // By default into DATA_DIR/backups (with the database, out of the repository), named by the time.
  const target = path.resolve(process.argv[2] ?? defaultBackupFile(config.DATA_DIR, new Date()));
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const database = new PGlite(folder);
  await database.waitReady;
  const { rows } = await database.query<{ accounts: number }>('SELECT count(*)::int AS accounts FROM users');
  const dump = await database.dumpDataDir('none');
  await database.close();
  // A backup file is either whole or absent.
  await writeWhole(target, async (partial) => fs.writeFileSync(partial, await embeddedArchive(dump), { mode: 0o600 }));
  console.log(`Backed up ${rows[0]!.accounts} accounts to ${target} (${Math.round(fs.statSync(target).size / 1024)} KB).`);
} finally {
  release();
}
