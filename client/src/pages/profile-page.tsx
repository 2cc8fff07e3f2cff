import ArrowLeft from 'lucide-react/icons/arrow-left';
import { Link } from 'wouter';
import { PageHeader } from '@/components/layout/page-header';
import { ProfileDetails } from '@/features/auth/components/profile-details';
import { SignOutEverywhereCard } from '@/features/auth/components/sign-out-everywhere-card';
import { LanguageCard } from '@/features/language/components/language-card';
import { NotificationPreferencesCard } from '@/features/notifications/components/notification-preferences-card';
import { YourDataCard } from '@/features/your-data/components/your-data-card';
import { useT } from '@/i18n';
import { useAuth } from '@/lib/auth';

export function ProfilePage() {
  const t = useT();
  const { user } = useAuth();
  return (
    <>
      <Link href="/" className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('Back to Dashboard')}
      </Link>
      <PageHeader title={t('Profile Settings')} description={t('Your account details, sign-in, notifications and your data.')} />
      {user ? (
        <div className="grid gap-6">
          <ProfileDetails user={user} />
          {/* Under the account card, in the same column (e-mails link to /profile#notifications). */}
          <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
            <NotificationPreferencesCard emailVerified={user.emailVerified} />
            <div className="grid content-start gap-6">
              <LanguageCard user={user} />
              <SignOutEverywhereCard />
              <YourDataCard hasPassword={user.hasPassword} />
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
}
