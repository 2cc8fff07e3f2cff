import { useState } from 'react';
import { ReadOnlyNote } from '@/components/ui/states';
import { FindMemberDialog } from '@/features/communities/components/find-member-dialog';
import { useT } from '@/i18n';
import { READ_ONLY_NOTICE_ID, type TrackingScreen } from '../use-tracking-screen';
import { CheckInCarousel } from './check-in-carousel';
import { PeriodPickers, ViewingNotice } from './period-pickers';

/**
 * The member, month and year pickers of Dashboard and My Tracking, and under them the screen's one
 * read-only notice: another member's tracking, a locked month, or a community one administers without
 * belonging to it.
 */
export function ScreenPickers({ screen, idPrefix }: { screen: TrackingScreen; idPrefix: string }) {
  const t = useT();
  const [finding, setFinding] = useState(false);
  return (
    <>
      <PeriodPickers
        idPrefix={idPrefix}
        self={screen.self}
        members={screen.members.data}
        membersLoading={screen.members.isPending}
        viewed={screen.isSelf ? null : screen.viewed}
        onMemberChange={screen.pickMember}
        onFindMember={screen.members.hasMore && screen.communityId ? () => setFinding(true) : undefined}
        period={screen.period}
        onPeriodChange={screen.setPeriod}
      />
      {screen.communityId ? (
        <FindMemberDialog communityId={screen.communityId} description={t('Their tracking opens read-only.')} open={finding} onOpenChange={setFinding} onPick={screen.pickMember} />
      ) : null}
      {!screen.isSelf ? <ViewingNotice name={screen.viewed.displayName} /> : null}
      {screen.readOnlyReason ? <ReadOnlyNote id={READ_ONLY_NOTICE_ID}>{t(screen.readOnlyReason)}</ReadOnlyNote> : null}
    </>
  );
}

/** Quick Daily Check-in: only for oneself, and only while the current month is selected (SPEC.md section 2). */
export function ScreenCheckIn({ screen }: { screen: TrackingScreen }) {
  if (!screen.isSelf || !screen.isCurrentMonth || !screen.isMember) return null;
  return (
    <CheckInCarousel
      // A new day starts the carousel afresh, on the first discipline not yet set.
      key={screen.now.iso}
      communityId={screen.communityId}
      disciplines={screen.daily}
      disciplinesLoading={screen.disciplines.isPending}
      log={screen.log.data}
      logLoading={screen.log.isPending}
      logError={screen.log.error}
      today={screen.now}
      locked={screen.lockedForMe}
      onRetry={() => void screen.log.refetch()}
    />
  );
}
