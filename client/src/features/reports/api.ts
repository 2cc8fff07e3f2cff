import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReportMembersPage, ReportsView } from '@shared/contracts/reports';
import type { YearMonth } from '@shared/domain/calendar';
import { apiJson } from '@/lib/api-client';

export type ReportScope = 'community' | 'subgroup' | undefined;

export const reportKeys = {
  month: (communityId: string, { year, month }: YearMonth, scope: ReportScope) => ['/api/reports', { communityId, year, month, scope: scope ?? 'default' }] as const,
};

const reportParams = ({ year, month }: YearMonth, scope: ReportScope) => {
  const params = new URLSearchParams({ month: String(month), year: String(year) });
  if (scope) params.set('scope', scope);
  return params;
};

/** GET /api/reports?month&year[&scope]: everything /reports shows first, in one request. */
export function useReports(communityId: string | null, period: YearMonth, scope: ReportScope) {
  return useQuery<ReportsView>({
    queryKey: reportKeys.month(communityId ?? '', period, scope),
    queryFn: () => apiJson<ReportsView>('GET', `/api/reports?${reportParams(period, scope).toString()}`),
    enabled: communityId !== null,
  });
}

/**
 * GET /api/reports/members: the member table's further pages, from where the report's first page ended.
 * Nothing is fetched until `enabled` (the first 'Show more').
 */
export function useMoreReportMembers(communityId: string, period: YearMonth, scope: ReportScope, firstCursor: string | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...reportKeys.month(communityId, period, scope), 'members', firstCursor] as const,
    initialPageParam: firstCursor,
    queryFn: ({ pageParam }) => {
      const params = reportParams(period, scope);
      params.set('cursor', pageParam ?? '');
      return apiJson<ReportMembersPage>('GET', `/api/reports/members?${params.toString()}`);
    },
    getNextPageParam: (page) => page.nextCursor,
    enabled: enabled && firstCursor !== null,
  });
}
