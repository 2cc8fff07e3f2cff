import MessageSquareReply from 'lucide-react/icons/message-square-reply';
import type { ReactNode } from 'react';
import type { QuestionView } from '@shared/contracts/questions';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorNote, LoadingRows } from '@/components/ui/states';
import { useT } from '@/i18n';
import { formatDateTime } from '@/lib/dates';
import { timeAgo } from '@/lib/dates';
import { canBeRespondedTo } from '../format';
import { PriorityBadge, StatusBadge } from './question-badges';

interface QuestionListProps {
  /** 'sent': the viewer's own questions; 'received': questions the viewer may answer (shows who asked, and Respond). */
  box: 'sent' | 'received';
  questions: readonly QuestionView[] | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  onOpen: (question: QuestionView) => void;
  onRespond?: (question: QuestionView) => void;
  empty: ReactNode;
  /** What the list is, for screen readers ('Your questions'), and what its loading state says ('Loading your questions'). */
  label: string;
  loadingLabel: string;
  /** Whether older questions exist beyond those shown, and how to load them (a page at a time). */
  hasOlder?: boolean;
  loadingOlder?: boolean;
  olderFailed?: boolean;
  onShowOlder?: () => void;
}

/** A list of questions as cards: subject, the start of the message, priority, status, who asked and when. */
export function QuestionList({ box, questions, isPending, error, onRetry, onOpen, onRespond, empty, label, loadingLabel, hasOlder, loadingOlder, olderFailed, onShowOlder }: QuestionListProps) {
  const t = useT();
  if (error && !questions) return <ErrorNote message={t('We could not load the questions.')} onRetry={onRetry} />;
  if (isPending || !questions) return <LoadingRows rows={3} label={loadingLabel} className="[&>div]:h-24" />;
  if (questions.length === 0) return <>{empty}</>;
  return (
    <div className="grid gap-3">
      <ul aria-label={label} className="grid gap-3">
        {questions.map((question) => (
          <QuestionRow key={question.id} box={box} question={question} onOpen={onOpen} onRespond={onRespond} />
        ))}
      </ul>
      {olderFailed && onShowOlder ? <ErrorNote message={t('We could not load older questions.')} onRetry={onShowOlder} /> : null}
      {hasOlder && onShowOlder && !olderFailed ? (
        <Button variant="outline" className="w-full sm:w-fit sm:justify-self-center" onClick={onShowOlder} disabled={loadingOlder}>
          {loadingOlder ? t('Loading older questions…') : t('Show older questions')}
        </Button>
      ) : null}
    </div>
  );
}

function QuestionRow({ box, question, onOpen, onRespond }: { box: 'sent' | 'received'; question: QuestionView; onOpen: (question: QuestionView) => void; onRespond?: (question: QuestionView) => void }) {
  const t = useT();
  const titleId = `question-${question.id}-title`;
  const respondable = box === 'received' && onRespond !== undefined && canBeRespondedTo(question.status);
  return (
    <li>
      <Card className="grid gap-3 p-4 sm:p-5">
        {/* The subject and message open the details; Respond is its own button beside them, never inside. */}
        <button
          type="button"
          onClick={() => onOpen(question)}
          aria-haspopup="dialog"
          className="-m-2 grid min-h-11 min-w-0 gap-1 rounded-lg p-2 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span id={titleId} className="break-words font-semibold text-primary-900">
            {question.title}
          </span>
          <span className="line-clamp-2 break-words text-sm text-muted-foreground">{question.body}</span>
        </button>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
          <span className="flex flex-wrap gap-2">
            <PriorityBadge priority={question.priority} />
            <StatusBadge status={question.status} />
          </span>
          {box === 'received' ? <span className="min-w-0 break-words">{t('From {name}', { name: question.fromUserName })}</span> : null}
          <time dateTime={question.createdAt} title={formatDateTime(question.createdAt)}>
            {timeAgo(question.createdAt)}
          </time>
        </div>
        {respondable ? (
          <Button className="w-full sm:w-fit" onClick={() => onRespond(question)} aria-describedby={titleId} aria-haspopup="dialog">
            <MessageSquareReply aria-hidden="true" />
            {t('Respond')}
          </Button>
        ) : null}
      </Card>
    </li>
  );
}

