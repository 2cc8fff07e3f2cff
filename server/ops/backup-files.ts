import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { withRelativeNames } from './relative-tar';

const gzipAsync = promisify(gzip);

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

/** An embedded database's dump (PGlite's dumpDataDir tar) as a backup file's bytes: names relative to the data folder, gzipped off the event loop. */
export async function embeddedArchive(dump: Blob): Promise<Buffer> {
  return gzipAsync(withRelativeNames(new Uint8Array(await dump.arrayBuffer())));
}

/** Writes `target` whole or not at all: `write` fills a file beside it, which is renamed into place once done (and removed if not). */
export async function writeWhole(target: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = `${target}.partial`;
  try {
    await write(partial);
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}
