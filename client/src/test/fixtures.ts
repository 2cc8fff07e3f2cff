import type { PublicUser } from '@shared/contracts/auth';
import type { NotificationPreferences } from '@shared/contracts/notification-preferences';
import type { CommunityMember, CommunityStats, CommunityView, MembershipView } from '@shared/contracts/communities';

/** Response bodies shaped by the shared contracts. */
export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: '6f1c2a3e-8b4d-4c1a-9e2f-0a1b2c3d4e5f',
    email: 'ruth@example.org',
    displayName: 'Ruth Moab',
    isSuperAdmin: false,
    hasPassword: true,
    emailVerified: true,
    takeoverReviewPending: false,
    createdAt: '2026-11-21T15:00:00.000Z',
    locale: 'en',
    localeChosen: false,
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

export function makeCommunity(overrides: Partial<CommunityView> = {}): CommunityView {
  return {
    id: 'c1',
    institutionId: 'i0000000-0000-4000-8000-000000000001',
    name: 'Hope Chapel',
    description: 'Sunday folk walking together',
    isPrivate: true,
    isProgressLocked: false,
    timeZone: 'America/Chicago',
    graceDays: false,
    quietDays: 4,
    theme: null,
    createdAt: '2026-03-14T15:00:00.000Z',
    ...overrides,
  };
}

let memberCount = 0;

export function makeMember(overrides: Partial<CommunityMember> = {}): CommunityMember {
  memberCount += 1;
  return {
    id: `u0000000-0000-4000-8000-${String(memberCount).padStart(12, '0')}`,
    displayName: `Member ${memberCount}`,
    email: `member${memberCount}@example.org`,
    role: 'Member',
    roles: ['Member'],
    rank: overrides.role ?? 'Member',
    subgroupId: null,
    isImported: false,
    offeredTo: null,
    createdAt: '2026-04-01T12:00:00.000Z',
    ...overrides,
  };
}

export function makeStats(overrides: Partial<CommunityStats> = {}): CommunityStats {
  return { totalMembers: 12, totalCommanders: 2, openQuestions: 3, avgCompletion: 64.4, importedUnclaimed: 0, ...overrides };
}

/** Someone's notification settings as the server answers them: the defaults, in America/Chicago. */
export function makeNotificationPreferences(overrides: Partial<NotificationPreferences> = {}): NotificationPreferences {
  return {
    email: { questions: true, answers: true, meetings: true, care: true, weekly: false, applications: false, claims: false, community: true },
    push: { questions: true, answers: true, meetings: true, care: true, weekly: false, applications: false, claims: false, community: true },
    dailyReminder: false,
    reminderEmail: false,
    reminderTime: null,
    timeZone: 'America/Chicago',
    timeZoneChosen: true,
    quietHours: null,
    ...overrides,
  };
}
