import type { MeetingView } from '@shared/contracts/meetings';
import { AlertDialog, ConfirmDialogContent } from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
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
  const t = useT();
  const cancel = useCancelMeeting();
  const confirm = () => {
    if (!meeting) return;
    cancel.mutate(
      { id: meeting.id },
      {
        onSuccess: () => toast({ title: t('Meeting cancelled'), description: t('{name} has been told.', { name: otherPerson(meeting, viewerId) }), variant: 'success' }),
        onError: (error) => toastError(t('The meeting was not cancelled'), error),
        onSettled: onClose,
      },
    );
  };
  return (
    <AlertDialog open={meeting !== null} onOpenChange={(open) => (open || cancel.isPending ? undefined : onClose())}>
      <ConfirmDialogContent
        title={t('Cancel this meeting?')}
        description={
          meeting
            ? t('Your meeting with {name} on {date}, {time} ({zone}) will be cancelled, and {name} will be notified. The time becomes free for others to book.', {
                name: otherPerson(meeting, viewerId),
                date: formatMeetingDate(meeting.startsAt, timeZone),
                time: formatMeetingTimeRange(meeting.startsAt, meeting.endsAt, timeZone),
                zone: zoneName(timeZone),
              })
            : null
        }
        confirmLabel={t('Cancel meeting')}
        cancelLabel={t('Keep meeting')}
        pendingLabel={t('Cancelling...')}
        pending={cancel.isPending}
        onConfirm={confirm}
      />
    </AlertDialog>
  );
}
