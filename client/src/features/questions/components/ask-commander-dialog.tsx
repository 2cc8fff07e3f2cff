import { zodResolver } from '@hookform/resolvers/zod';
import Send from 'lucide-react/icons/send';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { askQuestionBody, QUESTION_TEXT_MAX, QUESTION_TITLE_MAX } from '@shared/contracts/questions';
import { PRIORITIES } from '@shared/domain/constants';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ScrollingDialogContent } from '@/components/ui/scrolling-dialog';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { msg, useT } from '@/i18n';
import { applyServerFieldErrors } from '@/lib/forms';
import { toastError } from '@/lib/notify';
import { useAskQuestion } from '../api';
import { PRIORITY_LABELS } from '../format';

/** SPEC.md section 5: subject and message required, priority Low, Normal, High or Urgent (default Normal). */
const askFormSchema = z.object({
  title: askQuestionBody.shape.title,
  body: askQuestionBody.shape.body,
  priority: z.enum(PRIORITIES),
});
type AskForm = z.infer<typeof askFormSchema>;

const EMPTY: AskForm = { title: '', body: '', priority: 'Normal' };

/** What leaves the app (issue 41): the commander's e-mail and push name the subject; the message stays inside. */
const SUBJECT_HINT = msg('Your commander is told of it by e-mail or push with this subject; the message itself stays in Steadfast.');

/**
 * 'Ask Your Commander': a subject, a message and a priority, sent with POST /api/questions to the commander
 * of the asker's subgroup (the server decides who; 409 'No commander found for your subgroup' otherwise).
 * Used on /questions and on My Subgroup. A draft survives closing the dialog; it is cleared once sent.
 */
export function AskCommanderDialog({ open, onOpenChange, subject }: { open: boolean; onOpenChange: (open: boolean) => void; /** Offered as the subject when none is written yet (a reply to a commander's note). */ subject?: string }) {
  const t = useT();
  const id = useId();
  const ask = useAskQuestion();
  const form = useForm<AskForm>({ resolver: zodResolver(askFormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  useEffect(() => {
    if (open && subject && !form.getValues('title')) form.setValue('title', subject);
  }, [open, subject, form]);

  const onSubmit = form.handleSubmit((values) => {
    ask.mutate(
      { ...values, tags: [] },
      {
        onSuccess: () => {
          toast({ title: t('Question Sent'), description: t('Your question has been sent to your commander.'), variant: 'success' });
          form.reset(EMPTY);
          onOpenChange(false);
        },
        onError: (error) => {
          if (!applyServerFieldErrors(error, form.setError, ['title', 'body', 'priority'])) toastError(t('Error'), error, t('Failed to send question'));
        },
      },
    );
  });

  const titleId = `${id}-title`;
  const bodyId = `${id}-body`;
  const priorityId = `${id}-priority`;

  return (
    <Dialog open={open} onOpenChange={(next) => (ask.isPending ? undefined : onOpenChange(next))}>
      <ScrollingDialogContent
        header={
          <DialogHeader>
            <DialogTitle>{t('Ask Your Commander')}</DialogTitle>
            <DialogDescription>{t('Your question goes privately to the commander of your subgroup.')}</DialogDescription>
          </DialogHeader>
        }
        onSubmit={onSubmit}
        footer={
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={ask.isPending}>
              {t('Cancel')}
            </Button>
            {/* Enabled when blank too: sending then says what is missing ('Subject is required') under the field. */}
            <Button type="submit" disabled={ask.isPending}>
              <Send aria-hidden="true" />
              {ask.isPending ? t('Sending...') : t('Send Question')}
            </Button>
          </>
        }
      >
        <FormField id={titleId} label={t('Subject')} hint={t(SUBJECT_HINT)} error={errors.title?.message}>
          <Input
            {...fieldProps(titleId, { hint: SUBJECT_HINT, error: errors.title?.message })}
            {...form.register('title')}
            maxLength={QUESTION_TITLE_MAX}
            autoComplete="off"
            placeholder={t('What is your question about?')}
          />
        </FormField>
        <FormField id={bodyId} label={t('Message')} error={errors.body?.message}>
          <Textarea
            {...fieldProps(bodyId, { error: errors.body?.message })}
            {...form.register('body')}
            rows={5}
            maxLength={QUESTION_TEXT_MAX}
            placeholder={t('Write your question here.')}
          />
        </FormField>
        <FormField id={priorityId} label={t('Priority')} error={errors.priority?.message}>
          <NativeSelect {...fieldProps(priorityId, { error: errors.priority?.message })} {...form.register('priority')}>
            {PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {t(PRIORITY_LABELS[priority])}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </ScrollingDialogContent>
    </Dialog>
  );
}
