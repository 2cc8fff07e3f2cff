import { Link, useSearch } from 'wouter';
import { can } from '@shared/domain/roles';
import { PageHeader } from '@/components/layout/page-header';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SetupWizard } from '@/features/setup/components/setup-wizard';
import { msg, useT } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { CommunityLanguageSetting } from '@/features/communities/components/community-language-setting';

export const INVALID_SETUP_LINK = msg('Invalid community setup link. Please create a community first.');

function SetupNotice({ message, action }: { message: string; action: { href: string; label: string } }) {
  return (
    <Card role="alert" className="grid gap-4 p-6">
      <p className="text-lg">{message}</p>
      <Link href={action.href} className={buttonClasses({ className: 'justify-self-start' })}>
        {action.label}
      </Link>
    </Card>
  );
}

/** /community-setup?community={id}: the setup wizard for a community the viewer moderates. */
export function CommunitySetupPage() {
  const t = useT();
  const communityId = new URLSearchParams(useSearch()).get('community')?.trim().toLowerCase() ?? '';
  const { memberships } = useAuth();
  const membership = memberships.find((candidate) => candidate.communityId === communityId);

  return (
    <div className="mx-auto grid max-w-4xl">
      <PageHeader title={t('Set Up Your Community')} description={membership ? membership.community.name : undefined} />
      {!communityId || !membership ? (
        <SetupNotice message={t(INVALID_SETUP_LINK)} action={{ href: '/community-access', label: t('Go to Community Access') }} />
      ) : !can(membership, 'community:update') ? (
        <SetupNotice message={t("Only the community's moderators can set it up.")} action={{ href: '/', label: t('Go to Dashboard') }} />
      ) : (
        <SetupWizard key={communityId} membership={membership} languageSetting={<CommunityLanguageSetting communityId={communityId} id="setup-language" />} />
      )}
    </div>
  );
}
