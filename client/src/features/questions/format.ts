import type { Priority, QuestionStatus } from '@shared/domain/constants';
import type { BadgeVariant } from '@/components/ui/badge';
import { msg } from '@/i18n';

/** How a status reads on screen: 'InProgress' is 'In Progress'. */
export const STATUS_LABELS: Record<QuestionStatus, string> = {
  Open: msg('Open'),
  InProgress: msg('In Progress'),
  Answered: msg('Answered'),
  Archived: msg('Archived'),
  'Meeting Scheduled': msg('Meeting Scheduled'),
};

/** How a priority reads on screen (the value sent stays English). */
export const PRIORITY_LABELS: Record<Priority, string> = { Low: msg('Low'), Normal: msg('Normal'), High: msg('High'), Urgent: msg('Urgent') };

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
