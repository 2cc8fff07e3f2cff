import BellRing from 'lucide-react/icons/bell-ring';
import Info from 'lucide-react/icons/info';
import { useId } from 'react';
import { NOTIFICATION_TOPICS, type NotificationPreferences, type NotificationTopic } from '@shared/contracts/notification-preferences';
import { isAdmin, isCommander } from '@shared/domain/roles';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorNote, LoadingRows } from '@/components/ui/states';
import { Switch } from '@/components/ui/switch';
import { msg, useT } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { toastError } from '@/lib/notify';
import { useNotificationPreferences, useSavePreferences } from '../preferences-api';
import { usePushState } from '../push-device';
import { PushDeviceSection } from './push-device-section';
import { PushDevicesList } from './push-devices-list';
import { ReminderAndQuietHoursForm } from './reminder-and-quiet-hours-form';
import { topicName } from '@/i18n/labels';

export const PREFERENCES_LOAD_FAILED = msg('Your notification settings could not be loaded.');

/**
 * Profile → Notifications (issue 24): push on this device, which kinds come by e-mail and by push (each
 * switch saved as it is flipped), and the daily reminder, time zone and quiet hours.
 */
export function NotificationPreferencesCard({ emailVerified }: { emailVerified: boolean }) {
  const t = useT();
  const preferences = useNotificationPreferences();
  return (
    <Card id="notifications" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <BellRing className="size-5 text-primary-600" aria-hidden="true" />
          {t('Notifications')}
        </CardTitle>
        <CardDescription>{t('What reaches you outside Steadfast. The bell in the app always shows everything.')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {preferences.error ? (
          <ErrorNote message={t(PREFERENCES_LOAD_FAILED)} onRetry={() => void preferences.refetch()} />
        ) : !preferences.data ? (
          <LoadingRows rows={4} label={t('Loading notification settings')} />
        ) : (
          <>
            <PushDeviceSection />
            <PushDevicesList />
            {emailVerified ? null : (
              <p className="flex items-start gap-2 rounded-xl bg-primary-50 p-3 text-sm text-primary-900">
                <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {t('E-mails go only to a confirmed address. Open the link we sent you (the banner at the top sends a new one).')}
              </p>
            )}
            <TopicSwitches preferences={preferences.data} />
            <ReminderAndQuietHoursForm
              key={`${preferences.data.timeZone}-${preferences.data.dailyReminder}-${preferences.data.reminderTime}-${preferences.data.reminderEmail}-${preferences.data.quietHours?.start}-${preferences.data.quietHours?.end}`}
              preferences={preferences.data}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Kinds only some roles receive: a member is not shown switches for notices that never come to them. */
const TOPIC_AUDIENCE: Partial<Record<NotificationTopic, 'commanders' | 'admins'>> = {
  questions: 'commanders',
  weekly: 'commanders',
  applications: 'admins',
};

function TopicSwitches({ preferences }: { preferences: NotificationPreferences }) {
  const t = useT();
  const save = useSavePreferences();
  const headingId = useId();
  const { memberships } = useAuth();
  // Push off on this server: its column would switch nothing.
  const pushOffered = usePushState().data?.kind !== 'server-off';
  const leads = memberships.some((membership) => isCommander(membership.roles));
  const administers = memberships.some((membership) => isAdmin(membership.roles));
  const topics = NOTIFICATION_TOPICS.filter((topic) => {
    const audience = TOPIC_AUDIENCE[topic];
    return audience === undefined || (audience === 'commanders' ? leads : administers);
  });
  const flip = (channel: 'email' | 'push', topic: NotificationTopic, on: boolean) =>
    save.mutate({ [channel]: { [topic]: on } }, { onError: (error) => toastError(t('Your choice was not saved'), error) });
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        {t('Tell me about')}
      </h3>
      <ul className="divide-y divide-border rounded-xl border border-border">
        <li aria-hidden="true" className="flex items-center gap-4 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          <span className="min-w-0 flex-1" />
          <span className="w-14 whitespace-nowrap text-center">{t('E-mail')}</span>
          {pushOffered ? <span className="w-14 whitespace-nowrap text-center">{t('Push')}</span> : null}
        </li>
        {topics.map((topic) => (
          <li key={topic} className="flex items-center gap-4 px-4 py-3">
            <span className="min-w-0 flex-1 text-sm">{topicName(topic)}</span>
            <span className="flex w-14 justify-center">
              <Switch checked={preferences.email[topic]} aria-label={t('E-mail: {topic}', { topic: topicName(topic) })} onCheckedChange={(on) => flip('email', topic, on)} />
            </span>
            {pushOffered ? (
              <span className="flex w-14 justify-center">
                <Switch checked={preferences.push[topic]} aria-label={t('Push: {topic}', { topic: topicName(topic) })} onCheckedChange={(on) => flip('push', topic, on)} />
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">{t('An e-mail or push says what happened and links here; it never carries the text of a question, an answer or a meeting note.')}</p>
    </section>
  );
}
