import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { MemberStreaksView } from '@shared/contracts/tracking';
import { type IsoDate, parseIsoDate } from '@shared/domain/calendar';
import type { DayStatus } from '@shared/domain/constants';
import type { Discipline } from '@shared/domain/disciplines';
import { anyDisciplineLookup, currentStreak, statusLookup } from '@shared/domain/streaks';
import { dailyLogs } from '@shared/schema/tracking';
import { type Executor, preparedPerDatabase } from '../../db/client';
import type { CommunityContext, CommunityRow } from '../../http/community-context';
import { communityDisciplines } from './disciplines';
import { monthsBack, overallStreak, STREAK_MONTHS } from './member-streaks';
import { withheldFrom } from './private-disciplines';

/** The months of one member's logs a streak can reach (prepared: the dashboard asks on every visit). */
const streakMonthsStatement = preparedPerDatabase((db) => {
  const monthIndex = sql`${dailyLogs.year} * 12 + ${dailyLogs.month} - 1`;
  return db
    .select({ year: dailyLogs.year, month: dailyLogs.month, dayStatus: dailyLogs.dayStatus })
    .from(dailyLogs)
    .where(
      and(
        eq(dailyLogs.userId, sql.placeholder('userId')),
        eq(dailyLogs.communityId, sql.placeholder('communityId')),
        gte(monthIndex, sql.placeholder('from')),
        lte(monthIndex, sql.placeholder('to')),
      ),
    )
    .prepare('streak_months');
});

/**
 * Every daily discipline's current streak for one member as of a date, and their overall streak: the
 * months a streak can reach (STREAK_MONTHS) in one query, counted with the shared currentStreak.
 */
export async function memberStreaks(db: Executor, context: CommunityContext, userId: string, asOf: IsoDate): Promise<MemberStreaksView> {
  const communityId = context.community.id;
  const withheld = await withheldFrom(db, context, userId);
  const disciplines = (await communityDisciplines(db, context.community)).filter((discipline) => !withheld.includes(discipline.key));
  const logs = await streakMonthsStatement(db).execute({ userId, communityId, ...streakWindow(asOf) });
  return streaksFromLogs(userId, asOf, disciplines, logs, context.community.graceDays);
}

/** The months a streak as of `asOf` can reach (STREAK_MONTHS), as month indexes (year * 12 + month - 1). */
export function streakWindow(asOf: IsoDate): { from: number; to: number } {
  const months = monthsBack(asOf, STREAK_MONTHS);
  const toIndex = ({ year, month }: { year: number; month: number }) => year * 12 + month - 1;
  return { from: toIndex(months[months.length - 1]!), to: toIndex(parseIsoDate(asOf)) };
}

/** Every daily discipline's current streak as of a date, and the overall one, from the months of streakWindow. */
export function streaksFromLogs(
  userId: string,
  asOf: IsoDate,
  disciplines: readonly Discipline[],
  logs: readonly { year: number; month: number; dayStatus: Record<string, Record<string, DayStatus>> }[],
  graceDays: boolean,
): MemberStreaksView {
  const daily = disciplines.filter((discipline) => discipline.isDailyGrid);
  const lookups = daily.map((discipline) => statusLookup(logs, discipline.key));
  return {
    userId,
    asOf,
    streaks: daily.map((discipline, i) => ({ key: discipline.key, label: discipline.label, ...currentStreak(lookups[i]!, asOf, { graceDays }) })),
    overall: currentStreak(anyDisciplineLookup(lookups), asOf, { graceDays }),
  };
}

/**
 * Overall streaks of several members as of `today` over some of the daily disciplines only (those a viewer
 * outside their care circle may see, issue 26), counted from the statuses: the stored day marks count every
 * daily discipline. One query for the members' months a streak can reach.
 */
export async function streaksOverShown(
  db: Executor,
  community: Pick<CommunityRow, 'id' | 'graceDays'>,
  userIds: readonly string[],
  today: IsoDate,
  shownKeys: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const { from, to } = streakWindow(today);
  const monthIndex = sql`${dailyLogs.year} * 12 + ${dailyLogs.month} - 1`;
  const logs = await db
    .select({ userId: dailyLogs.userId, year: dailyLogs.year, month: dailyLogs.month, dayStatus: dailyLogs.dayStatus })
    .from(dailyLogs)
    .where(and(eq(dailyLogs.communityId, community.id), inArray(dailyLogs.userId, [...userIds]), gte(monthIndex, from), lte(monthIndex, to)));
  return new Map(
    userIds.map((userId) => {
      const own = logs.filter((log) => log.userId === userId);
      return [userId, overallStreak(shownKeys.map((key) => statusLookup(own, key)), today, community)];
    }),
  );
}
