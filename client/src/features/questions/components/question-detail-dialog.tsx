import MessageSquareReply from 'lucide-react/icons/message-square-reply';
import type { ReactNode } from 'react';
import type { QuestionView } from '@shared/contracts/questions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ScrollingDialogContent } from '@/components/ui/scrolling-dialog';
import { useT } from '@/i18n';
import { formatDateTime } from '@/lib/dates';
import { PriorityBadge, StatusBadge } from './question-badges';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-1.5">
      <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
      {children}
    </section>
  );
}

interface QuestionDetailDialogProps {
  question: QuestionView | null;
  onOpenChange: (open: boolean) => void;
  /** Shows 'From {name}' (received questions). */
  showAsker: boolean;
  /** When given, a 'Respond' button (the question can be responded to and the viewer may answer). */
  onRespond?: (question: QuestionView) => void;
}

/** A question in full: subject, message, answer, priority, status, created, tags (SPEC.md section 2). */
export function QuestionDetailDialog({ question, onOpenChange, showAsker, onRespond }: QuestionDetailDialogProps) {
  const t = useT();
  return (
    <Dialog open={question !== null} onOpenChange={onOpenChange}>
      {question ? (
        <ScrollingDialogContent
          focusableBody
          bodyLabel={t('Question details')}
          header={
            <DialogHeader>
              <DialogTitle className="break-words">{question.title}</DialogTitle>
              <DialogDescription>{showAsker ? t('Asked by {name}', { name: question.fromUserName }) : t('Your question to your commander')}</DialogDescription>
            </DialogHeader>
          }
          footer={
            <>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                {t('Close')}
              </Button>
              {onRespond ? (
                <Button onClick={() => onRespond(question)} aria-haspopup="dialog">
                  <MessageSquareReply aria-hidden="true" />
                  {t('Respond')}
                </Button>
              ) : null}
            </>
          }
        >
          <Section title={t('Message')}>
            <p className="whitespace-pre-wrap break-words">{question.body}</p>
          </Section>
          <Section title={t('Answer')}>
            {question.answer ? (
              <>
                <p className="whitespace-pre-wrap break-words rounded-xl border border-success/20 bg-success-50 p-3">{question.answer}</p>
                {question.answeredByUserId === null ? <p className="mt-1 text-xs text-muted-foreground">{t('Answered by a former member.')}</p> : null}
              </>
            ) : (
              <p className="text-muted-foreground">
                {question.status === 'Meeting Scheduled' ? t('A meeting has been scheduled to discuss this question.') : t('No answer yet.')}
              </p>
            )}
          </Section>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div className="grid gap-1">
              <dt className="text-muted-foreground">{t('Priority')}</dt>
              <dd>
                <PriorityBadge priority={question.priority} />
              </dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground">{t('Status')}</dt>
              <dd>
                <StatusBadge status={question.status} />
              </dd>
            </div>
            <div className="col-span-2 grid gap-1">
              <dt className="text-muted-foreground">{t('Created')}</dt>
              <dd>
                <time dateTime={question.createdAt}>{formatDateTime(question.createdAt)}</time>
              </dd>
            </div>
            <div className="col-span-2 grid gap-1">
              <dt className="text-muted-foreground">{t('Tags')}</dt>
              <dd className="flex flex-wrap gap-2">
                {question.tags.length > 0 ? (
                  question.tags.map((tag) => (
                    <Badge key={tag} variant="outline">
                      {tag}
                    </Badge>
                  ))
                ) : (
                  <span className="text-muted-foreground">{t('No tags')}</span>
                )}
              </dd>
            </div>
          </dl>
        </ScrollingDialogContent>
      ) : null}
    </Dialog>
  );
}
