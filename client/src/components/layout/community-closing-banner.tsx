import CalendarX from 'lucide-react/icons/calendar-x';
import { DownloadMyDataButton } from '@/components/ui/download-button';
import { Trans, useT } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { communityName, useCurrentMembership } from '@/lib/community';
import { closingDay } from '@/i18n/labels';

/**
 * Issue 39: while the community on screen is closing, every member is told when on every screen, and offered
 * their own data to take with them. The date comes with the memberships the shell already has.
 */
export function CommunityClosingBanner() {
  const t = useT();
  const { memberships } = useAuth();
  const current = useCurrentMembership(memberships);
  const closesAt = current?.community.closesAt;
  if (!current || !closesAt) return null;
  return (
    <section aria-label={t('Community closing')} className="border-b border-accent-200 bg-accent-50 text-accent-900">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <CalendarX className="size-5 shrink-0 text-accent-700" aria-hidden="true" />
        <p className="min-w-0 flex-1 basis-56 text-sm">
          <Trans
            id="<0>{name} closes on {date}.</0> Download your data before then."
            values={{ name: communityName(current), date: closingDay(closesAt) }}
            components={{ 0: <strong className="font-semibold" /> }}
          />
        </p>
        <DownloadMyDataButton size="sm" />
      </div>
    </section>
  );
}
