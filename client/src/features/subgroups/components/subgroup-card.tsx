import Trash2 from 'lucide-react/icons/trash-2';
import UserMinus from 'lucide-react/icons/user-minus';
import UserPlus from 'lucide-react/icons/user-plus';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { CommunityMember } from '@shared/contracts/communities';
import type { SubgroupView } from '@shared/contracts/subgroups';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { EmptyNote, ErrorNote, loadFailureMessage } from '@/components/ui/states';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
import { toastError } from '@/lib/notify';
import { listedMember, useMemberPages } from '@/features/communities/api';
import { FindMemberDialog } from '@/features/communities/components/find-member-dialog';
import { useAssignSubgroup, useSetCommander, useUnassignedMembers } from '../api';
import { ShowMoreMembers } from '@/features/communities/components/show-more-members';

interface SubgroupCardProps {
  communityId: string;
  subgroup: SubgroupView;
  /** Members holding Commander or an admin role, the only ones who may lead (SPEC.md section 6); undefined while they load. */
  eligibleCommanders: readonly CommunityMember[] | undefined;
  onDelete: (subgroup: SubgroupView) => void;
}

/** One subgroup: its commander, its members a page at a time (each with Unassign), 'Assign member' and Delete. */
export function SubgroupCard({ communityId, subgroup, eligibleCommanders, onDelete }: SubgroupCardProps) {
  const t = useT();
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <Card role="group" aria-labelledby={titleId} className="grid gap-4 p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <div className="grid min-w-0 flex-1 gap-1">
          <h3 id={titleId} className="break-words text-lg font-semibold leading-tight">
            {subgroup.name}
          </h3>
          {subgroup.description ? <p className="break-words text-sm text-muted-foreground">{subgroup.description}</p> : null}
          <p className="text-sm text-muted-foreground">{t('{count, plural, one {# member} other {# members}}', { count: subgroup.memberCount })}</p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-11 shrink-0 text-destructive hover:bg-destructive-50"
          aria-label={t('Delete {name}', { name: subgroup.name })}
          onClick={() => onDelete(subgroup)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <CommanderSelect communityId={communityId} subgroup={subgroup} eligible={eligibleCommanders ?? NO_MEMBERS} disabled={eligibleCommanders === undefined} />
      <SubgroupMembers communityId={communityId} subgroup={subgroup} />
      <AssignMember communityId={communityId} subgroup={subgroup} />
    </Card>
  );
}

const NO_MEMBERS: readonly CommunityMember[] = [];

function CommanderSelect({ communityId, subgroup, eligible, disabled }: { communityId: string; subgroup: SubgroupView; eligible: readonly CommunityMember[]; disabled: boolean }) {
  const t = useT();
  const id = useId();
  const setCommander = useSetCommander(communityId);
  // While the change is on its way the select shows the choice; afterwards the server's answer.
  const shown = setCommander.isPending ? setCommander.variables.commanderId : subgroup.commanderId;
  // A commander who has since lost the role stays visible until someone else is chosen.
  const current = subgroup.commanderId && !eligible.some((member) => member.id === subgroup.commanderId) ? subgroup : null;

  const onChange = (value: string) => {
    const commanderId = value || null;
    const chosen = eligible.find((member) => member.id === commanderId);
    setCommander.mutate(
      { subgroupId: subgroup.id, commanderId },
      {
        onSuccess: () =>
          toast({
            title: t('Commander Updated'),
            description: chosen
              ? t('{commander} now leads {subgroup}.', { commander: chosen.displayName, subgroup: subgroup.name })
              : t('{subgroup} has no commander now.', { subgroup: subgroup.name }),
            variant: 'success',
          }),
        onError: (error) => toastError(t('Update Failed'), error, t('Failed to update commander')),
      },
    );
  };

  const selectId = `${id}-commander`;
  const hintId = `${id}-commander-hint`;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={selectId} className="text-sm font-medium">
        {t('Commander')}
      </label>
      <NativeSelect id={selectId} aria-describedby={hintId} value={shown ?? ''} disabled={disabled || setCommander.isPending} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('No commander')}</option>
        {current ? <option value={current.commanderId!}>{current.commanderName ?? t('Former commander')}</option> : null}
        {eligible.map((member) => (
          <option key={member.id} value={member.id}>
            {member.displayName}
          </option>
        ))}
      </NativeSelect>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t('Only members holding Commander or an admin role can lead a subgroup.')}
      </p>
    </div>
  );
}

function SubgroupMembers({ communityId, subgroup }: { communityId: string; subgroup: SubgroupView }) {
  const t = useT();
  const pages = useMemberPages(communityId, { subgroupId: subgroup.id });
  const assign = useAssignSubgroup(communityId);
  const members = pages.data?.pages.flatMap((page) => page.members) ?? [];
  const unassign = (member: CommunityMember) =>
    assign.mutate(
      { userId: member.id, subgroupId: null },
      {
        onSuccess: () =>
          toast({ title: t('Member Unassigned'), description: t('{member} is no longer in {subgroup}.', { member: member.displayName, subgroup: subgroup.name }), variant: 'success' }),
        onError: (error) => toastError(t('Assignment Failed'), error, t('Failed to unassign member')),
      },
    );

  if (pages.error && !pages.data) return <ErrorNote message={loadFailureMessage(t('The members could not be loaded.'), pages.error)} onRetry={() => void pages.refetch()} />;
  if (pages.isPending) return <p className="text-sm text-muted-foreground">{t('Loading members…')}</p>;
  if (members.length === 0) return <EmptyNote>{t('No members in this subgroup yet.')}</EmptyNote>;
  return (
    <div className="grid gap-2">
      <ul aria-label={t('Members of {subgroup}', { subgroup: subgroup.name })} className="max-h-32 divide-y divide-border overflow-y-auto rounded-xl border border-border">
        {members.map((member) => {
          const pending = assign.isPending && assign.variables.userId === member.id;
          return (
            <li key={member.id} className="flex flex-wrap items-center gap-x-2 py-0.5 pl-3 pr-1">
              <span className="min-w-0 flex-1 break-words text-sm font-medium">{member.displayName}</span>
              {member.id === subgroup.commanderId ? <Badge>{t('Commander')}</Badge> : null}
              <Button
                variant="ghost"
                className="min-h-11 shrink-0 px-3 text-destructive hover:bg-destructive-50"
                aria-label={t('Unassign {name}', { name: member.displayName })}
                disabled={pending}
                onClick={() => unassign(member)}
              >
                <UserMinus aria-hidden="true" />
                {pending ? t('Unassigning...') : t('Unassign')}
              </Button>
            </li>
          );
        })}
      </ul>
      <ShowMoreMembers pages={pages} />
    </div>
  );
}

/** The select's last entry when more members are unassigned than were read: it opens a search. */
const FIND_MEMBER = 'find-member';

function AssignMember({ communityId, subgroup }: { communityId: string; subgroup: SubgroupView }) {
  const t = useT();
  const id = useId();
  const unassignedPages = useUnassignedMembers(communityId);
  const [chosen, setChosen] = useState<CommunityMember | null>(null);
  const [finding, setFinding] = useState(false);
  const assign = useAssignSubgroup(communityId);
  const unassigned = unassignedPages.data?.pages.flatMap((page) => page.members) ?? NO_MEMBERS;
  const loading = unassignedPages.isPending && !unassignedPages.error;
  // The choice is forgotten once that member is assigned (on another card, or by another admin and read
  // again), wherever the lists read so far show them now.
  const queryClient = useQueryClient();
  const current = chosen ? (listedMember(queryClient, communityId, chosen.id) ?? chosen) : null;
  const member = current && current.subgroupId === null ? current : null;
  const options = member && !unassigned.some((candidate) => candidate.id === member.id) ? [...unassigned, member] : unassigned;

  const onAssign = () => {
    if (!member) return;
    assign.mutate(
      { userId: member.id, subgroupId: subgroup.id },
      {
        onSuccess: () => {
          toast({ title: t('Member Assigned'), description: t('{member} joined {subgroup}.', { member: member.displayName, subgroup: subgroup.name }), variant: 'success' });
          setChosen(null);
        },
        onError: (error) => toastError(t('Assignment Failed'), error, t('Failed to assign member')),
      },
    );
  };

  const selectId = `${id}-assign`;
  const nobody = !loading && options.length === 0;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={selectId} className="text-sm font-medium">
        {t('Assign member')}
      </label>
      {/* On a phone the select has the whole line, so its 'Choose an unassigned member' is not cut; Assign goes under it. */}
      <div className="grid gap-2 sm:flex">
        <div className="min-w-0 sm:flex-1">
          <NativeSelect
            id={selectId}
            value={member?.id ?? ''}
            disabled={loading || assign.isPending || nobody}
            aria-busy={loading || undefined}
            onChange={(event) => {
              const value = event.target.value;
              if (value === FIND_MEMBER) setFinding(true);
              else setChosen(options.find((candidate) => candidate.id === value) ?? null);
            }}
          >
            <option value="">{loading ? t('Loading members…') : nobody ? t('Everyone is in a subgroup') : t('Choose an unassigned member')}</option>
            {options.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.displayName}
              </option>
            ))}
            {unassignedPages.hasNextPage ? <option value={FIND_MEMBER}>{t('Find another member…')}</option> : null}
          </NativeSelect>
        </div>
        <Button variant="outline" className="shrink-0" onClick={onAssign} disabled={!member || assign.isPending} aria-label={t('Assign to {subgroup}', { subgroup: subgroup.name })}>
          <UserPlus aria-hidden="true" />
          {assign.isPending ? t('Assigning...') : t('Assign')}
        </Button>
      </div>
      {unassignedPages.error && !unassignedPages.data ? (
        <ErrorNote message={loadFailureMessage(t('The unassigned members could not be loaded.'), unassignedPages.error)} onRetry={() => void unassignedPages.refetch()} />
      ) : null}
      <FindMemberDialog
        communityId={communityId}
        open={finding}
        onOpenChange={setFinding}
        onPick={setChosen}
        narrowing={{ subgroupId: 'unassigned' }}
        description={t('Choose whom to assign to {subgroup}.', { subgroup: subgroup.name })}
        emptyText={t('Everyone is in a subgroup.')}
      />
    </div>
  );
}
