import type { ReactNode } from 'react';
import { TakeoverReviewDialog } from '@/features/auth/components/takeover-review-dialog';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { CheckInSync } from '@/features/tracking/components/check-in-sync';
import { useT } from '@/i18n';
import { CommunityClosingBanner } from './community-closing-banner';
import { TopBar } from './top-bar';
import { UnreachableBanner } from './unreachable';
import { UpdateBanner } from './update-banner';

/** The frame of every protected screen. */
export function AppShell({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-card focus:px-4 focus:py-2 focus:shadow-soft"
      >
        {t('Skip to content')}
      </a>
      <UnreachableBanner />
      <TopBar />
      <UpdateBanner />
      <VerifyEmailBanner />
      <CommunityClosingBanner />
      <CheckInSync />
      <TakeoverReviewDialog />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:px-6 lg:py-10">
        {children}
      </main>
    </div>
  );
}
