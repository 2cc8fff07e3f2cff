import { useId, useState } from 'react';
import type { CommunityMember } from '@shared/contracts/communities';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ScrollingDialogContent } from '@/components/ui/scrolling-dialog';
import { ErrorNote, loadFailureMessage } from '@/components/ui/states';
import { SearchInput } from '@/components/ui/search-input';
import { useT } from '@/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type MembersNarrowing, useMemberPages } from '../api';
import { ShowMoreMembers } from './show-more-members';

interface FindMemberDialogProps {
  communityId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (member: CommunityMember) => void;
  /** What picking a member does, under the title. */
  description: string;
  /** Only members in a subgroup, in none, or who may lead. */
  narrowing?: Omit<MembersNarrowing, 'search'>;
  /** What the list says when nobody is left to pick (without a search). */
  emptyText?: string;
}

/**
 * 'Find another member…' where a picker holds only the first page of a large community: a search on the
 * server (name, case and accents aside), sent when typing pauses, a page at a time.
 */
export function FindMemberDialog({ communityId, open, onOpenChange, onPick, description, narrowing, emptyText }: FindMemberDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <FindMemberContent
          communityId={communityId}
          description={description}
          narrowing={narrowing}
          emptyText={emptyText ?? t('This community has no other members yet.')}
          onPick={(member) => {
            onPick(member);
            onOpenChange(false);
          }}
        />
      ) : null}
    </Dialog>
  );
}

function FindMemberContent({
  communityId,
  description,
  narrowing,
  emptyText,
  onPick,
}: {
  communityId: string;
  description: string;
  narrowing: Omit<MembersNarrowing, 'search'> | undefined;
  emptyText: string;
  onPick: (member: CommunityMember) => void;
}) {
  const t = useT();
  const id = useId();
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim());
  const pages = useMemberPages(communityId, { ...narrowing, search });
  const found = pages.data?.pages.flatMap((page) => page.members) ?? [];
  const total = pages.data?.pages[0]?.total ?? found.length;
  const status = pages.isPending
    ? t('Loading members…')
    : pages.error
      ? ''
      : total === 0
        ? search
          ? t('No member matches "{search}".', { search })
          : emptyText
        : search
          ? t('{count, plural, one {# member match "{search}"} other {# members match "{search}"}}.', { count: total, search })
          : t('{count, plural, one {# member} other {# members}}.', { count: total });

  return (
    <ScrollingDialogContent
      header={
        <DialogHeader>
          <DialogTitle>{t('Find a member')}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
      }
    >
      <div className="grid gap-2">
        <label htmlFor={`${id}-search`} className="text-sm font-medium">
          {t('Search members')}
        </label>
        <SearchInput
          id={`${id}-search`}
          placeholder={t('Name')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-describedby={`${id}-status`}
        />
        <p id={`${id}-status`} role="status" className="text-xs text-muted-foreground">
          {status}
        </p>
      </div>
      {pages.error && !pages.data ? (
        <ErrorNote message={loadFailureMessage(t('Could not load the members.'), pages.error)} onRetry={() => void pages.refetch()} />
      ) : found.length > 0 ? (
        <ul className="grid gap-1" aria-label={t('Members found')}>
          {found.map((member) => (
            <li key={member.id}>
              <Button variant="ghost" className="h-auto min-h-11 w-full justify-start whitespace-normal text-left [overflow-wrap:anywhere]" onClick={() => onPick(member)}>
                {member.displayName}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <ShowMoreMembers pages={pages} />
    </ScrollingDialogContent>
  );
}
