import BellRing from 'lucide-react/icons/bell-ring';
import Info from 'lucide-react/icons/info';
import { useId, useMemo, useState } from 'react';
import { NOTIFICATION_TOPICS, type NotificationPreferences, TOPIC_LABELS } from '@shared/contracts/notification-preferences';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ErrorNote, LoadingRows } from '@/components/ui/states';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { fieldErrors } from '@/lib/api-client';
import { toastError } from '@/lib/notify';
import { browserTimeZone, timeZoneLabel, timeZoneOptions } from '@/lib/time-zones';
import { useNotificationPreferences, useSavePreferences } from '../preferences-api';

export const PREFERENCES_LOAD_FAILED = 'Your notification settings could not be loaded.';

/**
 * Profile → Notifications (issue 24): which notifications also come by e-mail, one switch per kind (each
 * saved as it is flipped), and the time zone and quiet hours they are held to.
 */
export function NotificationPreferencesCard({ emailVerified }: { emailVerified: boolean }) {
  const preferences = useNotificationPreferences();
  return (
    <Card id="notifications" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <BellRing className="size-5 text-primary-600" aria-hidden="true" />
          Notifications
        </CardTitle>
        <CardDescription>What reaches you outside Steadfast. The bell in the app always shows everything.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {preferences.error ? (
          <ErrorNote message={PREFERENCES_LOAD_FAILED} onRetry={() => void preferences.refetch()} />
        ) : !preferences.data ? (
          <LoadingRows rows={4} label="Loading notification settings" />
        ) : (
          <>
            {emailVerified ? null : (
              <p className="flex items-start gap-2 rounded-xl bg-primary-50 p-3 text-sm text-primary-900">
                <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                E-mails go only to a confirmed address. Open the link we sent you (the banner at the top sends a new one).
              </p>
            )}
            <EmailSwitches preferences={preferences.data} />
            <ZoneAndQuietHours key={`${preferences.data.timeZone}-${preferences.data.quietHours?.start}-${preferences.data.quietHours?.end}`} preferences={preferences.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function EmailSwitches({ preferences }: { preferences: NotificationPreferences }) {
  const save = useSavePreferences();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        E-mail me about
      </h3>
      <ul className="divide-y divide-border rounded-xl border border-border">
        {NOTIFICATION_TOPICS.map((topic) => (
          <li key={topic} className="flex items-center justify-between gap-4 px-4 py-3">
            <span id={`${headingId}-${topic}`} className="text-sm">
              {TOPIC_LABELS[topic]}
            </span>
            <Switch
              checked={preferences.email[topic]}
              aria-labelledby={`${headingId}-${topic}`}
              onCheckedChange={(on) => save.mutate({ email: { [topic]: on } }, { onError: (error) => toastError('Your choice was not saved', error) })}
            />
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">An e-mail says what happened and links here; it never carries the text of a question, an answer or a meeting note.</p>
    </section>
  );
}

function ZoneAndQuietHours({ preferences }: { preferences: NotificationPreferences }) {
  const save = useSavePreferences();
  const id = useId();
  // Until a zone is chosen, the browser's is offered (saving keeps it).
  const suggested = preferences.timeZoneChosen ? undefined : browserTimeZone();
  const [timeZone, setTimeZone] = useState(suggested ?? preferences.timeZone);
  const [quiet, setQuiet] = useState(preferences.quietHours !== null);
  const [start, setStart] = useState(preferences.quietHours?.start ?? '22:00');
  const [end, setEnd] = useState(preferences.quietHours?.end ?? '07:00');
  const zones = useMemo(() => [...new Set(['UTC', ...timeZoneOptions(timeZone)])], [timeZone]);
  const errors = fieldErrors(save.error);
  const zoneHint = suggested && suggested !== preferences.timeZone ? "Your browser's time zone. Save to keep it." : undefined;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      { timeZone, quietHours: quiet ? { start, end } : null },
      {
        onSuccess: () => toast({ title: 'Saved', description: quiet ? `Quiet from ${start} to ${end}, ${timeZoneLabel(timeZone)} time.` : `Times are in ${timeZoneLabel(timeZone)} time.`, variant: 'success' }),
        onError: (error) => toastError('Your settings were not saved', error),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="text-sm font-semibold">
        Time zone and quiet hours
      </h3>
      <FormField id={`${id}-zone`} label="Time zone" hint={zoneHint} error={errors.timeZone}>
        <NativeSelect {...fieldProps(`${id}-zone`, { hint: zoneHint, error: errors.timeZone })} value={timeZone} onChange={(event) => setTimeZone(event.target.value)}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {timeZoneLabel(zone)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <Checkbox checked={quiet} onChange={(event) => setQuiet(event.target.checked)} />
        Quiet hours: hold notification e-mails back until they end
      </label>
      {quiet ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-start`} label="From" error={errors['quietHours.start']}>
            <Input {...fieldProps(`${id}-start`, { error: errors['quietHours.start'] })} type="time" value={start} onChange={(event) => setStart(event.target.value)} required />
          </FormField>
          <FormField id={`${id}-end`} label="Until" error={errors['quietHours.end']}>
            <Input {...fieldProps(`${id}-end`, { error: errors['quietHours.end'] })} type="time" value={end} onChange={(event) => setEnd(event.target.value)} required />
          </FormField>
        </div>
      ) : null}
      <p className="text-xs text-muted-foreground">Account e-mails (confirming your address, resetting your password) always arrive at once.</p>
      <Button type="submit" variant="outline" disabled={save.isPending} className="w-full sm:w-auto sm:justify-self-start">
        {save.isPending ? 'Saving...' : 'Save time zone and quiet hours'}
      </Button>
    </form>
  );
}
