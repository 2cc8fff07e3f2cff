import { zodResolver } from '@hookform/resolvers/zod';
import CircleCheck from 'lucide-react/icons/circle-check';
import Send from 'lucide-react/icons/send';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { z } from 'zod';
import { APPLICATION_MESSAGE_MAX, APPLICATION_TARGET_MAX } from '@shared/contracts/applications';
import { DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH } from '@shared/domain/constants';
import { FIXED_APPLICATION_TARGETS, FIXED_TARGETS, type TargetKey } from '@shared/domain/disciplines';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { msg, Trans, useT } from '@/i18n';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/forms';
import { useSubmitApplication } from '../api';
import { disciplineName, targetName } from '@/i18n/labels';

/** The two goals fixed for every member (SPEC.md section 4): shown read-only after the community's own disciplines. */
const FIXED_KEYS = ['monthlyRetreat', 'silenceHour'] as const;
const isFixed = (key: string) => (FIXED_KEYS as readonly string[]).includes(key);

const TARGET_PLACEHOLDERS: Partial<Record<TargetKey, string>> = {
  bibleReading: msg('e.g. 2 chapters a day'),
  fasting: msg('e.g. Until noon on Wednesdays'),
  morningIntimacy: msg('e.g. 30 minutes before work'),
  midnightPrayer: msg('e.g. Fridays'),
  meditation: msg('e.g. 10 minutes on a verse'),
  prayerWalk: msg('e.g. Once a month'),
  evangelism: msg('e.g. One conversation a week'),
  completionOfNewTestament: msg('e.g. By the end of the year'),
};

// The limits are written out in the messages (a message is a literal): APPLICATION_TARGET_MAX 200,
// DISPLAY_NAME_MAX_LENGTH 80, APPLICATION_MESSAGE_MAX 2000.
const target = z.string().max(APPLICATION_TARGET_MAX, msg('Targets must be at most 200 characters'));
const applyForm = z.object({
  name: z.string().max(DISPLAY_NAME_MAX_LENGTH, msg('Name must be at most 80 characters')),
  email: z.string().max(EMAIL_MAX_LENGTH, msg('E-mail is too long')),
  message: z.string().max(APPLICATION_MESSAGE_MAX, msg('Message must be at most 2000 characters')),
  targets: z.record(z.string(), target),
  monthlyRetreat: z.string(),
  silenceHour: z.string(),
});
type ApplyForm = z.infer<typeof applyForm>;

/** SPEC.md section 4: the fixed goals are empty at first and prefilled after a successful submission. */
const initialValues = (disciplines: readonly ApplyDiscipline[]): ApplyForm => ({
  name: '',
  email: '',
  message: '',
  targets: Object.fromEntries(disciplines.map((discipline) => [discipline.key, ''])),
  monthlyRetreat: '',
  silenceHour: '',
});

const EMAIL_PATTERN = z.email();

export interface ApplyDiscipline {
  key: string;
  label: string;
}

/**
 * The public application form of /apply: name and e-mail, a message, and the targets one hopes to keep in
 * the community's own disciplines (its templates, as GET /api/communities/info answers them).
 */
export function ApplyForm({ communityId, disciplines: all }: { communityId: string; disciplines: readonly ApplyDiscipline[] }) {
  const t = useT();
  const disciplines = all.filter((discipline) => !isFixed(discipline.key));
  const initial = initialValues(disciplines);
  // The fixed goals as the form shows them, in the reader's language; the application stores SPEC's English words (FIXED_APPLICATION_TARGETS).
  const shownFixed = (key: (typeof FIXED_KEYS)[number]) => t('Required - {target}', { target: t(FIXED_TARGETS[key]) });
  const afterSuccess: ApplyForm = { ...initial, monthlyRetreat: shownFixed('monthlyRetreat'), silenceHour: shownFixed('silenceHour') };
  const submit = useSubmitApplication();
  // What was sent stays said on the page (a toast is gone in seconds), until the next application.
  const [sent, setSent] = useState<{ name: string; email: string; updated: boolean } | null>(null);
  const form = useForm<ApplyForm>({ resolver: zodResolver(applyForm), defaultValues: initial });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const name = values.name.trim();
    const email = values.email.trim();
    if (!name || !email) {
      toast({ title: t('Required Fields'), description: t('Please fill in your name and email address.'), variant: 'destructive' });
      if (!name) form.setError('name', { message: msg('Name is required') }, { shouldFocus: true });
      if (!email) form.setError('email', { message: msg('E-mail is required') }, { shouldFocus: Boolean(name) });
      return;
    }
    if (!EMAIL_PATTERN.safeParse(email).success) {
      form.setError('email', { message: msg('Please enter a valid e-mail address') }, { shouldFocus: true });
      return;
    }
    const disciplineTargets = Object.fromEntries(Object.entries(values.targets).map(([key, text]) => [key, text.trim()]).filter(([, text]) => text));
    submit.mutate(
      { name, email, message: values.message.trim() || null, disciplineTargets: { ...disciplineTargets, ...FIXED_APPLICATION_TARGETS }, communityId },
      {
        onSuccess: (answer) => {
          toast({ title: t('Welcome Message Sent!'), description: t('Thank you for sharing! Our community leaders will reach out to welcome you soon.'), variant: 'success' });
          setSent({ name, email, updated: answer.updated === true });
          form.reset(afterSuccess);
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, ['name', 'email', 'message']);
          // Not toastError: a visitor has no community on screen for the community-gone handler to explain.
          toast({ title: t('Submission Failed'), description: errorMessage(error, t('Please try again.')), variant: 'destructive' });
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      {sent ? <ApplicationSentNote {...sent} /> : null}
      <Card>
        <CardHeader>
          <CardTitle>{t('Personal information')}</CardTitle>
          <CardDescription>{t("So the community's leaders can reach you.")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="apply-name" label={t('Your name')} error={errors.name?.message}>
              <Input {...fieldProps('apply-name', { error: errors.name?.message })} autoComplete="name" maxLength={DISPLAY_NAME_MAX_LENGTH} required {...form.register('name')} />
            </FormField>
            <FormField id="apply-email" label={t('E-mail')} error={errors.email?.message}>
              <Input {...fieldProps('apply-email', { error: errors.email?.message })} type="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX_LENGTH} required {...form.register('email')} />
            </FormField>
          </div>
          <FormField id="apply-message" label={t('Message (optional)')} error={errors.message?.message}>
            <Textarea
              {...fieldProps('apply-message', { error: errors.message?.message })}
              rows={4}
              maxLength={APPLICATION_MESSAGE_MAX}
              placeholder={t('Tell us a little about yourself and your walk of faith')}
              {...form.register('message')}
            />
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('Discipline targets')}</CardTitle>
          <CardDescription>{t('What you hope to keep. All optional: leave blank what you are not sure of yet.')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {disciplines.map(({ key, label }) => {
            const id = `apply-${key}`;
            const error = errors.targets?.[key]?.message;
            const placeholder = TARGET_PLACEHOLDERS[key as TargetKey];
            return (
              <FormField key={key} id={id} label={disciplineName(label)} error={error}>
                <Input {...fieldProps(id, { error })} maxLength={APPLICATION_TARGET_MAX} placeholder={placeholder ? t(placeholder) : undefined} {...form.register(`targets.${key}`)} />
              </FormField>
            );
          })}
          {FIXED_KEYS.map((key) => {
            const id = `apply-${key}`;
            const hint = t('Required for all members');
            return (
              <FormField key={key} id={id} label={t('{label} (required)', { label: targetName(key) })} hint={hint}>
                <Input {...fieldProps(id, { hint })} readOnly aria-readonly="true" placeholder={shownFixed(key)} className="bg-muted" {...form.register(key)} />
              </FormField>
            );
          })}
        </CardContent>
      </Card>

      <div className="grid gap-3">
        <Button type="submit" size="lg" disabled={submit.isPending} className="w-full sm:w-auto sm:justify-self-start">
          <Send aria-hidden="true" />
          {submit.isPending ? t('Sending...') : t('Join Our Community')}
        </Button>
        <p className="text-sm text-muted-foreground">
          <Trans
            id="By submitting, you agree to take part in the community with respect and commitment. <0>How we keep your data</0>"
            components={{ 0: <Link href="/privacy" className="font-medium text-primary-700 underline underline-offset-4" /> }}
          />
        </p>
      </div>
    </form>
  );
}

/** The lasting confirmation after sending: who sent it, where the leaders will write, and whether it replaced an earlier one. */
function ApplicationSentNote({ name, email, updated }: { name: string; email: string; updated: boolean }) {
  const t = useT();
  return (
    <Card role="status" className="flex items-start gap-3 border-success/30 bg-success-50 p-5">
      <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
      <div className="grid min-w-0 gap-1">
        <h2 className="text-lg font-semibold">{updated ? t('Your application was updated') : t('Your application was sent')}</h2>
        <p className="break-words text-sm text-muted-foreground">
          {updated
            ? t('Thank you, {name}. You had already applied with {email}, so we updated that application with what you sent now.', { name, email })
            : t("Thank you, {name}. The community's leaders will reach out to you at {email} to welcome you.", { name, email })}
        </p>
      </div>
    </Card>
  );
}
