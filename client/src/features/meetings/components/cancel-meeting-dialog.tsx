import type { MeetingView } from '@shared/contracts/meetings';
import { AlertDialog, ConfirmDialogContent } from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/lib/notify';
import { useCancelMeeting } from '../api';
import { formatMeetingDate, formatMeetingTimeRange, zoneName } from '../format';

interface CancelMeetingDialogProps {
  meeting: MeetingView | null;
  viewerId: string;
  timeZone: string;
  onClose: () => void;
}

/** The other person of a meeting, as the canceller names them. */
const otherPerson = (meeting: MeetingView, viewerId: string) => (meeting.commanderId === viewerId ? meeting.memberName : meeting.commanderName);

/** Confirms, then cancels an upcoming meeting (POST /api/meetings/{id}/cancel); the other person is told. */
export function CancelMeetingDialog({ meeting, viewerId, timeZone, onClose }: CancelMeetingDialogProps) {
  const cancel = useCancelMeeting();
  const confirm = () => {
    if (!meeting) return;
    cancel.mutate(
      { id: meeting.id },
      {
        onSuccess: () => toast({ title: 'Meeting cancelled', description: `${otherPerson(meeting, viewerId)} has been told.`, variant: 'success' }),
        onError: (error) => toastError('The meeting was not cancelled', error),
        onSettled: onClose,
      },
    );
  };
  return (
    <AlertDialog open={meeting !== null} onOpenChange={(open) => (open || cancel.isPending ? undefined : onClose())}>
      <ConfirmDialogContent
        title="Cancel this meeting?"
        description={
          meeting
            ? `Your meeting with ${otherPerson(meeting, viewerId)} on ${formatMeetingDate(meeting.startsAt, timeZone)}, ${formatMeetingTimeRange(meeting.startsAt, meeting.endsAt, timeZone)} (${zoneName(timeZone)}) will be cancelled, and ${otherPerson(meeting, viewerId)} will be notified. The time becomes free for others to book.`
            : null
        }
        confirmLabel="Cancel meeting"
        cancelLabel="Keep meeting"
        pendingLabel="Cancelling..."
        pending={cancel.isPending}
        onConfirm={confirm}
      />
    </AlertDialog>
  );
}
