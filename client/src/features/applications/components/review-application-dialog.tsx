import { useId, useState } from 'react';
import type { ApplicationView } from '@shared/contracts/applications';
import type { InviteCodeView } from '@shared/contracts/communities';
import { REVIEW_NOTES_MAX } from '@shared/contracts/applications';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { ScrollingDialogContent } from '@/components/ui/scrolling-dialog';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { msg, useT } from '@/i18n';
import { formatDateTime } from '@/lib/dates';
import { toastError } from '@/lib/notify';
import { useReviewApplication } from '../api';

export type Decision = 'Approved' | 'Rejected';

const WORDING = {
  Approved: { title: msg('Approve Application'), action: msg('Approve'), pending: msg('Approving...'), done: msg('Application Approved'), failed: msg('Approval Failed') },
  Rejected: { title: msg('Reject Application'), action: msg('Reject'), pending: msg('Rejecting...'), done: msg('Application Rejected'), failed: msg('Rejection Failed') },
} as const;

/**
 * Approve or reject a Pending application with optional notes. Approving creates no account: it answers
 * an invitation code, shown here to send to the applicant.
 */
export function ReviewApplicationDialog({
  communityId,
  application,
  decision,
  onClose,
}: {
  communityId: string;
  application: ApplicationView;
  decision: Decision;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const [notes, setNotes] = useState('');
  const [code, setCode] = useState<InviteCodeView | null>(null);
  const review = useReviewApplication(communityId);
  const words = WORDING[decision];

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    review.mutate(
      { id: application.id, status: decision, reviewNotes: notes.trim() || null },
      {
        onSuccess: ({ inviteCode }) => {
          toast({
            title: t(words.done),
            description:
              decision === 'Approved'
                ? t('Send {name} the invitation code.', { name: application.name })
                : t("{name}'s application was declined.", { name: application.name }),
            variant: 'success',
          });
          if (inviteCode) setCode(inviteCode);
          else onClose();
        },
        onError: (error) => toastError(t(words.failed), error),
      },
    );
  };

  if (code) {
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <ScrollingDialogContent
          header={
            <DialogHeader>
              <DialogTitle>{t('Invite {name}', { name: application.name })}</DialogTitle>
              <DialogDescription>{t('Send this invitation code to {email}. They sign up, choose Join Community and enter it.', { email: application.email })}</DialogDescription>
            </DialogHeader>
          }
          footer={<Button onClick={onClose}>{t('Done')}</Button>}
        >
          <div className="grid gap-3 rounded-xl border border-border bg-muted p-4">
            <code data-testid="approval-invite-code" className="font-mono text-3xl font-semibold tracking-[0.2em] text-primary-900">
              {code.inviteCode}
            </code>
            <p className="text-sm text-muted-foreground">{t('Valid until {date}.', { date: formatDateTime(code.expiresAt) })}</p>
            <CopyButton text={code.inviteCode} label={t('Copy invitation code')} className="justify-self-start" />
          </div>
        </ScrollingDialogContent>
      </Dialog>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !review.isPending && onClose()}>
      <ScrollingDialogContent
        onSubmit={onSubmit}
        header={
          <DialogHeader>
            <DialogTitle>{t(words.title)}</DialogTitle>
            <DialogDescription>
              {decision === 'Approved'
                ? t('{name} ({email}) will be given an invitation code to join.', { name: application.name, email: application.email })
                : t('{name} ({email}) will not be invited. This cannot be undone.', { name: application.name, email: application.email })}
            </DialogDescription>
          </DialogHeader>
        }
        footer={
          <>
            <Button type="button" variant="outline" disabled={review.isPending} onClick={onClose}>
              {t('Cancel')}
            </Button>
            <Button type="submit" variant={decision === 'Approved' ? 'default' : 'destructive'} disabled={review.isPending}>
              {review.isPending ? t(words.pending) : t(words.action)}
            </Button>
          </>
        }
      >
        <FormField id={`${id}-notes`} label={t('Review notes (optional)')} hint={t("Only the community's admins see these.")}>
          <Textarea id={`${id}-notes`} aria-describedby={`${id}-notes-hint`} rows={4} maxLength={REVIEW_NOTES_MAX} value={notes} onChange={(event) => setNotes(event.target.value)} />
        </FormField>
      </ScrollingDialogContent>
    </Dialog>
  );
}
