import LoaderCircle from 'lucide-react/icons/loader-circle';
import { cn } from '@/lib/utils';

/** A spinning circle announced to screen readers as `label`. */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className={cn('inline-flex', className)}>
      <LoaderCircle className="size-6 animate-spin text-primary-600 motion-reduce:animate-none" aria-hidden="true" />
    </span>
  );
}

/** The centred spinner shown while the user or memberships load. */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[60dvh] w-full items-center justify-center">
      <Spinner label={label} className="[&_svg]:size-8" />
    </div>
  );
}
