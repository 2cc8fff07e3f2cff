import CircleAlert from 'lucide-react/icons/circle-alert';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Role } from '@shared/domain/constants';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { msg, useT } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api-client';
import { roleName } from '@/i18n/labels';

/** R18: the screen needs a community and none resolves. */
export function CommunityMissing({ title = msg('No community selected') }: { title?: 'No community selected' | 'Community not found' }) {
  const t = useT();
  return (
    <Card role="alert" className="flex flex-col items-start gap-3 p-6">
      <div className="flex items-center gap-3">
        <CircleAlert className="size-5 text-destructive" aria-hidden="true" />
        <h2 className="text-xl font-semibold">{t(title)}</h2>
      </div>
      <p className="text-muted-foreground">{t('Choose one of your communities, or join one with an invitation code.')}</p>
      <Link href="/community-access" className={buttonClasses({ variant: 'outline' })}>
        {t('Go to your communities')}
      </Link>
    </Card>
  );
}

/** A failed community read: 404 is 'Community not found' (R18); anything else offers a retry. */
export function QueryFailure({ error, onRetry, fallback }: { error: unknown; onRetry: () => void; fallback: string }) {
  const t = useT();
  if (error instanceof ApiError && error.status === 404) return <CommunityMissing title={msg('Community not found')} />;
  // What could not be loaded comes first, so two failures on one screen do not read the same; the server's reason follows.
  const reason = errorMessage(error, '');
  return (
    <Card role="alert" className="flex flex-col items-start gap-3 border-destructive/20 bg-destructive-50 p-6">
      <div className="flex items-start gap-3">
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-medium text-destructive">{fallback}</p>
          {reason && reason !== fallback ? <p className="text-sm text-foreground">{reason}</p> : null}
        </div>
      </div>
      <Button variant="outline" className="min-h-11" onClick={onRetry}>
        {t('Retry')}
      </Button>
    </Card>
  );
}

/** Member management needs an admin role in the current community (SPEC.md section 6). */
export function AdminAccessRequired({ role, children }: { role: Role; children?: ReactNode }) {
  const t = useT();
  return (
    <Card role="alert" className="flex flex-col items-start gap-3 p-6">
      <div className="flex items-center gap-3">
        <ShieldAlert className="size-5 text-accent-600" aria-hidden="true" />
        <h2 className="text-xl font-semibold">{t('Admin Access Required')}</h2>
      </div>
      <p className="text-muted-foreground">{t('Only a Community Moderator or another administrator of this community can manage it here.')}</p>
      <p className="text-sm font-medium">{t('Current role: {role}', { role: roleName(role) })}</p>
      {children}
    </Card>
  );
}
