import LogOut from 'lucide-react/icons/log-out';
import { Redirect } from 'wouter';
import { Brand } from '@/components/layout/brand';
import { useDocumentTitle } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { MembershipsUnavailable } from '@/components/layout/memberships-unavailable';
import { FullPageSpinner } from '@/components/ui/spinner';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { JoinOrCreate } from '@/features/communities/components/join-or-create';
import { YourCommunities } from '@/features/communities/components/your-communities';
import { useT } from '@/i18n';
import { useAuth } from '@/lib/auth';

/** Public route (no membership check): where a signed-in user without communities lands. */
export function CommunityAccessPage() {
  const { user, isLoading, memberships, membershipsLoading, membershipsFailed, retryMemberships, logoutMutation } = useAuth();
  const t = useT();
  useDocumentTitle(t('Your communities'));
  if (isLoading || membershipsLoading) return <FullPageSpinner />;
  if (!user) return <Redirect to="/auth" replace />;
  if (membershipsFailed) return <MembershipsUnavailable onRetry={retryMemberships} />;
  const hasOwn = memberships.some((membership) => membership.id !== null);
  return (
    <div className="min-h-dvh">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
          <Brand />
          <Button variant="outline" size="sm" disabled={logoutMutation.isPending} onClick={() => logoutMutation.mutate()}>
            <LogOut aria-hidden="true" />
            {logoutMutation.isPending ? t('Signing Out...') : t('Sign Out')}
          </Button>
        </div>
      </header>
      <VerifyEmailBanner />
      <main className="mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:px-6 lg:py-12">
        <div className="grid gap-2">
          <h1 className="text-3xl font-semibold text-primary-900 sm:text-4xl">{t('Welcome, {name}', { name: user.displayName })}</h1>
          <p className="text-muted-foreground">
            {hasOwn ? t('Choose a community to continue your journey.') : t('Your journey starts with a community to walk with.')}
          </p>
        </div>
        <YourCommunities memberships={memberships} />
        <JoinOrCreate hasCommunities={hasOwn} />
      </main>
    </div>
  );
}
