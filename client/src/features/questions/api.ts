import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AskQuestionBody, QuestionView, UpdateQuestionBody } from '@shared/contracts/questions';
import { apiJson } from '@/lib/api-client';

export const questionKeys = {
  all: ['/api/questions'] as const,
  /** The caller's sent questions in a community. */
  sent: (communityId: string) => ['/api/questions', { communityId, box: 'sent' }] as const,
  /** The questions the caller may answer in a community. */
  received: (communityId: string) => ['/api/questions', 'received', { communityId }] as const,
};

/** GET /api/questions: the caller's own questions, newest first. */
export function useSentQuestions(communityId: string | null) {
  return useQuery<QuestionView[]>({
    queryKey: questionKeys.sent(communityId ?? ''),
    queryFn: () => apiJson<QuestionView[]>('GET', '/api/questions'),
    enabled: communityId !== null,
  });
}

/** GET /api/questions/received (commanders and admins), newest first. */
export function useReceivedQuestions(communityId: string | null, enabled = true) {
  return useQuery<QuestionView[]>({
    queryKey: questionKeys.received(communityId ?? ''),
    queryFn: () => apiJson<QuestionView[]>('GET', '/api/questions/received'),
    enabled: communityId !== null && enabled,
  });
}

/** POST /api/questions: to the commander of one's subgroup (the server decides who). */
export function useAskQuestion() {
  const queryClient = useQueryClient();
  return useMutation<QuestionView, Error, AskQuestionBody>({
    mutationFn: (body) => apiJson<QuestionView>('POST', '/api/questions', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}

/** PATCH /api/questions/{id} {status[, answer]}. */
export function useUpdateQuestion() {
  const queryClient = useQueryClient();
  return useMutation<QuestionView, Error, { id: string } & UpdateQuestionBody>({
    mutationFn: ({ id, ...body }) => apiJson<QuestionView>('PATCH', `/api/questions/${id}`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
