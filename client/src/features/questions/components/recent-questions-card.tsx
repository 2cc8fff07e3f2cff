import ChevronRight from 'lucide-react/icons/chevron-right';
import MessageCircle from 'lucide-react/icons/message-circle';
import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyNote, ErrorNote, LIST_LINK_CLASSES, LoadingRows } from '@/components/ui/states';
import { useSentQuestions } from '../api';
import { timeAgo } from '@/lib/dates';
import { StatusBadge } from './question-badges';

/** SPEC.md section 9: the dashboard shows the first 2 questions. */
export const DASHBOARD_QUESTIONS = 2;

/**
 * The dashboard's 'Recent Questions': the viewer's own latest two (also while another member's data is on
 * screen: questions are private), each a link to /questions.
 */
export function RecentQuestionsCard({ communityId }: { communityId: string | null }) {
  const questions = useSentQuestions(communityId);
  const shown = questions.data?.slice(0, DASHBOARD_QUESTIONS) ?? [];
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <MessageCircle className="size-5 text-primary-600" aria-hidden="true" />
          Recent Questions
        </CardTitle>
        <CardDescription>Your latest questions</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {questions.error ? (
          <ErrorNote message="We could not load your questions." onRetry={() => void questions.refetch()} />
        ) : questions.isPending ? (
          <LoadingRows rows={DASHBOARD_QUESTIONS} label="Loading your questions" className="[&>div]:h-11" />
        ) : shown.length === 0 ? (
          <EmptyNote>No questions yet. Ask your commander anything about your walk.</EmptyNote>
        ) : (
          <ul aria-label="Your latest questions" className="grid gap-2">
            {shown.map((question) => (
              <li key={question.id}>
                <Link
                  href="/questions"
                  className={LIST_LINK_CLASSES}
                >
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className="line-clamp-2 break-words font-medium">{question.title}</span>
                    <span className="text-xs text-muted-foreground">{timeAgo(question.createdAt)}</span>
                  </span>
                  <StatusBadge status={question.status} />
                  <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link href="/questions" className="inline-flex min-h-11 w-fit items-center font-medium text-primary-700 underline-offset-4 hover:underline">
          Go to Questions
        </Link>
      </CardContent>
    </Card>
  );
}
