import Smartphone from 'lucide-react/icons/smartphone';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorNote, LoadingRows } from '@/components/ui/states';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
import { formatLongDate, timeAgo } from '@/lib/dates';
import { toastError } from '@/lib/notify';
import { usePushDevices, useRemovePushDevice } from '../push-device';

/**
 * The phones and computers that receive this account's pushes (issue 38 item 1), each with Remove: a device
 * signed out, or someone else's, should not keep them. Signing out of a device forgets it by itself.
 */
export function PushDevicesList() {
  const t = useT();
  const devices = usePushDevices();
  const remove = useRemovePushDevice();

  let body;
  if (devices.error) body = <ErrorNote message={t('Your devices could not be loaded.')} onRetry={() => void devices.refetch()} />;
  else if (!devices.data) body = <LoadingRows rows={1} label={t('Loading your devices')} />;
  else if (devices.data.length === 0) body = <p className="text-sm text-muted-foreground">{t('No device receives push notifications for this account.')}</p>;
  else
    body = (
      <ul className="grid gap-2">
        {devices.data.map((device) => (
          <li key={device.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-border px-3 py-2">
            <Smartphone className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium [overflow-wrap:anywhere]">
                {device.device}
                {device.current ? <Badge variant="success">{t('This device')}</Badge> : null}
              </p>
              <p className="text-xs text-muted-foreground">
                {device.lastUsedAt
                  ? t('Added {date} · last push {ago}', { date: formatLongDate(device.createdAt), ago: timeAgo(device.lastUsedAt) })
                  : t('Added {date} · no push yet', { date: formatLongDate(device.createdAt) })}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              className="min-h-11"
              disabled={remove.isPending}
              aria-label={
                device.current
                  ? t('Remove {device} (this device), added {date}', { device: device.device, date: formatLongDate(device.createdAt) })
                  : t('Remove {device}, added {date}', { device: device.device, date: formatLongDate(device.createdAt) })
              }
              onClick={() =>
                remove.mutate(device, {
                  onSuccess: () =>
                    toast({ title: t('Device removed'), description: t('{device} receives no more push notifications from Steadfast.', { device: device.device }), variant: 'success' }),
                  onError: (error) => toastError(t('Device was not removed'), error),
                })
              }
            >
              {remove.isPending && remove.variables?.id === device.id ? t('Removing...') : t('Remove')}
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="push-devices-heading" className="grid gap-2">
      <h3 id="push-devices-heading" className="text-sm font-semibold">
        {t('Devices receiving push')}
      </h3>
      {body}
    </section>
  );
}
