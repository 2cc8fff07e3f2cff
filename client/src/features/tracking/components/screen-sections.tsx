import type { TrackingScreen } from '../use-tracking-screen';
import { LOCKED_MONTH_TEXT } from '../use-tracking-screen';
import { CheckInCarousel } from './check-in-carousel';
import { PeriodPickers, ViewingNotice } from './period-pickers';

/** The member, month and year pickers of Dashboard and My Tracking, with the read-only notice for another member. */
export function ScreenPickers({ screen, idPrefix }: { screen: TrackingScreen; idPrefix: string }) {
  return (
    <>
      <PeriodPickers
        idPrefix={idPrefix}
        self={screen.self}
        members={screen.members.data}
        membersLoading={screen.members.isPending}
        memberId={screen.memberId}
        onMemberChange={screen.setMemberId}
        period={screen.period}
        onPeriodChange={screen.setPeriod}
      />
      {!screen.isSelf ? <ViewingNotice name={screen.viewed.displayName} /> : null}
    </>
  );
}

/** Quick Daily Check-in: only for oneself, and only while the current month is selected (SPEC.md section 2). */
export function ScreenCheckIn({ screen }: { screen: TrackingScreen }) {
  if (!screen.isSelf || !screen.isCurrentMonth || !screen.isMember) return null;
  return (
    <CheckInCarousel
      communityId={screen.communityId}
      disciplines={screen.daily}
      disciplinesLoading={screen.disciplines.isPending}
      log={screen.log.data}
      logLoading={screen.log.isPending}
      logError={screen.log.error}
      today={screen.now}
      lockedReason={screen.lockedForMe ? LOCKED_MONTH_TEXT : null}
    />
  );
}
