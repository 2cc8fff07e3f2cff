import { PagePlaceholder } from '@/components/layout/page-placeholder';

export function CommunitySetupPage() {
  return <PagePlaceholder title="Community Setup" description="Set up your new community step by step." />;
}
