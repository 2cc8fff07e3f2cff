import { z } from 'zod';
import { MEETING_MAX_MINUTES } from '../domain/meetings';
import { calendarDate, multiLineText, singleLineText, uuidField } from './fields';
import { fill, msg } from '../domain/messages';

const instantField = (label: string) =>
  z.iso
    .datetime({ offset: true, error: fill('{label} must be a date and time (ISO 8601)', { label }) })
    .transform((value) => new Date(value));

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, msg('Times are HH:MM'));

function meetingTimes<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...shape, startsAt: instantField('Start'), endsAt: instantField('End') })
    .superRefine((value, ctx) => {
      const meeting = value as { startsAt: unknown; endsAt: unknown };
      // A start or end that did not parse has its own message already.
      if (!(meeting.startsAt instanceof Date) || !(meeting.endsAt instanceof Date)) return;
      const minutes = (meeting.endsAt.getTime() - meeting.startsAt.getTime()) / 60_000;
      if (minutes <= 0) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: msg('A meeting ends after it starts.') });
      else if (minutes > MEETING_MAX_MINUTES) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: fill('A meeting lasts at most {meetingMaxMinutes} hours.', { meetingMaxMinutes: MEETING_MAX_MINUTES / 60 }) });
    });
}

/**
 * POST /api/meetings. A member requests one with their subgroup's commander (memberId is themselves, the
 * commander is looked up); a commander or an admin schedules one for a member, optionally for a question.
 */
export const createMeetingBody = meetingTimes({
  memberId: uuidField.optional(),
  commanderId: uuidField.optional(),
  questionId: uuidField.nullish(),
  location: singleLineText(msg('Location')).max(300, msg('Location must be at most 300 characters')).nullish().transform((value) => value || 'TBD'),
  notes: multiLineText(msg('Notes')).max(2000, msg('Notes must be at most 2000 characters')).nullish().transform((value) => value || null),
});
export type CreateMeetingBody = z.infer<typeof createMeetingBody>;

/** PATCH /api/meetings/{id}: Reschedule (DECISIONS.md): a new time; the other party is notified. */
export const rescheduleMeetingBody = meetingTimes({});
export type RescheduleMeetingBody = z.infer<typeof rescheduleMeetingBody>;

/** PUT /api/user/availability: the caller's weekly office hours in the community on screen. */
export const availabilityBody = z.object({
  windows: z
    .array(
      z
        .object({ dayOfWeek: z.number().int().min(0).max(6), startTime: timeOfDay, endTime: timeOfDay })
        .refine((window) => window.startTime < window.endTime, { path: ['endTime'], message: msg('The end is after the start') }),
    )
    .max(21, msg('At most 21 windows a week')),
});
export type AvailabilityBody = z.infer<typeof availabilityBody>;

/** GET /api/commanders/{id}/free-slots?date=YYYY-MM-DD. */
export const freeSlotsQuery = z.object({ date: calendarDate('Choose a date') });

export interface MeetingView {
  id: string;
  communityId: string;
  subgroupId: string | null;
  memberId: string;
  memberName: string;
  commanderId: string;
  commanderName: string;
  questionId: string | null;
  startsAt: string;
  endsAt: string;
  location: string | null;
  notes: string | null;
  outcome: string | null;
  /** How many times it was rescheduled or cancelled (the .ics SEQUENCE). */
  sequence: number;
  /** Upcoming until it ends (Join Call stays until then), then Past; Cancelled once either person cancels it. */
  status: MeetingStatus;
  cancelledAt: string | null;
  createdAt: string;
}

export const MEETING_STATUSES = ['Upcoming', 'Past', 'Cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

export const MEETING_LIST_LIMIT = 200;
