import Send from 'lucide-react/icons/send';
import { useId, useState } from 'react';
import { CARE_NOTE_MAX, CARE_NOTE_PREFILL, careNoteBody, type NeedsAWordRow } from '@shared/contracts/care';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ScrollingDialogContent } from '@/components/ui/scrolling-dialog';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { findApiError } from '@/lib/api-client';
import { toastError } from '@/lib/notify';
import { useSendCareNote } from '../api';

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
  const id = useId();
  const [message, setMessage] = useState(CARE_NOTE_PREFILL);
  const [error, setError] = useState<string | null>(null);
  const send = useSendCareNote(communityId);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = careNoteBody.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please write a short note.');
      return;
    }
    setError(null);
    send.mutate(
      { row, message: parsed.data.message },
      {
        onSuccess: () => {
          toast({ title: 'Note Sent', description: `${row.displayName} will find it in their notifications.`, variant: 'success' });
          onClose();
        },
        onError: (failure) => {
          const field = findApiError(failure)?.fields?.message;
          if (field) setError(field);
          else toastError('Could not send', failure, 'Please try again.');
        },
      },
    );
  };

  const fieldId = `${id}-message`;
  const errorId = `${id}-error`;
  return (
    <ScrollingDialogContent
      header={
        <DialogHeader>
          <DialogTitle>A note to {row.displayName}</DialogTitle>
          <DialogDescription>They receive it in Steadfast and can answer with a question or ask to meet. E-mails and pushes say only that you wrote.</DialogDescription>
        </DialogHeader>
      }
      onSubmit={onSubmit}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            <Send aria-hidden="true" />
            {send.isPending ? 'Sending...' : 'Send Note'}
          </Button>
        </>
      }
    >
      <div className="grid gap-1.5">
        <label htmlFor={fieldId} className="text-sm font-medium">
          Your note
        </label>
        <Textarea
          id={fieldId}
          rows={4}
          value={message}
          maxLength={CARE_NOTE_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setMessage(event.target.value)}
        />
        <p className="text-xs text-muted-foreground">
          {message.length} / {CARE_NOTE_MAX}
        </p>
        {error ? (
          <p id={errorId} className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    </ScrollingDialogContent>
  );
}
