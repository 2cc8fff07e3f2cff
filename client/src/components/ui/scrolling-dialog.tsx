import type { ComponentPropsWithoutRef, FormEventHandler, ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { DialogContent, DialogFooter } from './dialog';

interface ScrollingDialogContentProps extends Omit<ComponentPropsWithoutRef<typeof DialogContent>, 'onSubmit'> {
  /** The DialogHeader (title and description): it stays at the top. */
  header: ReactNode;
  /** The buttons: they stay at the bottom, in reach, however long the body and with a phone's keyboard open. */
  footer?: ReactNode;
  /** When given, body and footer are one form (its submit button may sit in the footer). */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** The body can be reached by keyboard to scroll it (for a body with nothing else focusable in it). */
  focusableBody?: boolean;
  /** Names the scrolling body for assistive technology when it is focusable. */
  bodyLabel?: string;
}

/**
 * A dialog for phones first: it never exceeds the screen's height; a long body scrolls between a fixed
 * header and a fixed footer, so the buttons are always reachable.
 */
export function ScrollingDialogContent({ header, footer, onSubmit, focusableBody, bodyLabel, className, children, ...props }: ScrollingDialogContentProps) {
  const body = (
    <>
      <div
        className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto px-4 py-4 sm:px-6"
        tabIndex={focusableBody ? 0 : undefined}
        role={focusableBody ? 'region' : undefined}
        aria-label={focusableBody ? bodyLabel : undefined}
      >
        {children}
      </div>
      {footer ? <DialogFooter className="border-t border-border px-4 py-3 sm:px-6">{footer}</DialogFooter> : null}
    </>
  );
  return (
    <DialogContent className={cn('flex flex-col gap-0 overflow-hidden p-0', className)} {...props}>
      <div className="pb-1 pl-4 pr-12 pt-5 sm:pl-6 sm:pt-6">{header}</div>
      {onSubmit ? (
        <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
          {body}
        </form>
      ) : (
        body
      )}
    </DialogContent>
  );
}
