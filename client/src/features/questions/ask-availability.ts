import { useOwnSubgroup } from '@/features/subgroups/api';
import { msg } from '@/i18n';

/** Why 'Ask your commander' is not offered (DECISIONS.md: the reason is shown instead of the button), translated where shown. */
export const ASK_REASONS = {
  notMember: msg('You administer this community without belonging to it, so you have no commander to ask here.'),
  noSubgroup: msg('You are not in a subgroup yet, so there is no commander to ask. Once you are placed in a subgroup that has a commander, you can ask them here.'),
  noCommander: msg('Your subgroup has no commander yet, so there is no one to ask. Once your administrator chooses one, you can ask them here.'),
  leadsOwn: msg('You lead your subgroup, so its questions come to you: there is no commander of yours to ask here.'),
} as const;

export type AskAvailability = { state: 'loading' } | { state: 'available' } | { state: 'unavailable'; reason: string };

/**
 * Whether the viewer has a commander to ask in the community on screen, from GET /api/user/subgroup (the
 * server sends a question to the commander of the asker's assigned subgroup, never to the asker). When that
 * cannot be read the button stays: the server still answers, and says why it cannot.
 */
export function useAskAvailability(communityId: string | null, viewerId: string | null, isMember: boolean, enabled = true): AskAvailability {
  const own = useOwnSubgroup(enabled && isMember ? communityId : null);
  if (!isMember) return { state: 'unavailable', reason: ASK_REASONS.notMember };
  if (own.error) return { state: 'available' };
  if (!own.data) return { state: 'loading' };
  const { subgroup, commander } = own.data;
  if (!subgroup) return { state: 'unavailable', reason: ASK_REASONS.noSubgroup };
  if (!commander) return { state: 'unavailable', reason: ASK_REASONS.noCommander };
  if (commander.id === viewerId) return { state: 'unavailable', reason: ASK_REASONS.leadsOwn };
  return { state: 'available' };
}
