import Eye from 'lucide-react/icons/eye';
import { useMemo } from 'react';
import type { YearMonth } from '@shared/domain/calendar';
import type { CommunityMember } from '@shared/contracts/communities';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Trans, useT } from '@/i18n';
import { pickerYears, useToday } from '../period';
import { MonthOptions, YearOptions } from './period-options';

export interface MemberOption {
  id: string;
  displayName: string;
}

interface PeriodPickersProps {
  /** Used for the control ids: two screens never share a page, but each id stays unique. */
  idPrefix: string;
  self: MemberOption;
  /** The members read so far (the list comes a page at a time). */
  members: readonly CommunityMember[] | undefined;
  membersLoading?: boolean;
  /** The member on screen (null: oneself); listed even when found by a search beyond the pages read. */
  viewed: MemberOption | null;
  onMemberChange: (member: MemberOption | null) => void;
  /** Given when the community has more members than were read: the picker then offers a search. */
  onFindMember?: () => void;
  period: YearMonth;
  onPeriodChange: (period: YearMonth) => void;
}

/** The picker's last entry when the community is larger than the members read: it opens a search. */
const FIND_MEMBER = 'find-member';

/**
 * The member picker (own entry marked 'You'), the month picker (1 to 12) and the year picker (the
 * current year and the previous 3) of the dashboard and /tracking.
 */
export function PeriodPickers({ idPrefix, self, members, membersLoading, viewed, onMemberChange, onFindMember, period, onPeriodChange }: PeriodPickersProps) {
  const t = useT();
  const others = useMemo(() => {
    const listed: MemberOption[] = (members ?? []).filter((member) => member.id !== self.id).map(({ id, displayName }) => ({ id, displayName }));
    if (viewed && !listed.some((member) => member.id === viewed.id)) listed.push(viewed);
    return listed.sort((a, b) => a.displayName.localeCompare(b.displayName));
  }, [members, self.id, viewed]);
  const { year: currentYear } = useToday();
  const years = pickerYears(currentYear);
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <Card className="grid grid-cols-2 gap-3 p-4 sm:grid-cols-[2fr_1fr_1fr] sm:gap-4 sm:p-5">
      <div className="col-span-2 grid gap-2 sm:col-span-1">
        <Label htmlFor={id('member')}>{t('Member')}</Label>
        <NativeSelect
          id={id('member')}
          value={viewed?.id ?? self.id}
          onChange={(event) => {
            const chosen = event.target.value;
            if (chosen === FIND_MEMBER) onFindMember?.();
            else onMemberChange(chosen === self.id ? null : (others.find((member) => member.id === chosen) ?? null));
          }}
          aria-busy={membersLoading || undefined}
        >
          <option value={self.id}>{t('{name} (You)', { name: self.displayName })}</option>
          {others.map((member) => (
            <option key={member.id} value={member.id}>
              {member.displayName}
            </option>
          ))}
          {onFindMember ? <option value={FIND_MEMBER}>{t('Find another member…')}</option> : null}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={id('month')}>{t('Month')}</Label>
        <NativeSelect id={id('month')} value={period.month} onChange={(event) => onPeriodChange({ ...period, month: Number(event.target.value) })}>
          <MonthOptions />
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={id('year')}>{t('Year')}</Label>
        <NativeSelect id={id('year')} value={period.year} onChange={(event) => onPeriodChange({ ...period, year: Number(event.target.value) })}>
          <YearOptions years={years} />
        </NativeSelect>
      </div>
    </Card>
  );
}

/** Said when the screen shows another member: everything is read-only. */
export function ViewingNotice({ name }: { name: string }) {
  return (
    <p role="status" className="flex items-center gap-2 rounded-xl border border-primary-100 bg-primary-50 px-4 py-3 text-sm text-primary-800">
      <Eye className="size-4 shrink-0" aria-hidden="true" />
      <span>
        <Trans id="You are viewing <0>{name}</0>'s tracking. It is read-only." values={{ name }} components={{ 0: <strong /> }} />
      </span>
    </p>
  );
}
