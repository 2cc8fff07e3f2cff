import ChevronRight from 'lucide-react/icons/chevron-right';
import MessageCircle from 'lucide-react/icons/message-circle';
import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyNote, ErrorNote, LIST_LINK_CLASSES, LoadingRows } from '@/components/ui/states';
import { useT } from '@/i18n';
import { useAskAvailability } from '../ask-availability';
import { useReceivedQuestions, useSentQuestions } from '../api';
import { timeAgo } from '@/lib/dates';
import { StatusBadge } from './question-badges';

/** SPEC.md section 9: the dashboard shows the first 2 questions. */
export const DASHBOARD_QUESTIONS = 2;

interface RecentQuestionsCardProps {
  communityId: string | null;
  /** Someone who answers questions (questions:answer) sees those they received; everyone else their own. */
  box: 'sent' | 'received';
  viewerId: string | null;
  /** False for an admin who does not belong to the community (they cannot ask). */
  isMember: boolean;
}

/**
 * The dashboard's 'Recent Questions': a commander's latest two received questions (where they act), a
 * member's own latest two (also while another member's data is on screen: questions are private), each a
 * link to the tab of /questions that lists it.
 */
export function RecentQuestionsCard({ communityId, box, viewerId, isMember }: RecentQuestionsCardProps) {
  const t = useT();
  const received = box === 'received';
  const sent = useSentQuestions(received ? null : communityId);
  const inbox = useReceivedQuestions(communityId, received);
  const questions = received ? inbox : sent;
  const shown = questions.data?.slice(0, DASHBOARD_QUESTIONS) ?? [];
  const href = received ? '/questions?tab=received' : '/questions';
  const label = received ? t('Questions you received') : t('Your latest questions');
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <MessageCircle className="size-5 text-primary-600" aria-hidden="true" />
          {t('Recent Questions')}
        </CardTitle>
        <CardDescription>{label}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {questions.error ? (
          <ErrorNote message={t('We could not load your questions.')} onRetry={() => void questions.refetch()} />
        ) : questions.isPending ? (
          <LoadingRows rows={DASHBOARD_QUESTIONS} label={t('Loading your questions')} className="[&>div]:h-11" />
        ) : shown.length === 0 ? (
          received ? (
            <EmptyNote>{t('No questions received yet. When the members you lead ask you something, it appears here.')}</EmptyNote>
          ) : (
            <NoQuestionsYet communityId={communityId} viewerId={viewerId} isMember={isMember} />
          )
        ) : (
          <ul aria-label={label} className="grid gap-2">
            {shown.map((question) => (
              <li key={question.id}>
                <Link href={href} className={LIST_LINK_CLASSES}>
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className="line-clamp-2 break-words font-medium">{question.title}</span>
                    <span className="text-xs text-muted-foreground">
                      {received ? `${question.fromUserName} · ` : ''}
                      {timeAgo(question.createdAt)}
                    </span>
                  </span>
                  <StatusBadge status={question.status} />
                  <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link href={href} className="inline-flex min-h-11 w-fit items-center font-medium text-primary-700 underline-offset-4 hover:underline">
          {t('Go to Questions')}
        </Link>
      </CardContent>
    </Card>
  );
}

/** A member's empty list: an invitation to ask, or why there is nobody to ask (read only when the list is empty). */
function NoQuestionsYet({ communityId, viewerId, isMember }: Omit<RecentQuestionsCardProps, 'box'>) {
  const t = useT();
  const ask = useAskAvailability(communityId, viewerId, isMember);
  if (ask.state === 'loading') return <LoadingRows rows={1} label={t('Loading your questions')} className="[&>div]:h-11" />;
  return (
    <EmptyNote>
      {ask.state === 'available' ? t('No questions yet. Ask your commander anything about your walk.') : t('No questions yet. {reason}', { reason: t(ask.reason) })}
    </EmptyNote>
  );
}
