import CircleAlert from 'lucide-react/icons/circle-alert';
import UsersRound from 'lucide-react/icons/users-round';
import { useState } from 'react';
import type { MembershipView } from '@shared/contracts/communities';
import type { SubgroupView } from '@shared/contracts/subgroups';
import { can, highestRole } from '@shared/domain/roles';
import { AlertDialog, ConfirmDialogContent } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyNote, LoadingCard } from '@/components/ui/states';
import { toast } from '@/components/ui/use-toast';
import { msg, useT } from '@/i18n';
import { AdminAccessRequired } from '@/features/communities/components/community-state';
import { errorMessage } from '@/lib/api-client';
import { toastError } from '@/lib/notify';
import { useDeleteSubgroup, useLeaders, useSubgroups } from '../api';
import { CreateSubgroupDialog } from './create-subgroup-dialog';
import { MoveMembers, UnassignedMembers } from './member-placement';
import { SubgroupCard } from './subgroup-card';

export const DELETE_SUBGROUP_CONFIRMATION = msg('Are you sure you want to delete this subgroup? All members will be unassigned.');

const NO_SUBGROUPS: SubgroupView[] = [];

/** Administration > Subgroups: create, choose commanders, assign and unassign members, delete (admins; the server checks too). */
export function SubgroupsTab({ communityId, membership }: { communityId: string; membership: Pick<MembershipView, 'roles'> }) {
  if (!can(membership, 'subgroups:manage')) return <AdminAccessRequired role={highestRole(membership.roles)} />;
  return <SubgroupManagement communityId={communityId} />;
}

function SubgroupManagement({ communityId }: { communityId: string }) {
  const t = useT();
  const subgroups = useSubgroups(communityId);
  const leaders = useLeaders(communityId);
  const remove = useDeleteSubgroup(communityId);
  const [deleting, setDeleting] = useState<SubgroupView | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast({ title: t('Subgroup Deleted'), description: t('{name} is gone; its members are unassigned.', { name: deleting.name }), variant: 'success' }),
      onError: (error) => toastError(t('Error'), error, t('Failed to delete subgroup')),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle>{subgroups.data ? t('Subgroups ({count})', { count: subgroups.data.length }) : t('Subgroups')}</CardTitle>
            <CardDescription>{t("Each subgroup has a commander who answers its members' questions and meets with them.")}</CardDescription>
          </div>
          <CreateSubgroupDialog communityId={communityId} />
        </CardHeader>
      </Card>

      {leaders.error ? (
        <LoadFailure message={t('We could not load who may lead: {reason}', { reason: errorMessage(leaders.error, leaders.error.message) })} onRetry={leaders.refetch} />
      ) : null}

      {subgroups.error ? (
        <LoadFailure
          message={t('Error loading subgroups: {reason}', { reason: errorMessage(subgroups.error, subgroups.error.message) })}
          onRetry={() => void subgroups.refetch()}
        />
      ) : subgroups.isPending ? (
        <LoadingCard label={t('Loading subgroups')} />
      ) : subgroups.data.length === 0 ? (
        <EmptyNote icon={<UsersRound className="size-5 shrink-0" aria-hidden="true" />}>
          {t('No subgroups yet. Create one, then choose its commander and assign its members.')}
        </EmptyNote>
      ) : (
        <section aria-label={t('Subgroup list')} className="grid gap-4 lg:grid-cols-2">
          {subgroups.data.map((subgroup) => (
            <SubgroupCard key={subgroup.id} communityId={communityId} subgroup={subgroup} eligibleCommanders={leaders.members} onDelete={setDeleting} />
          ))}
        </section>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <UnassignedMembers communityId={communityId} />
        <MoveMembers
          communityId={communityId}
          subgroups={subgroups.data ?? (subgroups.error ? undefined : NO_SUBGROUPS)}
          subgroupsLoading={subgroups.isPending && !subgroups.error}
          subgroupsError={subgroups.error}
          onRetrySubgroups={() => void subgroups.refetch()}
        />
      </div>

      <AlertDialog open={deleting !== null} onOpenChange={(open) => (open || remove.isPending ? undefined : setDeleting(null))}>
        <ConfirmDialogContent
          title={deleting ? t('Delete {name}', { name: deleting.name }) : t('Delete Subgroup')}
          description={t(DELETE_SUBGROUP_CONFIRMATION)}
          confirmLabel={t('Delete')}
          pendingLabel={t('Deleting...')}
          pending={remove.isPending}
          onConfirm={confirmDelete}
        />
      </AlertDialog>
    </div>
  );
}

/** A failed load with a full-size Retry. */
function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <Card role="alert" className="flex flex-wrap items-center gap-3 border-destructive/20 bg-destructive-50 p-4 text-destructive">
      <CircleAlert className="size-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 break-words font-medium">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('Retry')}
      </Button>
    </Card>
  );
}

