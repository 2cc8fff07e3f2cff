import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CareGlanceView, CareNoteBody, NeedsAWordRow, ReachedOutView, ReflectionBody, ReflectionView } from '@shared/contracts/care';
import { apiJson } from '@/lib/api-client';
import { REFETCH_ON_FOCUS } from '@/lib/query-client';

export const careKeys = {
  /** Under the community's key, so a change of its settings (quiet days) reads it again. */
  needsAWord: (communityId: string) => ['/api/communities', communityId, 'needs-a-word'] as const,
  /** Every reflection read of the community (one member's month, a subgroup's month). */
  reflections: (communityId: string) => ['/api/communities', communityId, 'reflections'] as const,
  glance: (communityId: string) => ['/api/communities', communityId, 'care-at-a-glance'] as const,
};

/**
 * Whose care a read is about: undefined for the subgroups the caller leads, or one subgroup's id (an admin may
 * ask for any subgroup of the community; its commander for their own).
 */
export type CaredSubgroup = string | undefined;

const withSubgroup = (path: string, subgroupId: CaredSubgroup, params = new URLSearchParams()) => {
  if (subgroupId) params.set('subgroupId', subgroupId);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};

/** GET /api/communities/{id}/care-at-a-glance: the care of the subgroups the caller leads (or one), month by month (counts only). */
export function useCareGlance(communityId: string, enabled = true, subgroupId?: CaredSubgroup) {
  return useQuery<CareGlanceView>({
    queryKey: [...careKeys.glance(communityId), subgroupId ?? 'led'] as const,
    queryFn: () => apiJson<CareGlanceView>('GET', withSubgroup(`/api/communities/${communityId}/care-at-a-glance`, subgroupId)),
    enabled,
    ...REFETCH_ON_FOCUS,
  });
}

/** GET /api/communities/{id}/needs-a-word: the members of the subgroups the caller leads (or of one) who may need a word. */
export function useNeedsAWord(communityId: string, enabled = true, subgroupId?: CaredSubgroup) {
  return useQuery<NeedsAWordRow[]>({
    queryKey: [...careKeys.needsAWord(communityId), subgroupId ?? 'led'] as const,
    queryFn: () => apiJson<NeedsAWordRow[]>('GET', withSubgroup(`/api/communities/${communityId}/needs-a-word`, subgroupId)),
    enabled,
    ...REFETCH_ON_FOCUS,
  });
}

/** Takes a member off the list in the cache at once; the server's list is read again next time. */
function useLeaveList(communityId: string) {
  const queryClient = useQueryClient();
  return (row: NeedsAWordRow) => {
    queryClient.setQueriesData<NeedsAWordRow[]>({ queryKey: careKeys.needsAWord(communityId) }, (rows) => rows?.filter((listed) => listed.userId !== row.userId));
    void queryClient.invalidateQueries({ queryKey: careKeys.needsAWord(communityId), refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: careKeys.glance(communityId) });
  };
}

/** POST …/needs-a-word/{userId}/reached-out: the member leaves the list (here at once) for a week. */
export function useMarkReachedOut(communityId: string) {
  const leave = useLeaveList(communityId);
  return useMutation<ReachedOutView, Error, NeedsAWordRow>({
    mutationFn: (row) => apiJson<ReachedOutView>('POST', `/api/communities/${communityId}/needs-a-word/${row.userId}/reached-out`),
    onSuccess: (_result, row) => leave(row),
  });
}

/** POST …/needs-a-word/{userId}/note {message}: the member receives it as a notification; sent, they leave the list for a week. */
export function useSendCareNote(communityId: string) {
  const leave = useLeaveList(communityId);
  return useMutation<ReachedOutView, Error, { row: NeedsAWordRow } & CareNoteBody>({
    mutationFn: ({ row, message }) => apiJson<ReachedOutView>('POST', `/api/communities/${communityId}/needs-a-word/${row.userId}/note`, { message }),
    onSuccess: (_result, { row }) => leave(row),
  });
}

interface ReflectionMonth {
  month: number;
  year: number;
}

/**
 * GET …/reflections?month&year[&userId]: the member's reflection on a month (null: none yet). Another
 * member's is theirs, their commander's and admins' only: anyone else is answered 404, which is not retried.
 */
export function useReflection(communityId: string | null, period: ReflectionMonth, userId: string | null, enabled = true) {
  return useQuery<ReflectionView | null>({
    queryKey: [...careKeys.reflections(communityId ?? ''), 'member', { ...period, userId }] as const,
    queryFn: () => {
      const params = new URLSearchParams({ month: String(period.month), year: String(period.year) });
      if (userId) params.set('userId', userId);
      return apiJson<ReflectionView | null>('GET', `/api/communities/${communityId}/reflections?${params.toString()}`);
    },
    enabled: communityId !== null && enabled,
  });
}

/** GET …/reflections/subgroup?month&year[&subgroupId]: the month's reflections of the members of the subgroups the caller leads (or of one). */
export function useSubgroupReflections(communityId: string, period: ReflectionMonth, subgroupId?: CaredSubgroup) {
  return useQuery<ReflectionView[]>({
    queryKey: [...careKeys.reflections(communityId), 'subgroup', period, subgroupId ?? 'led'] as const,
    queryFn: () =>
      apiJson<ReflectionView[]>(
        'GET',
        withSubgroup(`/api/communities/${communityId}/reflections/subgroup`, subgroupId, new URLSearchParams({ month: String(period.month), year: String(period.year) })),
      ),
    ...REFETCH_ON_FOCUS,
  });
}

/** PUT …/reflections: writes or edits one's own; every reflection read of the community is read again. */
export function useWriteReflection(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation<ReflectionView, Error, ReflectionBody>({
    mutationFn: (body) => apiJson<ReflectionView>('PUT', `/api/communities/${communityId}/reflections`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: careKeys.reflections(communityId) });
      void queryClient.invalidateQueries({ queryKey: careKeys.glance(communityId) });
    },
  });
}

/** POST …/reflections/{id}/acknowledge {reply}: the commander's (or an admin's) one reply. */
export function useAcknowledgeReflection(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation<ReflectionView, Error, { reflectionId: string; reply: string }>({
    mutationFn: ({ reflectionId, reply }) => apiJson<ReflectionView>('POST', `/api/communities/${communityId}/reflections/${reflectionId}/acknowledge`, { reply }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: careKeys.reflections(communityId) });
      void queryClient.invalidateQueries({ queryKey: careKeys.glance(communityId) });
    },
  });
}
