import { useId, useState } from 'react';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useT } from '@/i18n';
import { useSubgroups } from '../api';

const LED = 'led';

/**
 * Whose care an admin's My Subgroup shows: the subgroups they lead, or any one subgroup of the community. An
 * admin who leads none starts on the first subgroup (the care cards were empty for them, though members wrote).
 */
export function useSubgroupChoice(communityId: string, viewerId: string, enabled: boolean) {
  const subgroups = useSubgroups(communityId, enabled);
  const [picked, setPicked] = useState<string | null>(null);
  const list = subgroups.data ?? [];
  const leads = list.some((subgroup) => subgroup.commanderId === viewerId);
  const known = picked !== null && (picked === LED ? leads : list.some((subgroup) => subgroup.id === picked));
  const value = known ? picked : leads ? LED : (list[0]?.id ?? LED);
  return {
    subgroups: list,
    leads,
    value,
    /** Undefined: the subgroups the viewer leads. */
    subgroupId: value === LED ? undefined : value,
    choose: setPicked,
    /** Whether the choice is known (the subgroups are read): the care cards wait for it. */
    ready: !enabled || subgroups.isSuccess || subgroups.isError,
  };
}

export type SubgroupChoice = ReturnType<typeof useSubgroupChoice>;

/** The picker above an admin's care cards; nothing when the community has no subgroup. */
export function SubgroupChoicePicker({ choice }: { choice: SubgroupChoice }) {
  const t = useT();
  const id = useId();
  if (choice.subgroups.length === 0) return null;
  return (
    <Card className="grid gap-2 p-4 sm:flex sm:items-center sm:gap-4 sm:p-5">
      <Label htmlFor={id} className="sm:shrink-0">
        {t('Whose care')}
      </Label>
      <NativeSelect id={id} value={choice.value} onChange={(event) => choice.choose(event.target.value)} className="sm:max-w-xs">
        {choice.leads ? <option value={LED}>{t('The subgroups I lead')}</option> : null}
        {choice.subgroups.map((subgroup) => (
          <option key={subgroup.id} value={subgroup.id}>
            {subgroup.name}
          </option>
        ))}
      </NativeSelect>
    </Card>
  );
}
