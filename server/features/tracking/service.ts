import { and, asc, desc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type {
  CalendarLockView,
  CommanderMemberStat,
  CompletionGoalsBody,
  DailyLogView,
  DisciplineTargets,
  MonthlyTargetsBody,
  SaveDailyLogBody,
  SubgroupMember,
} from '@shared/contracts/tracking';
import { compareDates, dateInTimeZone, daysInMonth, isoDate, latestDateOnEarth, monthKey, parseIsoDate, type YearMonth } from '@shared/domain/calendar';
import type { DayStatus } from '@shared/domain/constants';
import { DEFAULT_DISCIPLINES, type Discipline, FIXED_TARGET_VALUES, MONTHLY_GOAL_KEYS, TARGET_KEYS } from '@shared/domain/disciplines';
import { memberMonthlyProgress, weeklyStats } from '@shared/domain/progress';
import { isAdmin } from '@shared/domain/roles';
import { isCompleted, statusLookup } from '@shared/domain/streaks';
import { users } from '@shared/schema/auth';
import { memberships, subgroups } from '@shared/schema/communities';
import { calendarLocks, dailyLogs, disciplineTemplates, userDisciplineTargets } from '@shared/schema/tracking';
import type { Database, Executor } from '../../db/client';
import { communityNotFound, type CommunityContext, lockCommunityRow } from '../../http/community-context';
import { badRequest, conflict, forbidden, locked, notFound } from '../../http/errors';
import { recordAudit } from '../audit/service';
import { communityToday, monthsBack, overallStreak, STREAK_MONTHS } from './member-streaks';

type Month = YearMonth;

export const LOCKED_MONTH_MESSAGE = 'This month is locked by your community admins. Ask an admin if something needs correcting.';
export const ALREADY_LOCKED_MESSAGE = 'That month is already locked.';
export const NOT_YOUR_LOG_MESSAGE = 'Only the owner can change a daily log.';

// ---------------------------------------------------------------- disciplines

export async function listDisciplines(db: Executor, communityId: string): Promise<Discipline[]> {
  const rows = await db
    .select({
      key: disciplineTemplates.key,
      label: disciplineTemplates.label,
      unit: disciplineTemplates.unit,
      isNumeric: disciplineTemplates.isNumeric,
      isDailyGrid: disciplineTemplates.isDailyGrid,
      order: disciplineTemplates.order,
    })
    .from(disciplineTemplates)
    .where(eq(disciplineTemplates.communityId, communityId))
    .orderBy(asc(disciplineTemplates.order), asc(disciplineTemplates.key));
  return rows.length > 0 ? rows : [...DEFAULT_DISCIPLINES];
}

/** Replaces the community's disciplines (the setup wizard and the admins). */
export async function replaceDisciplines(db: Database, context: CommunityContext, templates: Discipline[]): Promise<Discipline[]> {
  const communityId = context.community.id;
  await db.transaction(async (tx) => {
    await tx.delete(disciplineTemplates).where(eq(disciplineTemplates.communityId, communityId));
    await tx.insert(disciplineTemplates).values(templates.map((template) => ({ ...template, communityId })));
    await recordAudit(tx, { actorId: context.userId, communityId, entity: 'discipline_templates', entityId: communityId, action: 'replace', diff: { keys: templates.map((t) => t.key) } });
  });
  return listDisciplines(db, communityId);
}

// ---------------------------------------------------------------- locks

async function isMonthLocked(db: Executor, communityId: string, { year, month }: Month): Promise<boolean> {
  const [lock] = await db
    .select({ isLocked: calendarLocks.isLocked })
    .from(calendarLocks)
    .where(and(eq(calendarLocks.communityId, communityId), eq(calendarLocks.year, year), eq(calendarLocks.month, month)))
    .limit(1);
  return lock?.isLocked ?? false;
}

/**
 * Whether the month is locked, refusing the save when it is and the caller is no admin (a locked month is
 * read-only for everyone but admins, DECISIONS.md "Tracking"). Run inside the saving transaction: the share
 * lock on the community row waits for a lock change in progress (setLock holds the row for update), so no
 * save slips in beside a month being locked.
 */
async function lockStateForSave(tx: Executor, context: CommunityContext, period: Month): Promise<boolean> {
  const admin = isAdmin(context.roles);
  if (!admin) await lockCommunityRow(tx, context.community.id, 'read');
  // A removal that committed while this save waited for the lock leaves nothing to save for.
  const [stillMember] = await tx.select({ id: memberships.id }).from(memberships).where(eq(memberships.id, context.membership!.id));
  if (!stillMember) throw communityNotFound();
  const isLocked = await isMonthLocked(tx, context.community.id, period);
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

// ---------------------------------------------------------------- daily logs

async function assertMemberOf(db: Executor, communityId: string, userId: string, message = 'Member not found.'): Promise<void> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.communityId, communityId), eq(memberships.userId, userId)))
    .limit(1);
  if (!row) throw notFound(message);
}

/** entries (discipline -> 'YYYY-MM' -> day -> completed) follow from the statuses, so they never disagree. */
export function entriesFor(dayStatus: Record<string, Record<string, DayStatus>>, period: Month): DailyLogView['entries'] {
  const key = monthKey(period.year, period.month);
  return Object.fromEntries(
    Object.entries(dayStatus).map(([discipline, days]) => [
      discipline,
      { [key]: Object.fromEntries(Object.entries(days).map(([day, status]) => [day, isCompleted(status)])) },
    ]),
  );
}

function toLogView(
  userId: string,
  communityId: string,
  period: Month,
  row: { dayStatus: Record<string, Record<string, DayStatus>>; monthlyCompletions: Record<string, boolean>; updatedAt: Date } | undefined,
  isLocked: boolean,
): DailyLogView {
  const dayStatus = row?.dayStatus ?? {};
  return {
    userId,
    communityId,
    month: period.month,
    year: period.year,
    entries: entriesFor(dayStatus, period),
    dayStatus,
    monthlyCompletions: row?.monthlyCompletions ?? {},
    isLocked,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function getDailyLog(db: Executor, context: CommunityContext, userId: string, period: Month): Promise<DailyLogView> {
  const communityId = context.community.id;
  if (userId !== context.userId) await assertMemberOf(db, communityId, userId);
  const [row] = await db
    .select({ dayStatus: dailyLogs.dayStatus, monthlyCompletions: dailyLogs.monthlyCompletions, updatedAt: dailyLogs.updatedAt })
    .from(dailyLogs)
    .where(and(eq(dailyLogs.userId, userId), eq(dailyLogs.communityId, communityId), eq(dailyLogs.year, period.year), eq(dailyLogs.month, period.month)))
    .limit(1);
  return toLogView(userId, communityId, period, row, await isMonthLocked(db, communityId, period));
}

/**
 * The stored statuses of a month with `changes` merged in per discipline and day ('Blank' clears a cell):
 * how a save, an import and a claim combine marks without losing any other. Returns a new object.
 */
export function mergeDayStatus(stored: Record<string, Record<string, DayStatus>>, changes: Record<string, Record<string, DayStatus>>): Record<string, Record<string, DayStatus>> {
  const dayStatus = structuredClone(stored);
  for (const [discipline, days] of Object.entries(changes)) {
    const merged = { ...dayStatus[discipline] };
    for (const [day, status] of Object.entries(days)) {
      if (status === 'Blank') delete merged[day];
      else merged[day] = status;
    }
    if (Object.keys(merged).length > 0) dayStatus[discipline] = merged;
    else delete dayStatus[discipline];
  }
  return dayStatus;
}

/** The month's row, created if missing and locked for this transaction, so concurrent saves queue up. */
async function lockedLogRow(tx: Executor, userId: string, communityId: string, period: Month) {
  await tx.insert(dailyLogs).values({ userId, communityId, year: period.year, month: period.month }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(dailyLogs)
    .where(and(eq(dailyLogs.userId, userId), eq(dailyLogs.communityId, communityId), eq(dailyLogs.year, period.year), eq(dailyLogs.month, period.month)))
    .for('update');
  return row!;
}

export const JOIN_TO_TRACK_MESSAGE = 'Join this community with an invitation code to track your own disciplines here.';

/**
 * Only the owner writes their log, and only in a community they belong to: a SuperAdmin or InstitutionAdmin
 * who administers a community without being a member of it can read it but keeps no log there.
 */
function assertOwner(context: CommunityContext, userId: string | undefined) {
  if (userId !== undefined && userId !== context.userId) throw forbidden(NOT_YOUR_LOG_MESSAGE);
  if (!context.membership) throw forbidden(JOIN_TO_TRACK_MESSAGE);
}

/**
 * Merges the given cells into the stored month, per discipline and day, so two tabs or devices never
 * erase each other's marks. 'Blank' clears a cell. Future days and unknown disciplines are refused.
 */
export async function saveDailyLog(db: Database, context: CommunityContext, input: SaveDailyLogBody, now: Date): Promise<DailyLogView> {
  assertOwner(context, input.userId);
  const communityId = context.community.id;
  const period = { year: input.year, month: input.month };
  const disciplines = new Set((await listDisciplines(db, communityId)).map((d) => d.key));
  const latestToday = latestDateOnEarth(now);
  const fields: Record<string, string> = {};
  for (const [discipline, days] of Object.entries(input.dayStatus)) {
    if (!disciplines.has(discipline)) fields[`dayStatus.${discipline}`] = 'This community does not track that discipline';
    for (const day of Object.keys(days)) {
      if (Number(day) > daysInMonth(period.year, period.month)) fields[`dayStatus.${discipline}.${day}`] = 'That day is not in the month';
      else if (compareDates(isoDate(period.year, period.month, Number(day)), latestToday) > 0) fields[`dayStatus.${discipline}.${day}`] = 'Future days cannot be set';
    }
  }
  if (Object.keys(fields).length > 0) throw badRequest('Some days could not be saved.', fields);
  if (Object.keys(input.dayStatus).length === 0) return getDailyLog(db, context, context.userId, period);

  const { saved, isLocked } = await db.transaction(async (tx) => {
    const isLocked = await lockStateForSave(tx, context, period);
    const row = await lockedLogRow(tx, context.userId, communityId, period);
    const dayStatus = mergeDayStatus(row.dayStatus, input.dayStatus);
    const [updated] = await tx
      .update(dailyLogs)
      .set({ dayStatus, entries: entriesFor(dayStatus, period), updatedAt: now })
      .where(eq(dailyLogs.id, row.id))
      .returning({ dayStatus: dailyLogs.dayStatus, monthlyCompletions: dailyLogs.monthlyCompletions, updatedAt: dailyLogs.updatedAt });
    return { saved: updated!, isLocked };
  });
  return toLogView(context.userId, communityId, period, saved, isLocked);
}

// ---------------------------------------------------------------- targets and completion goals

type TargetValues = Record<(typeof TARGET_KEYS)[number], string | null>;

/**
 * The targets in force for a month, per member: that month's, else the latest earlier ones (targets carry
 * forward). One query for the whole community, or for one member when `userId` is given.
 */
export async function targetsInForce(db: Executor, communityId: string, period: Month, userId?: string) {
  const rows = await db
    .selectDistinctOn([userDisciplineTargets.userId])
    .from(userDisciplineTargets)
    .where(
      and(
        eq(userDisciplineTargets.communityId, communityId),
        userId ? eq(userDisciplineTargets.userId, userId) : undefined,
        or(lte(userDisciplineTargets.year, period.year - 1), and(eq(userDisciplineTargets.year, period.year), lte(userDisciplineTargets.month, period.month))),
      ),
    )
    .orderBy(userDisciplineTargets.userId, desc(userDisciplineTargets.year), desc(userDisciplineTargets.month));
  return new Map(rows.map((row) => [row.userId, row]));
}

/**
 * The ten target fields of a targets row (all null without one), with the two goals every member has
 * (monthly retreat, the hour of silence: SPEC.md section 9) always 'Yes', saved or not.
 */
export function targetValues(row: TargetValues | undefined): TargetValues {
  const values = Object.fromEntries(TARGET_KEYS.map((key) => [key, row?.[key] ?? null])) as TargetValues;
  return { ...values, ...FIXED_TARGET_VALUES };
}

export async function getTargets(db: Executor, context: CommunityContext, userId: string, period: Month): Promise<DisciplineTargets> {
  const communityId = context.community.id;
  if (userId !== context.userId) await assertMemberOf(db, communityId, userId);
  const row = (await targetsInForce(db, communityId, period, userId)).get(userId);
  return { userId, month: row?.month ?? null, year: row?.year ?? null, ...targetValues(row) };
}

export async function setTargets(db: Database, context: CommunityContext, input: MonthlyTargetsBody, now: Date): Promise<DisciplineTargets> {
  const communityId = context.community.id;
  await assertMemberOf(db, communityId, input.userId);
  const values = targetValues(input);
  await db.transaction(async (tx) => {
    await tx
      .insert(userDisciplineTargets)
      .values({ userId: input.userId, communityId, month: input.month, year: input.year, ...values })
      .onConflictDoUpdate({
        target: [userDisciplineTargets.userId, userDisciplineTargets.communityId, userDisciplineTargets.year, userDisciplineTargets.month],
        set: { ...values, updatedAt: now },
      });
    await recordAudit(tx, { actorId: context.userId, communityId, entity: 'user_discipline_targets', entityId: input.userId, action: 'update', diff: { month: input.month, year: input.year, ...values } });
  });
  return getTargets(db, context, input.userId, input);
}

export async function setCompletionGoals(db: Database, context: CommunityContext, input: CompletionGoalsBody, now: Date): Promise<DailyLogView> {
  if (input.userId !== context.userId) throw forbidden('Only the member can update their own completion goals.');
  assertOwner(context, input.userId);
  const communityId = context.community.id;
  const period = { year: input.year, month: input.month };
  if (compareDates(isoDate(period.year, period.month, 1), latestDateOnEarth(now)) > 0) {
    throw badRequest('Goals for a future month cannot be marked yet.', { month: 'Future months cannot be marked' });
  }
  const monthlyCompletions = Object.fromEntries(MONTHLY_GOAL_KEYS.map((key) => [key, input[key]]));
  const { saved, isLocked } = await db.transaction(async (tx) => {
    const isLocked = await lockStateForSave(tx, context, period);
    const row = await lockedLogRow(tx, context.userId, communityId, period);
    const [updated] = await tx
      .update(dailyLogs)
      .set({ monthlyCompletions, updatedAt: now })
      .where(eq(dailyLogs.id, row.id))
      .returning({ dayStatus: dailyLogs.dayStatus, monthlyCompletions: dailyLogs.monthlyCompletions, updatedAt: dailyLogs.updatedAt });
    return { saved: updated!, isLocked };
  });
  return toLogView(context.userId, communityId, period, saved, isLocked);
}

// ---------------------------------------------------------------- commander statistics

/** Members of the subgroups the commander leads in this community (the commander not included). */
export async function subgroupMembers(db: Executor, context: CommunityContext, commanderId: string): Promise<SubgroupMember[]> {
  const rows = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      email: users.email,
      subgroupId: subgroups.id,
      subgroupName: subgroups.name,
    })
    .from(subgroups)
    .innerJoin(memberships, and(eq(memberships.subgroupId, subgroups.id), eq(memberships.communityId, subgroups.communityId)))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(subgroups.communityId, context.community.id), eq(subgroups.commanderId, commanderId), ne(memberships.userId, commanderId)))
    .orderBy(sql`lower(${users.displayName})`);
  return rows.map((row) => ({ ...row, email: isAdmin(context.roles) || context.userId === commanderId ? row.email : null }));
}

/**
 * A commander sees their own subgroups; admins see any commander's of this community. Someone who is
 * not a member here answers 404, as a member does elsewhere (not an empty list, as if they led nobody).
 */
export async function assertMayReadCommander(db: Executor, context: CommunityContext, commanderId: string): Promise<void> {
  if (commanderId === context.userId) return;
  if (!isAdmin(context.roles)) throw forbidden("Only admins can see another commander's subgroup.");
  await assertMemberOf(db, context.community.id, commanderId, 'Commander not found.');
}

/**
 * Streak, month progress and weekly figures for every member of the commander's subgroups, in a fixed
 * number of queries whatever the subgroup's size: members, disciplines, and all the logs needed at once.
 */
export async function memberStats(db: Executor, context: CommunityContext, commanderId: string, period: Month, now: Date): Promise<CommanderMemberStat[]> {
  const members = await subgroupMembers(db, context, commanderId);
  if (members.length === 0) return [];
  const communityId = context.community.id;
  const dailyKeys = (await listDisciplines(db, communityId)).filter((d) => d.isDailyGrid).map((d) => d.key);
  const today = communityToday(context.community, now);
  const months = [...monthsBack(today, STREAK_MONTHS), period];
  const logs = await db
    .select({ userId: dailyLogs.userId, year: dailyLogs.year, month: dailyLogs.month, dayStatus: dailyLogs.dayStatus, updatedAt: dailyLogs.updatedAt })
    .from(dailyLogs)
    .where(
      and(
        eq(dailyLogs.communityId, communityId),
        inArray(dailyLogs.userId, members.map((m) => m.id)),
        or(...months.map((m) => and(eq(dailyLogs.year, m.year), eq(dailyLogs.month, m.month)))),
      ),
    );
  const logsByUser = new Map<string, typeof logs>();
  for (const log of logs) logsByUser.set(log.userId, [...(logsByUser.get(log.userId) ?? []), log]);
  return members.map((member) => {
    const own = logsByUser.get(member.id) ?? [];
    const lookups = dailyKeys.map((key) => statusLookup(own, key));
    const selected = own.find((log) => log.year === period.year && log.month === period.month);
    const lastUpdated = own.reduce<Date | null>((latest, log) => (!latest || log.updatedAt > latest ? log.updatedAt : latest), null);
    return {
      id: member.id,
      displayName: member.displayName,
      lastUpdated: lastUpdated?.toISOString() ?? null,
      streak: overallStreak(lookups, today, context.community),
      completionPercent: memberMonthlyProgress(selected?.dayStatus, dailyKeys, period.year, period.month),
      weeklyStats: weeklyStats(lookups, today),
    };
  });
}

/** Mean monthly progress of the community's members this month (the admin Overview's Avg. Completion). */
export async function averageCompletion(db: Executor, context: CommunityContext, now: Date): Promise<number> {
  const communityId = context.community.id;
  const { year, month } = parseIsoDate(dateInTimeZone(now, context.community.timeZone));
  const dailyKeys = (await listDisciplines(db, communityId)).filter((d) => d.isDailyGrid).map((d) => d.key);
  const rows = await db
    .select({ dayStatus: dailyLogs.dayStatus })
    .from(memberships)
    .leftJoin(dailyLogs, and(eq(dailyLogs.userId, memberships.userId), eq(dailyLogs.communityId, communityId), eq(dailyLogs.year, year), eq(dailyLogs.month, month)))
    .where(eq(memberships.communityId, communityId));
  if (rows.length === 0) return 0;
  const total = rows.reduce((sum, row) => sum + memberMonthlyProgress(row.dayStatus ?? undefined, dailyKeys, year, month), 0);
  return Math.round(total / rows.length);
}

