import CalendarDays from 'lucide-react/icons/calendar-days';
import CalendarPlus from 'lucide-react/icons/calendar-plus';
import CalendarSync from 'lucide-react/icons/calendar-sync';
import CalendarX from 'lucide-react/icons/calendar-x';
import Clock from 'lucide-react/icons/clock';
import MapPin from 'lucide-react/icons/map-pin';
import Video from 'lucide-react/icons/video';
import type { MeetingView } from '@shared/contracts/meetings';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { msg, useT } from '@/i18n';
import { meetingIcsUrl } from '../api';
import { callLink, formatMeetingDate, formatMeetingTimeRange, locationText, meetingState, meetingTitle, zoneName } from '../format';

interface MeetingCardProps {
  meeting: MeetingView;
  viewerId: string;
  timeZone: string;
  onReschedule?: (meeting: MeetingView) => void;
  onCancel?: (meeting: MeetingView) => void;
}

const BADGES = {
  Upcoming: { variant: 'success', label: msg('Confirmed') },
  Past: { variant: 'outline', label: msg('Completed') },
  Cancelled: { variant: 'destructive', label: msg('Cancelled') },
} as const;

/**
 * One meeting (SPEC.md section 2): date, time range in the community's time zone, location, notes and what can
 * be done with it. Upcoming (until it ends): 'Confirmed', Join Call, Reschedule and Cancel; past: 'Completed'
 * and the outcome; cancelled: 'Cancelled', and its calendar file removes it from a calendar.
 */
export function MeetingCard({ meeting, viewerId, timeZone, onReschedule, onCancel }: MeetingCardProps) {
  const t = useT();
  const titleId = `meeting-${meeting.id}-title`;
  const title = meetingTitle(meeting, viewerId);
  const state = meetingState(meeting);
  const upcoming = state === 'Upcoming';
  const link = upcoming ? callLink(meeting.location) : null;
  const isCommander = meeting.commanderId === viewerId;
  return (
    <li>
      <Card className="grid gap-4 p-4 sm:p-5" aria-labelledby={titleId} role="article">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-0.5">
            <h2 id={titleId} className="break-words text-lg font-semibold text-primary-900">
              {title}
            </h2>
            <p className="break-words text-sm text-muted-foreground">{isCommander ? t('You lead this meeting') : t('With {name}', { name: meeting.commanderName })}</p>
          </div>
          <Badge variant={BADGES[state].variant}>{t(BADGES[state].label)}</Badge>
        </div>

        <dl className="grid gap-2 text-sm">
          <div className="flex items-start gap-2">
            <dt>
              <CalendarDays className="mt-0.5 size-4 text-primary-600" aria-hidden="true" />
              <span className="sr-only">{t('Date')}</span>
            </dt>
            <dd>{formatMeetingDate(meeting.startsAt, timeZone)}</dd>
          </div>
          <div className="flex items-start gap-2">
            <dt>
              <Clock className="mt-0.5 size-4 text-primary-600" aria-hidden="true" />
              <span className="sr-only">{t('Time')}</span>
            </dt>
            <dd className="flex flex-wrap gap-x-1.5">
              <span>{formatMeetingTimeRange(meeting.startsAt, meeting.endsAt, timeZone)}</span>
              <span className="text-muted-foreground">({zoneName(timeZone)})</span>
            </dd>
          </div>
          <div className="flex items-start gap-2">
            <dt>
              <MapPin className="mt-0.5 size-4 text-primary-600" aria-hidden="true" />
              <span className="sr-only">{t('Location')}</span>
            </dt>
            <dd className="min-w-0 break-words [overflow-wrap:anywhere]">{locationText(meeting.location)}</dd>
          </div>
        </dl>

        {meeting.notes ? (
          <div className="grid gap-1 rounded-xl bg-muted px-3 py-2 text-sm">
            <span className="font-medium">{t('Notes')}</span>
            <p className="whitespace-pre-wrap break-words text-muted-foreground">{meeting.notes}</p>
          </div>
        ) : null}

        {state === 'Past' ? (
          <div className="grid gap-1 rounded-xl border border-success/20 bg-success-50 px-3 py-2 text-sm">
            <span className="font-medium">{t('Outcome')}</span>
            <p className="whitespace-pre-wrap break-words text-muted-foreground">{meeting.outcome || t('No outcome was recorded for this meeting.')}</p>
          </div>
        ) : null}

        <div className="grid gap-2 sm:flex sm:flex-wrap">
          {link ? (
            <a href={link} target="_blank" rel="noopener noreferrer" className={buttonClasses({ className: 'w-full sm:w-auto' })} aria-describedby={titleId}>
              <Video aria-hidden="true" />
              {t('Join Call')}
              <span className="sr-only"> {t('(opens in a new tab)')}</span>
            </a>
          ) : null}
          <a href={meetingIcsUrl(meeting.id)} download className={buttonClasses({ variant: 'outline', className: 'w-full sm:w-auto' })} aria-describedby={titleId}>
            <CalendarPlus aria-hidden="true" />
            {state === 'Cancelled' ? t('Update calendar') : t('Add to calendar')}
          </a>
          {upcoming && onReschedule ? (
            <Button variant="outline" className="w-full sm:w-auto" onClick={() => onReschedule(meeting)} aria-describedby={titleId} aria-haspopup="dialog">
              <CalendarSync aria-hidden="true" />
              {t('Reschedule')}
            </Button>
          ) : null}
          {upcoming && onCancel ? (
            <Button variant="outline" className="w-full sm:w-auto" onClick={() => onCancel(meeting)} aria-describedby={titleId} aria-haspopup="dialog">
              <CalendarX aria-hidden="true" />
              {t('Cancel meeting')}
            </Button>
          ) : null}
        </div>
      </Card>
    </li>
  );
}
