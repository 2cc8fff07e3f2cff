import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { PublicUser } from '@shared/contracts/auth';
import type { Locale } from '@shared/domain/locales';
import { activateLocale, i18n, initialLocale } from '@/i18n';
import { apiJson } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/auth';

/** PUT /api/user/locale: the member's own choice, shown at once and kept for their e-mails. */
export function useChooseLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locale: Locale) => apiJson<PublicUser>('PUT', '/api/user/locale', { locale }),
    onSuccess: async (user) => {
      await activateLocale(user.locale);
      queryClient.setQueryData(USER_QUERY_KEY, user);
    },
  });
}

/**
 * Shows the app in the signed-in user's language as the server reads it (their choice, their community's default…),
 * also when it changes elsewhere (another device, a moderator's new default); after signing out, this browser's own
 * again, so the next person to sign in here is not shown (nor sends) the last one's. The pseudo-locale is left alone.
 */
export function useFollowUserLocale(user: PublicUser | null | undefined) {
  const locale = user?.locale ?? null;
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (i18n.locale === 'pseudo') return;
    if (locale) {
      wasSignedIn.current = true;
      if (i18n.locale !== locale) void activateLocale(locale).catch(() => {});
    } else if (wasSignedIn.current) {
      wasSignedIn.current = false;
      void activateLocale(initialLocale()).catch(() => {});
    }
  }, [locale]);
}
