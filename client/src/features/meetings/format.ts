import type { MeetingStatus, MeetingView } from '@shared/contracts/meetings';
import { dateFormat, i18n } from '@/i18n';
import { timeZoneLabel } from '@/lib/time-zones';

/**
 * Where a meeting stands now: Cancelled once either person cancelled it; otherwise Upcoming until it ends (so
 * Join Call stays while it runs), then Past. Decided on the client too, so a meeting that ends while the
 * screen is open moves without a reload.
 */
export function meetingState(meeting: Pick<MeetingView, 'status' | 'endsAt'>, now = Date.now()): MeetingStatus {
  if (meeting.status === 'Cancelled') return 'Cancelled';
  return Date.parse(meeting.endsAt) > now ? 'Upcoming' : 'Past';
}

/**
 * The Upcoming and Past tabs: a meeting is upcoming until it ends; a cancelled one is past at once (it will not
 * happen), marked Cancelled, so the Upcoming tab's count is what it lists (issue 41). Upcoming soonest first,
 * past most recent first, by when each was (or was to be) held.
 */
export function splitMeetings(meetings: readonly MeetingView[], now = Date.now()): { upcoming: MeetingView[]; past: MeetingView[] } {
  const byStart = [...meetings].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const isUpcoming = (meeting: MeetingView) => meeting.status !== 'Cancelled' && Date.parse(meeting.endsAt) > now;
  return { upcoming: byStart.filter(isUpcoming), past: byStart.filter((meeting) => !isUpcoming(meeting)).reverse() };
}

/** 'Friday, November 20, 2026', in the community's time zone. */
export function formatMeetingDate(startsAt: string, timeZone: string): string {
  return dateFormat({ timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(startsAt));
}

/** '2:00 PM – 3:00 PM', in the community's time zone. */
export function formatMeetingTimeRange(startsAt: string, endsAt: string, timeZone: string): string {
  const time = dateFormat({ timeZone, hour: 'numeric', minute: '2-digit' });
  return `${time.format(new Date(startsAt))} – ${time.format(new Date(endsAt))}`;
}

/** The zone as the card names it: 'America/Chicago time'. */
export const zoneName = (timeZone: string) => i18n.t('{zone} time', { zone: timeZoneLabel(timeZone) });

/**
 * The first https link in a location ('Zoom: https://…'), for 'Join Call'; null when it has none. Only https:
 * a plain-http address (or any other scheme) stays text, so a button never opens an unencrypted page.
 */
export function callLink(location: string | null): string | null {
  const match = location ? /(?<![\w.+-])https:\/\/[^\s<>"']+/i.exec(location) : null;
  if (!match) return null;
  try {
    return new URL(match[0]).protocol === 'https:' ? match[0] : null;
  } catch {
    return null;
  }
}

/** The location as shown: the server stores 'TBD' when none was given. */
export const locationText = (location: string | null) => (!location || location.trim().toUpperCase() === 'TBD' ? i18n.t('Location TBD') : location);

/** The title of a meeting card: a commander sees whom they meet; a member sees 'Meeting with Commander'. */
export const meetingTitle = (meeting: Pick<MeetingView, 'commanderId' | 'memberName'>, viewerId: string) =>
  meeting.commanderId === viewerId ? i18n.t('Meeting with {name}', { name: meeting.memberName }) : i18n.t('Meeting with Commander');
