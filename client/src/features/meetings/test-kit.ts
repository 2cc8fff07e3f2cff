/** Test helpers for the meeting screens: MeetingView bodies. */
import type { MeetingView } from '@shared/contracts/meetings';
import { ASKER, COMMANDER, COMMUNITY_ID, SELF } from '@/features/questions/test-kit';

let meetingCount = 0;

/** A meeting of the signed-in member (SELF) with their commander, one hour from `startsAt`. */
export function makeMeeting(overrides: Partial<MeetingView> & { startsAt?: string } = {}): MeetingView {
  meetingCount += 1;
  const startsAt = overrides.startsAt ?? '2026-11-20T15:00:00.000Z';
  return {
    id: `d1000000-0000-4000-8000-${String(meetingCount).padStart(12, '0')}`,
    communityId: COMMUNITY_ID,
    subgroupId: null,
    memberId: SELF.id,
    memberName: SELF.displayName,
    commanderId: COMMANDER.id,
    commanderName: COMMANDER.displayName,
    questionId: null,
    endsAt: new Date(new Date(startsAt).getTime() + 60 * 60 * 1000).toISOString(),
    location: null,
    notes: null,
    outcome: null,
    sequence: 0,
    status: 'Upcoming',
    cancelledAt: null,
    createdAt: '2026-11-01T12:00:00.000Z',
    ...overrides,
    startsAt,
  };
}

export { ASKER, COMMANDER, COMMUNITY_ID, SELF };
