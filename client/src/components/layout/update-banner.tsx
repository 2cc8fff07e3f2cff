import RefreshCw from 'lucide-react/icons/refresh-cw';
import { Button } from '@/components/ui/button';
import { useT } from '@/i18n';
import { useUpdateReady } from '@/lib/service-worker';

/** A new version of the app is ready: it switches only when the person chooses to (nothing typed is lost). */
export function UpdateBanner() {
  const t = useT();
  const reload = useUpdateReady();
  if (!reload) return null;
  return (
    <div role="status" className="border-b border-primary-200 bg-primary-50">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-3 px-4 py-2.5 text-sm text-primary-900 sm:px-6">
        <RefreshCw className="size-4 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1">{t('A new version of Steadfast is ready.')}</p>
        <Button size="sm" variant="outline" onClick={reload}>
          {t('Reload to update')}
        </Button>
      </div>
    </div>
  );
}
