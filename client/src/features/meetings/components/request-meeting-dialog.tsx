import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import CalendarPlus from 'lucide-react/icons/calendar-plus';
import Info from 'lucide-react/icons/info';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ScrollingDialogContent } from '@/components/ui/scrolling-dialog';
import { LoadingRows } from '@/components/ui/states';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { dateFormat, msg, useT } from '@/i18n';
import { findApiError } from '@/lib/api-client';
import { toastError } from '@/lib/notify';
import { useCreateMeeting } from '../api';
import { type SlotChoice, SlotPicker, slotToMeetingTimes } from './slot-picker';

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 1500;

export const MEETING_TITLE_REQUIRED = msg('Please enter a title for the meeting.');

/** SPEC.md section 5: a non-blank title, an optional description (the date and time are the slot picker's). */
const requestMeetingForm = z.object({
  title: z.string().trim().min(1, MEETING_TITLE_REQUIRED).max(TITLE_MAX, msg('The title must be at most 200 characters')),
  description: z.string().trim().max(DESCRIPTION_MAX, msg('The description must be at most 1500 characters')),
});
type RequestMeetingForm = z.infer<typeof requestMeetingForm>;

const EMPTY: RequestMeetingForm = { title: '', description: '' };
const NO_SLOT: SlotChoice = { date: null, time: null };

/** SPEC.md section 7: the meeting's notes are the title, plus ': ' and the description when there is one. */
export const meetingNotes = (title: string, description: string) => (description.trim() ? `${title.trim()}: ${description.trim()}` : title.trim());

const meetingWhen = (startsAt: string, timeZone: string) =>
  dateFormat({ timeZone, weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(startsAt));

interface RequestMeetingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  communityId: string;
  commander: { id: string; displayName: string };
  /** The community's time zone; undefined while it loads. */
  timeZone: string | undefined;
}

/**
 * 'Request Meeting with Commander': a title, an optional description, and one of the commander's free
 * SPEC.md slots from tomorrow. POST /api/meetings; a slot taken meanwhile (or outside office hours) is
 * refused with 409 and its message, and the free times are read again.
 */
export function RequestMeetingDialog({ open, onOpenChange, communityId, commander, timeZone }: RequestMeetingDialogProps) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const create = useCreateMeeting();
  const form = useForm<RequestMeetingForm>({ resolver: zodResolver(requestMeetingForm), defaultValues: EMPTY });
  const [slot, setSlot] = useState<SlotChoice>(NO_SLOT);
  const [slotError, setSlotError] = useState<string | undefined>();
  const { errors } = form.formState;
  const title = useWatch({ control: form.control, name: 'title' });
  const ready = Boolean(title?.trim() && slot.date && slot.time && timeZone);

  const close = () => {
    if (create.isPending) return;
    onOpenChange(false);
  };

  const onSlotChange = (choice: SlotChoice) => {
    setSlot(choice);
    setSlotError(undefined);
  };

  const onSubmit = form.handleSubmit(({ title: meetingTitle, description }) => {
    if (!slot.date || !slot.time || !timeZone) return;
    const times = slotToMeetingTimes({ date: slot.date, time: slot.time }, timeZone);
    create.mutate(
      { ...times, notes: meetingNotes(meetingTitle, description), location: 'TBD' },
      {
        onSuccess: () => {
          toast({
            title: t('Meeting Requested'),
            description: t('Your request for {when} was sent to {name}.', { when: meetingWhen(times.startsAt, timeZone), name: commander.displayName }),
            variant: 'success',
          });
          form.reset(EMPTY);
          setSlot(NO_SLOT);
          onOpenChange(false);
        },
        onError: (error) => {
          toastError(t('Error'), error, t('Failed to request meeting'));
          if (findApiError(error)?.status === 409) {
            // The time was just taken or is outside office hours: offer the times that are free now.
            setSlot({ date: slot.date, time: null });
            setSlotError(msg('Choose another time.'));
            void queryClient.invalidateQueries({ queryKey: ['/api/commanders', commander.id, 'free-slots'] });
          }
        },
      },
    );
  });

  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <ScrollingDialogContent
        header={
          <DialogHeader>
            <DialogTitle>{t('Request Meeting with Commander')}</DialogTitle>
            <DialogDescription>{t('A one-hour meeting with {name}.', { name: commander.displayName })}</DialogDescription>
          </DialogHeader>
        }
        onSubmit={onSubmit}
        footer={
          <>
            <Button variant="outline" onClick={close} disabled={create.isPending}>
              {t('Cancel')}
            </Button>
            <Button type="submit" disabled={!ready || create.isPending}>
              <CalendarPlus aria-hidden="true" />
              {create.isPending ? t('Requesting...') : t('Request Meeting')}
            </Button>
          </>
        }
      >
        <FormField id={titleId} label={t('Meeting title')} error={errors.title?.message}>
          <Input
            {...fieldProps(titleId, { error: errors.title?.message })}
            {...form.register('title')}
            maxLength={TITLE_MAX}
            autoComplete="off"
            placeholder={t('What would you like to talk about?')}
          />
        </FormField>
        <FormField id={descriptionId} label={t('Description (optional)')} error={errors.description?.message}>
          <Textarea
            {...fieldProps(descriptionId, { error: errors.description?.message })}
            {...form.register('description')}
            maxLength={DESCRIPTION_MAX}
            placeholder={t('Anything your commander should know beforehand')}
          />
        </FormField>
        {timeZone ? (
          <SlotPicker communityId={communityId} commanderId={commander.id} timeZone={timeZone} value={slot} onChange={onSlotChange} errors={{ time: slotError }} />
        ) : (
          <LoadingRows rows={2} label={t('Loading the meeting times')} />
        )}
        <p className="flex items-start gap-2 rounded-xl bg-primary-50 p-3 text-sm text-primary-900">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{t('The time is booked at once and {name} is notified. Either of you can reschedule or cancel it from Meetings.', { name: commander.displayName })}</span>
        </p>
      </ScrollingDialogContent>
    </Dialog>
  );
}
