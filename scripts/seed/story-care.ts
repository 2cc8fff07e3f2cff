import { PRAYER_REPLY } from '@shared/contracts/care';
import { addDays, daysInMonth, type IsoDate, isoDate } from '@shared/domain/calendar';
import { careReachOuts, careWeeklyWords, reflections } from '@shared/schema/care';
import { notifications } from '@shared/schema/notifications';
import type { Database } from '../../server/db/client';
import { monthName } from '../../server/features/care/reflections';
import { WEEKLY_WORD_MESSAGE, weeklyWordTitle } from '../../server/features/care/weekly-word';
import { readerIn } from '../../server/features/notifications/words';
import { partOf, reflectedMonth, type StoryCast, weekday } from './story-cast';
import { CARE_NOTE, PRAYING_REFLECTION, REFLECTIONS } from './story-text';

/**
 * The care of the demo's leaders: a note to Ruth (she answered it, seedMeetings), days they reached out,
 * reflections on last month (replied to, waiting, one prayed for) and the Monday weekly words, so each
 * leader's 'Your care' has figures. Every reach-out is over a week old: nobody is hidden from 'Needs a word'.
 */
export async function seedCare(db: Database, cast: StoryCast): Promise<void> {
  const { at, today, communityId } = cast;
  const count = cast.subgroups.length;
  const yesterday = addDays(today, -1);
  const member = (index: number) => cast.members[index]!;
  const subgroupOf = (index: number) => cast.subgroups[index % count]!;

  // The note: in the app with its words; outside it (had it been sent) only who it is from.
  const noteOn = addDays(today, -9);
  const ruth = member(0).account;
  await db.insert(notifications).values({
    toUserId: ruth.id,
    fromUserId: subgroupOf(0).leader.id,
    communityId,
    type: 'care_note',
    title: `A word from ${subgroupOf(0).leader.displayName}`,
    message: CARE_NOTE,
    isRead: true,
    createdAt: at(noteOn, '18:05'),
  });
  // A note counts as reaching out; the other days are 'I've reached out' marks: each subgroup's first row (but Ruth's note) and its reached-out rows.
  const reached = [
    { index: 0, on: noteOn },
    ...cast.subgroups.flatMap((_, s) => [
      ...(s > 0 ? [{ index: s, on: addDays(today, -9 - s) }] : []),
      { index: 4 * count + s, on: addDays(today, -16 - s) },
      { index: 5 * count + s, on: addDays(today, -33 - s) },
    ]),
  ].filter(({ index, on }) => member(index).joined < on);
  await db.insert(careReachOuts).values(
    reached.map(({ index, on }) => ({ communityId, memberId: member(index).account.id, reachedBy: subgroupOf(index).leader.id, reachedAt: at(on, '18:00'), reachedOn: on })),
  );

  // Reflections on the month that ended, by members who were there all of it (whatever today's date): the first
  // row's replied to, the streak-ended member's waiting, and in the first subgroup the quiet member's prayed for.
  // Written in the first days after it, replied to the next evening.
  const period = reflectedMonth(today);
  const lastDay = isoDate(period.year, period.month, daysInMonth(period.year, period.month));
  const after = addDays(lastDay, 1);
  const writers = cast.members.flatMap((written, index) => {
    const part = partOf(index, count);
    const s = index % count;
    if (written.joined > lastDay) return [];
    if (part === 'showcase') return [{ index, text: REFLECTIONS[s % 2]!, reply: REFLECTIONS[s % 2]!.reply ?? null }];
    if (part === 'streak-ended') return [{ index, text: REFLECTIONS[2 + (s % 2)]!, reply: null }];
    if (part === 'quiet' && s === 0) return [{ index, text: PRAYING_REFLECTION, reply: PRAYER_REPLY }];
    return [];
  });
  const earliest = (date: IsoDate) => (date < yesterday ? date : yesterday);
  const rows = writers.map(({ index, text, reply }) => {
    const writtenOn = earliest(addDays(after, index % count));
    const repliedOn = earliest(addDays(writtenOn, 1));
    return {
      row: {
        communityId,
        userId: member(index).account.id,
        ...period,
        helped: text.helped,
        hard: text.hard,
        prayerRequest: text.prayerRequest,
        createdAt: at(writtenOn, '20:00'),
        updatedAt: at(writtenOn, '20:00'),
        ...(reply ? { reply, acknowledgedBy: subgroupOf(index).leader.id, acknowledgedAt: at(repliedOn, '21:30') } : {}),
      },
      index,
    };
  });
  await db.insert(reflections).values(rows.map(({ row }) => row));
  const month = monthName(period);
  await db.insert(notifications).values(
    rows.flatMap(({ row, index }) => {
      const leader = subgroupOf(index).leader;
      const author = member(index).account;
      return [
        { toUserId: leader.id, fromUserId: author.id, communityId, type: 'reflection' as const, title: `${author.displayName} wrote a reflection on ${month}`, message: 'Read it and reply on My Subgroup.', isRead: Boolean(row.reply), createdAt: row.createdAt },
        ...(row.acknowledgedAt
          ? [{ toUserId: author.id, fromUserId: leader.id, communityId, type: 'reflection_reply' as const, title: `${leader.displayName} replied to your reflection on ${month}`, message: 'Read the reply beside that month on My Tracking.', isRead: false, createdAt: row.acknowledgedAt }]
          : []),
      ];
    }),
  );

  // The weekly words of the last two Mondays before today (today's, on a Monday, is the server's to send).
  let monday = yesterday;
  while (weekday(monday) !== 1) monday = addDays(monday, -1);
  const mondays = [monday, addDays(monday, -7)].filter((date) => date > addDays(cast.founded, 7));
  await db.insert(careWeeklyWords).values(cast.subgroups.flatMap(({ leader }) => mondays.map((weekOf) => ({ communityId, commanderId: leader.id, weekOf, sentAt: at(weekOf, '08:00') }))));
  await db.insert(notifications).values(
    cast.subgroups.flatMap(({ leader }) =>
      mondays.map((weekOf, week) => ({
        toUserId: leader.id,
        communityId,
        type: 'care_weekly' as const,
        title: weeklyWordTitle(3 - week)(readerIn('en')),
        message: WEEKLY_WORD_MESSAGE,
        isRead: week > 0,
        createdAt: at(weekOf, '08:00'),
      })),
    ),
  );
}
