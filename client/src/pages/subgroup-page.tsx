import { shiftMonth } from '@shared/domain/calendar';
import { isAdmin, isCommander } from '@shared/domain/roles';
import { PageHeader } from '@/components/layout/page-header';
import { useCommunity, useCurrentCommunity } from '@/features/communities/api';
import { NeedsAWordCard } from '@/features/care/components/needs-a-word-card';
import { SubgroupReflectionsCard } from '@/features/care/components/subgroup-reflections-card';
import { latestCareNote } from '@/features/care/format';
import { useNotificationFeed } from '@/features/notifications/api';
import { CommunityMissing } from '@/features/communities/components/community-state';
import { OfficeHoursCard } from '@/features/meetings/components/office-hours-card';
import { MySubgroup } from '@/features/subgroups/components/my-subgroup';
import { SubgroupChoicePicker, useSubgroupChoice } from '@/features/subgroups/components/subgroup-choice';
import { monthLabel, useToday } from '@/features/tracking/period';
import { useT } from '@/i18n';
import { useAuth } from '@/lib/auth';

/** /my-subgroup and /subgroup: one's subgroup and commander; commanders also set their office hours here. */
export function SubgroupPage() {
  const t = useT();
  const { user } = useAuth();
  const membership = useCurrentCommunity();
  const community = useCommunity(membership?.communityId ?? null);
  // What the bell's poll reads: no second poll here.
  const notifications = useNotificationFeed();
  const today = useToday();
  const endedMonth = shiftMonth({ year: today.year, month: today.month }, -1);
  const admin = membership ? isAdmin(membership.roles) : false;
  const choice = useSubgroupChoice(membership?.communityId ?? '', user?.id ?? '', admin);

  if (!membership || !user) {
    return (
      <>
        <PageHeader title={t('My Subgroup')} />
        <CommunityMissing />
      </>
    );
  }

  const timeZone = community.data?.timeZone;
  return (
    <>
      <PageHeader title={t('My Subgroup')} description={t('Your subgroup, its commander, and a direct line to them.')} />
      <div className="grid gap-6">
        {admin ? <SubgroupChoicePicker choice={choice} /> : null}
        {isCommander(membership.roles) ? <NeedsAWordCard communityId={membership.communityId} enabled={choice.ready} subgroupId={choice.subgroupId} /> : null}
        {isCommander(membership.roles) && choice.ready ? (
          <SubgroupReflectionsCard communityId={membership.communityId} period={endedMonth} label={monthLabel(endedMonth.year, endedMonth.month)} subgroupId={choice.subgroupId} />
        ) : null}
        <MySubgroup
          communityId={membership.communityId}
          viewerId={user.id}
          timeZone={timeZone}
          careNote={latestCareNote(notifications.data?.items, membership.communityId, new Date())}
        />
        {isCommander(membership.roles) ? <OfficeHoursCard communityId={membership.communityId} timeZone={timeZone} /> : null}
      </div>
    </>
  );
}
