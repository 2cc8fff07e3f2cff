import { auditLogs } from '@shared/schema/audit';
import type { Executor } from '../../db/client';

export interface AuditEntry {
  /** Null for the server's operator (a command-line script), who has no account. */
  actorId: string | null;
  /** Who acted when no account stands behind it ('a deleted account'). */
  actorLabel?: string;
  communityId: string | null;
  entity: string;
  entityId: string;
  action: string;
  diff?: unknown;
}

/** Records who changed what; call it inside the transaction that makes the change. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({ ...entry, diff: entry.diff ?? null });
}
