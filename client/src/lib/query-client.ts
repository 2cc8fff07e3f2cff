import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/**
 * SPEC.md section 7: results never go stale, no refetch on window focus, no polling and no
 * automatic retries unless a query says otherwise. A 401 fails unless a query treats it as empty.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
