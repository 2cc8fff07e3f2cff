import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

export type BadgeVariant = 'default' | 'accent' | 'outline' | 'success' | 'destructive';

const variants: Record<BadgeVariant, string> = {
  default: 'bg-primary-50 text-primary-800 border-primary-100',
  accent: 'bg-accent-50 text-accent-700 border-accent-100',
  outline: 'bg-transparent text-foreground border-border',
  success: 'bg-success-50 text-success border-success/20',
  destructive: 'bg-destructive-50 text-destructive border-destructive/20',
};

/** A short label on one line; it keeps its size beside text that shrinks or truncates. */
export function Badge({ className, variant = 'default', ...props }: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn('inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium [&_svg]:size-3.5', variants[variant], className)}
      {...props}
    />
  );
}
