import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { DisciplineView } from '@shared/contracts/tracking';
import { type IsoDate, isoDate, parseIsoDate, shiftMonth } from '@shared/domain/calendar';
import { currentStreak, type MonthLog, type Streak, statusLookup } from '@shared/domain/streaks';
import { dailyLogQuery } from './api';

/** A streak counts at most 365 days, so this month and 12 earlier ones always cover it. */
export const MAX_EARLIER_MONTHS = 12;

export interface DisciplineStreak extends Streak {
  key: string;
  label: string;
}

export interface StreaksResult {
  streaks: DisciplineStreak[];
  /** The first month is still loading. */
  isLoading: boolean;
  /** Earlier months are being fetched because a streak reaches back past the loaded ones. */
  isExtending: boolean;
  error: Error | null;
  /** Loads the months that failed again. */
  retry: () => void;
}

/**
 * One streak per daily discipline, going back from `asOf` (SPEC.md section 9, shared currentStreak).
 * It starts with the month of `asOf` and fetches earlier months one at a time, only while some streak
 * still reaches the start of the earliest loaded month, at most 12 earlier months.
 */
export function useStreaks(communityId: string | null, userId: string | null, asOf: IsoDate, disciplines: readonly DisciplineView[], graceDays: boolean): StreaksResult {
  const { year, month } = parseIsoDate(asOf);
  // Start again from one month whenever the member or the day changes.
  const scope = `${communityId}|${userId}|${asOf}`;
  const [extension, setExtension] = useState({ scope, earlier: 0 });
  const earlier = extension.scope === scope ? extension.earlier : 0;

  const months = useMemo(() => Array.from({ length: earlier + 1 }, (_, back) => shiftMonth({ year, month }, -back)), [year, month, earlier]);
  const results = useQueries({ queries: months.map((period) => dailyLogQuery(communityId, userId, period)) });

  const logs: MonthLog[] = [];
  for (const result of results) {
    if (!result.data) break; // only an unbroken run of months back from the first one counts
    logs.push(result.data);
  }
  const earliest = months[logs.length - 1];
  const earliestStart = earliest ? isoDate(earliest.year, earliest.month, 1) : asOf;

  // Cheap enough to count on every render (five disciplines, at most 365 days each).
  let reachesBack = false;
  const streaks: DisciplineStreak[] = disciplines.map((discipline) => {
    const lookup = statusLookup(logs, discipline.key);
    const streak = currentStreak(
      (date) => {
        if (date < earliestStart) reachesBack = true;
        return lookup(date);
      },
      asOf,
      { graceDays },
    );
    return { key: discipline.key, label: discipline.label, ...streak };
  });

  const allSettled = results.every((result) => !result.isPending);
  const blocked = results.some((result) => result.isError);
  const canExtend = reachesBack && allSettled && !blocked && logs.length === months.length && earlier < MAX_EARLIER_MONTHS;
  useEffect(() => {
    if (canExtend) setExtension({ scope, earlier: earlier + 1 });
  }, [canExtend, scope, earlier]);

  const first = results[0];
  return {
    streaks,
    isLoading: !first || first.isPending,
    isExtending: canExtend || (!allSettled && !first?.isPending),
    error: first?.error ?? null,
    retry: () => {
      for (const result of results) if (result.isError) void result.refetch();
    },
  };
}
