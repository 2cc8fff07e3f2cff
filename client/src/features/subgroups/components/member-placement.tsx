import Crown from 'lucide-react/icons/crown';
import { useId, useState } from 'react';
import type { SubgroupView } from '@shared/contracts/subgroups';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyNote, ErrorNote, LoadingRows, loadFailureMessage } from '@/components/ui/states';
import { SearchInput } from '@/components/ui/search-input';
import { formatNumber, useT } from '@/i18n';
import { useMemberPages } from '@/features/communities/api';
import { RoleBadge } from '@/features/communities/components/role-badge';
import { ShowMoreMembers } from '@/features/communities/components/show-more-members';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useUnassignedMembers } from '../api';
import { leadsLabel, MemberSubgroupSelect, subgroupsLedBy } from './member-subgroup-select';

/** Members in no subgroup who lead none, a page at a time (each subgroup's 'Assign member' offers them). */
export function UnassignedMembers({ communityId }: { communityId: string }) {
  const t = useT();
  const titleId = useId();
  const pages = useUnassignedMembers(communityId);
  const members = pages.data?.pages.flatMap((page) => page.members) ?? [];
  const total = pages.data?.pages[0]?.total;
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="text-lg">
          {typeof total === 'number' ? t('Unassigned members ({count})', { count: formatNumber(total) }) : t('Unassigned members')}
        </CardTitle>
        <CardDescription>{t('Members who are not in any subgroup yet (commanders who lead one are in theirs).')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {pages.error && !pages.data ? (
          <ErrorNote message={loadFailureMessage(t('The unassigned members could not be loaded.'), pages.error)} onRetry={() => void pages.refetch()} />
        ) : pages.isPending ? (
          <LoadingRows rows={2} label={t('Loading members')} />
        ) : members.length === 0 ? (
          <EmptyNote>{t('Everyone is in a subgroup.')}</EmptyNote>
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
        <ShowMoreMembers pages={pages} />
      </CardContent>
    </Card>
  );
}

interface MoveMembersProps {
  communityId: string;
  /** Undefined when the list failed: the selects would otherwise call everyone 'Unassigned'. */
  subgroups: readonly SubgroupView[] | undefined;
  subgroupsLoading: boolean;
  subgroupsError: Error | null;
  onRetrySubgroups: () => void;
}

/** Every member with the subgroup they are in, found by name and read a page at a time, to move someone in one step. */
export function MoveMembers({ communityId, subgroups, subgroupsLoading, subgroupsError, onRetrySubgroups }: MoveMembersProps) {
  const t = useT();
  const id = useId();
  const titleId = `${id}-title`;
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim());
  const pages = useMemberPages(communityId, { search });
  const members = pages.data?.pages.flatMap((page) => page.members) ?? [];
  const total = pages.data?.pages[0]?.total;
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="text-lg">
          {!search && typeof total === 'number' ? t('Members ({total})', { total: formatNumber(total) }) : t('Members')}
        </CardTitle>
        <CardDescription>{t('Move a member to another subgroup.')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {subgroupsError ? (
          <ErrorNote message={loadFailureMessage(t('The subgroups could not be loaded, so members cannot be moved here.'), subgroupsError)} onRetry={onRetrySubgroups} />
        ) : (
          <>
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-search`} className="sr-only">
                {t('Find a member to move')}
              </label>
              <SearchInput
                id={`${id}-search`}
                placeholder={t('Find a member')}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
              {search && total !== undefined && total !== null ? (
                <p role="status" className="text-xs text-muted-foreground">
                  {total === 0
                    ? t('No member matches "{search}".', { search })
                    : t('{count, plural, one {# member matches "{search}".} other {# members match "{search}".}}', { count: total, search })}
                </p>
              ) : null}
            </div>
            {pages.error && !pages.data ? (
              <ErrorNote message={loadFailureMessage(t('The members could not be loaded.'), pages.error)} onRetry={() => void pages.refetch()} />
            ) : pages.isPending || subgroupsLoading || !subgroups ? (
              <LoadingRows rows={3} label={t('Loading members')} />
            ) : members.length === 0 ? (
              search ? null : <EmptyNote>{t('No members yet.')}</EmptyNote>
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
                            {leadsLabel(led, t)}
                          </span>
                        ) : null}
                      </span>
                      <MemberSubgroupSelect communityId={communityId} member={member} subgroups={subgroups} />
                    </li>
                  );
                })}
              </ul>
            )}
            <ShowMoreMembers pages={pages} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
