import fs from 'node:fs';
import path from 'node:path';

/** A time as a file name can hold it, readable and sorting in time order: 2026-11-25T18-30-00Z (UTC). */
export function fileTimeStamp(date: Date): string {
  return date.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
}

/** Where npm run backup writes when given no file: DATA_DIR/backups, beside the database and out of the repository. */
export const backupsFolder = (dataDir: string) => path.join(dataDir, 'backups');

/** A new file in DATA_DIR/backups named by the time, e.g. steadfast-2026-11-25T18-30-00Z.tar.gz (never an existing one). */
export function defaultBackupFile(dataDir: string, now: Date): string {
  const folder = backupsFolder(dataDir);
  const name = `steadfast-${fileTimeStamp(now)}`;
  let file = path.join(folder, `${name}.tar.gz`);
  for (let n = 2; fs.existsSync(file); n++) file = path.join(folder, `${name}-${n}.tar.gz`);
  return file;
}

/** The backups in DATA_DIR/backups, newest first. */
export function listBackups(dataDir: string): string[] {
  const folder = backupsFolder(dataDir);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.tar.gz'))
    .map((name) => path.join(folder, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
}
