import { useQuery } from '@tanstack/react-query';
import type { DisciplineStreakView, MemberStreaksView } from '@shared/contracts/tracking';
import type { IsoDate } from '@shared/domain/calendar';
import { apiJson } from '@/lib/api-client';
import { trackingKeys } from './api';

export interface StreaksResult {
  streaks: DisciplineStreakView[];
  isLoading: boolean;
  error: Error | null;
  retry: () => void;
}

/**
 * One streak per daily discipline, going back from `asOf` (SPEC.md section 9): one request, the server
 * counting with the shared currentStreak over the months a streak can reach. Fetched again whenever the
 * screen mounts after 30 s and after each save (useSaveDayStatus), since a streak moves with every day.
 */
export function useStreaks(communityId: string | null, userId: string | null, asOf: IsoDate): StreaksResult {
  const query = useQuery<MemberStreaksView>({
    queryKey: trackingKeys.streaksOf(communityId ?? '', userId, asOf),
    queryFn: () => {
      const params = new URLSearchParams({ date: asOf });
      if (userId) params.set('userId', userId);
      return apiJson<MemberStreaksView>('GET', `/api/communities/${communityId}/streaks?${params.toString()}`);
    },
    enabled: communityId !== null,
    staleTime: 30_000,
  });
  return {
    streaks: query.data?.streaks ?? [],
    isLoading: query.isPending,
    error: query.error,
    retry: () => void query.refetch(),
  };
}
