import type { NotificationView } from '@shared/contracts/notifications';
import type { NeedsAWordReason } from '@shared/domain/needs-a-word';
import { QUIET_LOOKBACK_DAYS } from '@shared/domain/needs-a-word';
import { i18n } from '@/i18n';

/** 'An 8-day streak', 'an 11-day', 'an 18-day', 'an 80-day': the number read aloud starts with a vowel (English's choice; other languages ignore it). */
const articleFor = (count: number) => (count === 11 || count === 18 || String(count).startsWith('8') ? 'an' : 'a');

/** Why a member needs a word, in plain words ('No check-in for 5 days', 'A 12-day streak ended yesterday'). */
export function reasonText(reason: NeedsAWordReason): string {
  switch (reason.kind) {
    case 'quiet':
      return reason.days >= QUIET_LOOKBACK_DAYS
        ? i18n.t('No check-in for four weeks or more')
        : i18n.t('{days, plural, one {No check-in for # day} other {No check-in for # days}}', { days: reason.days });
    case 'streak-ended':
      return i18n.t('{article, select, an {An {days}-day streak ended yesterday} other {A {days}-day streak ended yesterday}}', { article: articleFor(reason.days), days: reason.days });
    case 'progress-drop':
      return i18n.t('{current}% of the month so far, against {previous}% last month by this day', { current: reason.current, previous: reason.previous });
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
