import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationPreferencesBody } from '@shared/contracts/notification-preferences';
import { apiJson } from '@/lib/api-client';

export const PREFERENCES_QUERY_KEY = ['/api/user/notification-preferences'] as const;

/** GET /api/user/notification-preferences: the caller's own. */
export function useNotificationPreferences() {
  return useQuery<NotificationPreferences>({ queryKey: PREFERENCES_QUERY_KEY });
}

/**
 * PUT /api/user/notification-preferences with only what changed. The switch moves at once (optimistic); a
 * refused save puts it back and the caller says why.
 */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation<NotificationPreferences, Error, NotificationPreferencesBody, { previous?: NotificationPreferences }>({
    mutationFn: (changes) => apiJson<NotificationPreferences>('PUT', '/api/user/notification-preferences', changes),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: PREFERENCES_QUERY_KEY });
      const previous = queryClient.getQueryData<NotificationPreferences>(PREFERENCES_QUERY_KEY);
      if (previous) {
        queryClient.setQueryData<NotificationPreferences>(PREFERENCES_QUERY_KEY, {
          ...previous,
          email: { ...previous.email, ...changes.email },
          push: { ...previous.push, ...changes.push },
        });
      }
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(PREFERENCES_QUERY_KEY, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_QUERY_KEY, saved),
  });
}
