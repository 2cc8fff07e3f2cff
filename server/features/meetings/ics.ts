import type { MeetingView } from '@shared/contracts/meetings';
import { wallClockInTimeZone } from '@shared/domain/calendar';
import { PRODUCT_NAME } from '@shared/domain/constants';

/** RFC 5545 text: backslash, semicolon, comma and every line break (CRLF, a bare LF or a bare CR) escaped. */
export const escapeText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');

/** 'meeting-2026-12-02.ics': the meeting's date where it happens (an evening in Chicago is not the next UTC day). */
export const icsFileName = (meeting: Pick<MeetingView, 'startsAt'>, timeZone: string) => `meeting-${wallClockInTimeZone(new Date(meeting.startsAt), timeZone).date}.ics`;

/** '2026-11-24T15:00:00.000Z' -> '20261124T150000Z'. */
const icsInstant = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Lines longer than 75 octets are folded: continued on the next line after a space (RFC 5545 3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + (start === 0 ? 75 : 74), bytes.length);
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--; // never split a UTF-8 character
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
  }
  return parts.join('\r\n ');
}

/**
 * One meeting as an iCalendar file, for the person downloading it (the summary names the other one). Times
 * are UTC; the community's zone is named (X-WR-TIMEZONE) for the apps that show it. SEQUENCE grows with each
 * reschedule or cancellation, so importing the file again moves the event instead of adding a second one; a
 * cancelled meeting's file is a cancellation (METHOD:CANCEL, STATUS:CANCELLED, the same UID, the higher SEQUENCE),
 * which Outlook and Google Calendar take as "remove it" rather than as an event to publish.
 */
export function meetingIcs(meeting: MeetingView, forUserId: string, timeZone: string, now: Date): string {
  const other = meeting.memberId === forUserId ? meeting.commanderName : meeting.memberName;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${PRODUCT_NAME}//Meetings//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${meeting.status === 'Cancelled' ? 'CANCEL' : 'PUBLISH'}`,
    `X-WR-TIMEZONE:${escapeText(timeZone)}`,
    'BEGIN:VEVENT',
    `UID:${meeting.id}@steadfast`,
    `SEQUENCE:${meeting.sequence}`,
    `STATUS:${meeting.status === 'Cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    `DTSTAMP:${icsInstant(now.toISOString())}`,
    `DTSTART:${icsInstant(meeting.startsAt)}`,
    `DTEND:${icsInstant(meeting.endsAt)}`,
    `SUMMARY:${escapeText(`Meeting with ${other}`)}`,
    ...(meeting.notes ? [`DESCRIPTION:${escapeText(meeting.notes)}`] : []),
    ...(meeting.location ? [`LOCATION:${escapeText(meeting.location)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
