import WifiOff from 'lucide-react/icons/wifi-off';
import { useSyncExternalStore } from 'react';
import { useT } from '@/i18n';

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

/** Says so while there is no network, on every screen, so a failed load is not mistaken for a fault. */
export function OfflineBanner() {
  const t = useT();
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="sticky top-0 z-50 border-b border-accent-200 bg-accent-50">
      <p className="mx-auto flex w-full max-w-6xl items-center gap-2 px-4 py-2 text-sm font-medium text-accent-foreground sm:px-6">
        <WifiOff className="size-4 shrink-0" aria-hidden="true" />
        {t('You are offline. Steadfast will catch up when the connection returns.')}
      </p>
    </div>
  );
}
