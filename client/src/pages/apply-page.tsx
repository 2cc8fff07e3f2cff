import { useSearch } from 'wouter';
import { PRODUCT_TAGLINE } from '@shared/domain/constants';
import { DEFAULT_DISCIPLINES } from '@shared/domain/disciplines';
import { useDocumentTitle } from '@/components/layout/page-header';
import { Brand } from '@/components/layout/brand';
import { LanguageSwitcher } from '@/features/language/components/language-switcher';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/i18n';
import { findApiError } from '@/lib/api-client';
import { useApplyCommunity } from '@/features/applications/api';
import { ApplyForm } from '@/features/applications/components/apply-form';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function LinkProblem({ children }: { children: string }) {
  const t = useT();
  return (
    <Card role="alert" className="p-6">
      <h1 className="text-2xl font-semibold text-primary-900">{t('This apply link does not work')}</h1>
      <p className="mt-2 text-muted-foreground">{children}</p>
    </Card>
  );
}

/** /apply?community=<id> (public): a visitor asks to join a community; its leaders review the request. */
export function ApplyPage() {
  const t = useT();
  useDocumentTitle(t('Apply to Join'));
  const requested = new URLSearchParams(useSearch()).get('community')?.trim() ?? '';
  const communityId = UUID.test(requested) ? requested.toLowerCase() : null;
  const community = useApplyCommunity(communityId);
  const missing = communityId === null || findApiError(community.error)?.status === 404;

  return (
    <div className="min-h-dvh">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-4 sm:px-6">
          <Brand />
          <span className="text-sm text-muted-foreground">{t(PRODUCT_TAGLINE)}</span>
          <div className="ml-auto">
            <LanguageSwitcher />
          </div>
        </div>
      </header>
      <main className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6">
        {missing ? (
          <LinkProblem>{t('Ask the community that shared it for its apply link again: the link should end with ?community= and a long code.')}</LinkProblem>
        ) : community.isPending ? (
          <div className="flex justify-center p-10">
            <Spinner label={t('Loading')} />
          </div>
        ) : (
          <>
            <div className="grid gap-2">
              <h1 className="text-3xl font-semibold text-primary-900">{community.data ? t('Welcome to {name}', { name: community.data.name }) : t('Welcome')}</h1>
              <p className="text-muted-foreground">
                {t(
                  'We are glad you would like to walk with us. Tell us a little about yourself and the spiritual disciplines you hope to keep, and our leaders will reach out to welcome you.',
                )}
              </p>
            </div>
            <ApplyForm communityId={communityId} disciplines={community.data?.disciplines ?? DEFAULT_DISCIPLINES} />
          </>
        )}
      </main>
    </div>
  );
}
