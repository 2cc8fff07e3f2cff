import * as DialogPrimitive from '@radix-ui/react-dialog';
import X from 'lucide-react/icons/x';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { useT } from '@/i18n';
import { cn } from '@/lib/utils';

/** A dialog that slides in from the left edge: the mobile navigation. */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

export const SheetContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof DialogPrimitive.Content>>(
  ({ className, children, ...props }, ref) => {
    const t = useT();
    return (
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-primary-900/40 data-[state=open]:motion-safe:animate-fade-in" />
        <DialogPrimitive.Content
          ref={ref}
          className={cn(
            'fixed inset-y-0 left-0 z-50 flex h-full w-[min(20rem,85vw)] flex-col gap-4 overflow-y-auto border-r border-border bg-card p-5 shadow-soft',
            'data-[state=open]:motion-safe:animate-slide-in-left',
            className,
          )}
          {...props}
        >
          {children}
          <DialogPrimitive.Close
            aria-label={t('Close menu')}
            className="absolute right-3 top-3 rounded-md p-1.5 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
          >
            <X className="size-5" aria-hidden="true" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    );
  },
);
SheetContent.displayName = 'SheetContent';

export const SheetTitle = forwardRef<HTMLHeadingElement, ComponentPropsWithoutRef<typeof DialogPrimitive.Title>>(({ className, ...props }, ref) => (
  <DialogPrimitive.Title ref={ref} className={cn('text-lg font-semibold', className)} {...props} />
));
SheetTitle.displayName = 'SheetTitle';

export const SheetDescription = forwardRef<HTMLParagraphElement, ComponentPropsWithoutRef<typeof DialogPrimitive.Description>>(
  ({ className, ...props }, ref) => <DialogPrimitive.Description ref={ref} className={cn('text-sm text-muted-foreground', className)} {...props} />,
);
SheetDescription.displayName = 'SheetDescription';
