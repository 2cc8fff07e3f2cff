import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteCodeView } from '@shared/contracts/communities';
import { apiJson } from '@/lib/api-client';

export const inviteKeys = {
  latest: (communityId: string) => ['/api/communities', communityId, 'invite-codes', 'latest'] as const,
};

/** GET /api/communities/{id}/invite-codes/latest: the newest code, or null. */
export function useLatestInviteCode(communityId: string) {
  return useQuery<InviteCodeView | null>({ queryKey: inviteKeys.latest(communityId) });
}

/** POST /api/communities/{id}/invite-codes with an empty body; the new code becomes the latest. */
export function useGenerateInviteCode(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation<InviteCodeView, Error, void>({
    mutationFn: () => apiJson<InviteCodeView>('POST', `/api/communities/${communityId}/invite-codes`),
    onSuccess: (code) => queryClient.setQueryData(inviteKeys.latest(communityId), code),
  });
}
