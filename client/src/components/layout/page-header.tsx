import { type ReactNode, useEffect } from 'react';
import { PRODUCT_NAME } from '@shared/domain/constants';
import { cn } from '@/lib/utils';

/** Sets the browser tab's title for the screen. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}

/** A screen's heading (the page's only h1), a short description and optional actions. */
export function PageHeader({ title, description, actions, className }: { title: string; description?: ReactNode; actions?: ReactNode; className?: string }) {
  useDocumentTitle(title);
  return (
    <div className={cn('mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="grid gap-1">
        <h1 className="text-3xl font-semibold text-primary-900">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
