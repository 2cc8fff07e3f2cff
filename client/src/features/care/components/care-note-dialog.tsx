import Send from 'lucide-react/icons/send';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CARE_NOTE_MAX, CARE_NOTE_PREFILL, careNoteBody, type NeedsAWordRow } from '@shared/contracts/care';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { ScrollingDialogContent } from '@/components/ui/scrolling-dialog';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
import { applyServerFieldErrors } from '@/lib/forms';
import { toastError } from '@/lib/notify';
import { useSendCareNote } from '../api';

type NoteValues = z.input<typeof careNoteBody>;

interface CareNoteDialogProps {
  communityId: string;
  /** The member written to; null: closed. */
  row: NeedsAWordRow | null;
  onClose: () => void;
}

/** 'Send a note': a short note, prefilled and editable, that the member receives as a notification. */
export function CareNoteDialog({ communityId, row, onClose }: CareNoteDialogProps) {
  return <Dialog open={row !== null} onOpenChange={(open) => (open ? undefined : onClose())}>{row ? <CareNoteForm communityId={communityId} row={row} onClose={onClose} /> : null}</Dialog>;
}

function CareNoteForm({ communityId, row, onClose }: { communityId: string; row: NeedsAWordRow; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const form = useForm<NoteValues>({ resolver: zodResolver(careNoteBody), defaultValues: { message: t(CARE_NOTE_PREFILL) } });
  const error = form.formState.errors.message?.message;
  const message = form.watch('message');
  const send = useSendCareNote(communityId);

  const onSubmit = form.handleSubmit(({ message: text }) => {
    send.mutate(
      { row, message: text },
      {
        onSuccess: () => {
          toast({ title: t('Note Sent'), description: t('{name} will find it in their notifications.', { name: row.displayName }), variant: 'success' });
          onClose();
        },
        onError: (failure) => {
          if (!applyServerFieldErrors(failure, form.setError, ['message'])) toastError(t('Could not send'), failure, t('Please try again.'));
        },
      },
    );
  });

  const fieldId = `${id}-message`;
  return (
    <ScrollingDialogContent
      header={
        <DialogHeader>
          <DialogTitle>{t('A note to {name}', { name: row.displayName })}</DialogTitle>
          <DialogDescription>{t('They receive it in Steadfast and can answer with a question or ask to meet. E-mails and pushes say only that you wrote.')}</DialogDescription>
        </DialogHeader>
      }
      onSubmit={onSubmit}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={send.isPending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" disabled={send.isPending}>
            <Send aria-hidden="true" />
            {send.isPending ? t('Sending...') : t('Send Note')}
          </Button>
        </>
      }
    >
      <FormField id={fieldId} label={t('Your note')} hint={`${message.length} / ${CARE_NOTE_MAX}`} error={error}>
        <Textarea {...fieldProps(fieldId, { hint: true, error })} {...form.register('message')} rows={4} maxLength={CARE_NOTE_MAX} />
      </FormField>
    </ScrollingDialogContent>
  );
}
