import CloudUpload from 'lucide-react/icons/cloud-upload';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DisciplineView } from '@shared/contracts/tracking';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { i18n, useT } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { sendDayStatus, trackingKeys } from '../api';
import { dismissRefused, type QueuedCheckIn, syncCheckIns, useQueuedCheckIns } from '../offline-check-ins';
import { dayLabel } from '../period';

/**
 * Sends the check-ins kept offline when the network returns (and when the app opens), then reads the months
 * again; says how many wait, and lists any the server refused meanwhile with its reason until dismissed.
 */
export function CheckInSync() {
  const t = useT();
  const queryClient = useQueryClient();
  const selfId = useAuth().user?.id ?? null;
  const queue = useQueuedCheckIns();
  const mine = queue.filter((item) => item.userId === selfId);
  const waiting = mine.filter((item) => item.refused === undefined);
  const refused = mine.filter((item) => item.refused !== undefined);

  useEffect(() => {
    if (!selfId) return;
    const sync = async () => {
      const { saved, refused } = await syncCheckIns(selfId, (item) => sendDayStatus(item.communityId, item.change).then(() => undefined));
      if (saved === 0 && refused === 0) return;
      // The months read again: what was saved, and a refused cell back to what the server keeps.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === '/api/communities' && (query.queryKey[2] === 'daily-log' || query.queryKey[2] === 'streaks' || query.queryKey[2] === 'dashboard') });
      if (saved === 0) return;
      toast({
        title: i18n.t('Check-ins synced'),
        description: i18n.t('{count, plural, one {# check-in made offline is saved.} other {# check-ins made offline are saved.}}', { count: saved }),
        variant: 'success',
      });
    };
    void sync();
    window.addEventListener('online', sync);
    return () => window.removeEventListener('online', sync);
  }, [selfId, queryClient]);

  const labelOf = (item: QueuedCheckIn) =>
    queryClient.getQueryData<DisciplineView[]>(trackingKeys.disciplines(item.communityId))?.find((discipline) => discipline.key === item.change.key)?.label ?? item.change.key;

  if (waiting.length === 0 && refused.length === 0) return null;
  return (
    <div className="border-b border-border bg-card">
      <div className="mx-auto grid w-full max-w-6xl gap-2 px-4 py-2.5 text-sm sm:px-6">
        {waiting.length > 0 ? (
          <p role="status" className="flex items-center gap-2">
            <CloudUpload className="size-4 shrink-0 text-accent-600" aria-hidden="true" />
            {t('{count, plural, one {# check-in waiting to sync: sent when you are back online.} other {# check-ins waiting to sync: sent when you are back online.}}', {
              count: waiting.length,
            })}
          </p>
        ) : null}
        {refused.length > 0 ? (
          <div role="alert" aria-label={t('Check-ins not saved')}>
            <ul className="grid gap-1.5">
              {refused.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-destructive">
                  <span className="min-w-0 flex-1">
                    {t('Not saved: {discipline}, {date}.', { discipline: labelOf(item), date: dayLabel(item.change.year, item.change.month, item.change.day) })} {item.refused}
                  </span>
                  <Button size="sm" variant="outline" onClick={() => void dismissRefused(item.id)}>
                    {t('Dismiss')}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </div>
  );
}
