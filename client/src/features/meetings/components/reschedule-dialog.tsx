import CalendarSync from 'lucide-react/icons/calendar-sync';
import { type FormEvent, useState } from 'react';
import type { MeetingView } from '@shared/contracts/meetings';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ScrollingDialogContent } from '@/components/ui/scrolling-dialog';
import { toast } from '@/components/ui/use-toast';
import { msg, useT } from '@/i18n';
import { toastError } from '@/lib/notify';
import { useRescheduleMeeting } from '../api';
import { formatMeetingDate, formatMeetingTimeRange, meetingTitle } from '../format';
import { type SlotChoice, SlotPicker, slotToMeetingTimes } from './slot-picker';

interface RescheduleDialogProps {
  meeting: MeetingView | null;
  onOpenChange: (open: boolean) => void;
  communityId: string;
  viewerId: string;
  timeZone: string;
}

/**
 * Reschedule (DECISIONS.md): a new date (from tomorrow) and one of the commander's free slots; the server
 * refuses a taken time with 409 and a message, and tells the other participant of the new time.
 */
export function RescheduleDialog({ meeting, onOpenChange, ...rest }: RescheduleDialogProps) {
  return (
    <Dialog open={meeting !== null} onOpenChange={onOpenChange}>
      {meeting ? <RescheduleContent key={meeting.id} meeting={meeting} onDone={() => onOpenChange(false)} {...rest} /> : null}
    </Dialog>
  );
}

function RescheduleContent({ meeting, onDone, communityId, viewerId, timeZone }: Omit<RescheduleDialogProps, 'meeting' | 'onOpenChange'> & { meeting: MeetingView; onDone: () => void }) {
  const t = useT();
  const [slot, setSlot] = useState<SlotChoice>({ date: null, time: null });
  const [errors, setErrors] = useState<{ date?: string; time?: string }>({});
  const reschedule = useRescheduleMeeting();
  const otherParty = meeting.commanderId === viewerId ? meeting.memberName : meeting.commanderName;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!slot.date || !slot.time) {
      setErrors({ date: slot.date ? undefined : msg('Choose a date'), time: slot.time ? undefined : msg('Choose a time') });
      toast({ title: t('Date and Time Required'), description: t('Please select both date and time for the meeting.'), variant: 'destructive' });
      return;
    }
    const times = slotToMeetingTimes({ date: slot.date, time: slot.time }, timeZone);
    reschedule.mutate(
      { id: meeting.id, ...times },
      {
        onSuccess: (moved) => {
          toast({
            title: t('Meeting Rescheduled'),
            description: t('Now on {date}, {time}. {name} has been told.', {
              date: formatMeetingDate(moved.startsAt, timeZone),
              time: formatMeetingTimeRange(moved.startsAt, moved.endsAt, timeZone),
              name: otherParty,
            }),
            variant: 'success',
          });
          onDone();
        },
        onError: (error) => toastError(t('Reschedule Failed'), error, t('Unable to reschedule the meeting. Please try again.')),
      },
    );
  };

  return (
    <ScrollingDialogContent
      onEscapeKeyDown={(event) => (reschedule.isPending ? event.preventDefault() : undefined)}
      onInteractOutside={(event) => (reschedule.isPending ? event.preventDefault() : undefined)}
      header={
        <DialogHeader>
          <DialogTitle>{t('Reschedule Meeting')}</DialogTitle>
          <DialogDescription className="break-words">
            {t('{title}, now on {date}, {time}.', {
              title: meetingTitle(meeting, viewerId),
              date: formatMeetingDate(meeting.startsAt, timeZone),
              time: formatMeetingTimeRange(meeting.startsAt, meeting.endsAt, timeZone),
            })}
          </DialogDescription>
        </DialogHeader>
      }
      onSubmit={onSubmit}
      footer={
        <>
          <Button variant="outline" onClick={onDone} disabled={reschedule.isPending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" disabled={reschedule.isPending}>
            <CalendarSync aria-hidden="true" />
            {reschedule.isPending ? t('Rescheduling...') : t('Reschedule')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-muted-foreground">{t('Choose a new day and one of the free times. {name} will be told of the change.', { name: otherParty })}</p>
      <SlotPicker
        communityId={communityId}
        commanderId={meeting.commanderId}
        timeZone={timeZone}
        value={slot}
        onChange={(choice) => {
          setSlot(choice);
          setErrors({});
        }}
        errors={errors}
      />
    </ScrollingDialogContent>
  );
}
