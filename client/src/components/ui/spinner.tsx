import LoaderCircle from 'lucide-react/icons/loader-circle';
import { BrandMark } from '@/components/layout/brand';
import { useT } from '@/i18n';
import { cn } from '@/lib/utils';

/** A spinning circle announced to screen readers as `label`. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const t = useT();
  return (
    <span role="status" data-loading="" aria-label={label ?? t('Loading')} className={cn('inline-flex', className)}>
      <LoaderCircle className="size-6 animate-spin text-primary-600 motion-reduce:animate-none" aria-hidden="true" />
    </span>
  );
}

/**
 * The whole-screen loading state while the user or memberships load (before any shell is drawn): the product
 * mark over a spinner, centred in the viewport (SPEC.md: 'a centred spinner'), not at the top of a box.
 */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    // A whole page while it lasts: its main landmark and heading (axe's landmark-one-main and page-has-heading-one).
    <main data-testid="full-page-spinner" className="flex min-h-dvh w-full flex-col items-center justify-center gap-4">
      <h1 className="sr-only">Steadfast</h1>
      <BrandMark className="size-12 motion-safe:animate-pulse" />
      <Spinner label={label} className="[&_svg]:size-6" />
    </main>
  );
}
