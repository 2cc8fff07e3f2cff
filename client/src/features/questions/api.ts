import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AskQuestionBody, QuestionView, UpdateQuestionBody } from '@shared/contracts/questions';
import { QUESTION_LIST_LIMIT } from '@shared/contracts/wire-values';
import { apiJson } from '@/lib/api-client';
import { REFETCH_ON_FOCUS } from '@/lib/query-client';

export const questionKeys = {
  all: ['/api/questions'] as const,
  /** The caller's sent questions in a community. */
  sent: (communityId: string) => ['/api/questions', { communityId, box: 'sent' }] as const,
  /** The questions the caller may answer in a community. */
  received: (communityId: string) => ['/api/questions', 'received', { communityId }] as const,
};

/**
 * A question list, newest first, a page of QUESTION_LIST_LIMIT at a time: `data` holds every page loaded so
 * far, and `loadOlder` asks for the page before the oldest one shown (`?before=<id>`).
 */
function useQuestionPages(queryKey: readonly unknown[], path: string, enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => apiJson<QuestionView[]>('GET', pageParam ? `${path}?before=${encodeURIComponent(pageParam)}` : path),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.length === QUESTION_LIST_LIMIT ? page.at(-1)!.id : undefined),
    enabled,
    ...REFETCH_ON_FOCUS,
  });
  const data = useMemo(() => query.data?.pages.flat(), [query.data]);
  return {
    data,
    isPending: query.isPending,
    error: query.error,
    refetch: query.refetch,
    hasOlder: query.hasNextPage,
    loadingOlder: query.isFetchingNextPage,
    olderFailed: query.isFetchNextPageError,
    loadOlder: () => void query.fetchNextPage(),
  };
}

export type QuestionPages = ReturnType<typeof useQuestionPages>;

/** GET /api/questions: the caller's own questions, newest first. */
export function useSentQuestions(communityId: string | null): QuestionPages {
  return useQuestionPages(questionKeys.sent(communityId ?? ''), '/api/questions', communityId !== null);
}

/** GET /api/questions/received (commanders and admins), newest first. */
export function useReceivedQuestions(communityId: string | null, enabled = true): QuestionPages {
  return useQuestionPages(questionKeys.received(communityId ?? ''), '/api/questions/received', communityId !== null && enabled);
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
