import { PagePlaceholder } from '@/components/layout/page-placeholder';

export function ReportsPage() {
  return <PagePlaceholder title="Progress Reports" description="Progress by discipline and by member." />;
}
