import CloudOff from 'lucide-react/icons/cloud-off';
import { Button } from '@/components/ui/button';
import { msg, useT } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { useOnline } from './offline-banner';

export const UNREACHABLE_MESSAGE = msg('Can’t reach Steadfast right now. You see what was shown last; it refreshes by itself when the server is back.');

/**
 * While the network is there but Steadfast's server cannot be reached (stopped, or its database away): the
 * screens show what they showed last and refresh by themselves once it is back (issue 38 item 11).
 */
export function UnreachableBanner() {
  const t = useT();
  const online = useOnline();
  const { unreachable, retryReach } = useAuth();
  if (!online || !unreachable) return null;
  return (
    <div role="status" className="sticky top-0 z-50 border-b border-accent-200 bg-accent-50">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm font-medium text-accent-foreground sm:px-6">
        <CloudOff className="size-4 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1">{t(UNREACHABLE_MESSAGE)}</p>
        <Button variant="outline" size="sm" className="min-h-11" onClick={retryReach}>
          {t('Retry now')}
        </Button>
      </div>
    </div>
  );
}


/** The server cannot be reached and this device kept nothing to show: say so instead of a sign-in form. */
export function ServerUnreachablePage() {
  const t = useT();
  const { retryReach } = useAuth();
  return (
    <main id="main" className="mx-auto grid min-h-dvh max-w-md content-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-semibold">{t('Can’t reach Steadfast')}</h1>
      <p className="text-muted-foreground">{t('The server is not answering right now. This page tries again by itself; you stay signed in.')}</p>
      <Button className="justify-self-center" onClick={retryReach}>
        {t('Try again now')}
      </Button>
    </main>
  );
}
