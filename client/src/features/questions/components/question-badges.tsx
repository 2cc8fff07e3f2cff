import type { Priority, QuestionStatus } from '@shared/domain/constants';
import { Badge } from '@/components/ui/badge';
import { PRIORITY_LABELS, PRIORITY_VARIANTS, STATUS_LABELS, STATUS_VARIANTS } from '../format';
import { useT } from '@/i18n';

export function StatusBadge({ status }: { status: QuestionStatus }) {
  const t = useT();
  return <Badge variant={STATUS_VARIANTS[status]}>{t(STATUS_LABELS[status])}</Badge>;
}

/** The priority, read as 'Urgent priority' by screen readers. */
export function PriorityBadge({ priority }: { priority: Priority }) {
  const t = useT();
  return (
    <Badge variant={PRIORITY_VARIANTS[priority]}>
      <span aria-hidden="true">{t(PRIORITY_LABELS[priority])}</span>
      <span className="sr-only">{t('{priority} priority', { priority: t(PRIORITY_LABELS[priority]) })}</span>
    </Badge>
  );
}
