import CalendarPlus from 'lucide-react/icons/calendar-plus';
import ChevronDown from 'lucide-react/icons/chevron-down';
import Send from 'lucide-react/icons/send';
import { type FormEvent, useId, useState } from 'react';
import type { QuestionView } from '@shared/contracts/questions';
import { QUESTION_TEXT_MAX } from '@shared/contracts/wire-values';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ScrollingDialogContent } from '@/components/ui/scrolling-dialog';
import { LoadingRows } from '@/components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useCommunity } from '@/features/communities/api';
import { useCreateMeeting } from '@/features/meetings/api';
import { type SlotChoice, SlotPicker, slotToMeetingTimes } from '@/features/meetings/components/slot-picker';
import { i18n, msg, useT } from '@/i18n';
import { errorMessage } from '@/lib/api-client';
import { toastError } from '@/lib/notify';
import { browserTimeZone } from '@/lib/time-zones';
import { useUpdateQuestion } from '../api';
import { canScheduleMeetingFor } from '../format';

type Mode = 'answer' | 'schedule';

/** SPEC.md section 5: the notes of a meeting scheduled from a question, unless the commander writes others. */
export const defaultMeetingNotes = (question: Pick<QuestionView, 'title'>) => i18n.t('Discussion about: {title}', { title: question.title });

interface RespondDialogProps {
  question: QuestionView | null;
  onOpenChange: (open: boolean) => void;
  communityId: string;
  /** The viewer, who answers or meets the asker as their commander. */
  commanderId: string;
}

/**
 * 'Respond' to a received question (SPEC.md sections 2 and 4): 'Answer Now' sends an answer (the question
 * becomes Answered); 'Schedule Meeting' books a meeting with the asker in one of the viewer's free slots,
 * then marks the question 'Meeting Scheduled'.
 */
export function RespondDialog({ question, onOpenChange, communityId, commanderId }: RespondDialogProps) {
  return (
    <Dialog open={question !== null} onOpenChange={onOpenChange}>
      {/* Mounted per question, so each opening starts blank on 'Answer Now'. */}
      {question ? <RespondContent key={question.id} question={question} onDone={() => onOpenChange(false)} communityId={communityId} commanderId={commanderId} /> : null}
    </Dialog>
  );
}

function RespondContent({ question, onDone, communityId, commanderId }: { question: QuestionView; onDone: () => void; communityId: string; commanderId: string }) {
  const t = useT();
  const id = useId();
  const [mode, setMode] = useState<Mode>('answer');
  const [answer, setAnswer] = useState('');
  const [slot, setSlot] = useState<SlotChoice>({ date: null, time: null });
  const [slotErrors, setSlotErrors] = useState<{ date?: string; time?: string }>({});
  const [notes, setNotes] = useState(() => defaultMeetingNotes(question));
  const [location, setLocation] = useState('');
  const [scheduling, setScheduling] = useState(false);
  const update = useUpdateQuestion();
  const createMeeting = useCreateMeeting();
  const community = useCommunity(communityId);
  const timeZone = community.data?.timeZone ?? (community.error ? (browserTimeZone() ?? 'UTC') : null);

  const pending = update.isPending || scheduling;
  // A question whose meeting is booked gets its answer here, not a second meeting.
  const mayMeet = canScheduleMeetingFor(question.status);
  const answerFormId = `${id}-answer-form`;
  const scheduleFormId = `${id}-schedule-form`;
  const answerId = `${id}-answer`;
  const notesId = `${id}-notes`;
  const locationId = `${id}-location`;
  const locationHint = t('A room, an address or a video-call link. Leave it empty to decide later (TBD).');

  const close = () => {
    if (!pending) onDone();
  };

  const onAnswer = (event: FormEvent) => {
    event.preventDefault();
    const text = answer.trim();
    if (!text) {
      toast({ title: t('Answer Required'), description: t('Please provide an answer before submitting.'), variant: 'destructive' });
      return;
    }
    update.mutate(
      { id: question.id, status: 'Answered', answer: text },
      {
        onSuccess: () => {
          toast({ title: t('Question Answered'), description: t('Your response has been sent to the member.'), variant: 'success' });
          onDone();
        },
        onError: (error) => toastError(t('Failed to Send Answer'), error, t('Unable to send answer. Please try again.')),
      },
    );
  };

  const onSchedule = async (event: FormEvent) => {
    event.preventDefault();
    if (!slot.date || !slot.time || !timeZone) {
      setSlotErrors({ date: slot.date ? undefined : msg('Choose a date'), time: slot.time ? undefined : msg('Choose a time') });
      toast({ title: t('Date and Time Required'), description: t('Please select both date and time for the meeting.'), variant: 'destructive' });
      return;
    }
    setSlotErrors({});
    setScheduling(true);
    try {
      try {
        await createMeeting.mutateAsync({
          ...slotToMeetingTimes({ date: slot.date, time: slot.time }, timeZone),
          memberId: question.fromUserId,
          questionId: question.id,
          notes: notes.trim() || defaultMeetingNotes(question),
          location: location.trim() || 'TBD',
        });
      } catch (error) {
        toastError(t('Failed to Schedule Meeting'), error, t('Unable to schedule meeting. Please try again.'));
        return;
      }
      try {
        await update.mutateAsync({ id: question.id, status: 'Meeting Scheduled' });
        toast({ title: t('Meeting Scheduled'), description: t('Meeting has been scheduled to discuss this question.'), variant: 'success' });
      } catch (error) {
        // The meeting is booked (scheduling again would book a second one): say so, and that the status did not change.
        toast({
          title: t('Question Not Updated'),
          description: t('The meeting is booked, but the question could not be marked Meeting Scheduled: {reason}', { reason: errorMessage(error, t('please try again later.')) }),
          variant: 'destructive',
        });
      }
      onDone();
    } finally {
      setScheduling(false);
    }
  };

  const answerForm = (
    <form id={answerFormId} noValidate onSubmit={onAnswer} className="grid gap-4">
      <FormField id={answerId} label={t('Your answer')}>
        <Textarea
          {...fieldProps(answerId, {})}
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
          rows={6}
          maxLength={QUESTION_TEXT_MAX}
          placeholder={t('Write your answer to the member.')}
        />
      </FormField>
    </form>
  );

  return (
    <ScrollingDialogContent
      onEscapeKeyDown={(event) => (pending ? event.preventDefault() : undefined)}
      onInteractOutside={(event) => (pending ? event.preventDefault() : undefined)}
      header={
        <DialogHeader>
          <DialogTitle>{t('Respond to Question')}</DialogTitle>
          <DialogDescription className="break-words">{t('{name} asked: {title}', { name: question.fromUserName, title: question.title })}</DialogDescription>
        </DialogHeader>
      }
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={pending}>
            {t('Cancel')}
          </Button>
          {mode === 'answer' || !mayMeet ? (
            <Button type="submit" form={answerFormId} disabled={pending}>
              <Send aria-hidden="true" />
              {update.isPending ? t('Sending...') : t('Send Answer')}
            </Button>
          ) : (
            <Button type="submit" form={scheduleFormId} disabled={pending || !timeZone}>
              <CalendarPlus aria-hidden="true" />
              {scheduling ? t('Scheduling...') : t('Schedule Meeting')}
            </Button>
          )}
        </>
      }
    >
      <details className="group rounded-xl border border-border bg-muted px-3 py-1 text-sm">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 font-medium [&::-webkit-details-marker]:hidden">
          {t('Their message')}
          <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
        </summary>
        <p className="whitespace-pre-wrap break-words pb-2 text-muted-foreground">{question.body}</p>
      </details>
      {!mayMeet ? (
        <>
          <p className="text-sm text-muted-foreground">{t('A meeting is booked for this question. Write the answer here when you have talked it through.')}</p>
          {answerForm}
        </>
      ) : (
        <Tabs value={mode} onValueChange={(value) => setMode(value as Mode)}>
          <TabsList className="flex w-full">
            <TabsTrigger value="answer" disabled={pending} className="min-h-11">
              {t('Answer Now')}
            </TabsTrigger>
            <TabsTrigger value="schedule" disabled={pending} className="min-h-11">
              {t('Schedule Meeting')}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="answer" className="mt-4">
            {answerForm}
          </TabsContent>
          <TabsContent value="schedule" className="mt-4">
            <form id={scheduleFormId} noValidate onSubmit={(event) => void onSchedule(event)} className="grid gap-4">
              <p className="text-sm text-muted-foreground">{t('Meet {name} to talk it through. The meeting lasts one hour.', { name: question.fromUserName })}</p>
              {timeZone ? (
                <SlotPicker
                  communityId={communityId}
                  commanderId={commanderId}
                  timeZone={timeZone}
                  value={slot}
                  onChange={(choice) => {
                    setSlot(choice);
                    setSlotErrors({});
                  }}
                  errors={slotErrors}
                />
              ) : (
                <LoadingRows rows={2} label={t("Loading the community's time zone")} />
              )}
              <FormField id={locationId} label={t('Location (optional)')} hint={locationHint}>
                <Input
                  {...fieldProps(locationId, { hint: locationHint })}
                  value={location}
                  onChange={(event) => setLocation(event.target.value)}
                  maxLength={300}
                  placeholder={t('TBD')}
                  autoComplete="off"
                />
              </FormField>
              <FormField id={notesId} label={t('Notes')}>
                <Textarea {...fieldProps(notesId, {})} value={notes} onChange={(event) => setNotes(event.target.value)} rows={3} maxLength={2000} />
              </FormField>
            </form>
          </TabsContent>
        </Tabs>
      )}
    </ScrollingDialogContent>
  );
}
