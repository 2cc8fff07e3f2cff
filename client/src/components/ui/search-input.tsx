import Search from 'lucide-react/icons/search';
import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';

/** A search box: the magnifier inside its left edge; name it with a label or aria-label. */
export const SearchInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(({ className, ...props }, ref) => (
  <div className="relative">
    <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
    <Input ref={ref} type="search" autoComplete="off" className={cn('pl-9', className)} {...props} />
  </div>
));
SearchInput.displayName = 'SearchInput';
