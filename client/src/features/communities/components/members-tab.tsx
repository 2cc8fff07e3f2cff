import Info from 'lucide-react/icons/info';
import Link2 from 'lucide-react/icons/link-2';
import UserCog from 'lucide-react/icons/user-cog';
import UserMinus from 'lucide-react/icons/user-minus';
import { type ReactNode, useCallback, useState } from 'react';
import type { CommunityMember, MembershipView } from '@shared/contracts/communities';
import { can, canGrant, highestRole } from '@shared/domain/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { ErrorNote, LoadingCard, loadFailureMessage } from '@/components/ui/states';
import { SearchInput } from '@/components/ui/search-input';
import { formatNumber, msg, Trans, type Translate, useT } from '@/i18n';
import { formatLongDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import type { SubgroupView } from '@shared/contracts/subgroups';
import { useSubgroups } from '@/features/subgroups/api';
import { MemberSubgroupSelect } from '@/features/subgroups/components/member-subgroup-select';
import { MemberList, type RowPlacement } from './member-list';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useMemberPages } from '../api';
import { AdminAccessRequired, QueryFailure } from './community-state';
import { ImportWizardDialog } from '@/features/imports/components/import-wizard-dialog';
import { ExportMembersButton } from './export-members-button';
import { LinkImportedMemberDialog } from './link-imported-member-dialog';
import { RemoveMemberDialog } from './remove-member-dialog';
import { RoleBadges } from './role-badge';
import { RoleEditorDialog } from './role-editor-dialog';
import { EmailAddress } from '@/components/ui/email-address';
import { roleName } from '@/i18n/labels';

/** The columns of the member list from 768 px (header and rows share them). */
// The roles column is never narrower than a 'Community Moderator' badge (at 820 px it ran into Joined). From 768 to
// 1023 px there are three columns and the join date sits under the e-mail: with a column of its own, the member's
// column was too narrow for an address and broke it mid-word. From 1024 px the actions column fits Edit Roles and
// Remove side by side.
const ROW_COLUMNS = 'md:grid-cols-[minmax(0,1fr)_11rem_14rem] lg:grid-cols-[minmax(0,2fr)_minmax(11rem,1.4fr)_minmax(0,1fr)_19rem]';
/** Where each cell of a row sits: at 768-1023 px the member and the join date share the first column. */
const CELL = {
  // The two halves of the first column meet in the middle of a row the actions make tall.
  member: 'md:col-start-1 md:row-start-1 md:self-end lg:col-start-auto lg:row-start-auto lg:self-auto',
  roles: 'md:col-start-2 md:row-span-2 md:row-start-1 lg:col-start-auto lg:row-span-1 lg:row-start-auto',
  joined: 'md:col-start-1 md:row-start-2 md:self-start lg:col-start-auto lg:row-start-auto lg:self-auto',
  actions: 'md:col-start-3 md:row-span-2 md:row-start-1 lg:col-start-auto lg:row-span-1 lg:row-start-auto',
};

export interface BlockedReason {
  /** Shown under the disabled buttons. */
  label: string;
  /** Read with the buttons (their description), after the label. */
  detail: string;
}

/**
 * Why the viewer may neither edit the roles of nor remove `member`, or null when they may: their own row,
 * or someone whose effective rank is above the viewer's (the server refuses both, DECISIONS.md "Roles").
 */
export function blockedReason(member: CommunityMember, viewerId: string, viewerRoles: MembershipView['roles'], t: Translate): BlockedReason | null {
  if (member.id === viewerId) {
    return { label: t('This is you'), detail: t('another moderator can change your roles, and you cannot remove yourself from the community.') };
  }
  if (!canGrant(viewerRoles, member.rank)) {
    return { label: t('Above your role ({role})', { role: roleName(member.rank) }), detail: t('only someone of that rank can change their roles or remove them.') };
  }
  return null;
}

export const IMPORTED_MEMBERS_HINT = msg('Imported members sign up and claim their history');

interface MembersTabProps {
  communityId: string;
  communityName: string;
  /** The viewer's membership of this community. */
  membership: Pick<MembershipView, 'roles'>;
  viewerId: string;
}

/** Members: search, roles, removal and the CSV export. Admins only (SPEC.md section 6). */
export function MembersTab({ communityId, communityName, membership, viewerId }: MembersTabProps) {
  const allowed = can(membership, 'members:manage');
  if (!allowed) return <AdminAccessRequired role={highestRole(membership.roles)} />;
  return <MemberManagement communityId={communityId} communityName={communityName} membership={membership} viewerId={viewerId} />;
}

function MemberManagement({ communityId, communityName, membership, viewerId }: MembersTabProps) {
  const t = useT();
  const [query, setQuery] = useState('');
  // The server searches (name, e-mail; case and accents aside) once typing pauses.
  const search = useDebouncedValue(query.trim());
  const members = useMemberPages(communityId, { search });
  const [editing, setEditing] = useState<CommunityMember | null>(null);
  const [removing, setRemoving] = useState<CommunityMember | null>(null);
  const [linking, setLinking] = useState<CommunityMember | null>(null);
  const shown = members.data?.pages.flatMap((page) => page.members) ?? [];
  const total = members.data?.pages[0]?.total ?? null;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = members;
  const readOn = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const canAssign = can(membership, 'roles:assign');
  // CHECKLIST I12: a member is also put in a subgroup from their row.
  const canPlace = can(membership, 'subgroups:manage');
  const subgroups = useSubgroups(communityId, canPlace);
  const subgroupState: SubgroupState | null = !canPlace
    ? null
    : subgroups.data
      ? { state: 'ready', subgroups: subgroups.data }
      : subgroups.error
        ? { state: 'failed' }
        : { state: 'loading' };


  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle>{total !== null && !search ? t('Members ({total})', { total: formatNumber(total) }) : t('Members')}</CardTitle>
            <CardDescription>{t('Give members their roles, or remove someone who has moved on.')}</CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <ImportWizardDialog communityId={communityId} />
            <ExportMembersButton communityName={communityName} />
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex items-start gap-3 rounded-xl bg-primary-50 p-4 text-sm text-primary-900">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div className="grid gap-1">
              <p>
                {t(
                  "Moving your community over from spreadsheets? Members imported from your earlier records are marked 'Imported' until they have an account; they cannot sign in yet.",
                )}
              </p>
              <p className="font-medium">{t(IMPORTED_MEMBERS_HINT)}</p>
              <p>
                {t(
                  "A record without an e-mail cannot be claimed: use 'Link to member…' on its row to offer its history to the member it belongs to, who accepts it.",
                )}
              </p>
            </div>
          </div>
          <SearchInput
            aria-label={t('Search members')}
            placeholder={t('Search by name or e-mail')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </CardContent>
      </Card>

      {/* Without the subgroup list the rows would call everyone 'Unassigned': say what is missing instead. */}
      {canPlace && subgroups.error && !members.error ? (
        <ErrorNote
          message={loadFailureMessage(t('We could not load the subgroups, so members cannot be assigned to one here.'), subgroups.error)}
          onRetry={() => void subgroups.refetch()}
        />
      ) : null}

      {members.error ? (
        <QueryFailure error={members.error} onRetry={() => void members.refetch()} fallback={t('We could not load the members.')} />
      ) : !members.data ? (
        <LoadingCard label={t('Loading members')} />
      ) : shown.length === 0 ? (
        <Card className="p-6 text-center text-muted-foreground">{search ? t('No members match "{search}".', { search }) : t('No members yet.')}</Card>
      ) : (
        <Card className="overflow-hidden">
          {/* One list for every width: a card per member on phones, table-like columns from 768 px. */}
          <div aria-hidden="true" className={cn('hidden gap-4 border-b border-border bg-muted px-5 py-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground md:grid', ROW_COLUMNS)}>
            <span>{t('Member')}</span>
            <span>{t('Roles')}</span>
            <span className="hidden lg:inline">{t('Joined')}</span>
            <span className="text-right">{subgroupState ? t('Subgroup and actions') : t('Actions')}</span>
          </div>
          {search ? (
            <p role="status" className="border-b border-border px-5 py-2 text-sm text-muted-foreground">
              {total === null ? '' : t('{count, plural, one {# member matches "{search}".} other {# members match "{search}".}}', { count: total, search })}
            </p>
          ) : null}
          <MemberList
            members={shown}
            setSize={total ?? shown.length}
            hasMore={hasNextPage}
            onNearEnd={readOn}
            renderRow={(member, placement) => (
              <MemberRow
                key={member.id}
                member={member}
                isSelf={member.id === viewerId}
                blockedReason={blockedReason(member, viewerId, membership.roles, t)}
                canAssign={canAssign}
                subgroup={subgroupState ? <RowSubgroup communityId={communityId} member={member} state={subgroupState} /> : null}
                onEditRoles={() => setEditing(member)}
                onRemove={() => setRemoving(member)}
                onLink={() => setLinking(member)}
                placement={placement}
              />
            )}
          />
          {isFetchingNextPage ? <p className="border-t border-border px-5 py-3 text-center text-sm text-muted-foreground">{t('Loading more members…')}</p> : null}
          {members.isFetchNextPageError ? (
            <div className="border-t border-border p-3">
              <ErrorNote message={t('We could not load more members.')} onRetry={() => void fetchNextPage()} />
            </div>
          ) : null}
        </Card>
      )}

      <RoleEditorDialog communityId={communityId} member={editing} viewerId={viewerId} viewerRoles={membership.roles} onClose={() => setEditing(null)} />
      <RemoveMemberDialog communityId={communityId} member={removing} onClose={() => setRemoving(null)} />
      <LinkImportedMemberDialog communityId={communityId} imported={linking} onClose={() => setLinking(null)} />
    </div>
  );
}

function MemberRow({
  member,
  isSelf,
  blockedReason,
  canAssign,
  subgroup,
  onEditRoles,
  onRemove,
  onLink,
  placement,
}: {
  member: CommunityMember;
  isSelf: boolean;
  /** Why Edit Roles and Remove are not offered for this member (they are shown disabled with it). */
  blockedReason: BlockedReason | null;
  canAssign: boolean;
  /** The member's subgroup and the control to change it (admins), above the buttons. */
  subgroup: ReactNode;
  onEditRoles: () => void;
  onRemove: () => void;
  /** 'Link to member…': offered on imported rows (a name-only record is linked by an admin, DECISIONS.md). */
  onLink: () => void;
  /** Set in a windowed list. */
  placement?: RowPlacement;
}) {
  const t = useT();
  const nameId = `member-${member.id}-name`;
  const reasonId = `member-${member.id}-blocked`;
  const blocked = blockedReason !== null;
  return (
    <li
      aria-labelledby={nameId}
      ref={placement?.ref}
      data-index={placement?.index}
      aria-posinset={placement ? placement.index + 1 : undefined}
      aria-setsize={placement?.setSize}
      style={placement?.style}
      className={cn('grid gap-3 px-5 py-4 md:items-center md:gap-x-4 md:gap-y-0.5 lg:gap-y-4', ROW_COLUMNS, placement?.className)}
    >
      <div className={cn('grid min-w-0 gap-0.5', CELL.member)}>
        <span className="flex flex-wrap items-center gap-2">
          <span id={nameId} className="min-w-0 font-medium [overflow-wrap:anywhere]">
            {member.displayName}
          </span>
          {isSelf ? <Badge variant="success">{t('You')}</Badge> : null}
          {member.isImported ? <Badge variant="outline">{t('Imported')}</Badge> : null}
          {member.offeredTo ? <Badge variant="outline" className="max-w-full whitespace-normal [overflow-wrap:anywhere]">{t('Offered to {name}', { name: member.offeredTo })}</Badge> : null}
        </span>
        <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{member.email ? <EmailAddress email={member.email} /> : t('No e-mail on file')}</span>
      </div>
      <div className={CELL.roles}>
        <RoleBadges roles={member.roles} />
      </div>
      <span className={cn('text-sm text-muted-foreground', CELL.joined)}>
        <Trans id="<0>Joined </0>{date}" values={{ date: formatLongDate(member.createdAt) }} components={{ 0: <span className="lg:sr-only" /> }} />
      </span>
      <div className={cn('grid gap-1.5 md:justify-items-end', CELL.actions)}>
        {subgroup}
        <div className="flex flex-wrap gap-2 md:justify-end">
          {canAssign ? (
            <Button
              variant="outline"
              size="sm"
              onClick={onEditRoles}
              disabled={blocked}
              aria-describedby={blocked ? reasonId : undefined}
              aria-label={t('Edit roles for {name}', { name: member.displayName })}
              className="flex-1 md:flex-none"
            >
              <UserCog aria-hidden="true" />
              {t('Edit Roles')}
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            disabled={blocked}
            aria-describedby={blocked ? reasonId : undefined}
            aria-label={t('Remove {name}', { name: member.displayName })}
            className="flex-1 text-destructive hover:bg-destructive-50 md:flex-none"
          >
            <UserMinus aria-hidden="true" />
            {t('Remove')}
          </Button>
          {member.isImported ? (
            <Button variant="outline" size="sm" onClick={onLink} aria-label={t('Link to member: {name}', { name: member.displayName })} className="flex-1 md:flex-none">
              <Link2 aria-hidden="true" />
              {t('Link to member…')}
            </Button>
          ) : null}
        </div>
        {blockedReason ? (
          <p id={reasonId} className="text-xs text-muted-foreground md:text-right">
            {blockedReason.label}
            <span className="sr-only">: {blockedReason.detail}</span>
          </p>
        ) : null}
      </div>
    </li>
  );
}

type SubgroupState = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; subgroups: readonly SubgroupView[] };

/** A row's 'Subgroup' select, or what stands for it while the subgroups load or when they could not be. */
function RowSubgroup({ communityId, member, state }: { communityId: string; member: CommunityMember; state: SubgroupState }) {
  const t = useT();
  const id = `member-${member.id}-subgroup`;
  return (
    <div className="flex min-w-0 items-center gap-2 md:w-full">
      {/* From 768 px the column's header names it; the select then has the column's whole width. */}
      <label htmlFor={id} className="shrink-0 text-sm text-muted-foreground md:sr-only">
        {t('Subgroup')}
      </label>
      <div className="min-w-0 flex-1">
        {state.state === 'ready' ? (
          <MemberSubgroupSelect communityId={communityId} member={member} subgroups={state.subgroups} id={id} />
        ) : (
          // The failure is said once above the list; here the select only shows it cannot be used.
          <NativeSelect id={id} aria-label={t('Subgroup for {name}', { name: member.displayName })} disabled value="">
            <option value="">{state.state === 'loading' ? t('Loading…') : t('Not available')}</option>
          </NativeSelect>
        )}
      </div>
    </div>
  );
}
