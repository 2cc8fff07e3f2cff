import type { QueryClient } from '@tanstack/react-query';
import { PAGE_SESSION_ELEMENT_ID, type PageSession } from '@shared/contracts/session-check';
import { isLocale, type Locale } from '@shared/domain/locales';
import { getStoredCommunityId, MEMBERSHIPS_QUERY_KEY } from './community';

/** Whether the server put a signed-in session into this page (before takePageSession has read it). */
export function pageCarriesSession(): boolean {
  return typeof document !== 'undefined' && document.getElementById(PAGE_SESSION_ELEMENT_ID) !== null;
}

/** The signed-in user's language, from the session the server put into this page (read, not taken). */
export function pageSessionLocale(): Locale | null {
  const text = typeof document === 'undefined' ? null : document.getElementById(PAGE_SESSION_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const locale = (JSON.parse(text) as PageSession | null)?.user?.locale;
    return isLocale(locale) ? locale : null;
  } catch {
    return null;
  }
}

/**
 * Files the signed-in user and memberships that the server put into index.html (issue 40 item 4,
 * server/http/page-session.ts) under the keys of GET /api/user and GET /api/memberships, fresh, so the shell and
 * the greeting render without asking and those queries do not run. The tag is read once and removed.
 *
 * The memberships are the server's answer without X-Community-Id: when this browser shows a community they do not
 * include (a SuperAdmin's open community, one just left), they are not used and the app asks as before, with the
 * header. No tag (signed out, the service worker's offline shell): nothing changes, the app asks who is signed in.
 */
export function takePageSession(queryClient: QueryClient, userQueryKey: readonly unknown[]): boolean {
  const tag = typeof document === 'undefined' ? null : document.getElementById(PAGE_SESSION_ELEMENT_ID);
  if (!tag) return false;
  tag.remove();
  let session: PageSession | null;
  try {
    session = JSON.parse(tag.textContent ?? '') as PageSession | null;
  } catch {
    return false;
  }
  if (typeof session?.user?.id !== 'string' || !Array.isArray(session.memberships)) return false;
  queryClient.setQueryData(userQueryKey, session.user);
  const shown = getStoredCommunityId();
  if (shown === null || session.memberships.some((membership) => membership.communityId === shown)) {
    queryClient.setQueryData(MEMBERSHIPS_QUERY_KEY, session.memberships);
  }
  return true;
}
