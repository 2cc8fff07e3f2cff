import CircleAlert from 'lucide-react/icons/circle-alert';
import Lock from 'lucide-react/icons/lock';
import type { ReactNode } from 'react';
import { useT } from '@/i18n';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { Card } from './card';
import { Spinner } from './spinner';

/** A card holding only a spinner, while a whole tab's data loads. */
export function LoadingCard({ label }: { label: string }) {
  return (
    <Card className="flex items-center justify-center p-10">
      <Spinner label={label} />
    </Card>
  );
}

/** Grey placeholder bars while a card's data loads, announced once as `label`. */
export function LoadingRows({ rows = 3, label, className }: { rows?: number; label?: string; className?: string }) {
  const t = useT();
  return (
    <div role="status" data-loading="" aria-label={label ?? t('Loading')} className={cn('grid gap-3', className)}>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="h-10 animate-pulse rounded-lg bg-muted motion-reduce:animate-none" />
      ))}
    </div>
  );
}

/**
 * A failed load's text: what could not be loaded, then the server's reason when it gave one (never the raw
 * status and response body, which mean nothing to a member).
 */
export function loadFailureMessage(what: string, error: unknown): string {
  const reason = errorMessage(error, '');
  return reason ? `${what} ${reason}` : what;
}

/** A failed load inside a card, with a retry button when one is given. */
export function ErrorNote({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-destructive/20 bg-destructive-50 px-4 py-3 text-sm text-destructive">
      <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
      <span className="flex-1">{message}</span>
      {onRetry ? (
        <Button variant="outline" size="sm" className="min-h-11" onClick={onRetry}>
          {t('Retry')}
        </Button>
      ) : null}
    </div>
  );
}

/** A quiet message where a list has nothing to show. */
export function EmptyNote({ children, icon }: { children: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-dashed border-border bg-background px-4 py-4 text-sm text-muted-foreground">
      {icon}
      <div>{children}</div>
    </div>
  );
}

/** An empty list's state: what is missing, why, and (when given) what to do next. */
export function EmptyState({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <EmptyNote>
      <p className="font-medium text-foreground">{title}</p>
      <p className="mt-1">{children}</p>
      {action ? <div className="mt-3">{action}</div> : null}
    </EmptyNote>
  );
}

/** A row of a short list that opens a screen: a 44 px target with a chevron. */
export const LIST_LINK_CLASSES =
  'flex min-h-11 items-center gap-3 rounded-xl border border-border bg-background px-3 py-2 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Why something on screen cannot be changed (a locked or another member's month), beside a lock. */
export function ReadOnlyNote({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="flex items-center gap-2 rounded-xl border border-border bg-muted px-4 py-3 text-sm text-muted-foreground">
      <Lock className="size-4 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}
