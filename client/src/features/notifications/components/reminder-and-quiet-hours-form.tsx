import { useId, useState } from 'react';
import type { NotificationPreferences } from '@shared/contracts/notification-preferences';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { TimeZoneSelect } from '@/components/ui/time-zone-select';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
import { fieldErrors } from '@/lib/api-client';
import { toastError } from '@/lib/notify';
import { browserTimeZone, timeZoneLabel } from '@/lib/time-zones';
import { useSavePreferences } from '../preferences-api';

/** The daily reminder, the time zone and quiet hours, saved together. */
export function ReminderAndQuietHoursForm({ preferences }: { preferences: NotificationPreferences }) {
  const t = useT();
  const save = useSavePreferences();
  const id = useId();
  // Until a zone is chosen, the browser's is offered (saving keeps it).
  const suggested = preferences.timeZoneChosen ? undefined : browserTimeZone();
  const [timeZone, setTimeZone] = useState(suggested ?? preferences.timeZone);
  const [reminder, setReminder] = useState(preferences.dailyReminder);
  const [reminderTime, setReminderTime] = useState(preferences.reminderTime ?? '20:00');
  const [reminderEmail, setReminderEmail] = useState(preferences.reminderEmail);
  const [quiet, setQuiet] = useState(preferences.quietHours !== null);
  const [start, setStart] = useState(preferences.quietHours?.start ?? '22:00');
  const [end, setEnd] = useState(preferences.quietHours?.end ?? '07:00');
  const errors = fieldErrors(save.error);
  const zoneHint = suggested && suggested !== preferences.timeZone ? t("Your browser's time zone. Save to keep it.") : undefined;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      { timeZone, dailyReminder: reminder, reminderTime: reminder ? reminderTime : preferences.reminderTime, reminderEmail, quietHours: quiet ? { start, end } : null },
      {
        onSuccess: () =>
          toast({
            title: t('Saved'),
            description: reminder
              ? t('A reminder at {time} on days without a check-in, {zone} time.', { time: reminderTime, zone: timeZoneLabel(timeZone) })
              : t('Times are in {zone} time.', { zone: timeZoneLabel(timeZone) }),
            variant: 'success',
          }),
        onError: (error) => toastError(t('Your settings were not saved'), error),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="text-sm font-semibold">
        {t('Daily reminder, time zone and quiet hours')}
      </h3>
      <label className="flex items-start gap-2 text-sm">
        <Checkbox checked={reminder} onChange={(event) => setReminder(event.target.checked)} className="mt-0.5" />
        {t('Remind me on days I have not checked in yet (by push)')}
      </label>
      {reminder ? (
        <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
          <FormField id={`${id}-reminder`} label={t('Reminder time')} error={errors.reminderTime}>
            <Input {...fieldProps(`${id}-reminder`, { error: errors.reminderTime })} type="time" value={reminderTime} onChange={(event) => setReminderTime(event.target.value)} required />
          </FormField>
          <label className="flex items-center gap-2 pb-2 text-sm">
            <Checkbox checked={reminderEmail} onChange={(event) => setReminderEmail(event.target.checked)} />
            {t('Also by e-mail')}
          </label>
        </div>
      ) : null}
      <FormField id={`${id}-zone`} label={t('Time zone')} hint={zoneHint} error={errors.timeZone}>
        <TimeZoneSelect {...fieldProps(`${id}-zone`, { hint: zoneHint, error: errors.timeZone })} value={timeZone} onChange={setTimeZone} extra={['UTC']} />
      </FormField>
      <label className="flex items-start gap-2 text-sm">
        <Checkbox checked={quiet} onChange={(event) => setQuiet(event.target.checked)} className="mt-0.5" />
        {t('Quiet hours: hold notification e-mails and pushes back until they end')}
      </label>
      {quiet ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-start`} label={t('From')} error={errors['quietHours.start']}>
            <Input {...fieldProps(`${id}-start`, { error: errors['quietHours.start'] })} type="time" value={start} onChange={(event) => setStart(event.target.value)} required />
          </FormField>
          <FormField id={`${id}-end`} label={t('Until')} error={errors['quietHours.end']}>
            <Input {...fieldProps(`${id}-end`, { error: errors['quietHours.end'] })} type="time" value={end} onChange={(event) => setEnd(event.target.value)} required />
          </FormField>
        </div>
      ) : null}
      <p className="text-xs text-muted-foreground">{t('Account e-mails (confirming your address, resetting your password) always arrive at once.')}</p>
      <Button type="submit" variant="outline" disabled={save.isPending} className="w-full sm:w-auto sm:justify-self-start">
        {save.isPending ? t('Saving...') : t('Save reminder and quiet hours')}
      </Button>
    </form>
  );
}
