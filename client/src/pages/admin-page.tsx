import Lock from 'lucide-react/icons/lock';
import ChartColumn from 'lucide-react/icons/chart-column';
import KeyRound from 'lucide-react/icons/key-round';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import ScrollText from 'lucide-react/icons/scroll-text';
import Settings from 'lucide-react/icons/settings';
import ShieldCheck from 'lucide-react/icons/shield-check';
import UserPlus from 'lucide-react/icons/user-plus';
import Users from 'lucide-react/icons/users';
import UsersRound from 'lucide-react/icons/users-round';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { can, highestRole, isAdmin } from '@shared/domain/roles';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { NativeSelect } from '@/components/ui/native-select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentCommunity } from '@/features/communities/api';
import { useShownDisciplines } from '@/features/tracking/api';
import { CalendarLocksTab } from '@/features/tracking/components/calendar-locks-tab';
import { SecretDisciplinesCard } from '@/features/tracking/components/secret-disciplines';
import { AdminAccessRequired, CommunityMissing } from '@/features/communities/components/community-state';
import { CommunitySettingsTab } from '@/features/communities/components/community-settings-tab';
import { LeaveCommunityCard } from '@/features/communities/components/leave-community';
import { MembersTab } from '@/features/communities/components/members-tab';
import { RecentActivityCard } from '@/features/communities/components/recent-activity-card';
import { OverviewTab } from '@/features/communities/components/overview-tab';
import { NewMembersTab } from '@/features/applications/components/new-members-tab';
import { GuidancePanelTab } from '@/features/guidance/components/guidance-panel-tab';
import { ReportsTab } from '@/features/reports/components/reports-tab';
import { InviteCodesTab } from '@/features/invites/components/invite-codes-tab';
import { SubgroupsTab } from '@/features/subgroups/components/subgroups-tab';
import { msg, useT } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { communityName, type Membership } from '@/lib/community';
import { roleName } from '@/i18n/labels';

interface AdminTab {
  value: string;
  label: string;
  icon: LucideIcon;
  /** Only admins see it (DECISIONS.md "Roles": every admin sees all nine; others see Overview). */
  adminOnly: boolean;
}

/** The nine tabs of SPEC.md section 2, in order. */
export const ADMIN_TABS: readonly AdminTab[] = [
  { value: 'overview', label: msg('Overview'), icon: LayoutDashboard, adminOnly: false },
  { value: 'settings', label: msg('Community Settings'), icon: Settings, adminOnly: true },
  { value: 'members', label: msg('Members'), icon: Users, adminOnly: true },
  { value: 'invites', label: msg('Invite Codes'), icon: KeyRound, adminOnly: true },
  { value: 'applications', label: msg('New Members'), icon: UserPlus, adminOnly: true },
  { value: 'subgroups', label: msg('Subgroups'), icon: UsersRound, adminOnly: true },
  { value: 'guidance', label: msg('Guidance Panel'), icon: ScrollText, adminOnly: true },
  { value: 'calendar-locks', label: msg('Calendar Locks'), icon: Lock, adminOnly: true },
  { value: 'reports', label: msg('Reports'), icon: ChartColumn, adminOnly: true },
];

function tabPanel(value: string, membership: Membership, viewerId: string): ReactNode {
  const communityId = membership.communityId;
  switch (value) {
    case 'overview':
      return <OverviewTab communityId={communityId} more={can(membership, 'audit:read') ? <RecentActivityCard communityId={communityId} /> : null} />;
    case 'settings':
      return <CommunitySettingsTab communityId={communityId} more={<SecretDisciplinesCard communityId={communityId} />} />;
    case 'members':
      return <MembersTab communityId={communityId} communityName={communityName(membership)} membership={membership} viewerId={viewerId} />;
    case 'invites':
      return <InviteCodesTab communityId={communityId} />;
    case 'applications':
      return <NewMembersWithDisciplines communityId={communityId} />;
    case 'subgroups':
      return <SubgroupsTab communityId={communityId} membership={membership} />;
    case 'guidance':
      return <GuidancePanelTab communityId={communityId} />;
    case 'calendar-locks':
      return <CalendarLocksTab communityId={communityId} />;
    case 'reports':
      return <ReportsTab communityId={communityId} />;
    default:
      return null;
  }
}

/** /admin: the tabs a viewer may use in the community on screen; ?tab= opens one directly. */
export function AdminPage() {
  const t = useT();
  const { user } = useAuth();
  const membership = useCurrentCommunity();
  const search = useSearch();
  const [location, navigate] = useLocation();

  if (!membership || !user) {
    return (
      <>
        <PageHeader title={t('Administration')} />
        <CommunityMissing />
      </>
    );
  }

  const admin = can(membership, 'community:update');
  const role = highestRole(membership.roles);
  const adminRole = isAdmin(membership.roles);
  const visible = ADMIN_TABS.filter((tab) => admin || !tab.adminOnly);
  const requested = ADMIN_TABS.find((tab) => tab.value === new URLSearchParams(search).get('tab'));
  const current = requested ?? ADMIN_TABS[0]!;
  const blocked = current.adminOnly && !admin;

  const onTabChange = (value: string) => navigate(value === 'overview' ? location : `${location}?tab=${value}`, { replace: true });

  return (
    <>
      <PageHeader
        title={t('Administration')}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge variant={adminRole ? 'accent' : 'default'}>
              {adminRole ? <ShieldCheck aria-hidden="true" /> : null}
              {roleName(role)}
            </Badge>
            <span>{communityName(membership)}</span>
          </span>
        }
      />
      <Tabs value={current.value} onValueChange={onTabChange}>
        {/* Below 1280 px one picker names the section (nine tabs would wrap onto two rows, five on a phone);
            from 1280 px the nine tabs stand in one row, with their icons from 1536 px where there is room. */}
        <div className="xl:hidden">
          <label htmlFor="admin-section" className="mb-1.5 block text-sm font-medium">
            {t('Section')}
          </label>
          <NativeSelect id="admin-section" value={current.value} onChange={(event) => onTabChange(event.target.value)}>
            {visible.map((tab) => (
              <option key={tab.value} value={tab.value}>
                {t(tab.label)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <TabsList aria-label={t('Administration sections')} className="hidden w-full flex-wrap justify-start gap-1 xl:flex">
          {visible.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value} className="min-h-9 flex-none gap-2 whitespace-nowrap">
              <tab.icon className="hidden size-4 2xl:inline" aria-hidden="true" />
              {t(tab.label)}
            </TabsTrigger>
          ))}
        </TabsList>
        {blocked ? (
          <TabsContent value={current.value}>
            <AdminAccessRequired role={role} />
          </TabsContent>
        ) : (
          visible.map((tab) => (
            <TabsContent key={tab.value} value={tab.value}>
              {tabPanel(tab.value, membership, user.id)}
            </TabsContent>
          ))
        )}
        {!admin && current.value === 'overview' ? (
          <div className="mt-6">
            <LeaveCommunityCard communityId={membership.communityId} />
          </div>
        ) : null}
      </Tabs>
    </>
  );
}

/** New Members, naming each application's targets by the community's own disciplines. */
function NewMembersWithDisciplines({ communityId }: { communityId: string }) {
  const disciplines = useShownDisciplines(communityId);
  const labels = useMemo(() => Object.fromEntries((disciplines.data ?? []).map((discipline) => [discipline.key, discipline.label])), [disciplines.data]);
  return <NewMembersTab communityId={communityId} disciplineLabels={labels} />;
}
