import Check from 'lucide-react/icons/check';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import MessageCircleHeart from 'lucide-react/icons/message-circle-heart';
import { useId, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyNote, ErrorNote, LoadingRows, loadFailureMessage } from '@/components/ui/states';
import type { NeedsAWordRow } from '@shared/contracts/care';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
import { lazyComponent, MountWhenOpened } from '@/lib/lazy-component';
import { toastError } from '@/lib/notify';
import { useMarkReachedOut, useNeedsAWord } from '../api';
import { reasonText } from '../format';

// Its form (react-hook-form) downloads when a note is first written, not with the dashboard.
const CareNoteDialog = lazyComponent(() => import('./care-note-dialog').then((module) => module.CareNoteDialog));

/**
 * 'Needs a word' for a commander (the dashboard and My Subgroup): the members of the subgroups they lead
 * who have gone quiet, ended a long streak yesterday or fallen well below last month, each with why, and
 * 'Send a note' (a notification to the member) and 'I've reached out', each taking a member off the list for a week.
 */
export function NeedsAWordCard({
  communityId,
  enabled = true,
  subgroupId,
}: {
  communityId: string;
  /** False holds the request back (it shows as loading). */
  enabled?: boolean;
  /** One subgroup's (an admin's choice), instead of those the viewer leads. */
  subgroupId?: string;
}) {
  const t = useT();
  const rows = useNeedsAWord(communityId, enabled, subgroupId);
  const titleId = useId();
  const reachOut = useMarkReachedOut(communityId);
  const [writing, setWriting] = useState<NeedsAWordRow | null>(null);
  const markReachedOut = (row: NeedsAWordRow) =>
    reachOut.mutate(row, {
      onSuccess: () => toast({ title: t('Thank you for reaching out'), description: t('{name} is off this list for a week.', { name: row.displayName }), variant: 'success' }),
      onError: (error) => toastError(t('Could not save'), error, t('Please try again.')),
    });
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <HeartHandshake className="size-5 text-accent-600" aria-hidden="true" />
          {t('Needs a word')}
        </CardTitle>
        <CardDescription>
          {subgroupId ? t('Members of this subgroup who may be glad to hear from you this week.') : t('Members you lead who may be glad to hear from you this week.')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {rows.error ? (
          <ErrorNote message={loadFailureMessage(t('Could not load who needs a word.'), rows.error)} onRetry={() => void rows.refetch()} />
        ) : rows.isPending ? (
          <LoadingRows rows={2} label={t('Loading who needs a word')} />
        ) : rows.data.length === 0 ? (
          <EmptyNote>{subgroupId ? t('Nobody in this subgroup needs a word right now.') : t('Nobody in the subgroups you lead needs a word right now.')}</EmptyNote>
        ) : (
          <ul aria-label={t('Members who need a word')} className="grid gap-2">
            {rows.data.map((row) => (
              <li key={row.userId} className="grid gap-2 rounded-xl border border-border bg-background p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
                <div className="grid min-w-0 gap-1">
                  <span className="break-words font-medium">{row.displayName}</span>
                  <ul aria-label={t('Why {name}', { name: row.displayName })} className="grid gap-0.5 text-sm text-muted-foreground">
                    {row.reasons.map((reason) => (
                      <li key={reason.kind} className="break-words">
                        {reasonText(reason)}
                      </li>
                    ))}
                  </ul>
                </div>
                <div className="flex flex-wrap gap-2 sm:justify-end">
                  <Button size="sm" className="min-h-11" aria-label={t('Send a note to {name}', { name: row.displayName })} onClick={() => setWriting(row)}>
                    <MessageCircleHeart aria-hidden="true" />
                    {t('Send a note')}
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    className="min-h-11"
                    aria-label={t("I've reached out to {name}", { name: row.displayName })}
                    disabled={reachOut.isPending && reachOut.variables.userId === row.userId}
                    onClick={() => markReachedOut(row)}
                  >
                    <Check aria-hidden="true" />
                    {t("I've reached out")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <MountWhenOpened open={writing !== null}>
        <CareNoteDialog communityId={communityId} row={writing} onClose={() => setWriting(null)} />
      </MountWhenOpened>
    </Card>
  );
}
