import { useQuery } from '@tanstack/react-query';
import type { ReportsView } from '@shared/contracts/reports';
import type { YearMonth } from '@shared/domain/calendar';
import { apiJson } from '@/lib/api-client';

export type ReportScope = 'community' | 'subgroup' | undefined;

export const reportKeys = {
  month: (communityId: string, { year, month }: YearMonth, scope: ReportScope) => ['/api/reports', { communityId, year, month, scope: scope ?? 'default' }] as const,
};

/** GET /api/reports?month&year[&scope]: everything /reports shows, in one request. */
export function useReports(communityId: string | null, period: YearMonth, scope: ReportScope) {
  return useQuery<ReportsView>({
    queryKey: reportKeys.month(communityId ?? '', period, scope),
    queryFn: () => {
      const params = new URLSearchParams({ month: String(period.month), year: String(period.year) });
      if (scope) params.set('scope', scope);
      return apiJson<ReportsView>('GET', `/api/reports?${params.toString()}`);
    },
    enabled: communityId !== null,
  });
}
