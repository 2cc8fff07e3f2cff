import { QUIET_LOOKBACK_DAYS } from '@shared/domain/needs-a-word';
import { latestCareNote, reasonText } from './format';

describe('reasonText', () => {
  it('says why in plain words, with the right article before the number', () => {
    expect(reasonText({ kind: 'quiet', days: 1 })).toBe('No check-in for 1 day');
    expect(reasonText({ kind: 'quiet', days: 5 })).toBe('No check-in for 5 days');
    expect(reasonText({ kind: 'quiet', days: QUIET_LOOKBACK_DAYS })).toBe('No check-in for four weeks or more');
    expect([7, 8, 11, 12, 18, 21, 80, 89, 90].map((days) => reasonText({ kind: 'streak-ended', days }))).toEqual([
      'A 7-day streak ended yesterday',
      'An 8-day streak ended yesterday',
      'An 11-day streak ended yesterday',
      'A 12-day streak ended yesterday',
      'An 18-day streak ended yesterday',
      'A 21-day streak ended yesterday',
      'An 80-day streak ended yesterday',
      'An 89-day streak ended yesterday',
      'A 90-day streak ended yesterday',
    ]);
    expect(reasonText({ kind: 'progress-drop', points: 40, previous: 70, current: 30 })).toBe('30% of the month so far, against 70% last month by this day');
  });
});

describe('latestCareNote', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const note = (id: string, communityId: string, createdAt: string, type: 'care_note' | 'question' = 'care_note') => ({ id, type, title: 'A word', message: 'Hi', isRead: false, communityId, fromUserId: null, createdAt });

  it('finds the newest note of this community from the last week', () => {
    const items = [note('q', 'c1', '2026-11-26T11:00:00Z', 'question'), note('other', 'c2', '2026-11-26T10:00:00Z'), note('new', 'c1', '2026-11-25T10:00:00Z'), note('old', 'c1', '2026-11-24T10:00:00Z')];
    expect(latestCareNote(items, 'c1', now)?.id).toBe('new');
    expect(latestCareNote([note('stale', 'c1', '2026-11-19T11:59:00Z')], 'c1', now)).toBeNull();
    expect(latestCareNote(undefined, 'c1', now)).toBeNull();
  });
});
