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

/**
 * SPEC.md section 4: Open or InProgress questions can be responded to; so can one whose meeting is booked (the
 * answer after talking it through; the API always allowed it), though not with a second meeting.
 */
export const canBeRespondedTo = (status: QuestionStatus) => status === 'Open' || status === 'InProgress' || status === 'Meeting Scheduled';

/** Whether Respond offers a meeting: not when one is booked for the question already. */
export const canScheduleMeetingFor = (status: QuestionStatus) => status === 'Open' || status === 'InProgress';
