import BellOff from 'lucide-react/icons/bell-off';
import Smartphone from 'lucide-react/icons/smartphone';
import { Button } from '@/components/ui/button';
import { ErrorNote } from '@/components/ui/states';
import { msg, useT } from '@/i18n';
import { errorMessage } from '@/lib/api-client';
import { toastError } from '@/lib/notify';
import { PushSetupError, usePushState, useTurnPushOff, useTurnPushOn } from '../push-device';

export const PUSH_STATE_FAILED = msg('Push notifications could not be checked.');

/** Push on this device: turned on here (the browser asks its permission then), off, or why it cannot be. */
export function PushDeviceSection() {
  const t = useT();
  const state = usePushState();
  const turnOn = useTurnPushOn();
  const turnOff = useTurnPushOff();
  const data = state.data;

  let body;
  if (state.error) body = <ErrorNote message={t(PUSH_STATE_FAILED)} onRetry={() => void state.refetch()} />;
  else if (!data) body = <p className="text-sm text-muted-foreground">{t('Checking this device…')}</p>;
  else if (data.kind === 'unsupported')
    body = (
      <p className="text-sm text-muted-foreground">
        {t('This browser cannot receive push notifications. On an iPhone, add Steadfast to the Home Screen first (Share → Add to Home Screen).')}
      </p>
    );
  else if (data.kind === 'server-off') body = <p className="text-sm text-muted-foreground">{data.reason ?? t('Push notifications are not set up on this server.')}</p>;
  else if (data.kind === 'blocked')
    body = (
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <BellOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t('Notifications are blocked for this site. Allow them in your browser’s site settings to receive them here.')}
      </p>
    );
  else if (data.kind === 'on')
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p className="min-w-0 flex-1 text-sm">{t('Push is on for this device.')}</p>
        <Button variant="outline" size="sm" disabled={turnOff.isPending} onClick={() => turnOff.mutate(data.endpoint, { onError: (error) => toastError(t('Push was not turned off'), error) })}>
          {turnOff.isPending ? t('Turning off...') : t('Turn off on this device')}
        </Button>
      </div>
    );
  else
    body = (
      <div className="grid gap-2">
        <p className="text-sm text-muted-foreground">{t('Get the kinds switched on under Push on this phone or computer, even when Steadfast is closed.')}</p>
        <Button className="w-full sm:w-auto sm:justify-self-start" disabled={turnOn.isPending} onClick={() => turnOn.mutate(data.publicKey)}>
          <Smartphone aria-hidden="true" />
          {turnOn.isPending ? t('Turning on...') : t('Turn on push on this device')}
        </Button>
        {turnOn.error ? (
          <p role="alert" className="text-sm text-destructive">
            {turnOn.error instanceof PushSetupError ? t(turnOn.error.message) : errorMessage(turnOn.error, t('Push could not be turned on. Please try again.'))}
          </p>
        ) : null}
      </div>
    );

  return (
    <section aria-labelledby="push-device-heading" className="grid gap-2">
      <h3 id="push-device-heading" className="text-sm font-semibold">
        {t('Push on this device')}
      </h3>
      {body}
    </section>
  );
}
