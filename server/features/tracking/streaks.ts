import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { MemberStreaksView } from '@shared/contracts/tracking';
import { type IsoDate, parseIsoDate } from '@shared/domain/calendar';
import type { Discipline } from '@shared/domain/disciplines';
import { anyDisciplineLookup, currentStreak, statusLookup } from '@shared/domain/streaks';
import { dailyLogs } from '@shared/schema/tracking';
import type { Executor } from '../../db/client';
import type { CommunityContext } from '../../http/community-context';
import { assertMemberOf } from './daily-logs';
import { listDisciplines } from './disciplines';
import { monthsBack, STREAK_MONTHS } from './member-streaks';

/**
 * Every daily discipline's current streak for one member as of a date, and their overall streak: the
 * months a streak can reach (STREAK_MONTHS) in one query, counted with the shared currentStreak.
 */
export async function memberStreaks(
  db: Executor,
  context: CommunityContext,
  userId: string,
  asOf: IsoDate,
  /** The community's disciplines, when the caller has read them already (the dashboard). */
  disciplines?: Discipline[],
): Promise<MemberStreaksView> {
  const communityId = context.community.id;
  if (userId !== context.userId) await assertMemberOf(db, communityId, userId);
  const daily = (disciplines ?? (await listDisciplines(db, communityId))).filter((discipline) => discipline.isDailyGrid);
  const months = monthsBack(asOf, STREAK_MONTHS);
  const monthIndex = sql`${dailyLogs.year} * 12 + ${dailyLogs.month} - 1`;
  const toIndex = ({ year, month }: { year: number; month: number }) => year * 12 + month - 1;
  const logs = await db
    .select({ year: dailyLogs.year, month: dailyLogs.month, dayStatus: dailyLogs.dayStatus })
    .from(dailyLogs)
    .where(
      and(
        eq(dailyLogs.userId, userId),
        eq(dailyLogs.communityId, communityId),
        gte(monthIndex, toIndex(months[months.length - 1]!)),
        lte(monthIndex, toIndex(parseIsoDate(asOf))),
      ),
    );
  const graceDays = context.community.graceDays;
  const lookups = daily.map((discipline) => statusLookup(logs, discipline.key));
  return {
    userId,
    asOf,
    streaks: daily.map((discipline, i) => ({ key: discipline.key, label: discipline.label, ...currentStreak(lookups[i]!, asOf, { graceDays }) })),
    overall: currentStreak(anyDisciplineLookup(lookups), asOf, { graceDays }),
  };
}
