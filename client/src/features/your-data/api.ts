import { useMutation } from '@tanstack/react-query';
import type { ConfirmWithPasswordBody } from '@shared/contracts/your-data';
import { useT } from '@/i18n';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { signOutOfFirebase } from '@/lib/firebase';

/**
 * DELETE /api/user (issue 39 item 2): the account is erased and every device signed out; this one then forgets
 * the user (screens, cache, community) and shows the sign-in page. A refusal (wrong password, the only
 * moderator) is left to the dialog.
 */
export function useDeleteAccount() {
  const t = useT();
  const { forgetSignedInUser } = useAuth();
  return useMutation<void, Error, ConfirmWithPasswordBody>({
    mutationFn: async (body) => {
      await apiRequest('DELETE', '/api/user', body);
      await signOutOfFirebase().catch((error: unknown) => console.error('Firebase sign-out failed', error));
    },
    onSuccess: () => forgetSignedInUser(t('Your account was deleted')),
  });
}
