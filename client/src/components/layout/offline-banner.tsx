import CloudOff from 'lucide-react/icons/cloud-off';
import WifiOff from 'lucide-react/icons/wifi-off';
import { useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';

export const UNREACHABLE_MESSAGE = 'Can’t reach Steadfast right now. You see what was shown last; it refreshes by itself when the server is back.';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** Whether the browser says it has a network (it can be wrong the other way, never this way). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

/**
 * While the network is there but Steadfast's server cannot be reached (stopped, or its database away): the
 * screens show what they showed last and refresh by themselves once it is back (issue 38 item 11).
 */
export function UnreachableBanner() {
  const online = useOnline();
  const { unreachable, retryReach } = useAuth();
  if (!online || !unreachable) return null;
  return (
    <div role="status" className="sticky top-0 z-50 border-b border-accent-200 bg-accent-50">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm font-medium text-accent-foreground sm:px-6">
        <CloudOff className="size-4 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1">{UNREACHABLE_MESSAGE}</p>
        <Button variant="outline" size="sm" className="min-h-11" onClick={retryReach}>
          Retry now
        </Button>
      </div>
    </div>
  );
}

/** Says so while there is no network, on every screen, so a failed load is not mistaken for a fault. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="sticky top-0 z-50 border-b border-accent-200 bg-accent-50">
      <p className="mx-auto flex w-full max-w-6xl items-center gap-2 px-4 py-2 text-sm font-medium text-accent-foreground sm:px-6">
        <WifiOff className="size-4 shrink-0" aria-hidden="true" />
        You are offline. Steadfast will catch up when the connection returns.
      </p>
    </div>
  );
}
