import Smartphone from 'lucide-react/icons/smartphone';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorNote, LoadingRows } from '@/components/ui/states';
import { toast } from '@/components/ui/use-toast';
import { formatLongDate, timeAgo } from '@/lib/dates';
import { toastError } from '@/lib/notify';
import { usePushDevices, useRemovePushDevice } from '../push-device';

/**
 * The phones and computers that receive this account's pushes (issue 38 item 1), each with Remove: a device
 * signed out, or someone else's, should not keep them. Signing out of a device forgets it by itself.
 */
export function PushDevicesList() {
  const devices = usePushDevices();
  const remove = useRemovePushDevice();

  let body;
  if (devices.error) body = <ErrorNote message="Your devices could not be loaded." onRetry={() => void devices.refetch()} />;
  else if (!devices.data) body = <LoadingRows rows={1} label="Loading your devices" />;
  else if (devices.data.length === 0) body = <p className="text-sm text-muted-foreground">No device receives push notifications for this account.</p>;
  else
    body = (
      <ul className="grid gap-2">
        {devices.data.map((device) => (
          <li key={device.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-border px-3 py-2">
            <Smartphone className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium [overflow-wrap:anywhere]">
                {device.device}
                {device.current ? <Badge variant="success">This device</Badge> : null}
              </p>
              <p className="text-xs text-muted-foreground">
                Added {formatLongDate(device.createdAt)} · {device.lastUsedAt ? `last push ${timeAgo(device.lastUsedAt)}` : 'no push yet'}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              className="min-h-11"
              disabled={remove.isPending}
              aria-label={`Remove ${device.device}${device.current ? ' (this device)' : ''}, added ${formatLongDate(device.createdAt)}`}
              onClick={() =>
                remove.mutate(device, {
                  onSuccess: () => toast({ title: 'Device removed', description: `${device.device} receives no more push notifications from Steadfast.`, variant: 'success' }),
                  onError: (error) => toastError('Device was not removed', error),
                })
              }
            >
              {remove.isPending && remove.variables?.id === device.id ? 'Removing...' : 'Remove'}
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="push-devices-heading" className="grid gap-2">
      <h3 id="push-devices-heading" className="text-sm font-semibold">
        Devices receiving push
      </h3>
      {body}
    </section>
  );
}
