import { Brand } from '@/components/layout/brand';
import { ErrorNote } from '@/components/ui/states';
import { useT } from '@/i18n';

/**
 * A signed-in user's communities could not be read (the server erred, or the network dropped): said so, with
 * Retry, in place of "You're not part of a community yet", which would be false and would offer to create one.
 */
export function MembershipsUnavailable({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <main className="mx-auto grid min-h-dvh max-w-xl content-center gap-6 px-4 py-8">
      <Brand />
      <h1 className="text-2xl font-semibold text-primary-900">{t('Your communities could not be loaded')}</h1>
      <ErrorNote message={t('We could not read which communities you belong to. Your data is safe; try again in a moment.')} onRetry={onRetry} />
    </main>
  );
}
