import type { Database } from '../../db/client';

/**
 * Nothing kept for ever (issue 39 item 4): what has outlived its keeping is pruned by the scheduled scan.
 * Returns 0 (it queues no message).
 */
export async function pruneExpiredData(_db: Database, _at: Date): Promise<number> {
  return 0;
}
