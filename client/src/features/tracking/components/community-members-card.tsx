import Users from 'lucide-react/icons/users';
import { useId, useState } from 'react';
import type { CommunityMember } from '@shared/contracts/communities';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { RoleBadge } from '@/features/communities/components/role-badge';
import { formatNumber, Trans, useT } from '@/i18n';
import { initials } from '@/lib/utils';
import { ErrorNote, EmptyNote, loadFailureMessage, LoadingRows } from '@/components/ui/states';

/** SPEC.md section 9: the dashboard lists 5 members before 'Show N More'. */
export const MEMBERS_BEFORE_EXPAND = 5;

interface CommunityMembersCardProps {
  /** The members read so far: the list comes a page at a time. */
  members: readonly CommunityMember[] | undefined;
  /** How many members the community has, read or not. */
  total: number;
  isLoading: boolean;
  error: Error | null;
  selfId: string;
  onRetry?: () => void;
  /** Given while pages remain to be read: expanded, the card then offers the next one. */
  onLoadMore?: () => void;
  loadingMore?: boolean;
}

/**
 * 'Community Members': the first 5, then 'Show N More' (N = the rest) / 'Show Less'; expanded, a
 * congregation's list goes on a page at a time ('Show more members').
 */
export function CommunityMembersCard({ members, total, isLoading, error, selfId, onRetry, onLoadMore, loadingMore }: CommunityMembersCardProps) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const all = members ?? [];
  const shown = expanded ? all : all.slice(0, MEMBERS_BEFORE_EXPAND);
  const rest = total - MEMBERS_BEFORE_EXPAND;

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5 text-primary-600" aria-hidden="true" />
          {t('Community Members')}
        </CardTitle>
        {members ? <CardDescription>{t('{count, plural, one {# member} other {# members}}', { count: total })}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        {error ? (
          <ErrorNote message={loadFailureMessage(t('Could not load the members.'), error)} onRetry={onRetry} />
        ) : isLoading ? (
          <LoadingRows rows={3} label={t('Loading members')} />
        ) : all.length === 0 ? (
          <EmptyNote>{t('No members yet.')}</EmptyNote>
        ) : (
          <>
            <ul id={listId} className="grid gap-2">
              {shown.map((member) => (
                // The role badge moves under the name when both do not fit, so the name is cut only when it alone is too long.
                <li key={member.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 rounded-xl border border-border bg-background px-3 py-2.5">
                  <span className="flex min-w-0 items-center gap-3">
                    <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-50 text-xs font-semibold text-primary-800">
                      {initials(member.displayName)}
                    </span>
                    <span className="truncate text-sm font-medium" title={member.id === selfId ? t('{name} (You)', { name: member.displayName }) : member.displayName}>
                      {member.id === selfId ? (
                        <Trans id="{name}<0> (You)</0>" values={{ name: member.displayName }} components={{ 0: <span className="text-muted-foreground" /> }} />
                      ) : (
                        member.displayName
                      )}
                    </span>
                  </span>
                  <RoleBadge role={member.role} />
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-2">
              {rest > 0 ? (
                <Button variant="ghost" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((open) => !open)}>
                  {expanded ? t('Show Less') : t('Show {count} More', { count: formatNumber(rest) })}
                </Button>
              ) : null}
              {expanded && onLoadMore ? (
                <Button variant="outline" disabled={loadingMore} onClick={onLoadMore}>
                  {loadingMore ? t('Loading…') : t('Show more members')}
                </Button>
              ) : null}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
