import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CreateSubgroupBody, OwnSubgroupView, SubgroupView } from '@shared/contracts/subgroups';
import { apiJson, apiRequest } from '@/lib/api-client';
import { REFETCH_ON_FOCUS } from '@/lib/query-client';
import type { CommunityMember } from '@shared/contracts/communities';
import { changeListedMembers, communityKeys, refreshGroupedMemberPages, useMemberPages } from '@/features/communities/api';

export const subgroupKeys = {
  all: (communityId: string) => ['/api/communities', communityId, 'subgroups'] as const,
  /** GET /api/user/subgroup for the community on screen (the header names it; the key part separates communities). */
  own: (communityId: string) => ['/api/user/subgroup', { communityId }] as const,
};

/** SPEC.md section 9: the subgroups query retries once and is never considered fresh. */
export function useSubgroups(communityId: string, enabled = true) {
  return useQuery<SubgroupView[]>({ queryKey: subgroupKeys.all(communityId), retry: 1, staleTime: 0, enabled, ...REFETCH_ON_FOCUS });
}

/** The caller's subgroup and its commander (nulls when unassigned). */
export function useOwnSubgroup(communityId: string | null) {
  return useQuery<OwnSubgroupView>({
    queryKey: subgroupKeys.own(communityId ?? ''),
    queryFn: () => apiJson<OwnSubgroupView>('GET', '/api/user/subgroup'),
    enabled: communityId !== null,
    ...REFETCH_ON_FOCUS,
  });
}

/**
 * After any subgroup change: the subgroups, the whole member list and one's own subgroup read again. The
 * pages of the member list (a congregation's may be forty) are changed where they are instead, by
 * `change`, and only marked stale, so a list on screen does not read every page again; those narrowed to
 * a subgroup (or to who may lead) on screen are read again, as a member joins one as they leave another.
 */
function useRefreshSubgroups(communityId: string) {
  const queryClient = useQueryClient();
  return (change?: (members: CommunityMember[]) => CommunityMember[]) => {
    if (change) changeListedMembers(queryClient, communityId, change);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: subgroupKeys.all(communityId) }),
      queryClient.invalidateQueries({ queryKey: communityKeys.members(communityId), exact: true }),
      queryClient.invalidateQueries({ queryKey: communityKeys.memberPages(communityId), refetchType: 'none' }),
      refreshGroupedMemberPages(queryClient, communityId),
      queryClient.invalidateQueries({ queryKey: ['/api/user/subgroup'] }),
    ]);
  };
}

/** POST /api/subgroups {name, description}. */
export function useCreateSubgroup(communityId: string) {
  const refresh = useRefreshSubgroups(communityId);
  return useMutation<SubgroupView, Error, CreateSubgroupBody>({
    mutationFn: (body) => apiJson<SubgroupView>('POST', '/api/subgroups', { ...body, communityId }),
    onSuccess: () => void refresh(),
  });
}

/** PATCH /api/subgroups/{id}/commander {commanderId} (null: no commander). */
export function useSetCommander(communityId: string) {
  const refresh = useRefreshSubgroups(communityId);
  return useMutation<SubgroupView, Error, { subgroupId: string; commanderId: string | null }>({
    mutationFn: ({ subgroupId, commanderId }) => apiJson<SubgroupView>('PATCH', `/api/subgroups/${subgroupId}/commander`, { commanderId }),
    onSuccess: () => void refresh(),
  });
}

/** DELETE /api/subgroups/{id}: its members become unassigned. */
export function useDeleteSubgroup(communityId: string) {
  const refresh = useRefreshSubgroups(communityId);
  return useMutation<unknown, Error, string>({
    mutationFn: (subgroupId) => apiRequest('DELETE', `/api/subgroups/${subgroupId}`),
    onSuccess: (_result, subgroupId) => void refresh((members) => members.map((member) => (member.subgroupId === subgroupId ? { ...member, subgroupId: null } : member))),
  });
}

/** PATCH /api/users/{userId}/subgroup {subgroupId} (null: unassigned). */
export function useAssignSubgroup(communityId: string) {
  const refresh = useRefreshSubgroups(communityId);
  return useMutation<unknown, Error, { userId: string; subgroupId: string | null }>({
    mutationFn: ({ userId, subgroupId }) => apiJson('PATCH', `/api/users/${userId}/subgroup`, { subgroupId }),
    onSuccess: (_result, { userId, subgroupId }) => void refresh((members) => members.map((member) => (member.id === userId ? { ...member, subgroupId } : member))),
  });
}

/**
 * Everyone who may lead a subgroup (Commander or an admin role, institution- and server-wide rights
 * counted), every page read: a congregation has a few dozen at most, and the commander select lists them all.
 */
export function useLeaders(communityId: string) {
  const pages = useMemberPages(communityId, { mayLead: true });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = pages;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  return {
    members: hasNextPage ? undefined : pages.data?.pages.flatMap((page) => page.members),
    error: pages.error,
    refetch: () => void pages.refetch(),
  };
}

/** The members in no subgroup who lead none either, a page at a time. */
export const useUnassignedMembers = (communityId: string) => useMemberPages(communityId, { subgroupId: 'unassigned' });
