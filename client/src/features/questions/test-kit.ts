/** Test helpers for the question and meeting screens: response bodies shaped by the shared contracts, and the routes every screen reads. */
import type { CommunityView } from '@shared/contracts/communities';
import type { QuestionView } from '@shared/contracts/questions';
import type { OwnSubgroupView } from '@shared/contracts/subgroups';
import type { Role } from '@shared/domain/constants';
import { type Handler, json } from '@/test/api-mock';
import { makeCommunity, makeMembership, makeUser } from '@/test/fixtures';

export const COMMUNITY_ID = 'c1000000-0000-4000-8000-0000000000c1';
export const SELF = makeUser();
export const ASKER = { id: 'a2000000-0000-4000-8000-0000000000a2', displayName: 'Boaz Bethlehem' };
export const COMMANDER = { id: 'a3000000-0000-4000-8000-0000000000a3', displayName: 'Deborah Judge' };

/** GET /api/user/subgroup of a member of Ephrath, led by COMMANDER. */
export const OWN_SUBGROUP: OwnSubgroupView = {
  subgroup: { id: 'e7000000-0000-4000-8000-000000000001', name: 'Ephrath', description: null, createdAt: '2026-04-01T12:00:00.000Z' },
  commander: COMMANDER,
  ledSubgroups: [],
};

let questionCount = 0;

export function makeQuestion(overrides: Partial<QuestionView> = {}): QuestionView {
  questionCount += 1;
  return {
    id: `b1000000-0000-4000-8000-${String(questionCount).padStart(12, '0')}`,
    communityId: COMMUNITY_ID,
    subgroupId: 'e7000000-0000-4000-8000-000000000001',
    fromUserId: SELF.id,
    fromUserName: SELF.displayName,
    toCommanderId: COMMANDER.id,
    title: `Question ${questionCount}`,
    body: 'How do I keep going when I am tired?',
    priority: 'Normal',
    status: 'Open',
    tags: [],
    answer: null,
    answeredByUserId: null,
    createdAt: '2026-11-10T15:00:00.000Z',
    updatedAt: '2026-11-10T15:00:00.000Z',
    ...overrides,
  };
}

/** The routes any signed-in screen reads: the user, one membership with `roles`, and the community (America/Chicago). */
export function baseRoutes({ roles = ['Member'], community = {} }: { roles?: Role[]; community?: Partial<CommunityView> } = {}): Record<string, Handler> {
  return {
    'GET /api/user': () => json(SELF),
    'GET /api/memberships': () =>
      json([makeMembership({ communityId: COMMUNITY_ID, roles, role: roles[0], community: { id: COMMUNITY_ID, name: 'Grace Fellowship', description: null } })]),
    [`GET /api/communities/${COMMUNITY_ID}`]: () => json(makeCommunity({ id: COMMUNITY_ID, timeZone: 'America/Chicago', ...community })),
    'GET /api/notifications': () => json([]),
    // In a subgroup led by COMMANDER, so 'Ask your commander' is offered.
    'GET /api/user/subgroup': () => json(OWN_SUBGROUP),
  };
}
