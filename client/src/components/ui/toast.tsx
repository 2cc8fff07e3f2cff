import * as ToastPrimitive from '@radix-ui/react-toast';
import X from 'lucide-react/icons/x';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { useT } from '@/i18n';
import { cn } from '@/lib/utils';
import type { ToastVariant } from './use-toast';

export const ToastProvider = ToastPrimitive.Provider;

export const ToastViewport = forwardRef<HTMLOListElement, ComponentPropsWithoutRef<typeof ToastPrimitive.Viewport>>(
  ({ className, ...props }, ref) => (
    <ToastPrimitive.Viewport
      ref={ref}
      className={cn(
        // On a phone at the bottom, where it covers no tabs or header (it hid the Meetings tabs); at the top while a
        // dialog or alert dialog is open, whose main button (Save, Continue) sits at its bottom and must never be covered; on wider
        // screens at the top right, beside the content.
        'fixed inset-x-0 bottom-0 z-[100] flex max-h-screen flex-col gap-2 p-4 pb-[max(1rem,env(safe-area-inset-bottom))] outline-none',
        '[body:has([role$=dialog][data-state=open])_&]:top-0 [body:has([role$=dialog][data-state=open])_&]:bottom-auto',
        'sm:inset-x-auto sm:top-0 sm:bottom-auto sm:right-0 sm:w-full sm:max-w-sm',
        className,
      )}
      {...props}
    />
  ),
);
ToastViewport.displayName = 'ToastViewport';

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-border bg-card text-card-foreground',
  success: 'border-success/30 bg-success-50 text-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
};

export const Toast = forwardRef<
  HTMLLIElement,
  ComponentPropsWithoutRef<typeof ToastPrimitive.Root> & { variant?: ToastVariant }
>(({ className, variant = 'default', ...props }, ref) => (
  <ToastPrimitive.Root
    ref={ref}
    className={cn(
      'group relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-soft',
      'data-[state=open]:motion-safe:animate-slide-in-down data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
      variantClasses[variant],
      className,
    )}
    {...props}
  />
));
Toast.displayName = 'Toast';

export const ToastTitle = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof ToastPrimitive.Title>>(
  ({ className, ...props }, ref) => <ToastPrimitive.Title ref={ref} className={cn('text-sm font-semibold', className)} {...props} />,
);
ToastTitle.displayName = 'ToastTitle';

export const ToastDescription = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof ToastPrimitive.Description>>(
  ({ className, ...props }, ref) => <ToastPrimitive.Description ref={ref} className={cn('mt-0.5 text-sm opacity-90', className)} {...props} />,
);
ToastDescription.displayName = 'ToastDescription';

export const ToastClose = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<typeof ToastPrimitive.Close>>(
  ({ className, ...props }, ref) => {
    const t = useT();
    return (
      <ToastPrimitive.Close
        ref={ref}
        aria-label={t('Close')}
        className={cn(
          'absolute right-2 top-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:opacity-100',
          className,
        )}
        {...props}
      >
        <X className="size-4" aria-hidden="true" />
      </ToastPrimitive.Close>
    );
  },
);
ToastClose.displayName = 'ToastClose';
