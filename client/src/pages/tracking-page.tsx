import { PagePlaceholder } from '@/components/layout/page-placeholder';

export function TrackingPage() {
  return <PagePlaceholder title="My Tracking" description="Log your spiritual disciplines day by day." />;
}
