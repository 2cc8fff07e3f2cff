import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { forwardRef, type InputHTMLAttributes, useState } from 'react';
import { useT } from '@/i18n';
import { cn } from '@/lib/utils';
import { inputClasses } from './input';

/** A password input with a show/hide toggle button ('Show password' / 'Hide password'). */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(({ className, id, ...props }, ref) => {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input ref={ref} id={id} type={visible ? 'text' : 'password'} className={cn(inputClasses, 'pr-11', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-label={visible ? t('Hide password') : t('Show password')}
        aria-controls={id}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
      >
        {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
      </button>
    </div>
  );
});
PasswordInput.displayName = 'PasswordInput';
