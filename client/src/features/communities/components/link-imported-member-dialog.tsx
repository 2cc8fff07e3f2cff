import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { type FormEvent, useId, useState } from 'react';
import type { CommunityMember } from '@shared/contracts/communities';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ScrollingDialogContent } from '@/components/ui/scrolling-dialog';
import { ErrorNote } from '@/components/ui/states';
import { toast } from '@/components/ui/use-toast';
import { SearchInput } from '@/components/ui/search-input';
import { msg, type Translate, useT } from '@/i18n';
import { errorMessage } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLinkImportedMember, useMemberPages } from '../api';
import { ShowMoreMembers } from './show-more-members';

export const CHOOSE_MEMBER_MESSAGE = msg('Choose the member this history belongs to.');

/** What linking does, said before it is done (DECISIONS.md "A link is an offer the member accepts"). */
export function linkConsequence(importedName: string, memberName: string | null, t: Translate): string {
  return memberName === null
    ? t(
        "{imported}'s imported history (daily logs, targets, questions and meetings) is offered to the member you choose. Nothing changes in their log until they accept it; then it moves onto their account and the imported record leaves the member list.",
        { imported: importedName },
      )
    : t(
        "{imported}'s imported history (daily logs, targets, questions and meetings) is offered to {member}. Nothing changes in their log until they accept it; then it moves onto their account and the imported record leaves the member list.",
        { imported: importedName, member: memberName },
      );
}


interface LinkImportedMemberDialogProps {
  communityId: string;
  /** The imported record to link; null when the dialog is closed. */
  imported: CommunityMember | null;
  onClose: () => void;
}

/**
 * 'Link to member…' on an imported row of the Members tab: a moderator chooses the real member a name-only
 * record belongs to, reads what will happen, and confirms (POST …/imported-members/{id}/link): an offer the
 * member accepts or declines.
 */
export function LinkImportedMemberDialog({ communityId, imported, onClose }: LinkImportedMemberDialogProps) {
  const link = useLinkImportedMember(communityId);
  const onOpenChange = (open: boolean) => {
    if (open || link.isPending) return;
    link.reset();
    onClose();
  };
  return (
    <Dialog open={imported !== null} onOpenChange={onOpenChange}>
      {imported ? (
        <LinkForm
          key={imported.id}
          communityId={communityId}
          imported={imported}
          link={link}
          onCancel={() => onOpenChange(false)}
          onDone={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function LinkForm({
  communityId,
  imported,
  link,
  onCancel,
  onDone,
}: {
  communityId: string;
  imported: CommunityMember;
  link: ReturnType<typeof useLinkImportedMember>;
  onCancel: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const id = useId();
  const [query, setQuery] = useState('');
  // The server searches (name, and e-mail for admins) once typing pauses, a page at a time.
  const search = useDebouncedValue(query.trim());
  const pages = useMemberPages(communityId, { search });
  const [chosen, setChosen] = useState<CommunityMember | null>(null);
  const [missingChoice, setMissingChoice] = useState(false);
  // Real members only: never another imported record.
  const shown = (pages.data?.pages.flatMap((page) => page.members) ?? []).filter((member) => !member.isImported);
  const membersState = pages.data ? 'ready' : pages.error ? 'failed' : 'loading';
  // The chosen member stays listed (first) when a later search would hide them, so the choice is always visible.
  const listed = chosen && !shown.some((member) => member.id === chosen.id) ? [chosen, ...shown] : shown;

  const searchId = `${id}-search`;
  const statusId = `${id}-status`;
  const choiceErrorId = `${id}-choice-error`;
  const consequenceId = `${id}-consequence`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setMissingChoice(true);
      return;
    }
    link.mutate(
      { importedUserId: imported.id, userId: chosen.id, offeredTo: chosen.displayName },
      {
        onSuccess: () => {
          toast({
            title: t('History Offered'),
            description: t("{imported}'s history is offered to {member}. It moves once they accept it.", { imported: imported.displayName, member: chosen.displayName }),
            variant: 'success',
          });
          link.reset();
          onDone();
        },
      },
    );
  };

  const status =
    membersState === 'loading'
      ? t('Loading members…')
      : membersState === 'failed'
        ? t('We could not load the members.')
        : shown.length === 0 && !pages.hasNextPage
          ? search
            ? t('No member matches "{search}".', { search })
            : t('This community has no members with an account yet.')
          : pages.hasNextPage
            ? t('{count, plural, one {Showing # member: search to narrow the list, or show more.} other {Showing # members: search to narrow the list, or show more.}}', { count: shown.length })
            : t('{count, plural, one {# member} other {# members}}.', { count: shown.length });

  return (
    <ScrollingDialogContent
      header={
        <DialogHeader>
          <DialogTitle className="[overflow-wrap:anywhere]">{t('Link {name} to a member', { name: imported.displayName })}</DialogTitle>
          <DialogDescription>
            {t('Imported records without an e-mail cannot be claimed. Choose the member this record belongs to: they are asked to accept its history.')}
          </DialogDescription>
        </DialogHeader>
      }
      onSubmit={onSubmit}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={link.isPending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" disabled={link.isPending} aria-describedby={consequenceId}>
            {link.isPending ? t('Offering...') : t('Offer History')}
          </Button>
        </>
      }
    >
      <div className="grid gap-2">
        <label htmlFor={searchId} className="text-sm font-medium">
          {t('Search members')}
        </label>
        <SearchInput
          id={searchId}
          placeholder={t('Name or e-mail')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-describedby={statusId}
        />
        <p id={statusId} role="status" className="text-xs text-muted-foreground">
          {status}
        </p>
        {membersState === 'failed' ? (
          <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => void pages.refetch()}>
            {t('Retry')}
          </Button>
        ) : null}
      </div>

      <fieldset className="grid min-w-0 gap-2" aria-describedby={missingChoice && !chosen ? choiceErrorId : undefined}>
        <legend className="mb-2 text-sm font-medium">{t('Member to link to')}</legend>
        {listed.length > 0 ? (
          <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-xl border border-border p-1">
            {listed.map((member) => {
              const optionId = `${id}-member-${member.id}`;
              return (
                <li key={member.id}>
                  <label
                    htmlFor={optionId}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 transition-colors hover:bg-muted has-[:checked]:bg-primary-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                  >
                    <input
                      id={optionId}
                      type="radio"
                      name={`${id}-member`}
                      value={member.id}
                      checked={chosen?.id === member.id}
                      onChange={() => {
                        setChosen(member);
                        setMissingChoice(false);
                        link.reset();
                      }}
                      className="size-4 shrink-0 cursor-pointer accent-primary-700 focus-visible:outline-none"
                    />
                    <span className="grid min-w-0">
                      <span className="text-sm font-medium [overflow-wrap:anywhere]">{member.displayName}</span>
                      {member.email ? <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{member.email}</span> : null}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        ) : null}
        <ShowMoreMembers pages={pages} />
        {missingChoice && !chosen ? (
          <p id={choiceErrorId} className="text-sm font-medium text-destructive">
            {t(CHOOSE_MEMBER_MESSAGE)}
          </p>
        ) : null}
      </fieldset>

      <div id={consequenceId} className="flex items-start gap-3 rounded-xl border border-accent-200 bg-accent-50 p-4 text-sm text-accent-foreground">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-accent-700" aria-hidden="true" />
        <p className="[overflow-wrap:anywhere]">{linkConsequence(imported.displayName, chosen?.displayName ?? null, t)}</p>
      </div>

      {link.error ? <ErrorNote message={errorMessage(link.error, t('We could not link the history. Please try again.'))} /> : null}
    </ScrollingDialogContent>
  );
}
