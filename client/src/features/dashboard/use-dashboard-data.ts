import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardView } from '@shared/contracts/dashboard';
import type { IsoDate, YearMonth } from '@shared/domain/calendar';
import { communityKeys } from '@/features/communities/api';
import { guidanceKeys } from '@/features/guidance/api';
import { trackingKeys } from '@/features/tracking/api';
import { apiJson } from '@/lib/api-client';

export const dashboardKey = (communityId: string, period: YearMonth, today: IsoDate) => ['/api/communities', communityId, 'dashboard', { ...period, today }] as const;

/**
 * GET /api/communities/{id}/dashboard: one's community, disciplines, month, targets, streaks and guidance
 * in one request, each filed under the cache entry its own endpoint fills, so the cards that read them
 * find them there and ask for nothing. If it fails, the cards fetch their own parts (and show their own
 * errors with Retry), so it is not retried.
 */
export function useDashboardData(communityId: string | null, selfId: string | null, period: YearMonth, today: IsoDate) {
  const queryClient = useQueryClient();
  return useQuery<DashboardView>({
    queryKey: dashboardKey(communityId ?? '', period, today),
    queryFn: async () => {
      const params = new URLSearchParams({ month: String(period.month), year: String(period.year), date: today });
      const view = await apiJson<DashboardView>('GET', `/api/communities/${communityId}/dashboard?${params.toString()}`);
      const id = communityId!;
      queryClient.setQueryData(communityKeys.detail(id), view.community);
      queryClient.setQueryData(trackingKeys.disciplines(id), view.disciplines);
      queryClient.setQueryData(trackingKeys.dailyLog(id, null, period), view.dailyLog);
      queryClient.setQueryData(trackingKeys.targets(id, selfId!, period), view.targets);
      queryClient.setQueryData(trackingKeys.streaksOf(id, null, today), view.streaks);
      queryClient.setQueryData(guidanceKeys.one(id), view.guidance);
      return view;
    },
    enabled: communityId !== null && selfId !== null,
    retry: false,
  });
}
