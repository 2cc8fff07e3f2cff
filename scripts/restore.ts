// npm run restore -- <file>: puts a backup made by npm run backup in place of the embedded database
// (DATA_DIR), while no server runs on it. The database it replaces is kept beside it, never deleted.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../server/config';
import { embeddedDatabaseFolder } from '../server/db/client';
import { DataDirLockedError, lockDataDir } from '../server/db/lock';
import { backupsFolder, fileTimeStamp, listBackups } from '../server/ops/backup-files';

const file = process.argv[2];
const config = loadConfig();
if (!file) {
  console.error('Usage: npm run restore -- <backup file made by npm run backup>');
  const backups = listBackups(config.DATA_DIR);
  if (backups.length > 0) console.error(`The newest backups, in ${path.resolve(backupsFolder(config.DATA_DIR))}:\n${backups.slice(0, 5).map((backup) => `  ${path.relative(process.cwd(), backup)}`).join('\n')}`);
  process.exit(2);
}
if (!fs.existsSync(file)) {
  console.error(`There is no file ${path.resolve(file)}.`);
  process.exit(2);
}
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: this server keeps its data in Postgres. Restore it with pg_restore (README, "Backups").');
  process.exit(2);
}

const accountsIn = async (database: PGlite) => {
  await database.waitReady;
  const { rows } = await database.query<{ accounts: number }>('SELECT count(*)::int AS accounts FROM users');
  return rows[0]!.accounts;
};

let release: () => void;
try {
  release = lockDataDir(config.DATA_DIR);
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(`Steadfast is running on ${path.resolve(config.DATA_DIR)}. Stop the server, run npm run restore again, then start it.`);
  process.exit(1);
}

try {
  const backup = new Blob([fs.readFileSync(file)]);
  // Opened in memory first: a file that is not a Steadfast backup changes nothing.
  try {
    const trial = new PGlite({ loadDataDir: backup });
    await accountsIn(trial);
    await trial.close();
  } catch {
    console.error(`${path.resolve(file)} is not a backup made by npm run backup. Nothing was changed.`);
    release();
    process.exit(1);
  }

  // Unpacked beside the database and checked first; only then swapped in, so a failure (a full disk) leaves
  // the database as it was.
  const folder = embeddedDatabaseFolder(config.DATA_DIR);
  const incoming = `${folder}.restoring`;
  fs.rmSync(incoming, { recursive: true, force: true });
  let accounts: number;
  try {
    const restored = new PGlite(incoming, { loadDataDir: backup });
    accounts = await accountsIn(restored);
    await restored.close();
  } catch (error) {
    fs.rmSync(incoming, { recursive: true, force: true });
    throw error;
  }
  let keptAt: string | undefined;
  if (fs.existsSync(folder)) {
    keptAt = `${folder}.before-restore-${fileTimeStamp(new Date())}`;
    for (let n = 2; fs.existsSync(keptAt); n++) keptAt = `${folder}.before-restore-${fileTimeStamp(new Date())}-${n}`;
    fs.renameSync(folder, keptAt);
  }
  fs.renameSync(incoming, folder);
  console.log(`Restored ${accounts} accounts from ${path.resolve(file)} into ${path.resolve(config.DATA_DIR)}.`);
  if (keptAt) console.log(`The database it replaced is kept in ${keptAt}; delete it once you are sure.`);
} finally {
  release();
}
