import { PagePlaceholder } from '@/components/layout/page-placeholder';

export function AdminPage() {
  return <PagePlaceholder title="Administration" description="Manage your community." />;
}
