import { PagePlaceholder } from '@/components/layout/page-placeholder';

export function DashboardPage() {
  return <PagePlaceholder title="Dashboard" description="Your daily walk at a glance." />;
}
