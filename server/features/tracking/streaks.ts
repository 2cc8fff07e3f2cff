import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { MemberStreaksView } from '@shared/contracts/tracking';
import { type IsoDate, parseIsoDate } from '@shared/domain/calendar';
import { anyDisciplineLookup, currentStreak, statusLookup } from '@shared/domain/streaks';
import { dailyLogs } from '@shared/schema/tracking';
import { type Executor, preparedPerDatabase } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { assertMemberOf } from './daily-logs';
import { communityDisciplines } from './disciplines';
import { monthsBack, STREAK_MONTHS } from './member-streaks';

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
  if (userId !== context.userId) await assertMemberOf(db, communityId, userId);
  const daily = (await communityDisciplines(db, context.community)).filter((discipline) => discipline.isDailyGrid);
  const months = monthsBack(asOf, STREAK_MONTHS);
  const toIndex = ({ year, month }: { year: number; month: number }) => year * 12 + month - 1;
  const logs = await streakMonthsStatement(db).execute({ userId, communityId, from: toIndex(months[months.length - 1]!), to: toIndex(parseIsoDate(asOf)) });
  const graceDays = context.community.graceDays;
  const lookups = daily.map((discipline) => statusLookup(logs, discipline.key));
  return {
    userId,
    asOf,
    streaks: daily.map((discipline, i) => ({ key: discipline.key, label: discipline.label, ...currentStreak(lookups[i]!, asOf, { graceDays }) })),
    overall: currentStreak(anyDisciplineLookup(lookups), asOf, { graceDays }),
  };
}
