import type { MeetingView } from '@shared/contracts/meetings';
import { PRODUCT_NAME } from '@shared/domain/constants';

/** RFC 5545 text: backslash, semicolon, comma and line breaks escaped. */
const escapeText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

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

/** One meeting as an iCalendar file, for the person downloading it (the summary names the other one). */
export function meetingIcs(meeting: MeetingView, forUserId: string, now: Date): string {
  const other = meeting.memberId === forUserId ? meeting.commanderName : meeting.memberName;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${PRODUCT_NAME}//Meetings//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${meeting.id}@steadfast`,
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
