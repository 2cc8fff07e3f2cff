import type { Priority, QuestionStatus } from '@shared/domain/constants';
import type { BadgeVariant } from '@/components/ui/badge';

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
