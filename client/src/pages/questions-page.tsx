import { PagePlaceholder } from '@/components/layout/page-placeholder';

export function QuestionsPage() {
  return <PagePlaceholder title="Questions" description="Ask your commander and follow the answers." />;
}
