import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@shared/domain/constants';
import { memberships, subgroups } from '@shared/schema/communities';
import { commanderAvailability, meetings } from '@shared/schema/meetings';
import { notifications } from '@shared/schema/notifications';
import { questions } from '@shared/schema/questions';
import { dailyLogs, userDisciplineTargets } from '@shared/schema/tracking';
import type { Executor } from '../../db/client';
import { logContent, mergeDayStatus } from '../tracking/daily-logs';
import { dailyKeysOf } from '../tracking/disciplines';

/**
 * Moves an imported member's history onto the account claiming it (DECISIONS.md "Imported members and
 * claiming"), inside the caller's transaction: memberships, daily logs, targets, questions, meetings and
 * notifications. Where both have a row (a membership in one community, a log or targets for one month) the
 * claimant's is kept and the imported one merged into it. The caller deletes the imported user afterwards,
 * which removes whatever was merged rather than moved.
 */

/** The roles an import can give: a claim never brings in more than Commander. */
const IMPORTABLE_ROLES: readonly Role[] = ['Commander', 'Member'];

function claimableRoles(roles: readonly Role[]): Role[] {
  const kept = roles.filter((role) => IMPORTABLE_ROLES.includes(role));
  return kept.length > 0 ? kept : ['Member'];
}

/** The claimant's roles with the imported ones added (at most Commander), in the claimant's order. */
function unionRoles(own: readonly Role[], imported: readonly Role[]): Role[] {
  return [...own, ...claimableRoles(imported).filter((role) => !own.includes(role))];
}

/** Returns the ids of the imported member's communities (now all the claimant's). */
export async function moveMemberships(tx: Executor, fromUserId: string, toUserId: string): Promise<string[]> {
  const theirs = await tx
    .select({ id: memberships.id, communityId: memberships.communityId, roles: memberships.roles, subgroupId: memberships.subgroupId })
    .from(memberships)
    .where(eq(memberships.userId, fromUserId))
    .for('update');
  if (theirs.length === 0) return [];
  const communityIds = theirs.map((membership) => membership.communityId);
  const own = await tx
    .select({ id: memberships.id, communityId: memberships.communityId, roles: memberships.roles, subgroupId: memberships.subgroupId })
    .from(memberships)
    .where(and(eq(memberships.userId, toUserId), inArray(memberships.communityId, communityIds)))
    .for('update');
  const ownByCommunity = new Map(own.map((membership) => [membership.communityId, membership]));
  for (const imported of theirs) {
    const mine = ownByCommunity.get(imported.communityId);
    if (!mine) {
      await tx.update(memberships).set({ userId: toUserId, roles: claimableRoles(imported.roles) }).where(eq(memberships.id, imported.id));
      continue;
    }
    const roles = unionRoles(mine.roles, imported.roles);
    const subgroupId = mine.subgroupId ?? imported.subgroupId;
    if (roles.length !== mine.roles.length || subgroupId !== mine.subgroupId) {
      await tx.update(memberships).set({ roles, subgroupId }).where(eq(memberships.id, mine.id));
    }
  }
  return communityIds;
}

/**
 * Daily logs: a month only the imported member logged moves over; a month both logged is merged cell by cell
 * into the claimant's row, the claimant's own cells winning (and their monthly completions too).
 */
export async function moveDailyLogs(tx: Executor, fromUserId: string, toUserId: string, now: Date): Promise<void> {
  const theirs = await tx.select().from(dailyLogs).where(eq(dailyLogs.userId, fromUserId)).for('update');
  if (theirs.length === 0) return;
  const monthOf = (log: { communityId: string; year: number; month: number }) => `${log.communityId}/${log.year}/${log.month}`;
  const own = await tx
    .select()
    .from(dailyLogs)
    .where(and(eq(dailyLogs.userId, toUserId), inArray(dailyLogs.communityId, [...new Set(theirs.map((log) => log.communityId))])))
    .for('update');
  const ownByMonth = new Map(own.map((log) => [monthOf(log), log]));
  const moving: string[] = [];
  for (const imported of theirs) {
    const mine = ownByMonth.get(monthOf(imported));
    if (!mine) {
      moving.push(imported.id);
      continue;
    }
    const dayStatus = mergeDayStatus(imported.dayStatus, mine.dayStatus);
    await tx
      .update(dailyLogs)
      .set({
        ...logContent(dayStatus, imported, await dailyKeysOf(tx, imported.communityId)),
        monthlyCompletions: { ...imported.monthlyCompletions, ...mine.monthlyCompletions },
        updatedAt: now,
      })
      .where(eq(dailyLogs.id, mine.id));
  }
  if (moving.length > 0) await tx.update(dailyLogs).set({ userId: toUserId }).where(inArray(dailyLogs.id, moving));
}

/** Targets: a month only the imported member has moves over; where both have one, the claimant's stays. */
export async function moveTargets(tx: Executor, fromUserId: string, toUserId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE ${userDisciplineTargets} AS imported SET user_id = ${toUserId}
    WHERE imported.user_id = ${fromUserId}
      AND NOT EXISTS (
        SELECT 1 FROM ${userDisciplineTargets} AS own
        WHERE own.user_id = ${toUserId} AND own.community_id = imported.community_id AND own.year = imported.year AND own.month = imported.month
      )`);
}

/** Questions (asked by or addressed to them), meetings (either side), notifications and subgroups they lead. */
export async function moveActivity(tx: Executor, fromUserId: string, to: { id: string; displayName: string }): Promise<void> {
  await tx.update(questions).set({ fromUserId: to.id, fromUserName: to.displayName }).where(eq(questions.fromUserId, fromUserId));
  await tx.update(questions).set({ toCommanderId: to.id }).where(eq(questions.toCommanderId, fromUserId));
  await tx.update(meetings).set({ memberId: to.id }).where(eq(meetings.memberId, fromUserId));
  await tx.update(meetings).set({ commanderId: to.id }).where(eq(meetings.commanderId, fromUserId));
  await tx.update(notifications).set({ toUserId: to.id }).where(eq(notifications.toUserId, fromUserId));
  await tx.update(notifications).set({ fromUserId: to.id }).where(eq(notifications.fromUserId, fromUserId));
  await tx.update(subgroups).set({ commanderId: to.id }).where(eq(subgroups.commanderId, fromUserId));
  await tx.update(commanderAvailability).set({ commanderId: to.id }).where(eq(commanderAvailability.commanderId, fromUserId));
}
