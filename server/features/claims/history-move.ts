import { eq } from 'drizzle-orm';
import { HISTORY_CLAIMED_NOTIFICATION_TITLE } from '@shared/domain/constants';
import { users } from '@shared/schema/auth';
import type { Executor } from '../../db/client';
import { recordAudit } from '../audit/service';
import { notifyModerators } from '../notifications/service';
import type { Reader } from '../notifications/words';
import { releaseLeadsBeyondStanding } from '../subgroups/leads';
import { moveActivity, moveDailyLogs, moveMemberships, moveTargets } from './transfer';

/** How an imported history reached its person: at sign-up (once the e-mail is verified), after joining, or linked by an admin. */
export type ClaimRoute = 'sign-up' | 'join' | 'link';

export interface HistoryMove {
  imported: { id: string; displayName: string };
  claimant: { id: string; displayName: string };
  /** Who made it happen: the claimant, or the admin who linked the record. */
  actorId: string;
  via: ClaimRoute;
  now: Date;
}

/**
 * Moves an imported member's history onto a real account and deletes the imported record, inside the
 * caller's transaction (which has locked and checked the imported record): memberships (roles capped at
 * Commander), logs, targets, questions, meetings. One audit entry per community; its moderators are told.
 * Returns the ids of the communities the history belonged to.
 */
export async function moveImportedHistory(tx: Executor, move: HistoryMove): Promise<string[]> {
  const { imported, claimant, actorId, via, now } = move;
  // One move at a time per claimant, so two imported histories merging into one month queue up.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, claimant.id)).for('update');
  const communityIds = await moveMemberships(tx, imported.id, claimant.id);
  await moveDailyLogs(tx, imported.id, claimant.id, now);
  await moveTargets(tx, imported.id, claimant.id);
  await moveActivity(tx, imported.id, claimant);
  // The record's roles arrive capped at Commander: a subgroup it led as an admin is led by no one now.
  await releaseLeadsBeyondStanding(tx, claimant.id, actorId);
  await tx.delete(users).where(eq(users.id, imported.id));
  // An imported member removed from every community still leaves one entry, outside any community.
  for (const communityId of communityIds.length > 0 ? communityIds : [null]) {
    await recordAudit(tx, {
      actorId,
      communityId,
      entity: 'user',
      entityId: claimant.id,
      action: via === 'link' ? 'link-imported' : 'claim',
      diff: { importedUserId: imported.id, importedName: imported.displayName, via },
    });
  }
  const name = claimant.displayName;
  const message = ({ t }: Reader) => (via === 'link' ? t('{name} was linked to their imported history.', { name }) : t('{name} claimed their imported history.', { name }));
  const headline = ({ t }: Reader) => (via === 'link' ? t('{name} was linked to their imported history', { name }) : t('{name} claimed their imported history', { name }));
  await notifyModerators(
    tx,
    communityIds,
    { fromUserId: actorId, type: 'history_claimed', title: ({ t }) => t(HISTORY_CLAIMED_NOTIFICATION_TITLE), message, outside: { topic: 'claims', headline, path: '/admin?tab=members' } },
    actorId,
  );
  return communityIds;
}
