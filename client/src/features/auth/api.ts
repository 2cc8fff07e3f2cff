import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ChangeNameBody, ChangePasswordBody, CheckNameResult, ClaimAccountBody, PublicUser } from '@shared/contracts/auth';
import { toast } from '@/components/ui/use-toast';
import { i18n } from '@/i18n';
import { apiJson, apiRequest, errorMessage } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/auth';
import { rememberClaimSent } from './claim-notice';

/** Wait this long after the last keystroke before asking whether a name is free (the server rate-limits checks). */
export const NAME_CHECK_DEBOUNCE_MS = 400;

export type NameStatus = 'idle' | 'checking' | 'available' | 'taken' | 'claimable' | 'error';

export interface NameAvailability {
  status: NameStatus;
  /** The imported member whose history can be claimed (status 'claimable'). */
  importedUserId: string | null;
  /** Why the check failed (status 'error'). */
  message?: string;
}

interface CheckState extends NameAvailability {
  /** The exact field value this state belongs to: any keystroke makes it stale, which clears it. */
  input: string;
}

const IDLE: NameAvailability = { status: 'idle', importedUserId: null };

/**
 * The live name check of the Sign Up tab. Typing clears the previous result at once; a non-blank
 * (trimmed) name is checked with POST /api/check-name once typing pauses.
 */
export function useNameAvailability(input: string): NameAvailability {
  const [state, setState] = useState<CheckState>({ input: '', ...IDLE });

  useEffect(() => {
    const displayName = input.trim();
    if (!displayName) return;
    let current = true;
    const timer = setTimeout(async () => {
      setState({ input, status: 'checking', importedUserId: null });
      try {
        const result = await apiJson<CheckNameResult>('POST', '/api/check-name', { displayName });
        if (!current) return;
        const status: NameStatus = !result.exists ? 'available' : result.canClaim ? 'claimable' : 'taken';
        setState({ input, status, importedUserId: status === 'claimable' ? result.userId : null });
        if (status === 'claimable') {
          toast({ title: i18n.t('Account found!'), description: i18n.t('We found existing data for your name. You can claim it to get your history back.') });
        }
      } catch (error) {
        if (current) setState({ input, status: 'error', importedUserId: null, message: errorMessage(error, i18n.t('We could not check this name right now.')) });
      }
    }, NAME_CHECK_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [input]);

  return state.input === input ? state : IDLE;
}

/** POST /api/claim from the Sign Up tab; success reloads the page signed in. Failures are only logged (SPEC.md section 8). */
export function useClaimAccount() {
  return useMutation<PublicUser, Error, ClaimAccountBody>({
    mutationFn: (body) => apiJson<PublicUser>('POST', '/api/claim', body),
    onSuccess: (user) => {
      rememberClaimSent(user.id);
      window.location.reload();
    },
    onError: (error) => console.error('Claiming the account failed', error),
  });
}

/** POST /api/user/password. */
export function useChangePassword() {
  return useMutation<void, Error, ChangePasswordBody>({
    mutationFn: async (body) => {
      await apiRequest('POST', '/api/user/password', body);
    },
  });
}

/** PUT /api/user/name: the signed-in user, as GET /api/user answers it, takes the new name at once. */
export function useChangeName() {
  const queryClient = useQueryClient();
  return useMutation<PublicUser, Error, ChangeNameBody>({
    mutationFn: (body) => apiJson<PublicUser>('PUT', '/api/user/name', body),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}
