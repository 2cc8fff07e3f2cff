import { Slot } from '@radix-ui/react-slot';
import { type ButtonHTMLAttributes, forwardRef, type Ref, useCallback, useLayoutEffect, useRef } from 'react';
import { cn } from '@/lib/utils';

export type ButtonVariant = 'default' | 'accent' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'link';
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon';

const variants: Record<ButtonVariant, string> = {
  default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-800',
  accent: 'bg-accent text-accent-foreground shadow-sm hover:bg-accent-300',
  secondary: 'bg-primary-50 text-primary-800 hover:bg-primary-100',
  outline: 'border border-input bg-card text-foreground hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
  link: 'text-primary-700 underline-offset-4 hover:underline',
};

const sizes: Record<ButtonSize, string> = {
  default: 'h-11 px-4 py-2',
  sm: 'h-9 px-3 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
};

export function buttonClasses({ variant = 'default', size = 'default', className }: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(
    'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-medium transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
    'disabled:pointer-events-none disabled:opacity-55 [&_svg]:size-4 [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Renders the child element (a link, for example) with the button's look. */
  asChild?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(({ className, variant, size, asChild = false, type, ...props }, ref) => {
  const Component = asChild ? Slot : 'button';
  const ownRef = useFocusKeptWhileDisabled(props.disabled, ref);
  return <Component ref={ownRef} type={asChild ? undefined : (type ?? 'button')} className={buttonClasses({ variant, size, className })} {...props} />;
});
Button.displayName = 'Button';

/**
 * A focused button that is disabled while its request runs loses focus to the page body (the browser's focus fixup),
 * and a dialog's Escape and Tab then no longer reach the dialog. When the button is enabled again and focus is still
 * nowhere (no invalid field took it), it takes focus back.
 */
function useFocusKeptWhileDisabled(disabled: boolean | undefined, forwardedRef: Ref<HTMLButtonElement>) {
  const element = useRef<HTMLButtonElement | null>(null);
  const lostFocusToDisabling = useRef(false);
  useLayoutEffect(() => {
    const button = element.current;
    if (!button) return;
    // Whether the browser blurs at once or at its next rendering, the button is disabled by then.
    const onBlur = () => {
      lostFocusToDisabling.current = button.disabled;
    };
    button.addEventListener('blur', onBlur);
    return () => button.removeEventListener('blur', onBlur);
  }, []);
  useLayoutEffect(() => {
    const button = element.current;
    if (disabled || !button || !lostFocusToDisabling.current) return;
    lostFocusToDisabling.current = false;
    const active = button.ownerDocument.activeElement;
    if (!active || active === button.ownerDocument.body) button.focus();
  }, [disabled]);
  return useCallback(
    (node: HTMLButtonElement | null) => {
      element.current = node;
      if (typeof forwardedRef === 'function') forwardedRef(node);
      else if (forwardedRef) forwardedRef.current = node;
    },
    [forwardedRef],
  );
}
