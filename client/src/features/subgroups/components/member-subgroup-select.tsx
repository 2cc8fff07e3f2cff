import type { CommunityMember } from '@shared/contracts/communities';
import type { SubgroupView } from '@shared/contracts/subgroups';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { formatList, type Translate, useT } from '@/i18n';
import { toastError } from '@/lib/notify';
import { useAssignSubgroup } from '../api';

/** The subgroups `memberId` leads (a commander's 'My Subgroup' is the one they lead, assigned or not: DECISIONS.md). */
export const subgroupsLedBy = (subgroups: readonly SubgroupView[], memberId: string) => subgroups.filter((subgroup) => subgroup.commanderId === memberId);

/** 'Leads Alpha Group' (or 'Leads Alpha Group and Beta Group'). */
export const leadsLabel = (led: readonly SubgroupView[], t: Translate) => t('Leads {subgroups}', { subgroups: formatList(led.map((subgroup) => subgroup.name)) });

/** I17: a subgroup id shown (one this list does not hold, e.g. deleted meanwhile) is cut to 8 characters. */
export const shortSubgroupId = (id: string) => id.slice(0, 8);

interface MemberSubgroupSelectProps {
  communityId: string;
  member: CommunityMember;
  /** The community's subgroups, loaded (the caller shows their loading and failure instead of this). */
  subgroups: readonly SubgroupView[];
  /** For a visible <label htmlFor>; without one the select is named 'Subgroup for <name>'. */
  id?: string;
  className?: string;
}

/**
 * The subgroup a member is assigned to, changed in one step with PATCH /api/users/{userId}/subgroup
 * ('Member Assigned', 'Member Unassigned', 'Assignment Failed': CHECKLIST I09-I12). A commander who leads a
 * subgroup without being assigned to one reads 'Leads Alpha Group', not 'Unassigned'.
 */
export function MemberSubgroupSelect({ communityId, member, subgroups, id, className }: MemberSubgroupSelectProps) {
  const t = useT();
  const assign = useAssignSubgroup(communityId);
  const led = subgroupsLedBy(subgroups, member.id);
  // While the change is on its way the select shows the choice; afterwards the member list's answer.
  const shown = assign.isPending ? assign.variables.subgroupId : member.subgroupId;
  const unknown = shown && !subgroups.some((subgroup) => subgroup.id === shown) ? shown : null;

  const move = (subgroupId: string | null) => {
    const target = subgroups.find((subgroup) => subgroup.id === subgroupId);
    assign.mutate(
      { userId: member.id, subgroupId },
      {
        onSuccess: () =>
          target
            ? toast({ title: t('Member Assigned'), description: t('{member} joined {subgroup}.', { member: member.displayName, subgroup: target.name }), variant: 'success' })
            : toast({ title: t('Member Unassigned'), description: t('{member} is no longer in a subgroup.', { member: member.displayName }), variant: 'success' }),
        onError: (error) => toastError(t('Assignment Failed'), error, t('Failed to assign member')),
      },
    );
  };

  return (
    <NativeSelect
      id={id}
      aria-label={t('Subgroup for {name}', { name: member.displayName })}
      value={shown ?? ''}
      disabled={assign.isPending}
      onChange={(event) => move(event.target.value || null)}
      className={className}
    >
      {/* Not assigned, a commander's subgroup is the one they lead (GET /api/user/subgroup): say so. */}
      <option value="">{led.length > 0 ? leadsLabel(led, t) : t('Unassigned')}</option>
      {unknown ? <option value={unknown}>{t('Subgroup {id}', { id: shortSubgroupId(unknown) })}</option> : null}
      {subgroups.map((subgroup) => (
        <option key={subgroup.id} value={subgroup.id}>
          {subgroup.name}
        </option>
      ))}
    </NativeSelect>
  );
}
