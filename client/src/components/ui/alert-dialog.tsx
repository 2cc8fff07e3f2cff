import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import { type ComponentPropsWithoutRef, forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { useT } from '@/i18n';
import { cn } from '@/lib/utils';
import { type ButtonVariant, buttonClasses } from './button';

/** A confirmation that must be answered (no close on outside click): remove member, leave community, ... */
export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export const AlertDialogContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Content>>(
  ({ className, ...props }, ref) => (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-primary-900/40 backdrop-blur-[2px] data-[state=open]:motion-safe:animate-fade-in" />
      <AlertDialogPrimitive.Content
        ref={ref}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto',
          'rounded-2xl border border-border bg-card p-6 shadow-soft data-[state=open]:motion-safe:animate-pop-in',
          className,
        )}
        {...props}
      />
    </AlertDialogPrimitive.Portal>
  ),
);
AlertDialogContent.displayName = 'AlertDialogContent';

export function AlertDialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-2', className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export const AlertDialogTitle = forwardRef<HTMLHeadingElement, ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Title>>(({ className, ...props }, ref) => (
  <AlertDialogPrimitive.Title ref={ref} className={cn('text-xl font-semibold leading-tight', className)} {...props} />
));
AlertDialogTitle.displayName = 'AlertDialogTitle';

export const AlertDialogDescription = forwardRef<HTMLParagraphElement, ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Description>>(
  ({ className, ...props }, ref) => <AlertDialogPrimitive.Description ref={ref} className={cn('text-sm text-muted-foreground', className)} {...props} />,
);
AlertDialogDescription.displayName = 'AlertDialogDescription';

/** The confirming button; destructive by default. */
export const AlertDialogAction = forwardRef<
  HTMLButtonElement,
  ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Action> & { variant?: ButtonVariant }
>(({ className, variant = 'destructive', ...props }, ref) => (
  <AlertDialogPrimitive.Action ref={ref} className={buttonClasses({ variant, className })} {...props} />
));
AlertDialogAction.displayName = 'AlertDialogAction';

export const AlertDialogCancel = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Cancel>>(({ className, ...props }, ref) => (
  <AlertDialogPrimitive.Cancel ref={ref} className={buttonClasses({ variant: 'outline', className })} {...props} />
));
AlertDialogCancel.displayName = 'AlertDialogCancel';

interface ConfirmDialogContentProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The button that closes without acting ('Cancel' unless that would read like the action itself). */
  cancelLabel?: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
}

/** A confirmation before something that cannot be undone; it stays open (buttons disabled) while the call runs. */
export function ConfirmDialogContent({ title, description, confirmLabel, cancelLabel, pendingLabel, pending, onConfirm }: ConfirmDialogContentProps) {
  const t = useT();
  return (
    <AlertDialogContent>
      <AlertDialogHeader>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
      </AlertDialogHeader>
      <AlertDialogFooter>
        <AlertDialogCancel disabled={pending}>{cancelLabel ?? t('Cancel')}</AlertDialogCancel>
        <AlertDialogAction
          disabled={pending}
          onClick={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          {pending ? pendingLabel : confirmLabel}
        </AlertDialogAction>
      </AlertDialogFooter>
    </AlertDialogContent>
  );
}
