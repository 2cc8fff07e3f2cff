import Info from 'lucide-react/icons/info';
import { useT } from '@/i18n';
import { cn } from '@/lib/utils';

/** The reason in place of the 'Ask' buttons: one of ASK_REASONS, translated here. */
export function NoCommanderToAsk({ reason, className }: { reason: string; className?: string }) {
  const t = useT();
  return (
    <p className={cn('flex items-start gap-3 rounded-xl border border-border bg-muted/60 px-4 py-3 text-sm text-muted-foreground', className)}>
      <Info className="mt-0.5 size-4 shrink-0 text-primary-600" aria-hidden="true" />
      <span className="min-w-0 break-words">{t(reason)}</span>
    </p>
  );
}
