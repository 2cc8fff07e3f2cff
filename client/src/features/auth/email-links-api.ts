import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@shared/contracts/auth';
import { apiJson } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/auth';
import { MEMBERSHIPS_QUERY_KEY } from '@/lib/community';

/** The links sent by e-mail: verifying an address, resending that link, and resetting a forgotten password. */

interface Message {
  message: string;
}

/** POST /api/verify-email: the user (and, after a claim at sign-up, their communities) may have changed. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation<Message & { communityIds: string[] }, Error, string>({
    mutationFn: (token) => apiJson('POST', '/api/verify-email', { token }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: MEMBERSHIPS_QUERY_KEY });
    },
  });
}

export function useResendVerification() {
  return useMutation<Message, Error, void>({ mutationFn: () => apiJson('POST', '/api/verify-email/resend') });
}

export function useRequestPasswordReset() {
  return useMutation<Message, Error, string>({ mutationFn: (email) => apiJson('POST', '/api/password-reset', { email }) });
}

/** POST /api/password-reset/confirm signs the person in with a fresh session. */
export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation<PublicUser, Error, { token: string; password: string }>({
    mutationFn: (body) => apiJson('POST', '/api/password-reset/confirm', body),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      void queryClient.invalidateQueries({ queryKey: MEMBERSHIPS_QUERY_KEY });
    },
  });
}
