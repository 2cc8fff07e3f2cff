import type { Priority, QuestionStatus } from '@shared/domain/constants';
import type { BadgeVariant } from '@/components/ui/badge';
import { formatLongDate } from '@/lib/dates';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** 'just now', '5 minutes ago', '3 hours ago', 'yesterday', '4 days ago'; from a week on, the long date. */
export function formatAskedAt(value: string, now = new Date()): string {
  const elapsed = now.getTime() - new Date(value).getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day');
  return formatLongDate(value);
}

/** How a status reads on screen: 'InProgress' is 'In Progress'. */
export const STATUS_LABELS: Record<QuestionStatus, string> = {
  Open: 'Open',
  InProgress: 'In Progress',
  Answered: 'Answered',
  Archived: 'Archived',
  'Meeting Scheduled': 'Meeting Scheduled',
};

export const STATUS_VARIANTS: Record<QuestionStatus, BadgeVariant> = {
  Open: 'accent',
  InProgress: 'default',
  Answered: 'success',
  Archived: 'outline',
  'Meeting Scheduled': 'default',
};

export const PRIORITY_VARIANTS: Record<Priority, BadgeVariant> = {
  Low: 'outline',
  Normal: 'default',
  High: 'accent',
  Urgent: 'destructive',
};

/** SPEC.md section 4: Open or InProgress questions can be responded to. */
export const canBeRespondedTo = (status: QuestionStatus) => status === 'Open' || status === 'InProgress';
