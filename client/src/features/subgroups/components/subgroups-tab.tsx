import CircleAlert from 'lucide-react/icons/circle-alert';
import UsersRound from 'lucide-react/icons/users-round';
import { useId, useMemo, useState } from 'react';
import type { CommunityMember, MembershipView } from '@shared/contracts/communities';
import type { SubgroupView } from '@shared/contracts/subgroups';
import { atLeast, can, highestRole } from '@shared/domain/roles';
import { AlertDialog, ConfirmDialogContent } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { EmptyNote, LoadingCard, LoadingRows } from '@/components/ui/states';
import { toast } from '@/components/ui/use-toast';
import { useCommunityMembers } from '@/features/communities/api';
import { AdminAccessRequired } from '@/features/communities/components/community-state';
import { RoleBadge } from '@/features/communities/components/role-badge';
import { errorMessage } from '@/lib/api-client';
import { toastError } from '@/lib/notify';
import { useAssignSubgroup, useDeleteSubgroup, useSubgroups } from '../api';
import { CreateSubgroupDialog } from './create-subgroup-dialog';
import { SubgroupCard } from './subgroup-card';

export const DELETE_SUBGROUP_CONFIRMATION = 'Are you sure you want to delete this subgroup? All members will be unassigned.';

/** SPEC.md section 6: a commander is a member holding Commander, CommunityModerator, InstitutionAdmin or SuperAdmin. */
export const canLead = (member: Pick<CommunityMember, 'roles' | 'rank'>) => atLeast([member.rank, ...member.roles], 'Commander');

const byName = (a: CommunityMember, b: CommunityMember) => a.displayName.localeCompare(b.displayName, undefined, { sensitivity: 'base' });

/** The member list split by subgroup, the unassigned members and who may lead, each by name. */
export function groupMembers(members: readonly CommunityMember[]) {
  const sorted = [...members].sort(byName);
  const bySubgroup = new Map<string, CommunityMember[]>();
  const unassigned: CommunityMember[] = [];
  for (const member of sorted) {
    if (!member.subgroupId) unassigned.push(member);
    else bySubgroup.set(member.subgroupId, [...(bySubgroup.get(member.subgroupId) ?? []), member]);
  }
  return { sorted, bySubgroup, unassigned, eligible: sorted.filter(canLead) };
}

const NO_MEMBERS: CommunityMember[] = [];

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
  const groups = useMemo(() => groupMembers(members.data ?? NO_MEMBERS), [members.data]);
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
          <AllMembers communityId={communityId} members={groups.sorted} subgroups={subgroups.data ?? []} loading={membersLoading || subgroups.isPending} />
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
        <CardDescription>Members who are not in any subgroup yet.</CardDescription>
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
function AllMembers({ communityId, members, subgroups, loading }: { communityId: string; members: readonly CommunityMember[]; subgroups: readonly SubgroupView[]; loading: boolean }) {
  const titleId = useId();
  const assign = useAssignSubgroup(communityId);

  const move = (member: CommunityMember, subgroupId: string | null) => {
    const target = subgroups.find((subgroup) => subgroup.id === subgroupId);
    assign.mutate(
      { userId: member.id, subgroupId },
      {
        onSuccess: () =>
          target
            ? toast({ title: 'Member Assigned', description: `${member.displayName} joined ${target.name}.`, variant: 'success' })
            : toast({ title: 'Member Unassigned', description: `${member.displayName} is no longer in a subgroup.`, variant: 'success' }),
        onError: (error) => toastError('Assignment Failed', error, 'Failed to assign member'),
      },
    );
  };

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="text-lg">
          Members{loading ? '' : ` (${members.length})`}
        </CardTitle>
        <CardDescription>Move a member to another subgroup.</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <LoadingRows rows={3} label="Loading members" />
        ) : members.length === 0 ? (
          <EmptyNote>No members yet.</EmptyNote>
        ) : (
          <ul aria-labelledby={titleId} className="max-h-96 divide-y divide-border overflow-y-auto rounded-xl border border-border">
            {members.map((member) => {
              const pending = assign.isPending && assign.variables.userId === member.id;
              const shown = pending ? assign.variables.subgroupId : member.subgroupId;
              return (
                <li key={member.id} className="grid gap-2 px-3 py-2 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-center">
                  <span className="min-w-0 break-words text-sm font-medium">{member.displayName}</span>
                  <NativeSelect
                    aria-label={`Subgroup for ${member.displayName}`}
                    value={shown ?? ''}
                    disabled={pending}
                    onChange={(event) => move(member, event.target.value || null)}
                  >
                    <option value="">Unassigned</option>
                    {subgroups.map((subgroup) => (
                      <option key={subgroup.id} value={subgroup.id}>
                        {subgroup.name}
                      </option>
                    ))}
                  </NativeSelect>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
