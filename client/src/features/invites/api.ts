import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteCodeView } from '@shared/contracts/communities';
import { apiJson, apiRequest } from '@/lib/api-client';

export const inviteKeys = {
  all: (communityId: string) => ['/api/communities', communityId, 'invite-codes'] as const,
  latest: (communityId: string) => ['/api/communities', communityId, 'invite-codes', 'latest'] as const,
};

/** GET /api/communities/{id}/invite-codes/latest: the newest code that was not revoked (it may have expired), or null. */
export function useLatestInviteCode(communityId: string) {
  return useQuery<InviteCodeView | null>({ queryKey: inviteKeys.latest(communityId) });
}

/** GET /api/communities/{id}/invite-codes: every code that still lets people join, newest first. */
export function useActiveInviteCodes(communityId: string) {
  return useQuery<InviteCodeView[]>({ queryKey: inviteKeys.all(communityId) });
}

/** POST /api/communities/{id}/invite-codes with an empty body; the new code becomes the latest. */
export function useGenerateInviteCode(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation<InviteCodeView, Error, void>({
    mutationFn: () => apiJson<InviteCodeView>('POST', `/api/communities/${communityId}/invite-codes`),
    onSuccess: (code) => {
      queryClient.setQueryData(inviteKeys.latest(communityId), code);
      queryClient.setQueryData<InviteCodeView[]>(inviteKeys.all(communityId), (codes) => (codes ? [code, ...codes] : codes));
    },
    // A read of the codes already on its way was made before this code existed and would answer without it:
    // refetching cancels it and asks again (the prefix covers the latest code and the list).
    onSettled: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all(communityId) }),
  });
}

/** DELETE /api/communities/{id}/invite-codes/{codeId}: nobody can join with it afterwards. */
export function useRevokeInviteCode(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, InviteCodeView>({
    mutationFn: (code) => apiRequest('DELETE', `/api/communities/${communityId}/invite-codes/${code.id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all(communityId) }),
  });
}
