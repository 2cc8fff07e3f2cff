import type { NotificationView } from '@shared/contracts/notifications';
import type { NeedsAWordReason } from '@shared/domain/needs-a-word';
import { QUIET_LOOKBACK_DAYS } from '@shared/domain/needs-a-word';

const days = (count: number) => (count === 1 ? '1 day' : `${count} days`);

/** 'An 8-day streak', 'an 11-day', 'an 18-day', 'an 80-day': the number read aloud starts with a vowel. */
const articleFor = (count: number) => (count === 11 || count === 18 || String(count).startsWith('8') ? 'An' : 'A');

/** Why a member needs a word, in plain words ('No check-in for 5 days', 'A 12-day streak ended yesterday'). */
export function reasonText(reason: NeedsAWordReason): string {
  switch (reason.kind) {
    case 'quiet':
      return reason.days >= QUIET_LOOKBACK_DAYS ? 'No check-in for four weeks or more' : `No check-in for ${days(reason.days)}`;
    case 'streak-ended':
      return `${articleFor(reason.days)} ${reason.days}-day streak ended yesterday`;
    case 'progress-drop':
      return `${reason.current}% of the month so far, against ${reason.previous}% last month by this day`;
  }
}

/** How long a note stays on the member's My Subgroup, to answer it. */
export const CARE_NOTE_SHOWN_MS = 7 * 24 * 60 * 60 * 1000;

/** The newest note from a commander in this community, of the last week, or null. */
export function latestCareNote(items: readonly NotificationView[] | undefined, communityId: string, now: Date): NotificationView | null {
  return (
    items?.find((item) => item.type === 'care_note' && item.communityId === communityId && now.getTime() - Date.parse(item.createdAt) < CARE_NOTE_SHOWN_MS) ?? null
  );
}
