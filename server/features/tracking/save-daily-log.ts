import { and, eq, type Placeholder, sql } from 'drizzle-orm';
import { apiMessage } from '@shared/domain/messages';
import type { CompletionGoalsBody, DailyLogView, SaveDailyLogBody } from '@shared/contracts/tracking';
import { compareDates, daysInMonth, isoDate, latestDateOnEarth, type YearMonth } from '@shared/domain/calendar';
import { MONTHLY_GOAL_KEYS } from '@shared/domain/disciplines';
import { isAdmin } from '@shared/domain/roles';
import { communities, memberships } from '@shared/schema/communities';
import { dailyLogs } from '@shared/schema/tracking';
import { type Database, type Executor, preparedPerDatabase, rowsOf } from '../../db/client';
import { communityClosing, communityNotFound, type CommunityContext } from '../../http/community-context';
import { badRequest, forbidden, locked } from '../../http/errors';
import { getDailyLog, logContent, mergeDayStatus, NOT_YOUR_LOG_MESSAGE, toLogView } from './daily-logs';
import { communityDailyKeys, communityDisciplines } from './disciplines';
import { LOCKED_MONTH_MESSAGE, lockStateForSave, monthLocked } from './locks';

type Month = YearMonth;

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

export const JOIN_TO_TRACK_MESSAGE = apiMessage('Join this community with an invitation code to track your own disciplines here.');

/**
 * Only the owner writes their log, and only in a community they belong to: a SuperAdmin or InstitutionAdmin
 * who administers a community without being a member of it can read it but keeps no log there.
 */
function assertOwner(context: CommunityContext, userId: string | undefined) {
  if (userId !== undefined && userId !== context.userId) throw forbidden(NOT_YOUR_LOG_MESSAGE);
  if (!context.membership) throw forbidden(JOIN_TO_TRACK_MESSAGE);
}

/**
 * How many times a save writes without a lock before it queues (issue 40 item 2): a write that finds the month
 * changed since it read it (another tab, five quick taps, a phone's offline queue) reads and merges once more,
 * then takes the month's row lock and waits its turn. A save is never refused for being concurrent.
 */
const UNLOCKED_ATTEMPTS = 2;

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
  for (let attempt = 1; attempt <= UNLOCKED_ATTEMPTS; attempt++) {
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
  return saveInTurn(db, context, input, period, now);
}

/**
 * A save that lost its unlocked writes to others queues on the month's row (FOR UPDATE, created if missing):
 * concurrent saves of one month take turns, each merging into what the one before it wrote. Under the
 * community row's share lock, as the unlocked write checks it: a month lock, removal, close or discipline change
 * in progress is waited for and then seen (the caller still a member, the month open, the community open).
 */
async function saveInTurn(db: Database, context: CommunityContext, input: SaveDailyLogBody, period: Month, now: Date): Promise<DailyLogView> {
  const communityId = context.community.id;
  const { saved, isLocked } = await db.transaction(async (tx) => {
    const [community] = rowsOf<{ closesAt: Date | string | null; disciplinesVersion: number }>(
      await tx.execute(sql`SELECT closes_at AS "closesAt", disciplines_version AS "disciplinesVersion" FROM ${communities} WHERE ${communities.id} = ${communityId} FOR SHARE`),
    );
    if (!community) throw communityNotFound();
    if (community.closesAt) throw communityClosing({ closesAt: new Date(community.closesAt), timeZone: context.community.timeZone });
    const isLocked = await lockStateForSave(tx, context, period);
    const row = await lockedLogRow(tx, context.userId, communityId, period);
    const dailyKeys = await communityDailyKeys(db, { id: communityId, disciplinesVersion: community.disciplinesVersion }, tx);
    const content = logContent(mergeDayStatus(row.dayStatus, input.dayStatus), period, dailyKeys);
    const [updated] = await tx
      .update(dailyLogs)
      .set({ ...content, updatedAt: now })
      .where(eq(dailyLogs.id, row.id))
      .returning(savedColumns);
    return { saved: updated!, isLocked };
  });
  return toLogView(context.userId, communityId, period, saved, isLocked);
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

