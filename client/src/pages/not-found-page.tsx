import ArrowLeft from 'lucide-react/icons/arrow-left';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { Link } from 'wouter';
import { Brand } from '@/components/layout/brand';
import { useDocumentTitle } from '@/components/layout/page-header';
import { LazyAppShell } from '@/components/layout/protected-route';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useT } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';

/**
 * Any other path (SPEC.md section 2): '404 Page Not Found' and its text, with a way home. A signed-in
 * member sees it inside the app shell with a link to the dashboard; anyone else gets a link to sign in.
 */
export function NotFoundPage() {
  const { user, isLoading, memberships, membershipsLoading } = useAuth();
  const t = useT();
  useDocumentTitle(t('Page not found'));
  if (isLoading || (user && membershipsLoading)) return <FullPageSpinner />;

  if (user && memberships.length > 0) {
    return (
      <LazyAppShell>
        <NotFoundCard home="/" homeLabel={t('Go to the dashboard')} className="mx-auto mt-6" />
      </LazyAppShell>
    );
  }
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4">
      <Brand />
      <NotFoundCard home={user ? '/' : '/auth'} homeLabel={user ? t('Go to your communities') : t('Go to sign in')} />
    </main>
  );
}

function NotFoundCard({ home, homeLabel, className }: { home: string; homeLabel: string; className?: string }) {
  const t = useT();
  return (
    <Card className={cn('w-full max-w-md p-6', className)}>
      <div className="flex items-center gap-3">
        <CircleAlert className="size-8 shrink-0 text-destructive" aria-hidden="true" />
        <h1 className="text-2xl font-semibold">{t('404 Page Not Found')}</h1>
      </div>
      <p className="mt-4 text-sm text-muted-foreground">{t('Did you forget to add the page to the router?')}</p>
      <Button asChild className="mt-6">
        <Link href={home}>
          <ArrowLeft aria-hidden="true" />
          {homeLabel}
        </Link>
      </Button>
    </Card>
  );
}
