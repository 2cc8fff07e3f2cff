import { type Query, type QueryClient, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationView } from '@shared/contracts/notifications';
import { NOTIFICATION_LIST_LIMIT, UNREAD_COUNT_HEADER } from '@shared/contracts/wire-values';
import { NOTIFICATION_POLL_MS } from '@shared/domain/constants';
import { apiGetWithHeaders, apiRequest } from '@/lib/api-client';

export const NOTIFICATIONS_QUERY_KEY = ['/api/notifications'] as const;

/** The pages loaded with 'Show older' (`?before=<id>`), kept apart from the polled newest page. */
export const OLDER_NOTIFICATIONS_QUERY_KEY = ['/api/notifications', 'older'] as const;

/** What the poll keeps: the newest page (SPEC.md's array) and the true unread count of X-Unread-Count. */
export interface NotificationFeed {
  items: NotificationView[];
  unread: number;
}

/** The older pages loaded so far; `exhausted` once a page came back shorter than a full one. */
export interface OlderNotifications {
  items: NotificationView[];
  exhausted: boolean;
}

const NO_OLDER: OlderNotifications = { items: [], exhausted: false };

/** The ETag of the list in the cache: the next poll sends it, and a 304 keeps the cached list. */
let cachedVersion: string | null = null;

/** The unread count the server sent, else (an older server, a test double) the unread ones of `items`. */
function unreadOf(headers: Headers, items: readonly NotificationView[]): number {
  const sent = Number.parseInt(headers.get(UNREAD_COUNT_HEADER) ?? '', 10);
  return Number.isFinite(sent) && sent >= 0 ? sent : items.filter((item) => !item.isRead).length;
}

const isNotificationQuery = (query: Query) => query.queryKey[0] === NOTIFICATIONS_QUERY_KEY[0];

/** A community-scoped list under /api/communities/{id}/<part>. */
const communityPart = (...parts: string[]) => (query: Query) => query.queryKey[0] === '/api/communities' && parts.includes(query.queryKey[2] as string);

/**
 * The cached data a notification is about, so the screens showing it read it again (DECISIONS.md: the lists
 * it concerns refresh when it arrives). Only queries on screen refetch at once; the others on their next use.
 */
export function refreshConcerned(queryClient: QueryClient, notifications: readonly Pick<NotificationView, 'type'>[]): void {
  const invalidate = (filter: Parameters<QueryClient['invalidateQueries']>[0]) => void queryClient.invalidateQueries(filter);
  for (const { type } of notifications) {
    if (type === 'question' || type === 'answer' || type === 'question_answered') {
      invalidate({ queryKey: ['/api/questions'] });
      invalidate({ predicate: communityPart('stats') }); // Open Questions
    } else if (type === 'meeting') {
      invalidate({ queryKey: ['/api/meetings'] });
      invalidate({ queryKey: ['/api/commanders'] }); // free slots
      invalidate({ queryKey: ['/api/questions'] }); // a meeting about a question changes its status
    } else if (type === 'application') {
      invalidate({ queryKey: ['/api/member-applications'] });
    } else if (type === 'history_claimed') {
      invalidate({ predicate: communityPart('members', 'stats', 'subgroups') });
      invalidate({ queryKey: ['/api/reports'] });
      invalidate({ queryKey: ['/api/user/subgroup'] });
    } else if (type === 'history_offered') {
      invalidate({ queryKey: ['/api/user/history-offers'] });
    } else if (type === 'community') {
      // A community closing or reopening changes what every screen of it may do: everything is read again.
      invalidate({ predicate: (query) => !isNotificationQuery(query) });
    }
  }
}

/**
 * When items drop off the newest page while older pages are shown, they join the older pages, so the
 * panel's list has no gap between the two.
 */
function keepDropped(queryClient: QueryClient, previous: readonly NotificationView[], next: readonly NotificationView[]) {
  const older = queryClient.getQueryData<OlderNotifications>(OLDER_NOTIFICATIONS_QUERY_KEY);
  if (!older || older.items.length === 0) return;
  const kept = new Set(next.map((item) => item.id));
  const dropped = previous.filter((item) => !kept.has(item.id));
  if (dropped.length === 0) return;
  const known = new Set(older.items.map((item) => item.id));
  queryClient.setQueryData<OlderNotifications>(OLDER_NOTIFICATIONS_QUERY_KEY, {
    ...older,
    items: [...dropped.filter((item) => !known.has(item.id)), ...older.items],
  });
}

async function pollNotifications(queryClient: QueryClient, signal: AbortSignal): Promise<NotificationFeed> {
  const cached = queryClient.getQueryData<NotificationFeed>(NOTIFICATIONS_QUERY_KEY);
  const headers: Record<string, string> = cached && cachedVersion ? { 'If-None-Match': cachedVersion } : {};
  // Every community's notifications: no community header.
  const answer = await apiGetWithHeaders<NotificationView[]>('/api/notifications', { headers, signal, community: false });
  // 304: the list is unchanged, but the count is read again (it is part of every answer).
  if (answer.data === undefined) return cached ? { items: cached.items, unread: unreadOf(answer.headers, cached.items) } : { items: [], unread: 0 };
  cachedVersion = answer.headers.get('ETag');
  const items = answer.data;
  if (cached) {
    const seen = new Set(cached.items.map((item) => item.id));
    const arrived = items.filter((item) => !seen.has(item.id));
    if (arrived.length > 0) refreshConcerned(queryClient, arrived);
    keepDropped(queryClient, cached.items, items);
  }
  return { items, unread: unreadOf(answer.headers, items) };
}

/**
 * GET /api/notifications every 30 s (SPEC.md section 9), sending the last ETag: an unchanged list answers
 * 304 after one cheap query on the server. The poll never extends the session. It also asks when the
 * window regains focus (a 304 costs next to nothing), so what arrived meanwhile is seen at once.
 * Notifications that were not there before refresh the data they are about (refreshConcerned).
 */
export function useNotifications(enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery<NotificationFeed>({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: ({ signal }) => pollNotifications(queryClient, signal),
    enabled,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });
}

/**
 * The newest notifications as the bell's poll last read them, without polling again: a screen that shows
 * one of them (My Subgroup, a commander's note) follows the bell instead of running a second poll.
 */
export function useNotificationFeed() {
  return useQuery<NotificationFeed>({ queryKey: NOTIFICATIONS_QUERY_KEY, queryFn: skipToken });
}

/** The pages loaded with 'Show older' and the function loading the next one (`?before=<oldest id shown>`). */
export function useOlderNotifications() {
  const queryClient = useQueryClient();
  const older = useQuery<OlderNotifications>({
    queryKey: OLDER_NOTIFICATIONS_QUERY_KEY,
    queryFn: () => queryClient.getQueryData<OlderNotifications>(OLDER_NOTIFICATIONS_QUERY_KEY) ?? NO_OLDER,
    initialData: NO_OLDER,
    enabled: false,
  });
  const load = useMutation<{ page: NotificationView[]; unread: number }, Error, string>({
    mutationFn: async (before) => {
      const answer = await apiGetWithHeaders<NotificationView[]>(`/api/notifications?before=${encodeURIComponent(before)}`, { community: false });
      const page = answer.data ?? [];
      return { page, unread: unreadOf(answer.headers, page) };
    },
    onSuccess: ({ page, unread }) => {
      queryClient.setQueryData<OlderNotifications>(OLDER_NOTIFICATIONS_QUERY_KEY, (current = NO_OLDER) => {
        const known = new Set(current.items.map((item) => item.id));
        return { items: [...current.items, ...page.filter((item) => !known.has(item.id))], exhausted: page.length < NOTIFICATION_LIST_LIMIT };
      });
      // Every page carries the true count too.
      queryClient.setQueryData<NotificationFeed>(NOTIFICATIONS_QUERY_KEY, (feed) => (feed ? { ...feed, unread } : feed));
    },
  });
  return { older: older.data, load };
}

/** Marks items read in the newest page and the older pages, taking those that were unread off the count. */
function markReadInCache(queryClient: QueryClient, matches: (item: NotificationView) => boolean, allRead = false) {
  let newlyRead = 0;
  const mark = (items: NotificationView[]) =>
    items.map((item) => {
      if (item.isRead || !matches(item)) return item;
      newlyRead += 1;
      return { ...item, isRead: true };
    });
  queryClient.setQueryData<OlderNotifications>(OLDER_NOTIFICATIONS_QUERY_KEY, (older) => (older ? { ...older, items: mark(older.items) } : older));
  queryClient.setQueryData<NotificationFeed>(NOTIFICATIONS_QUERY_KEY, (feed) => {
    if (!feed) return feed;
    const items = mark(feed.items);
    return { items, unread: allRead ? 0 : Math.max(0, feed.unread - newlyRead) };
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, string>({
    mutationFn: (id) => apiRequest('PATCH', `/api/notifications/${id}/read`),
    onSuccess: (_result, id) => markReadInCache(queryClient, (item) => item.id === id),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, void>({
    mutationFn: () => apiRequest('PATCH', '/api/notifications/read-all'),
    onSuccess: () => markReadInCache(queryClient, () => true, true),
  });
}

/**
 * Where a notification leads: the screen where its reader acts (DECISIONS.md). A new question goes to the
 * commander who answers it (Received Questions); an answer to the asker (My Questions); meetings to
 * /meetings; an application to Administration > New Members; a claimed history to the moderators'
 * member list; a history linked or offered by an admin to one's own tracking (where an offer is answered).
 */
export function notificationLink({ type }: Pick<NotificationView, 'type'>): string | null {
  if (type === 'question') return '/questions?tab=received';
  if (type === 'answer' || type === 'question_answered') return '/questions';
  if (type === 'meeting') return '/meetings';
  if (type === 'care_note') return '/my-subgroup';
  if (type === 'care_weekly') return '/';
  if (type === 'reflection') return '/my-subgroup';
  if (type === 'reflection_reply') return '/tracking';
  if (type === 'application') return '/admin?tab=applications';
  if (type === 'history_claimed') return '/admin?tab=members';
  if (type === 'history_offered') return '/tracking';
  if (type === 'community') return '/';
  return null;
}
