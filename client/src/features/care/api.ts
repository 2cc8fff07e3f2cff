import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CareNoteBody, NeedsAWordRow, ReachedOutView } from '@shared/contracts/care';
import { apiJson } from '@/lib/api-client';
import { REFETCH_ON_FOCUS } from '@/lib/query-client';

export const careKeys = {
  /** Under the community's key, so a change of its settings (quiet days) reads it again. */
  needsAWord: (communityId: string) => ['/api/communities', communityId, 'needs-a-word'] as const,
};

/** GET /api/communities/{id}/needs-a-word: the members of the subgroups the caller leads who may need a word. */
export function useNeedsAWord(communityId: string, enabled = true) {
  return useQuery<NeedsAWordRow[]>({ queryKey: careKeys.needsAWord(communityId), enabled, ...REFETCH_ON_FOCUS });
}

/** Takes a member off the list in the cache at once; the server's list is read again next time. */
function useLeaveList(communityId: string) {
  const queryClient = useQueryClient();
  return (row: NeedsAWordRow) => {
    queryClient.setQueryData<NeedsAWordRow[]>(careKeys.needsAWord(communityId), (rows) => rows?.filter((listed) => listed.userId !== row.userId));
    void queryClient.invalidateQueries({ queryKey: careKeys.needsAWord(communityId), refetchType: 'none' });
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
