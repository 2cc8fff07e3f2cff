import { PagePlaceholder } from '@/components/layout/page-placeholder';

export function MeetingsPage() {
  return <PagePlaceholder title="Meetings" description="Your meetings with your commander." />;
}
