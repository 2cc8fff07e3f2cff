import CalendarPlus from 'lucide-react/icons/calendar-plus';
import Crown from 'lucide-react/icons/crown';
import MessageCircleQuestion from 'lucide-react/icons/message-circle-question';
import UserRoundX from 'lucide-react/icons/user-round-x';
import UsersRound from 'lucide-react/icons/users-round';
import { useState } from 'react';
import type { NotificationView } from '@shared/contracts/notifications';
import type { OwnSubgroupView } from '@shared/contracts/subgroups';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { EmptyNote } from '@/components/ui/states';
import { QueryFailure } from '@/features/communities/components/community-state';
import { RequestMeetingDialog } from '@/features/meetings/components/request-meeting-dialog';
import { AskCommanderDialog } from '@/features/questions/components/ask-commander-dialog';
import { Trans, useT } from '@/i18n';
import { formatLongDate } from '@/lib/dates';
import { initials } from '@/lib/utils';
import { useOwnSubgroup } from '../api';

interface MySubgroupProps {
  communityId: string;
  viewerId: string;
  /** The community's time zone (meeting times); undefined while it loads. */
  timeZone: string | undefined;
  /** The newest note from a commander or an admin ('A word from …'); one from one's commander is answered here. */
  careNote?: Pick<NotificationView, 'title' | 'message' | 'createdAt' | 'fromUserId'> | null;
}

/** My Subgroup: loading, not assigned, or the subgroup with its commander and the two dialogs (SPEC.md section 2). */
export function MySubgroup({ communityId, viewerId, timeZone, careNote = null }: MySubgroupProps) {
  const t = useT();
  const own = useOwnSubgroup(communityId);

  if (own.error) return <QueryFailure error={own.error} onRetry={() => void own.refetch()} fallback={t('We could not load your subgroup.')} />;
  if (own.isPending) {
    return (
      <Card className="flex flex-col items-center justify-center gap-3 p-10 text-muted-foreground">
        <Spinner label={t('Loading your subgroup')} />
        <p aria-hidden="true">{t('Loading your subgroup')}</p>
      </Card>
    );
  }
  const { subgroup, commander, ledSubgroups } = own.data;
  // A note from one's own commander is answered with the two actions below; from anyone else it is only read.
  const fromCommander = careNote && commander && careNote.fromUserId === commander.id && commander.id !== viewerId ? careNote : null;
  const noteCard = careNote ? <CareNoteCard note={careNote} answerable={fromCommander !== null} /> : null;
  if (!subgroup) {
    return (
      <div className="grid gap-4">
        {noteCard}
        <NotAssigned />
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {noteCard}
      <AssignedSubgroup communityId={communityId} viewerId={viewerId} timeZone={timeZone} subgroup={subgroup} commander={commander} replyTo={fromCommander} />
      {ledSubgroups.length > 0 ? <AlsoLed subgroups={ledSubgroups} /> : null}
    </div>
  );
}

/** A note from one's commander (or an admin): its words, and when one's commander wrote it, how to answer. */
function CareNoteCard({ note, answerable }: { note: Pick<NotificationView, 'title' | 'message' | 'createdAt'>; answerable: boolean }) {
  const t = useT();
  return (
    <Card role="region" aria-label={note.title} className="grid gap-2 border-accent-200 bg-accent-50 p-5">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="font-semibold break-words">{note.title}</span>
        <time dateTime={note.createdAt} className="text-xs text-muted-foreground">
          {formatLongDate(note.createdAt)}
        </time>
      </p>
      <p className="whitespace-pre-line break-words">{note.message}</p>
      {answerable ? <p className="text-sm text-muted-foreground">{t('Answer with "Ask Your Commander" below, or ask to meet.')}</p> : null}
    </Card>
  );
}

/** The further subgroups a commander leads besides the one shown above (GET /api/user/subgroup's ledSubgroups). */
function AlsoLed({ subgroups }: { subgroups: OwnSubgroupView['ledSubgroups'] }) {
  const t = useT();
  return (
    <Card className="grid gap-3 p-5 sm:p-6">
      <h2 className="text-lg font-semibold">{t('You also lead')}</h2>
      <ul className="grid gap-2">
        {subgroups.map((subgroup) => (
          <li key={subgroup.id} className="flex min-w-0 items-start gap-3 rounded-xl border border-border bg-muted/50 p-3">
            <UsersRound className="mt-0.5 size-4 shrink-0 text-primary-600" aria-hidden="true" />
            <div className="grid min-w-0 gap-0.5">
              <span className="break-words font-medium">{subgroup.name}</span>
              {subgroup.description ? <span className="break-words text-sm text-muted-foreground">{subgroup.description}</span> : null}
            </div>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">{t("Their members' questions and meeting requests come to you too.")}</p>
    </Card>
  );
}

function NotAssigned() {
  const t = useT();
  return (
    <Card className="flex flex-col items-center gap-3 p-8 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-accent-50 text-accent-600">
        <UserRoundX className="size-6" aria-hidden="true" />
      </span>
      <h2 className="text-xl font-semibold">{t('Not Assigned to a Subgroup')}</h2>
      <p className="max-w-md text-muted-foreground">
        {t('You have not been assigned to a subgroup yet. Please contact your administrator to be placed in one with a commander.')}
      </p>
      {/* In place of 'Ask Your Commander' and 'Request Meeting': there is nobody to ask yet (DECISIONS.md). */}
      <p className="max-w-md text-sm text-muted-foreground">{t('Until then there is no commander to ask questions or to meet with.')}</p>
    </Card>
  );
}

interface AssignedSubgroupProps extends Omit<MySubgroupProps, 'communityId' | 'careNote'> {
  communityId: string;
  /** A note from this commander: 'Ask Your Commander' offers its reply subject. */
  replyTo: Pick<NotificationView, 'title'> | null;
  subgroup: NonNullable<OwnSubgroupView['subgroup']>;
  commander: OwnSubgroupView['commander'];
}

function AssignedSubgroup({ communityId, viewerId, timeZone, subgroup, commander, replyTo }: AssignedSubgroupProps) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const leadsIt = commander?.id === viewerId;

  return (
    <Card className="grid gap-5 p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-50 text-primary-700">
          <UsersRound className="size-5" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 gap-1">
          <h2 className="break-words text-2xl font-semibold leading-tight">{subgroup.name}</h2>
          {subgroup.description ? <p className="break-words text-muted-foreground">{subgroup.description}</p> : null}
          <p className="text-sm text-muted-foreground">
            <Trans id="Member since <0>{date}</0>" values={{ date: formatLongDate(subgroup.createdAt) }} components={{ 0: <time dateTime={subgroup.createdAt} /> }} />
          </p>
        </div>
      </div>

      {commander ? (
        <section aria-label={t('Your commander')} className="flex items-center gap-3 rounded-xl border border-border bg-muted/50 p-4">
          <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-700 font-semibold text-primary-foreground">
            {initials(commander.displayName)}
          </span>
          {/* The name wraps rather than being cut; the badge sits under 'Commander', never beside a cut name. */}
          <div className="grid min-w-0 flex-1 gap-0.5">
            <p className="font-semibold break-words">{commander.displayName}</p>
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              {t('Commander')}
              <Badge variant="accent">
                <Crown aria-hidden="true" />
                {t('Leader')}
              </Badge>
            </p>
          </div>
        </section>
      ) : (
        <EmptyNote>{t('Your subgroup has no commander yet. Your administrator will choose one; then you can ask questions and request meetings here.')}</EmptyNote>
      )}

      {commander && leadsIt ? (
        <p className="text-sm text-muted-foreground">{t("You lead this subgroup: your members' questions and meeting requests come to you.")}</p>
      ) : null}

      {commander && !leadsIt ? (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <Button onClick={() => setAsking(true)} className="h-auto min-h-11 whitespace-normal">
              <MessageCircleQuestion aria-hidden="true" />
              {t('Ask Your Commander')}
            </Button>
            <Button variant="outline" onClick={() => setRequesting(true)} className="h-auto min-h-11 whitespace-normal">
              <CalendarPlus aria-hidden="true" />
              {t('Request Meeting with Commander')}
            </Button>
          </div>
          <AskCommanderDialog open={asking} onOpenChange={setAsking} subject={replyTo ? t('Re: {subject}', { subject: replyTo.title }) : undefined} />
          <RequestMeetingDialog open={requesting} onOpenChange={setRequesting} communityId={communityId} commander={commander} timeZone={timeZone} />
        </>
      ) : null}
    </Card>
  );
}
