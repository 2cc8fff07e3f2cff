import type { Priority, QuestionStatus } from '@shared/domain/constants';
import { Badge } from '@/components/ui/badge';
import { PRIORITY_VARIANTS, STATUS_LABELS, STATUS_VARIANTS } from '../format';

export function StatusBadge({ status }: { status: QuestionStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}

/** The priority, read as 'Urgent priority' by screen readers. */
export function PriorityBadge({ priority }: { priority: Priority }) {
  return (
    <Badge variant={PRIORITY_VARIANTS[priority]}>
      {priority}
      <span className="sr-only"> priority</span>
    </Badge>
  );
}
