import { PagePlaceholder } from '@/components/layout/page-placeholder';

export function SubgroupPage() {
  return <PagePlaceholder title="My Subgroup" description="Your subgroup and its commander." />;
}
