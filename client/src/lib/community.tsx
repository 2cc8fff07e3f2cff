import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { MembershipView } from '@shared/contracts/communities';
import { DEFAULT_COMMUNITY_NAME } from '@shared/domain/constants';
import { i18n } from '@/i18n';

/**
 * The current community: which one the user is looking at. The choice is kept locally (SPEC.md:
 * "switching community stores the choice locally") and sent as X-Community-Id on every call.
 */
export const COMMUNITY_STORAGE_KEY = 'steadfast.communityId';
export const MEMBERSHIPS_QUERY_KEY = ['/api/memberships'] as const;

export type Membership = MembershipView;

export function getStoredCommunityId(): string | null {
  try {
    return globalThis.localStorage?.getItem(COMMUNITY_STORAGE_KEY) || null;
  } catch {
    return null; // Storage can be unavailable (private mode, blocked cookies).
  }
}

export function setStoredCommunityId(communityId: string | null): void {
  try {
    if (communityId) globalThis.localStorage?.setItem(COMMUNITY_STORAGE_KEY, communityId);
    else globalThis.localStorage?.removeItem(COMMUNITY_STORAGE_KEY);
  } catch {
    // Without storage the server falls back to the first membership.
  }
}

/** The community's name as screens show it (a default when it has none). */
export const communityName = (membership: Membership | null | undefined) => membership?.community?.name || i18n._(DEFAULT_COMMUNITY_NAME);

/** The membership of the stored community, else the first one. */
export function pickCurrentMembership(memberships: readonly Membership[], storedId = getStoredCommunityId()): Membership | null {
  return memberships.find((membership) => membership.communityId === storedId) ?? memberships[0] ?? null;
}

/** GET /api/memberships, only while someone is signed in (AuthProvider runs it and reports failures). */
export function useMembershipsQuery(enabled: boolean) {
  return useQuery<Membership[]>({ queryKey: MEMBERSHIPS_QUERY_KEY, enabled });
}

/**
 * The community being shown. When nothing (or a community the user left) is stored, the first
 * membership is shown and stored, so X-Community-Id always names the community on screen.
 */
export function useCurrentMembership(memberships: readonly Membership[]): Membership | null {
  const current = useMemo(() => pickCurrentMembership(memberships), [memberships]);
  useEffect(() => {
    if (current && current.communityId !== getStoredCommunityId()) setStoredCommunityId(current.communityId);
  }, [current]);
  return current;
}

/** sessionStorage key of the one-shot 'Community switched!' notice shown after the reload. */
export const COMMUNITY_SWITCHED_KEY = 'steadfast.communitySwitched';

/**
 * SPEC.md "Top bar": switching stores the choice locally and reloads the page, so every screen starts
 * afresh with the new community; the name is kept for the notice shown once the page is back.
 */
export function switchCommunity(membership: Membership): void {
  rememberSwitch(membership);
  window.location.reload();
}

/** switchCommunity, landing on `path` (a notification of another community opens its screen there). */
export function switchCommunityTo(membership: Membership, path: string): void {
  rememberSwitch(membership);
  window.location.assign(path);
}

function rememberSwitch(membership: Membership): void {
  setStoredCommunityId(membership.communityId);
  try {
    globalThis.sessionStorage?.setItem(COMMUNITY_SWITCHED_KEY, communityName(membership));
  } catch {
    // Without storage the switch still happens; only the notice is lost.
  }
}

/** The community name of a switch that just happened (then forgotten), or null. */
export function takeCommunitySwitched(): string | null {
  try {
    const name = globalThis.sessionStorage?.getItem(COMMUNITY_SWITCHED_KEY) ?? null;
    if (name !== null) globalThis.sessionStorage.removeItem(COMMUNITY_SWITCHED_KEY);
    return name;
  } catch {
    return null;
  }
}
