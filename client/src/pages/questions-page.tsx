import Plus from 'lucide-react/icons/plus';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { QuestionView } from '@shared/contracts/questions';
import { can } from '@shared/domain/roles';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CommunityMissing } from '@/features/communities/components/community-state';
import { useReceivedQuestions, useSentQuestions } from '@/features/questions/api';
import { useAskAvailability } from '@/features/questions/ask-availability';
import { AskCommanderDialog } from '@/features/questions/components/ask-commander-dialog';
import { NoCommanderToAsk } from '@/features/questions/components/no-commander-to-ask';
import { QuestionDetailDialog } from '@/features/questions/components/question-detail-dialog';
import { EmptyState } from '@/components/ui/states';
import { QuestionList } from '@/features/questions/components/question-list';
import { RespondDialog } from '@/features/questions/components/respond-dialog';
import { canBeRespondedTo } from '@/features/questions/format';
import { useTrackingScope } from '@/features/tracking/api';
import { useT } from '@/i18n';

type Box = 'sent' | 'received';

/**
 * Questions (/questions): SPEC.md section 2. 'Received Questions' only for those who may answer (commanders and
 * admins), who start there, on what waits for them (?tab=sent opens their own; ?tab=received, the notifications'
 * link, still opens Received).
 */
export function QuestionsPage() {
  const t = useT();
  const { user, membership, communityId, isMember } = useTrackingScope();
  const canAnswer = can(membership, 'questions:answer');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const tab: Box = canAnswer && new URLSearchParams(search).get('tab') !== 'sent' ? 'received' : 'sent';

  const sent = useSentQuestions(communityId);
  const received = useReceivedQuestions(communityId, canAnswer);
  const ask = useAskAvailability(communityId, user?.id ?? null, isMember);
  const [asking, setAsking] = useState(false);
  // Ids, so the dialogs show the question as the lists hold it now (after an answer, for example).
  const [opened, setOpened] = useState<{ id: string; box: Box; snapshot: QuestionView } | null>(null);
  const [responding, setResponding] = useState<QuestionView | null>(null);

  if (!communityId || !user) return <CommunityMissing />;

  const current = (id: string, box: Box, snapshot: QuestionView) => (box === 'sent' ? sent.data : received.data)?.find((question) => question.id === id) ?? snapshot;
  const detail = opened ? current(opened.id, opened.box, opened.snapshot) : null;
  const respond = (question: QuestionView) => {
    setOpened(null);
    setResponding(question);
  };

  // Offered only when someone can answer; otherwise the reason stands above the list (DECISIONS.md).
  const askButton = (label: string) =>
    ask.state === 'available' ? (
      <Button onClick={() => setAsking(true)} aria-haspopup="dialog">
        <Plus aria-hidden="true" />
        {label}
      </Button>
    ) : null;

  const sentList = (
    <QuestionList
      box="sent"
      label={t('My questions')}
      loadingLabel={t('Loading my questions')}
      questions={sent.data}
      isPending={sent.isPending}
      error={sent.error}
      onRetry={() => void sent.refetch()}
      hasOlder={sent.hasOlder}
      loadingOlder={sent.loadingOlder}
      olderFailed={sent.olderFailed}
      onShowOlder={sent.loadOlder}
      onOpen={(question) => setOpened({ id: question.id, box: 'sent', snapshot: question })}
      empty={
        <EmptyState title={t('No questions yet')} action={askButton(t('Ask a Question'))}>
          {ask.state === 'available' ? t('Ask your commander anything about your walk. Their answers appear here.') : t('Questions you ask and their answers appear here.')}
        </EmptyState>
      }
    />
  );

  return (
    <>
      <PageHeader
        title={t('Questions')}
        description={ask.state === 'unavailable' ? t('Your questions and their answers.') : t('Ask your commander and follow the answers.')}
        actions={askButton(t('New Question'))}
      />
      {ask.state === 'unavailable' ? <NoCommanderToAsk reason={ask.reason} className="mb-4" /> : null}
      {canAnswer ? (
        <Tabs value={tab} onValueChange={(value) => navigate(value === 'sent' ? `${location}?tab=sent` : location, { replace: true })}>
          <TabsList className="flex w-full sm:inline-flex sm:w-auto">
            <TabsTrigger value="received" className="min-h-11">
              {t('Received Questions')}
            </TabsTrigger>
            <TabsTrigger value="sent" className="min-h-11">
              {t('My Questions')}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="sent">{sentList}</TabsContent>
          <TabsContent value="received">
            <QuestionList
              box="received"
              label={t('Received questions')}
              loadingLabel={t('Loading received questions')}
              questions={received.data}
              isPending={received.isPending}
              error={received.error}
              onRetry={() => void received.refetch()}
              hasOlder={received.hasOlder}
              loadingOlder={received.loadingOlder}
              olderFailed={received.olderFailed}
              onShowOlder={received.loadOlder}
              onOpen={(question) => setOpened({ id: question.id, box: 'received', snapshot: question })}
              onRespond={respond}
              empty={
                <EmptyState title={t('No questions received')}>
                  {t('When the members you lead ask you something, their questions appear here for you to answer or to discuss in a meeting.')}
                </EmptyState>
              }
            />
          </TabsContent>
        </Tabs>
      ) : (
        <section aria-labelledby="my-questions-title" className="grid gap-4">
          <h2 id="my-questions-title" className="text-xl font-semibold">
            {t('My Questions')}
          </h2>
          {sentList}
        </section>
      )}

      <AskCommanderDialog open={asking} onOpenChange={setAsking} />
      <QuestionDetailDialog
        question={detail}
        onOpenChange={(open) => (open ? undefined : setOpened(null))}
        showAsker={opened?.box === 'received'}
        onRespond={opened?.box === 'received' && detail && canBeRespondedTo(detail.status) ? respond : undefined}
      />
      <RespondDialog question={responding} onOpenChange={(open) => (open ? undefined : setResponding(null))} communityId={communityId} commanderId={user.id} />
    </>
  );
}
