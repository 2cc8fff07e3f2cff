import { PRODUCT_NAME } from '@shared/domain/constants';
import { cn } from '@/lib/utils';

/** The Steadfast mark: a steady flame. Decorative; the name beside it carries the meaning. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary-700" />
      <path d="M16 6c-3 4-6 6.5-6 10.5a6 6 0 0 0 12 0C22 12.5 19 10 16 6z" className="fill-accent-300" />
      <path d="M16 13c-1.4 2-2.8 3.2-2.8 5a2.8 2.8 0 0 0 5.6 0c0-1.8-1.4-3-2.8-5z" className="fill-accent-50" />
    </svg>
  );
}

export function Brand({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <BrandMark />
      <span className="font-display text-xl font-semibold tracking-tight">{PRODUCT_NAME}</span>
    </span>
  );
}
