import { useQuery } from '@tanstack/react-query';
import type { NeedsAWordRow } from '@shared/contracts/care';
import { REFETCH_ON_FOCUS } from '@/lib/query-client';

export const careKeys = {
  /** Under the community's key, so a change of its settings (quiet days) reads it again. */
  needsAWord: (communityId: string) => ['/api/communities', communityId, 'needs-a-word'] as const,
};

/** GET /api/communities/{id}/needs-a-word: the members of the subgroups the caller leads who may need a word. */
export function useNeedsAWord(communityId: string, enabled = true) {
  return useQuery<NeedsAWordRow[]>({ queryKey: careKeys.needsAWord(communityId), enabled, ...REFETCH_ON_FOCUS });
}
