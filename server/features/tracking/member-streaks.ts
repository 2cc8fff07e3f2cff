import { dateInTimeZone, type IsoDate, parseIsoDate, shiftMonth, type YearMonth } from '@shared/domain/calendar';
import { anyDisciplineLookup, currentStreak, type StatusLookup } from '@shared/domain/streaks';
import type { CommunityRow } from '../../http/community-context';

/**
 * Server-side streak pieces shared by the commander statistics and the progress reports, so "today" and
 * "the overall streak" mean the same thing on every screen.
 */

/** The community's calendar day at `now` (its time zone, not the server's). */
export const communityToday = (community: Pick<CommunityRow, 'timeZone'>, now: Date): IsoDate => dateInTimeZone(now, community.timeZone);

/** Months a streak can reach into from today: today's month and the 12 before cover STREAK_MAX_DAYS (365) and last week. */
export const STREAK_MONTHS = 13;

/** `today`'s month and the `count - 1` months before it, newest first. */
export function monthsBack(today: IsoDate, count: number): YearMonth[] {
  const current = parseIsoDate(today);
  return Array.from({ length: count }, (_, i) => shiftMonth(current, -i));
}

/**
 * A member's overall streak as of `today`: days in a row with at least one daily discipline kept
 * (`lookups` holds one per daily discipline), with the community's grace-days setting.
 */
export function overallStreak(lookups: readonly StatusLookup[], today: IsoDate, community: Pick<CommunityRow, 'graceDays'>): number {
  return currentStreak(anyDisciplineLookup(lookups), today, { graceDays: community.graceDays }).days;
}
