import { TOAST_DURATION_MS } from '@shared/domain/constants';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { dismissToast, useToast } from './use-toast';

/**
 * Renders the toast store. One at a time, 5000 ms by default, F8 focuses the viewport (Radix's default
 * hotkey). The viewport is a polite live region, so a new toast is read out once, from the toast itself.
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right">
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast
          key={id}
          open={open}
          duration={duration}
          variant={variant}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
        >
          {/* Announced through the viewport's live region, so Radix's separate announcer (a second copy of the text) is not needed. */}
          <div className="grid gap-0.5" data-radix-toast-announce-exclude="">
            <ToastTitle>{title}</ToastTitle>
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          <ToastClose data-radix-toast-announce-exclude="" />
        </Toast>
      ))}
      <ToastViewport aria-live="polite" />
    </ToastProvider>
  );
}
