import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const heldByThisProcess = new Set<string>();

/**
 * Takes an exclusive lock on the embedded database directory, because PGlite has no lock of its own
 * and two processes writing one directory corrupt it. A lock left by a process that died is taken over.
 * Returns the function that releases the lock.
 */
export function lockDataDir(dataDir: string): () => void {
  const directory = path.resolve(dataDir);
  // A lock file with this process's own pid is stale (an earlier run that had the same pid, e.g. pid 1 in a
  // container) unless this process really holds it, which only this set can tell.
  if (heldByThisProcess.has(directory)) {
    throw new DataDirLockedError(`The data directory ${directory} is already open in this process.`);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'steadfast.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      heldByThisProcess.add(directory);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldByThisProcess.delete(directory);
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && processIsAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dataDir)} is in use by another Steadfast process (pid ${holder}). ` +
            'Stop that process first, or start this one with another DATA_DIR.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.resolve(dataDir)}.`);
}
