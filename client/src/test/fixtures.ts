import type { PublicUser } from '@shared/contracts/auth';
import type { MembershipView } from '@shared/contracts/communities';

/** Response bodies shaped by the shared contracts. */
export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: '6f1c2a3e-8b4d-4c1a-9e2f-0a1b2c3d4e5f',
    email: 'ruth@example.org',
    displayName: 'Ruth Moab',
    isSuperAdmin: false,
    hasPassword: true,
    createdAt: '2026-11-21T15:00:00.000Z',
    ...overrides,
  };
}

let membershipCount = 0;

export function makeMembership(overrides: Partial<MembershipView> = {}): MembershipView {
  membershipCount += 1;
  const communityId = overrides.communityId ?? `c0000000-0000-4000-8000-${String(membershipCount).padStart(12, '0')}`;
  return {
    id: `m0000000-0000-4000-8000-${String(membershipCount).padStart(12, '0')}`,
    communityId,
    userId: makeUser().id,
    role: 'Member',
    roles: ['Member'],
    subgroupId: null,
    community: { id: communityId, name: 'Grace Fellowship', description: 'Walking together in grace' },
    ...overrides,
  };
}
