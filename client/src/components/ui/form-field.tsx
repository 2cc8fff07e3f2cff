import type { ReactNode } from 'react';
import { translateMessage, useLocale } from '@/i18n';
import { cn } from '@/lib/utils';
import { Label } from './label';

interface FieldDescription {
  hint?: ReactNode;
  error?: string;
}

/** The accessibility attributes an input needs to be tied to its hint, its error and any other description. */
export function fieldProps(id: string, { hint, error }: FieldDescription, ...alsoDescribedBy: string[]) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null, ...alsoDescribedBy].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

/** A visible label above a control, with an optional hint and the field's error under it. */
export function FormField({ id, label, hint, error, className, children }: FieldDescription & { id: string; label: ReactNode; className?: string; children: ReactNode }) {
  useLocale();
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {translateMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
