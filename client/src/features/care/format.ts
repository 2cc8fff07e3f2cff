import type { NeedsAWordReason } from '@shared/domain/needs-a-word';
import { QUIET_LOOKBACK_DAYS } from '@shared/domain/needs-a-word';

const days = (count: number) => (count === 1 ? '1 day' : `${count} days`);

/** Why a member needs a word, in plain words ('No check-in for 5 days', 'A 12-day streak ended yesterday'). */
export function reasonText(reason: NeedsAWordReason): string {
  switch (reason.kind) {
    case 'quiet':
      return reason.days >= QUIET_LOOKBACK_DAYS ? 'No check-in for four weeks or more' : `No check-in for ${days(reason.days)}`;
    case 'streak-ended':
      return `A ${reason.days}-day streak ended yesterday`;
    case 'progress-drop':
      return `${reason.current}% of the month so far, against ${reason.previous}% last month by this day`;
  }
}
