import { and, desc, eq, type Placeholder, sql } from 'drizzle-orm';
import { apiMessage } from '@shared/domain/messages';
import type { CalendarLockView } from '@shared/contracts/tracking';
import type { YearMonth } from '@shared/domain/calendar';
import { isAdmin } from '@shared/domain/roles';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import { calendarLocks } from '@shared/schema/tracking';
import type { Database, Executor } from '../../db/client';
import { communityNotFound, type CommunityContext, lockCommunityRow } from '../../http/community-context';
import { conflict, locked, notFound } from '../../http/errors';
import { recordAudit } from '../audit/service';

type Month = YearMonth;

export const LOCKED_MONTH_MESSAGE = apiMessage('This month is locked by your community admins. Ask an admin if something needs correcting.');
export const ALREADY_LOCKED_MESSAGE = apiMessage('That month is already locked.');

export async function isMonthLocked(db: Executor, communityId: string, { year, month }: Month): Promise<boolean> {
  const [lock] = await db
    .select({ isLocked: calendarLocks.isLocked })
    .from(calendarLocks)
    .where(and(eq(calendarLocks.communityId, communityId), eq(calendarLocks.year, year), eq(calendarLocks.month, month)))
    .limit(1);
  return lock?.isLocked ?? false;
}

/** Whether the month is locked, as a column of a query that reads something else too (values or a prepared statement's placeholders). */
export function monthLocked(communityId: string | Placeholder, { year, month }: { year: number | Placeholder; month: number | Placeholder }) {
  return sql<boolean>`coalesce((SELECT ${calendarLocks.isLocked} FROM ${calendarLocks} WHERE ${calendarLocks.communityId} = ${communityId} AND ${calendarLocks.year} = ${year} AND ${calendarLocks.month} = ${month}), false)`;
}

/**
 * Whether the month is locked, refusing the save when it is and the caller is no admin (a locked month is
 * read-only for everyone but admins, DECISIONS.md "Tracking"). Run inside the saving transaction: the share
 * lock on the community row waits for a lock change in progress (setLock holds the row for update), so no
 * save slips in beside a month being locked.
 */
export async function lockStateForSave(tx: Executor, context: CommunityContext, period: Month): Promise<boolean> {
  const admin = isAdmin(context.roles);
  if (!admin) await lockCommunityRow(tx, context.community.id, 'read');
  // A removal that committed while this save waited for the lock leaves nothing to save for. (A statement
  // of its own after the lock: it reads what committed meanwhile.)
  const [state] = await tx
    .select({ stillMember: sql<boolean>`true`, isLocked: monthLocked(context.community.id, period) })
    .from(memberships)
    .where(eq(memberships.id, context.membership!.id));
  if (!state) throw communityNotFound();
  const isLocked = state.isLocked;
  if (isLocked && !admin) throw locked(LOCKED_MONTH_MESSAGE);
  return isLocked;
}

const lockColumns = {
  id: calendarLocks.id,
  communityId: calendarLocks.communityId,
  month: calendarLocks.month,
  year: calendarLocks.year,
  isLocked: calendarLocks.isLocked,
  lockedByUserId: calendarLocks.lockedByUserId,
  lockedBy: users.displayName,
  lockedAt: calendarLocks.lockedAt,
  reason: calendarLocks.reason,
};

function toLockView(row: Omit<CalendarLockView, 'lockedAt'> & { lockedAt: Date }): CalendarLockView {
  return { ...row, lockedAt: row.lockedAt.toISOString() };
}

export async function listLocks(db: Executor, communityId: string): Promise<CalendarLockView[]> {
  const rows = await db
    .select(lockColumns)
    .from(calendarLocks)
    .leftJoin(users, eq(users.id, calendarLocks.lockedByUserId))
    .where(eq(calendarLocks.communityId, communityId))
    .orderBy(desc(calendarLocks.year), desc(calendarLocks.month));
  return rows.map(toLockView);
}

async function lockById(db: Executor, communityId: string, lockId: string): Promise<CalendarLockView> {
  const [row] = await db
    .select(lockColumns)
    .from(calendarLocks)
    .leftJoin(users, eq(users.id, calendarLocks.lockedByUserId))
    .where(and(eq(calendarLocks.communityId, communityId), eq(calendarLocks.id, lockId)))
    .limit(1);
  if (!row) throw notFound('Calendar lock not found.');
  return toLockView(row);
}

/**
 * Locks or unlocks a month; one lock row per community and month. Unlocking keeps who locked the month,
 * when and why (the unlock itself is in the audit log); locking again records the new locker and reason.
 */
export async function setLock(
  db: Database,
  context: CommunityContext,
  input: { month: number; year: number; isLocked: boolean; reason: string | null },
  now: Date,
): Promise<CalendarLockView> {
  const communityId = context.community.id;
  const lockId = await db.transaction(async (tx) => {
    await lockCommunityRow(tx, communityId, 'change');
    if (input.isLocked && (await isMonthLocked(tx, communityId, input))) throw conflict(ALREADY_LOCKED_MESSAGE);
    const lockedBy = { reason: input.reason, lockedByUserId: context.userId, lockedAt: now };
    // A month unlocked without ever being locked names no locker.
    const firstRecord = input.isLocked ? lockedBy : { reason: null, lockedByUserId: null, lockedAt: now };
    const [row] = await tx
      .insert(calendarLocks)
      .values({ communityId, month: input.month, year: input.year, isLocked: input.isLocked, ...firstRecord })
      .onConflictDoUpdate({
        target: [calendarLocks.communityId, calendarLocks.year, calendarLocks.month],
        set: input.isLocked ? { isLocked: true, ...lockedBy } : { isLocked: false },
      })
      .returning({ id: calendarLocks.id });
    await recordAudit(tx, { actorId: context.userId, communityId, entity: 'calendar_lock', entityId: row!.id, action: input.isLocked ? 'lock' : 'unlock', diff: input });
    return row!.id;
  });
  return lockById(db, communityId, lockId);
}

export async function toggleLock(db: Database, context: CommunityContext, target: { lockId: string } | Month, now: Date): Promise<CalendarLockView> {
  const communityId = context.community.id;
  if ('lockId' in target) {
    const current = await lockById(db, communityId, target.lockId);
    return setLock(db, context, { month: current.month, year: current.year, isLocked: !current.isLocked, reason: current.reason }, now);
  }
  // The month's lock toggles like the same lock by id (keeping its reason); a month without one gets locked.
  const [existing] = await db
    .select({ id: calendarLocks.id })
    .from(calendarLocks)
    .where(and(eq(calendarLocks.communityId, communityId), eq(calendarLocks.year, target.year), eq(calendarLocks.month, target.month)))
    .limit(1);
  if (existing) return toggleLock(db, context, { lockId: existing.id }, now);
  return setLock(db, context, { ...target, isLocked: true, reason: null }, now);
}

export async function removeLock(db: Database, context: CommunityContext, lockId: string): Promise<void> {
  const communityId = context.community.id;
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(calendarLocks)
      .where(and(eq(calendarLocks.communityId, communityId), eq(calendarLocks.id, lockId)))
      .returning({ id: calendarLocks.id, month: calendarLocks.month, year: calendarLocks.year });
    if (removed.length === 0) throw notFound('Calendar lock not found.');
    await recordAudit(tx, { actorId: context.userId, communityId, entity: 'calendar_lock', entityId: lockId, action: 'remove', diff: removed[0] });
  });
}

