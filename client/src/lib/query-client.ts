import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { findApiError, getQueryFn } from './api-client';

/** Told which community is gone (undefined: the call named none, so the server used the first membership). */
type CommunityGoneListener = (communityId: string | undefined) => void;
const communityGoneListeners = new Set<CommunityGoneListener>();

/**
 * Calls `listener` whenever a call answers that the current community cannot be seen any more (the member
 * was removed while signed in, or the community was deleted). Returns the unsubscribe function.
 */
export function onCommunityGone(listener: CommunityGoneListener): () => void {
  communityGoneListeners.add(listener);
  return () => communityGoneListeners.delete(listener);
}

function reportCommunityGone(error: unknown): void {
  const apiError = findApiError(error);
  if (apiError?.code === 'community_not_found') for (const listener of communityGoneListeners) listener(apiError.communityId);
}

/**
 * The lists other people change (questions, meetings, applications, members and stats, one's subgroup):
 * read again whenever the window regains focus, however fresh (issue 23: a screen left open in another tab
 * is current when one comes back). Spread into those queries' options.
 */
export const REFETCH_ON_FOCUS = { refetchOnWindowFocus: 'always' } as const;

/**
 * SPEC.md section 7: results never go stale, no refetch on window focus (except the lists that spread
 * REFETCH_ON_FOCUS, and the notification poll), no polling and no automatic retries unless a query says otherwise. A 401 fails unless a query treats it as empty.
 * Every failed query and mutation is checked for a community that is gone, in one place.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportCommunityGone }),
    mutationCache: new MutationCache({ onError: reportCommunityGone }),
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
