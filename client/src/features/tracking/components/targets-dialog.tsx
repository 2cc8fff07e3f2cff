import { zodResolver } from '@hookform/resolvers/zod';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import NotebookPen from 'lucide-react/icons/notebook-pen';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { YearMonth } from '@shared/domain/calendar';
import type { DisciplineTargets, MonthlyTargetsBody } from '@shared/contracts/tracking';
import { DAILY_TARGET_KEYS, type DailyTargetKey, FIXED_TARGETS } from '@shared/domain/disciplines';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { fieldProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { msg, useT } from '@/i18n';
import { useSaveTargets } from '../api';
import { monthLabel } from '../period';
import { targetName } from '@/i18n/labels';

/** The monthly goals an admin switches on or off; monthlyRetreat and silenceHour are fixed (SPEC.md section 9). */
const CHOOSABLE_GOALS = ['prayerWalk', 'evangelism', 'completionOfNewTestament'] as const;
type ChoosableGoal = (typeof CHOOSABLE_GOALS)[number];

const text = z.string().max(300, msg('At most 300 characters'));
const targetsForm = z.object({
  bibleReading: text,
  fasting: text,
  morningIntimacy: text,
  midnightPrayer: text,
  meditation: text,
  prayerWalk: z.boolean(),
  evangelism: z.boolean(),
  completionOfNewTestament: z.boolean(),
});
type TargetsForm = z.infer<typeof targetsForm>;

const PLACEHOLDERS: Record<DailyTargetKey, string> = {
  bibleReading: msg('e.g. 2 chapters daily'),
  fasting: msg('e.g. until 12 noon, 3 days a week'),
  morningIntimacy: msg('e.g. 30 minutes'),
  midnightPrayer: msg('e.g. 1 hour'),
  meditation: msg('e.g. 15 minutes'),
};

function formValues(targets: DisciplineTargets | undefined): TargetsForm {
  return {
    bibleReading: targets?.bibleReading ?? '',
    fasting: targets?.fasting ?? '',
    morningIntimacy: targets?.morningIntimacy ?? '',
    midnightPrayer: targets?.midnightPrayer ?? '',
    meditation: targets?.meditation ?? '',
    prayerWalk: targets?.prayerWalk === 'Yes',
    evangelism: targets?.evangelism === 'Yes',
    completionOfNewTestament: targets?.completionOfNewTestament === 'Yes',
  };
}

/** The body of POST /api/users/monthly-targets: five texts (blank is null) and the five monthly goals as 'Yes' or null. */
export function monthlyTargetsRequest(values: TargetsForm, userId: string, period: YearMonth): MonthlyTargetsBody {
  const texts = Object.fromEntries(DAILY_TARGET_KEYS.map((key) => [key, values[key].trim() || null])) as Record<DailyTargetKey, string | null>;
  const yes = (on: boolean) => (on ? 'Yes' : null);
  return {
    userId,
    month: period.month,
    year: period.year,
    ...texts,
    monthlyRetreat: 'Yes',
    prayerWalk: yes(values.prayerWalk),
    evangelism: yes(values.evangelism),
    completionOfNewTestament: yes(values.completionOfNewTestament),
    silenceHour: 'Yes',
  };
}

interface UpdatePlanCardProps {
  communityId: string | null;
  member: { id: string; displayName: string };
  period: YearMonth;
  targets: DisciplineTargets | undefined;
  targetsLoading: boolean;
}

/** 'Update Monthly Plan' (admins): opens 'Edit Discipline Targets & Goals (Admin Only)' for the member and month on screen. */
export function UpdatePlanCard({ communityId, member, period, targets, targetsLoading }: UpdatePlanCardProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const save = useSaveTargets(communityId);
  const form = useForm<TargetsForm>({ resolver: zodResolver(targetsForm), defaultValues: formValues(targets) });
  const { errors } = form.formState;

  const onOpenChange = (next: boolean) => {
    if (next) form.reset(formValues(targets));
    setOpen(next);
  };

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(monthlyTargetsRequest(values, member.id, period), { onSuccess: () => setOpen(false) });
  });

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2">
          <NotebookPen className="size-5 text-primary-600" aria-hidden="true" />
          {t('Update Monthly Plan')}
        </CardTitle>
        <CardDescription>
          {t("Set {name}'s discipline targets and monthly goals for {month}.", { name: member.displayName, month: monthLabel(period.year, period.month) })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={onOpenChange}>
          <DialogTrigger asChild>
            <Button disabled={targetsLoading}>{t('Update Monthly Targets')}</Button>
          </DialogTrigger>
          <DialogContent className="max-w-xl">
            <DialogHeader>
              <DialogTitle>{t('Edit Discipline Targets & Goals (Admin Only)')}</DialogTitle>
              <DialogDescription>
                {t('{name}, {month}', { name: member.displayName, month: monthLabel(period.year, period.month) })}
              </DialogDescription>
            </DialogHeader>
            <form onSubmit={onSubmit} noValidate className="grid gap-5">
              <fieldset className="grid gap-4">
                <legend className="mb-3 text-sm font-semibold">{t('Daily targets')}</legend>
                {DAILY_TARGET_KEYS.map((key) => {
                  const id = `targets-${key}`;
                  const error = errors[key]?.message;
                  return (
                    <FormField key={key} id={id} label={targetName(key)} error={error}>
                      <Input {...fieldProps(id, { error })} placeholder={t(PLACEHOLDERS[key])} {...form.register(key)} />
                    </FormField>
                  );
                })}
              </fieldset>
              <fieldset className="grid gap-3">
                <legend className="mb-3 text-sm font-semibold">{t('Monthly goals')}</legend>
                <FixedGoal goal="monthlyRetreat" label={targetName('monthlyRetreat')} text={t('Required: {target}', { target: t(FIXED_TARGETS.monthlyRetreat) })} />
                {CHOOSABLE_GOALS.map((key: ChoosableGoal) => (
                  <Controller
                    key={key}
                    control={form.control}
                    name={key}
                    render={({ field }) => (
                      <div className="flex min-h-11 items-center justify-between gap-3 rounded-xl border border-border px-3 py-2">
                        <Label htmlFor={`targets-${key}`}>{targetName(key)}</Label>
                        <Switch id={`targets-${key}`} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
                      </div>
                    )}
                  />
                ))}
                <FixedGoal goal="silenceHour" label={targetName('silenceHour')} text={t('Required: {target}', { target: t(FIXED_TARGETS.silenceHour) })} />
              </fieldset>
              {/* The form is longer than a phone's screen: Save and Cancel stay in view at the bottom. */}
              <DialogFooter className="sticky -bottom-6 -mx-6 -mb-6 border-t border-border bg-card px-6 py-4">
                <Button variant="outline" onClick={() => setOpen(false)}>
                  {t('Cancel')}
                </Button>
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                  {save.isPending ? t('Saving...') : t('Save Targets')}
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

/** A monthly goal every member has (SPEC.md section 9): shown switched on and not changeable. */
function FixedGoal({ goal, label, text: description }: { goal: 'monthlyRetreat' | 'silenceHour'; label: string; text: string }) {
  const id = `targets-fixed-${goal}`;
  return (
    <div className="flex min-h-11 items-center justify-between gap-3 rounded-xl border border-border bg-muted/60 px-3 py-2">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          {description}
        </span>
      </div>
      <Switch id={id} checked disabled aria-describedby={`${id}-hint`} onCheckedChange={() => undefined} />
    </div>
  );
}
