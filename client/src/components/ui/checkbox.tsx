import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

/** A native checkbox in the Steadfast colours (keyboard and screen-reader behaviour come with the element). */
export const Checkbox = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(({ className, ...props }, ref) => (
  <input
    ref={ref}
    type="checkbox"
    className={cn('size-4 shrink-0 cursor-pointer rounded border-input accent-primary-700 disabled:cursor-not-allowed disabled:opacity-55', className)}
    {...props}
  />
));
Checkbox.displayName = 'Checkbox';
