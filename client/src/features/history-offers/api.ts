import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HistoryOfferView } from '@shared/contracts/imported-members';
import { apiJson } from '@/lib/api-client';
import { MEMBERSHIPS_QUERY_KEY } from '@/lib/community';
import { REFETCH_ON_FOCUS } from '@/lib/query-client';

/** GET /api/user/history-offers: imported history admins offered the signed-in member (issue 38 item 7). */
export const HISTORY_OFFERS_KEY = ['/api/user/history-offers'] as const;

export function useHistoryOffers() {
  // An admin makes offers from another screen: read again when the member comes back to this one.
  return useQuery<HistoryOfferView[]>({ queryKey: HISTORY_OFFERS_KEY, ...REFETCH_ON_FOCUS });
}

export type OfferAnswer = 'accept' | 'decline';

/** POST …/history-offers/{id}/accept|decline. Accepting moves history and maybe a role: what shows either is read again. */
export function useAnswerHistoryOffer() {
  const queryClient = useQueryClient();
  return useMutation<{ message: string }, Error, { id: string; answer: OfferAnswer }>({
    mutationFn: ({ id, answer }) => apiJson<{ message: string }>('POST', `/api/user/history-offers/${id}/${answer}`),
    onSettled: (_result, _error, { answer }) => {
      void queryClient.invalidateQueries({ queryKey: HISTORY_OFFERS_KEY });
      if (answer === 'accept') {
        for (const queryKey of [MEMBERSHIPS_QUERY_KEY, ['/api/communities'], ['/api/users'], ['/api/reports'], ['/api/commanders']]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      }
    },
  });
}
