import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationView, ApplyCommunityInfo, CreateApplicationBody, ReviewApplicationBody, ReviewResult } from '@shared/contracts/applications';
import { apiJson } from '@/lib/api-client';
import { REFETCH_ON_FOCUS } from '@/lib/query-client';
import { inviteKeys } from '@/features/invites/api';

export const applicationKeys = {
  /** GET /api/member-applications for the community on screen (the header names it; the key part separates communities). */
  all: (communityId: string) => ['/api/member-applications', { communityId }] as const,
  /** GET /api/communities/info?community=<id>: the public name for the apply page. */
  communityName: (communityId: string) => ['/api/communities/info', { community: communityId }] as const,
};

/** The link a moderator shares: the public apply page for their community. */
export const applyLink = (communityId: string, origin = window.location.origin) => `${origin}/apply?community=${encodeURIComponent(communityId)}`;

/** The community's name for the apply page's greeting, and the disciplines its form asks about (public; no retry, SPEC.md section 7). */
export function useApplyCommunity(communityId: string | null) {
  return useQuery<ApplyCommunityInfo>({
    queryKey: applicationKeys.communityName(communityId ?? ''),
    queryFn: () => apiJson<ApplyCommunityInfo>('GET', `/api/communities/info?community=${encodeURIComponent(communityId ?? '')}`),
    enabled: communityId !== null,
    retry: false,
  });
}

/** POST /api/member-applications: public, no account needed. */
export interface ApplicationSent {
  message: string;
  id: string;
  /** True when the same e-mail's Pending application was updated instead of a new one made. */
  updated?: boolean;
}

export function useSubmitApplication() {
  return useMutation<ApplicationSent, Error, CreateApplicationBody>({
    mutationFn: (body) => apiJson<ApplicationSent>('POST', '/api/member-applications', body),
  });
}

export function useApplications(communityId: string) {
  return useQuery<ApplicationView[]>({
    queryKey: applicationKeys.all(communityId),
    queryFn: () => apiJson<ApplicationView[]>('GET', '/api/member-applications'),
    ...REFETCH_ON_FOCUS,
  });
}

/** PATCH /api/member-applications/{id}/status: approving also answers an invitation code to send. */
export function useReviewApplication(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation<ReviewResult, Error, { id: string } & ReviewApplicationBody>({
    mutationFn: ({ id, ...body }) => apiJson<ReviewResult>('PATCH', `/api/member-applications/${id}/status`, body),
    onSuccess: ({ application, inviteCode }) => {
      queryClient.setQueryData<ApplicationView[]>(applicationKeys.all(communityId), (all) => all?.map((current) => (current.id === application.id ? application : current)));
      if (inviteCode) void queryClient.invalidateQueries({ queryKey: inviteKeys.all(communityId) });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: applicationKeys.all(communityId) }),
  });
}
