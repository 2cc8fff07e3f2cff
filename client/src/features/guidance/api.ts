import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuidanceView, SaveGuidanceBody } from '@shared/contracts/guidance';
import { apiJson } from '@/lib/api-client';

export const guidanceKeys = {
  one: (communityId: string) => ['/api/communities', communityId, 'guidance'] as const,
};

/** SPEC.md section 9: guidance is cached for 30 s and a failed load is retried twice. */
export const GUIDANCE_STALE_MS = 30_000;
export const GUIDANCE_RETRIES = 2;

/** GET /api/communities/{id}/guidance. */
export function useGuidance(communityId: string | null) {
  return useQuery<GuidanceView>({
    queryKey: guidanceKeys.one(communityId ?? ''),
    enabled: communityId !== null,
    staleTime: GUIDANCE_STALE_MS,
    retry: GUIDANCE_RETRIES,
  });
}

/** POST /api/communities/{id}/guidance: the editor sends sections and markdown, the setup wizard only markdown. */
export function useSaveGuidance(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation<GuidanceView, Error, SaveGuidanceBody>({
    mutationFn: (body) => apiJson<GuidanceView>('POST', `/api/communities/${communityId}/guidance`, body),
    onSuccess: (saved) => queryClient.setQueryData(guidanceKeys.one(communityId), saved),
  });
}
