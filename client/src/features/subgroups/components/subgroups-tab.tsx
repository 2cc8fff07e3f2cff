import CircleAlert from 'lucide-react/icons/circle-alert';
import Crown from 'lucide-react/icons/crown';
import UsersRound from 'lucide-react/icons/users-round';
import { useId, useMemo, useState } from 'react';
import type { CommunityMember, MembershipView } from '@shared/contracts/communities';
import type { SubgroupView } from '@shared/contracts/subgroups';
import { atLeast, can, highestRole } from '@shared/domain/roles';
import { AlertDialog, ConfirmDialogContent } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyNote, ErrorNote, LoadingCard, LoadingRows, loadFailureMessage } from '@/components/ui/states';
import { toast } from '@/components/ui/use-toast';
import { useCommunityMembers } from '@/features/communities/api';
import { AdminAccessRequired } from '@/features/communities/components/community-state';
import { RoleBadge } from '@/features/communities/components/role-badge';
import { errorMessage } from '@/lib/api-client';
import { toastError } from '@/lib/notify';
import { useDeleteSubgroup, useSubgroups } from '../api';
import { CreateSubgroupDialog } from './create-subgroup-dialog';
import { leadsLabel, MemberSubgroupSelect, subgroupsLedBy } from './member-subgroup-select';
import { SubgroupCard } from './subgroup-card';

export const DELETE_SUBGROUP_CONFIRMATION = 'Are you sure you want to delete this subgroup? All members will be unassigned.';

/** SPEC.md section 6: a commander is a member holding Commander, CommunityModerator, InstitutionAdmin or SuperAdmin. */
export const canLead = (member: Pick<CommunityMember, 'roles' | 'rank'>) => atLeast([member.rank, ...member.roles], 'Commander');

const byName = (a: CommunityMember, b: CommunityMember) => a.displayName.localeCompare(b.displayName, undefined, { sensitivity: 'base' });

/**
 * The member list split by subgroup, the unassigned members and who may lead, each by name. A commander who
 * leads a subgroup without being assigned to one is not 'unassigned': their subgroup is the one they lead.
 */
export function groupMembers(members: readonly CommunityMember[], subgroups: readonly SubgroupView[] = []) {
  const sorted = [...members].sort(byName);
  const leaders = new Set(subgroups.map((subgroup) => subgroup.commanderId).filter((id) => id !== null));
  const bySubgroup = new Map<string, CommunityMember[]>();
  const unassigned: CommunityMember[] = [];
  for (const member of sorted) {
    if (!member.subgroupId) {
      if (!leaders.has(member.id)) unassigned.push(member);
    }
    else bySubgroup.set(member.subgroupId, [...(bySubgroup.get(member.subgroupId) ?? []), member]);
  }
  return { sorted, bySubgroup, unassigned, eligible: sorted.filter(canLead) };
}

const NO_MEMBERS: CommunityMember[] = [];
const NO_SUBGROUPS: SubgroupView[] = [];

/** Administration > Subgroups: create, choose commanders, assign and unassign members, delete (admins; the server checks too). */
export function SubgroupsTab({ communityId, membership }: { communityId: string; membership: Pick<MembershipView, 'roles'> }) {
  if (!can(membership, 'subgroups:manage')) return <AdminAccessRequired role={highestRole(membership.roles)} />;
  return <SubgroupManagement communityId={communityId} />;
}

function SubgroupManagement({ communityId }: { communityId: string }) {
  const subgroups = useSubgroups(communityId);
  const members = useCommunityMembers(communityId);
  const remove = useDeleteSubgroup(communityId);
  const [deleting, setDeleting] = useState<SubgroupView | null>(null);
  const groups = useMemo(() => groupMembers(members.data ?? NO_MEMBERS, subgroups.data ?? NO_SUBGROUPS), [members.data, subgroups.data]);
  const membersLoading = members.isPending && !members.error;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast({ title: 'Subgroup Deleted', description: `${deleting.name} is gone; its members are unassigned.`, variant: 'success' }),
      onError: (error) => toastError('Error', error, 'Failed to delete subgroup'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle>Subgroups{subgroups.data ? ` (${subgroups.data.length})` : ''}</CardTitle>
            <CardDescription>Each subgroup has a commander who answers its members' questions and meets with them.</CardDescription>
          </div>
          <CreateSubgroupDialog communityId={communityId} />
        </CardHeader>
      </Card>

      {members.error ? <LoadFailure message={`We could not load the members: ${errorMessage(members.error, members.error.message)}`} onRetry={() => void members.refetch()} /> : null}

      {subgroups.error ? (
        <LoadFailure message={`Error loading subgroups: ${errorMessage(subgroups.error, subgroups.error.message)}`} onRetry={() => void subgroups.refetch()} />
      ) : subgroups.isPending ? (
        <LoadingCard label="Loading subgroups" />
      ) : subgroups.data.length === 0 ? (
        <EmptyNote icon={<UsersRound className="size-5 shrink-0" aria-hidden="true" />}>No subgroups yet. Create one, then choose its commander and assign its members.</EmptyNote>
      ) : (
        <section aria-label="Subgroup list" className="grid gap-4 lg:grid-cols-2">
          {subgroups.data.map((subgroup) => (
            <SubgroupCard
              key={subgroup.id}
              communityId={communityId}
              subgroup={subgroup}
              members={groups.bySubgroup.get(subgroup.id) ?? NO_MEMBERS}
              eligibleCommanders={groups.eligible}
              unassigned={groups.unassigned}
              membersLoading={membersLoading}
              membersFailed={Boolean(members.error)}
              onDelete={setDeleting}
            />
          ))}
        </section>
      )}

      {/* Without the member list these two would claim that nobody is unassigned and there are no members:
          the failure above says what is missing instead. */}
      {members.error ? null : (
        <div className="grid gap-6 lg:grid-cols-2">
          <UnassignedMembers members={groups.unassigned} loading={membersLoading} />
          <AllMembers
            communityId={communityId}
            members={groups.sorted}
            subgroups={subgroups.data}
            subgroupsError={subgroups.error}
            onRetrySubgroups={() => void subgroups.refetch()}
            loading={membersLoading || (subgroups.isPending && !subgroups.error)}
          />
        </div>
      )}

      <AlertDialog open={deleting !== null} onOpenChange={(open) => (open || remove.isPending ? undefined : setDeleting(null))}>
        <ConfirmDialogContent
          title={deleting ? `Delete ${deleting.name}` : 'Delete Subgroup'}
          description={DELETE_SUBGROUP_CONFIRMATION}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          pending={remove.isPending}
          onConfirm={confirmDelete}
        />
      </AlertDialog>
    </div>
  );
}

/** A failed load with a full-size Retry. */
function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card role="alert" className="flex flex-wrap items-center gap-3 border-destructive/20 bg-destructive-50 p-4 text-destructive">
      <CircleAlert className="size-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 break-words font-medium">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </Card>
  );
}

/** Members in no subgroup yet (each subgroup's 'Assign member' offers them). */
function UnassignedMembers({ members, loading }: { members: readonly CommunityMember[]; loading: boolean }) {
  const titleId = useId();
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="text-lg">
          Unassigned members{loading ? '' : ` (${members.length})`}
        </CardTitle>
        <CardDescription>Members who are not in any subgroup yet (commanders who lead one are in theirs).</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <LoadingRows rows={2} label="Loading members" />
        ) : members.length === 0 ? (
          <EmptyNote>Everyone is in a subgroup.</EmptyNote>
        ) : (
          // Focusable so the list can be scrolled from the keyboard (it holds no buttons).
          <ul aria-labelledby={titleId} tabIndex={0} className="max-h-48 divide-y divide-border overflow-y-auto rounded-xl border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            {members.map((member) => (
              <li key={member.id} className="flex min-h-11 flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2">
                <span className="min-w-0 flex-1 break-words text-sm font-medium">{member.displayName}</span>
                <RoleBadge role={member.rank} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Every member with the subgroup they are in, to move someone from one subgroup to another in one step. */
function AllMembers({
  communityId,
  members,
  subgroups,
  subgroupsError,
  onRetrySubgroups,
  loading,
}: {
  communityId: string;
  members: readonly CommunityMember[];
  /** Undefined while loading or when the list failed: the selects would otherwise call everyone 'Unassigned'. */
  subgroups: readonly SubgroupView[] | undefined;
  subgroupsError: Error | null;
  onRetrySubgroups: () => void;
  loading: boolean;
}) {
  const titleId = useId();
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="text-lg">
          Members{loading ? '' : ` (${members.length})`}
        </CardTitle>
        <CardDescription>Move a member to another subgroup.</CardDescription>
      </CardHeader>
      <CardContent>
        {subgroupsError ? (
          <ErrorNote message={loadFailureMessage('The subgroups could not be loaded, so members cannot be moved here.', subgroupsError)} onRetry={onRetrySubgroups} />
        ) : loading || !subgroups ? (
          <LoadingRows rows={3} label="Loading members" />
        ) : members.length === 0 ? (
          <EmptyNote>No members yet.</EmptyNote>
        ) : (
          <ul aria-labelledby={titleId} className="max-h-96 divide-y divide-border overflow-y-auto rounded-xl border border-border">
            {members.map((member) => {
              const led = subgroupsLedBy(subgroups, member.id);
              return (
                <li key={member.id} className="grid gap-2 px-3 py-2 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-center">
                  <span className="grid min-w-0 gap-0.5">
                    <span className="break-words text-sm font-medium">{member.displayName}</span>
                    {/* Assigned elsewhere, they lead a subgroup too (not assigned, the select says it). */}
                    {led.length > 0 && member.subgroupId ? (
                      <span className="flex items-start gap-1 break-words text-xs text-muted-foreground">
                        <Crown className="mt-px size-3.5 shrink-0 text-accent-600" aria-hidden="true" />
                        {leadsLabel(led)}
                      </span>
                    ) : null}
                  </span>
                  <MemberSubgroupSelect communityId={communityId} member={member} subgroups={subgroups} />
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
