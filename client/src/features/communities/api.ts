import { useCallback } from 'react';
import { type InfiniteData, keepPreviousData, type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CommunityMember,
  CommunityStats,
  CommunityView,
  CreateCommunityBody,
  JoinResult,
  MembersPage,
  UpdateCommunityBody,
} from '@shared/contracts/communities';
import { MEMBERS_PAGE_MAX } from '@shared/contracts/wire-values';
import type { ActivityPage } from '@shared/contracts/activity';
import type { LinkImportedMemberBody, LinkImportedMemberResult } from '@shared/contracts/imported-members';
import type { Role } from '@shared/domain/constants';
import { atLeast } from '@shared/domain/roles';
import { apiJson, apiRequest } from '@/lib/api-client';
import { REFETCH_ON_FOCUS } from '@/lib/query-client';
import { useAuth } from '@/lib/auth';
import { MEMBERSHIPS_QUERY_KEY, type Membership, useCurrentMembership } from '@/lib/community';

/** Query keys: the default query function GETs the parts joined by '/'. */
export const communityKeys = {
  detail: (id: string) => ['/api/communities', id] as const,
  members: (id: string) => ['/api/communities', id, 'members'] as const,
  /** Every paged read of the member list (under members, so invalidating members reaches them too). */
  memberPages: (id: string) => ['/api/communities', id, 'members', 'pages'] as const,
  stats: (id: string) => ['/api/communities', id, 'stats'] as const,
  activity: (id: string) => ['/api/communities', id, 'activity'] as const,
};

/** SPEC.md section 9: the members query retries 3 times. */
export const MEMBERS_QUERY_RETRY = 3;

/** The membership of the community on screen (null when none resolves, see R18). */
export function useCurrentCommunity(): Membership | null {
  const { memberships } = useAuth();
  return useCurrentMembership(memberships);
}

/** GET /api/communities/{id}: also where the dashboard reads whether grace days are on. */
export function useCommunity(id: string | null) {
  return useQuery<CommunityView>({ queryKey: communityKeys.detail(id ?? ''), enabled: id !== null });
}

export function useCommunityStats(id: string) {
  return useQuery<CommunityStats>({ queryKey: communityKeys.stats(id), ...REFETCH_ON_FOCUS });
}

/** Recent Activity: the community's audit log, newest first, a page at a time (admins only). */
export function useCommunityActivity(communityId: string) {
  return useInfiniteQuery({
    queryKey: communityKeys.activity(communityId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiJson<ActivityPage>('GET', `/api/communities/${communityId}/activity${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    getNextPageParam: (page) => page.nextCursor,
    // Every tab's changes land here: read again whenever the Overview opens, rather than invalidated by each of them.
    refetchOnMount: 'always',
    ...REFETCH_ON_FOCUS,
  });
}

/** Members a page of the list holds: enough to fill a tall screen, small enough to come at once. */
export const MEMBERS_PAGE_SIZE = 50;

/** What a paged read of the member list is narrowed to (GET …/members' search, subgroupId and mayLead). */
export interface MembersNarrowing {
  /** A part of the name (and for admins the e-mail), case and accents aside. */
  search?: string;
  /** A subgroup's id; 'none': in no subgroup; 'unassigned': in none and leading none. */
  subgroupId?: string;
  /** Only who may lead a subgroup. */
  mayLead?: boolean;
}

/** Whether `member` still belongs in a list narrowed to a subgroup or to who may lead, after a change made here. */
function stillMatches(member: CommunityMember, { subgroupId, mayLead }: MembersNarrowing) {
  if (mayLead && !atLeast([member.rank, ...member.roles], 'Commander')) return false;
  if (subgroupId === undefined) return true;
  return subgroupId === 'none' || subgroupId === 'unassigned' ? member.subgroupId === null : member.subgroupId === subgroupId;
}

const isNarrowedToGroup = (key: readonly unknown[]) => {
  const narrowing = key[4] as MembersNarrowing | undefined;
  return narrowing?.subgroupId !== undefined || narrowing?.mayLead === true;
};

/**
 * GET /api/communities/{id}/members?limit=50[&search][&subgroupId][&mayLead][&cursor]: the member list a page
 * at a time, by name, narrowed by a search (name, and for admins e-mail; case and accents aside), a
 * subgroup or who may lead. `fetchNextPage` reads on. A member moved or whose roles changed here leaves a
 * list narrowed to a subgroup or to leaders at once (before it is read again).
 */
export function useMemberPages(communityId: string, narrowing: MembersNarrowing = {}, enabled = true) {
  const key = { search: narrowing.search?.trim() ?? '', subgroupId: narrowing.subgroupId, mayLead: narrowing.mayLead === true ? true : undefined };
  // Stable while the narrowing is, so TanStack Query keeps the selected data between renders.
  const keepMatching = useCallback(
    (data: InfiniteData<MembersPage, string | null>) => {
      let removed = 0;
      const pages = data.pages.map((page) => {
        const members = page.members.filter((member) => stillMatches(member, { subgroupId: key.subgroupId, mayLead: key.mayLead }));
        removed += page.members.length - members.length;
        return { ...page, members };
      });
      return { ...data, pages: pages.map((page, index) => (index === 0 && page.total !== null ? { ...page, total: page.total - removed } : page)) };
    },
    [key.subgroupId, key.mayLead],
  );
  return useInfiniteQuery({
    queryKey: [...communityKeys.memberPages(communityId), key] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(MEMBERS_PAGE_SIZE) });
      if (key.search) params.set('search', key.search);
      if (key.subgroupId) params.set('subgroupId', key.subgroupId);
      if (key.mayLead) params.set('mayLead', 'true');
      if (pageParam) params.set('cursor', pageParam);
      return apiJson<MembersPage>('GET', `/api/communities/${communityId}/members?${params.toString()}`);
    },
    getNextPageParam: (page) => page.nextCursor,
    select: key.subgroupId === undefined && !key.mayLead ? undefined : keepMatching,
    // While a new search is on its way, the last answer stays on screen instead of a loading card.
    placeholderData: keepPreviousData,
    retry: MEMBERS_QUERY_RETRY,
    enabled,
  });
}

/** The member as the newest cached list shows them (pages and the whole list), or undefined when none holds them. */
export function listedMember(queryClient: QueryClient, communityId: string, userId: string): CommunityMember | undefined {
  const whole = queryClient.getQueryData<CommunityMember[]>(communityKeys.members(communityId))?.find((member) => member.id === userId);
  if (whole) return whole;
  for (const [, data] of queryClient.getQueriesData<InfiniteData<MembersPage, string | null>>({ queryKey: communityKeys.memberPages(communityId) })) {
    const found = data?.pages.flatMap((page) => page.members).find((member) => member.id === userId);
    if (found) return found;
  }
  return undefined;
}

/**
 * After a subgroup or role change: the lists narrowed to a subgroup or to who may lead are read again where
 * they are on screen (a member joins one as they leave another); the others are only marked stale.
 */
export function refreshGroupedMemberPages(queryClient: QueryClient, communityId: string) {
  return queryClient.invalidateQueries({ queryKey: communityKeys.memberPages(communityId), predicate: (query) => isNarrowedToGroup(query.queryKey) });
}

/** Every member, read a page at a time (the CSV export reads them when asked, not when its tab opens). */
export async function readAllMembers(communityId: string): Promise<CommunityMember[]> {
  const members: CommunityMember[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ limit: String(MEMBERS_PAGE_MAX) });
    if (cursor) params.set('cursor', cursor);
    const page: MembersPage = await apiJson<MembersPage>('GET', `/api/communities/${communityId}/members?${params.toString()}`);
    members.push(...page.members);
    cursor = page.nextCursor;
  } while (cursor);
  return members;
}

/** How many members hold `role` (GET …/members?limit=1&role=…: the first page's count). */
export function useRoleHolderCount(communityId: string, role: Role, enabled = true) {
  return useQuery({
    // Beside the pages, not under them: changeListedMembers edits what is under memberPages as pages.
    queryKey: [...communityKeys.members(communityId), 'holding', role] as const,
    queryFn: async () => (await apiJson<MembersPage>('GET', `/api/communities/${communityId}/members?limit=1&role=${role}`)).total ?? 0,
    retry: MEMBERS_QUERY_RETRY,
    enabled,
  });
}

/**
 * Applies a change to the members every cached list holds (the whole list and each page read), so a
 * row changes where it is shown without reading every page again; the first page's count follows.
 */
export function changeListedMembers(queryClient: QueryClient, communityId: string, change: (members: CommunityMember[]) => CommunityMember[]) {
  queryClient.setQueryData<CommunityMember[]>(communityKeys.members(communityId), (members) => members && change(members));
  queryClient.setQueriesData<InfiniteData<MembersPage, string | null>>({ queryKey: communityKeys.memberPages(communityId) }, (data) => {
    if (!data) return data;
    let removed = 0;
    const pages = data.pages.map((page) => {
      const members = change(page.members);
      removed += page.members.length - members.length;
      return { ...page, members };
    });
    return { ...data, pages: pages.map((page, index) => (index === 0 && page.total !== null ? { ...page, total: page.total - removed } : page)) };
  });
}

/** GET /api/communities/{id}/members: the admin member list and the tracking screens' member pickers share it. */
export function useCommunityMembers(id: string | null) {
  return useQuery<CommunityMember[]>({ queryKey: communityKeys.members(id ?? ''), retry: MEMBERS_QUERY_RETRY, enabled: id !== null, ...REFETCH_ON_FOCUS });
}

/** Re-reads GET /api/memberships and waits for it, so a following navigation sees the new list. */
export function useRefreshMemberships() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: MEMBERSHIPS_QUERY_KEY });
}

/** POST /api/communities/join {inviteCode}. */
export function useJoinCommunity() {
  return useMutation<JoinResult, Error, string>({
    mutationFn: (inviteCode) => apiJson<JoinResult>('POST', '/api/communities/join', { inviteCode }),
  });
}

/** POST /api/communities {name, description, timeZone}: the creator becomes its CommunityModerator. */
export function useCreateCommunity() {
  return useMutation<CommunityView, Error, CreateCommunityBody>({
    mutationFn: (body) => apiJson<CommunityView>('POST', '/api/communities', body),
  });
}

/** POST /api/claim-user {importedUserId}: the 'Account Found!' modal after joining. */
export function useClaimImportedUser() {
  return useMutation<unknown, Error, string>({
    mutationFn: (importedUserId) => apiJson('POST', '/api/claim-user', { importedUserId }),
  });
}

/** PUT /api/communities/{id}. */
export function useUpdateCommunity(id: string) {
  const queryClient = useQueryClient();
  return useMutation<CommunityView, Error, UpdateCommunityBody>({
    mutationFn: (body) => apiJson<CommunityView>('PUT', `/api/communities/${id}`, body),
    onSuccess: (community) => {
      queryClient.setQueryData(communityKeys.detail(id), community);
      // The name shows in the switcher and on the community cards.
      void queryClient.invalidateQueries({ queryKey: MEMBERSHIPS_QUERY_KEY });
    },
  });
}

/**
 * POST /api/communities/{id}/close {password} and POST …/reopen (issue 39): the community's answer replaces the
 * cached one, and the memberships (the switcher and the closing banner read `community.closesAt`) are read again.
 */
function useClosingChange(id: string, action: 'close' | 'reopen') {
  const queryClient = useQueryClient();
  return useMutation<CommunityView, Error, { password?: string }>({
    mutationFn: (body) => apiJson<CommunityView>('POST', `/api/communities/${id}/${action}`, action === 'close' ? body : undefined),
    onSuccess: (community) => {
      queryClient.setQueryData(communityKeys.detail(id), community);
      void queryClient.invalidateQueries({ queryKey: MEMBERSHIPS_QUERY_KEY });
    },
  });
}

export const useCloseCommunity = (id: string) => useClosingChange(id, 'close');
export const useReopenCommunity = (id: string) => useClosingChange(id, 'reopen');

/** GET /api/communities/{id}/export: the community's data as one JSON file (Community Moderators, 5 an hour). */
export const communityExportUrl = (id: string) => `/api/communities/${id}/export`;

/** POST /api/communities/{id}/leave. */
export function useLeaveCommunity(id: string) {
  return useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiRequest('POST', `/api/communities/${id}/leave`);
    },
  });
}

/** PATCH /api/users/{userId}/role {roles}; the community is the one on screen (X-Community-Id). */
export function useUpdateRoles(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation<CommunityMember, Error, { userId: string; roles: Role[] }>({
    mutationFn: ({ userId, roles }) => apiJson<CommunityMember>('PATCH', `/api/users/${userId}/role`, { roles }),
    onSuccess: (updated) => {
      changeListedMembers(queryClient, communityId, (members) => members.map((member) => (member.id === updated.id ? { ...member, ...updated } : member)));
      void refreshGroupedMemberPages(queryClient, communityId);
      void queryClient.invalidateQueries({ queryKey: communityKeys.stats(communityId) });
    },
  });
}

/** DELETE /api/communities/{id}/members/{userId}. */
export function useRemoveMember(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, CommunityMember>({
    mutationFn: async (member) => {
      await apiRequest('DELETE', `/api/communities/${communityId}/members/${member.id}`);
    },
    onSuccess: (_result, removed) => {
      changeListedMembers(queryClient, communityId, (members) => members.filter((member) => member.id !== removed.id));
      void queryClient.invalidateQueries({ queryKey: communityKeys.stats(communityId) });
    },
  });
}

/**
 * POST /api/communities/{id}/imported-members/{importedUserId}/link {userId}: an admin offers a name-only
 * record's history to a real member (202). The record stays listed, marked with whom it is offered to; its
 * history moves only once the member accepts.
 */
export function useLinkImportedMember(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation<LinkImportedMemberResult, Error, { importedUserId: string; offeredTo: string } & LinkImportedMemberBody>({
    mutationFn: ({ importedUserId, userId }) =>
      apiJson<LinkImportedMemberResult>('POST', `/api/communities/${communityId}/imported-members/${importedUserId}/link`, { userId }),
    onSuccess: (_result, { importedUserId, offeredTo }) => {
      changeListedMembers(queryClient, communityId, (members) => members.map((member) => (member.id === importedUserId ? { ...member, offeredTo } : member)));
    },
  });
}
