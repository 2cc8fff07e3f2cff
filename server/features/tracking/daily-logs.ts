import { and, eq, type Placeholder, sql } from 'drizzle-orm';
import type { CompletionGoalsBody, DailyLogView, SaveDailyLogBody } from '@shared/contracts/tracking';
import { compareDates, daysInMonth, isoDate, latestDateOnEarth, monthKey, type YearMonth } from '@shared/domain/calendar';
import type { DayStatus } from '@shared/domain/constants';
import { MONTHLY_GOAL_KEYS } from '@shared/domain/disciplines';
import { summariseMonth } from '@shared/domain/month-summary';
import { isAdmin } from '@shared/domain/roles';
import { isCompleted } from '@shared/domain/streaks';
import { communities, memberships } from '@shared/schema/communities';
import { dailyLogs } from '@shared/schema/tracking';
import { type Database, type Executor, preparedPerDatabase, rowsOf } from '../../db/client';
import { communityClosing, communityNotFound, type CommunityContext } from '../../http/community-context';
import { badRequest, conflict, forbidden, locked, notFound } from '../../http/errors';
import { communityDailyKeys, communityDisciplines } from './disciplines';
import { LOCKED_MONTH_MESSAGE, lockStateForSave, monthLocked } from './locks';
import { withheldFrom, withoutKeys } from './private-disciplines';

type Month = YearMonth;

export const NOT_YOUR_LOG_MESSAGE = 'Only the owner can change a daily log.';

export async function assertMemberOf(db: Executor, communityId: string, userId: string, message = 'Member not found.'): Promise<void> {
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

/** A month's log as the API answers it (an empty month without a row). */
export function toLogView(
  userId: string,
  communityId: string,
  period: Month,
  row: { dayStatus: Record<string, Record<string, DayStatus>>; monthlyCompletions: Record<string, boolean>; updatedAt: Date } | undefined,
  isLocked: boolean,
  withheld: readonly string[] = [],
): DailyLogView {
  const dayStatus = withoutKeys(row?.dayStatus ?? {}, withheld);
  return {
    userId,
    communityId,
    month: period.month,
    year: period.year,
    entries: entriesFor(dayStatus, period),
    dayStatus,
    monthlyCompletions: withoutKeys(row?.monthlyCompletions ?? {}, withheld),
    isLocked,
    // When the last save was would tell a viewer a secret discipline was just marked; they never save this log.
    updatedAt: withheld.length > 0 ? null : (row?.updatedAt.toISOString() ?? null),
    withheldKeys: [...withheld],
  };
}

/** A month and its lock in one prepared query: the lock is read from a one-row FROM, the log joined to it. */
const monthStatement = preparedPerDatabase((db) => {
  const [communityId, year, month] = [sql.placeholder('communityId'), sql.placeholder('year'), sql.placeholder('month')];
  return db
    .select({ isLocked: monthLocked(communityId, { year, month }), dayStatus: dailyLogs.dayStatus, monthlyCompletions: dailyLogs.monthlyCompletions, updatedAt: dailyLogs.updatedAt })
    .from(sql`(SELECT 1) AS one`)
    .leftJoin(dailyLogs, and(eq(dailyLogs.userId, sql.placeholder('userId')), eq(dailyLogs.communityId, communityId), eq(dailyLogs.year, year), eq(dailyLogs.month, month)))
    .prepare('month_log');
});

export async function getDailyLog(db: Executor, context: CommunityContext, userId: string, period: Month): Promise<DailyLogView> {
  const communityId = context.community.id;
  const withheld = await withheldFrom(db, context, userId);
  const [row] = await monthStatement(db).execute({ userId, communityId, year: period.year, month: period.month });
  const { isLocked, ...log } = row!;
  const stored = log.dayStatus && log.monthlyCompletions && log.updatedAt ? { dayStatus: log.dayStatus, monthlyCompletions: log.monthlyCompletions, updatedAt: log.updatedAt } : undefined;
  return toLogView(userId, communityId, period, stored, isLocked, withheld);
}

/**
 * What a daily log row stores for a month's statuses: the statuses, the entries that follow from them and
 * the month's summary over the community's daily disciplines. Every write of day_status goes through here.
 */
export function logContent(dayStatus: Record<string, Record<string, DayStatus>>, period: Month, dailyKeys: readonly string[]) {
  return { dayStatus, entries: entriesFor(dayStatus, period), ...summariseMonth(dayStatus, dailyKeys, period.year, period.month) };
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
  const locking = () =>
    tx
      .select()
      .from(dailyLogs)
      .where(and(eq(dailyLogs.userId, userId), eq(dailyLogs.communityId, communityId), eq(dailyLogs.year, period.year), eq(dailyLogs.month, period.month)))
      .for('update');
  const [existing] = await locking();
  if (existing) return existing;
  await tx.insert(dailyLogs).values({ userId, communityId, year: period.year, month: period.month }).onConflictDoNothing();
  const [created] = await locking();
  return created!;
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

/** A save that kept finding its month changed by another write between reading and writing it. */
export const SAVE_CONTENDED_MESSAGE = 'This month was changing in another window while saving. Please try again.';
const SAVE_ATTEMPTS = 8;

/** Whether the membership still exists, as a column or a condition (a value or a prepared statement's placeholder). */
const membershipExists = (membershipId: string | Placeholder) => sql<boolean>`EXISTS (SELECT 1 FROM ${memberships} WHERE ${memberships.id} = ${membershipId})`;

/**
 * What a save reads of its month, in one prepared query outside any transaction: whether the caller is
 * still a member, whether the month is locked, the community's discipline and change versions, and the
 * stored statuses and summary the save merges into. Nothing is locked: the write checks what it read.
 */
const saveStateStatement = preparedPerDatabase((db) => {
  const [communityId, year, month] = [sql.placeholder('communityId'), sql.placeholder('year'), sql.placeholder('month')];
  return db
    .select({
      stillMember: membershipExists(sql.placeholder('membershipId')),
      isLocked: monthLocked(communityId, { year, month }),
      disciplinesVersion: sql<number>`community.disciplines_version`,
      changeVersion: sql<number>`community.change_version`,
      // A close raises change_version, so a save read before it reads again and finds it (issue 39).
      closesAt: sql<string | Date | null>`community.closes_at`,
      id: dailyLogs.id,
      dayStatus: dailyLogs.dayStatus,
      dayMarks: dailyLogs.dayMarks,
    })
    .from(sql`(SELECT ${communities.disciplinesVersion}, ${communities.changeVersion}, ${communities.closesAt} FROM ${communities} WHERE ${communities.id} = ${communityId}) AS community`)
    .leftJoin(dailyLogs, and(eq(dailyLogs.userId, sql.placeholder('userId')), eq(dailyLogs.communityId, communityId), eq(dailyLogs.year, year), eq(dailyLogs.month, month)))
    .prepare('save_state');
});

/**
 * Whether the community's row still carries the versions the save read, taking its share lock for the
 * write's statement: a month lock, a removal, an import or a discipline change in progress (each holds the
 * row for update and raises a version) makes the write wait for it and then find the versions changed, so
 * the save reads again. The write's other conditions read the statement's snapshot; this one reads what
 * committed while it waited.
 */
const communityUnchanged = (communityId: string | Placeholder, changeVersion: number | Placeholder, disciplinesVersion: number | Placeholder) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${communities} WHERE ${communities.id} = ${communityId} AND ${communities.changeVersion} = ${changeVersion} AND ${communities.disciplinesVersion} = ${disciplinesVersion} FOR SHARE)`;

const savedColumns = { dayStatus: dailyLogs.dayStatus, monthlyCompletions: dailyLogs.monthlyCompletions, updatedAt: dailyLogs.updatedAt };

/**
 * The write of a save into an existing month, prepared (it runs on every check-in): the merged content,
 * only if the statuses and summary are still the ones read and the caller may still write (still a
 * member; the month unlocked, unless the statement is the admins').
 */
const saveWriteStatement = (admin: boolean) =>
  preparedPerDatabase((db) => {
    const p = (name: string) => sql.placeholder(name);
    return db
      .update(dailyLogs)
      .set({
        entries: sql`${p('entries')}::jsonb`,
        dayStatus: sql`${p('dayStatus')}::jsonb`,
        completedCount: sql`${p('completedCount')}::int`,
        dayMarks: sql`${p('dayMarks')}::text`,
        disciplineDays: sql`${p('disciplineDays')}::int[]`,
        updatedAt: sql`${p('updatedAt')}::timestamptz`,
      })
      .where(
        and(
          eq(dailyLogs.id, p('id')),
          sql`${dailyLogs.dayStatus} = ${p('readDayStatus')}::jsonb`,
          sql`${dailyLogs.dayMarks} IS NOT DISTINCT FROM ${p('readDayMarks')}::text`,
          membershipExists(p('membershipId')),
          admin ? undefined : sql`NOT ${monthLocked(p('communityId'), { year: p('year'), month: p('month') })}`,
          communityUnchanged(p('communityId'), p('changeVersion'), p('disciplinesVersion')),
        ),
      )
      .returning(savedColumns)
      .prepare(admin ? 'save_write_admin' : 'save_write');
  });
const adminSaveWrite = saveWriteStatement(true);
const memberSaveWrite = saveWriteStatement(false);

/**
 * Merges the given cells into the stored month, per discipline and day, so two tabs or devices never
 * erase each other's marks. 'Blank' clears a cell. Future days and unknown disciplines are refused.
 *
 * Two statements and no transaction (a check-in is the hottest write): the first reads the month and the
 * community's versions (saveStateStatement); the second writes the merge only if the stored statuses and
 * summary are still the ones merged into, the caller may still write (still a member; the month unlocked
 * or the caller an admin) and the community's row still carries the versions read (communityUnchanged:
 * it waits for a month lock or removal in progress, so one that commits first answers 404 or 423 on the
 * next read). A write that finds nothing to change reads and merges again. No row stays locked while the
 * server merges, and every write of day_status (imports, claims) changes what the write compares.
 */
export async function saveDailyLog(db: Database, context: CommunityContext, input: SaveDailyLogBody, now: Date): Promise<DailyLogView> {
  assertOwner(context, input.userId);
  const communityId = context.community.id;
  const period = { year: input.year, month: input.month };
  const templates = await communityDisciplines(db, context.community);
  const disciplines = new Set(templates.map((d) => d.key));
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

  const admin = isAdmin(context.roles);
  const membershipId = context.membership!.id;
  for (let attempt = 1; attempt <= SAVE_ATTEMPTS; attempt++) {
    const [state] = await saveStateStatement(db).execute({ membershipId, communityId, userId: context.userId, year: period.year, month: period.month });
    if (!state?.stillMember) throw communityNotFound();
    if (state.closesAt) throw communityClosing({ closesAt: new Date(state.closesAt), timeZone: context.community.timeZone });
    if (state.isLocked && !admin) throw locked(LOCKED_MONTH_MESSAGE);
    const dailyKeys = await communityDailyKeys(db, { id: communityId, disciplinesVersion: state.disciplinesVersion });
    const dayStatus = mergeDayStatus(state.dayStatus ?? {}, input.dayStatus);
    const content = { ...logContent(dayStatus, period, dailyKeys), updatedAt: now };
    const versions = { changeVersion: state.changeVersion, disciplinesVersion: state.disciplinesVersion };
    const saved = state.id
      ? await (admin ? adminSaveWrite : memberSaveWrite)(db).execute({
          id: state.id,
          entries: JSON.stringify(content.entries),
          dayStatus: JSON.stringify(content.dayStatus),
          completedCount: content.completedCount,
          dayMarks: content.dayMarks,
          disciplineDays: `{${content.disciplineDays.join(',')}}`,
          updatedAt: now.toISOString(),
          readDayStatus: JSON.stringify(state.dayStatus),
          readDayMarks: state.dayMarks,
          membershipId,
          communityId,
          year: period.year,
          month: period.month,
          ...versions,
        })
      : // A first save of the month: a new row holds exactly what it was given.
        rowsOf(
          await db.execute(sql`
            INSERT INTO ${dailyLogs} (user_id, community_id, year, month, entries, day_status, completed_count, day_marks, discipline_days, updated_at)
            SELECT ${context.userId}::uuid, ${communityId}::uuid, ${period.year}::int, ${period.month}::int, ${JSON.stringify(content.entries)}::jsonb,
              ${JSON.stringify(content.dayStatus)}::jsonb, ${content.completedCount}::int, ${content.dayMarks}::text,
              ${`{${content.disciplineDays.join(',')}}`}::int[], ${now.toISOString()}::timestamptz
            WHERE ${membershipExists(membershipId)}
              ${admin ? sql`` : sql`AND NOT ${monthLocked(communityId, period)}`}
              AND ${communityUnchanged(communityId, versions.changeVersion, versions.disciplinesVersion)}
            ON CONFLICT DO NOTHING
            RETURNING 1`),
        ).map(() => ({ dayStatus: content.dayStatus, monthlyCompletions: {}, updatedAt: now }));
    if (saved[0]) return toLogView(context.userId, communityId, period, saved[0], state.isLocked);
  }
  throw conflict(SAVE_CONTENDED_MESSAGE);
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

