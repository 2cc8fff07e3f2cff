import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationView } from '@shared/contracts/notifications';
import { APPLICATION_NOTIFICATION_TITLE, NOTIFICATION_POLL_MS } from '@shared/domain/constants';
import { apiRequest, throwIfNotOk } from '@/lib/api-client';

export const NOTIFICATIONS_QUERY_KEY = ['/api/notifications'] as const;

/** The ETag of the list in the cache: the next poll sends it, and a 304 keeps the cached list. */
let cachedVersion: string | null = null;

async function pollNotifications(queryClient: QueryClient, signal: AbortSignal): Promise<NotificationView[]> {
  const cached = queryClient.getQueryData<NotificationView[]>(NOTIFICATIONS_QUERY_KEY);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (cached && cachedVersion) headers['If-None-Match'] = cachedVersion;
  const res = await fetch('/api/notifications', { credentials: 'include', headers, signal });
  if (res.status === 304 && cached) return cached;
  await throwIfNotOk(res);
  cachedVersion = res.headers.get('ETag');
  return (await res.json()) as NotificationView[];
}

/**
 * GET /api/notifications every 30 s (SPEC.md section 9), sending the last ETag: an unchanged list answers
 * 304 after one cheap query on the server. The poll never extends the session.
 */
export function useNotifications(enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery<NotificationView[]>({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: ({ signal }) => pollNotifications(queryClient, signal),
    enabled,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, string>({
    mutationFn: (id) => apiRequest('PATCH', `/api/notifications/${id}/read`),
    onSuccess: (_result, id) =>
      queryClient.setQueryData<NotificationView[]>(NOTIFICATIONS_QUERY_KEY, (list) => list?.map((item) => (item.id === id ? { ...item, isRead: true } : item))),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, void>({
    mutationFn: () => apiRequest('PATCH', '/api/notifications/read-all'),
    onSuccess: () => queryClient.setQueryData<NotificationView[]>(NOTIFICATIONS_QUERY_KEY, (list) => list?.map((item) => ({ ...item, isRead: true }))),
  });
}

/** Where a notification leads (SPEC.md section 2): questions and answers to /questions, meetings to /meetings. */
export function notificationLink({ type, title }: Pick<NotificationView, 'type' | 'title'>): string | null {
  if (type === 'question' || type === 'answer' || type === 'question_answered') return '/questions';
  if (type === 'meeting') return '/meetings';
  if (type === 'other' && title === APPLICATION_NOTIFICATION_TITLE) return '/admin?tab=applications';
  return null;
}
