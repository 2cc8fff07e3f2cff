import { addDays, type IsoDate, isoDate, parseIsoDate, shiftMonth } from '@shared/domain/calendar';
import type { DayStatus } from '@shared/domain/constants';

/** Who is who in the demo's story (npm run seed:demo), and the parts its members play. */
export interface SeededAccount {
  id: string;
  email: string;
  displayName: string;
}

export interface StoryCast {
  communityId: string;
  communityName: string;
  timeZone: string;
  today: IsoDate;
  founded: IsoDate;
  /** An instant on a community day. */
  at: (date: IsoDate, time?: string) => Date;
  next: () => number;
  moderator: SeededAccount;
  /** In the order of STORY_SUBGROUPS: the commanders' subgroups, then the moderator's. */
  subgroups: { id: string; name: string; leader: SeededAccount; formed: IsoDate }[];
  commanders: { account: SeededAccount; joined: IsoDate }[];
  /** Member i is in subgroup i % subgroups.length. */
  members: { account: SeededAccount; joined: IsoDate }[];
}

/**
 * The part member i plays, by row (i / number of subgroups), so each subgroup has one of each: row 0 shows a
 * member's side (member1 to member3), rows 1 to 3 are on 'Needs a word' for each of its three reasons (the
 * earliest to join after row 0, so they have a month behind them, and write the month's reflections: seedCare),
 * rows 4 and 5 were reached out to some weeks ago. The others log as the random walk of seed-community.ts has them.
 */
export const STORY_PARTS = ['showcase', 'quiet', 'streak-ended', 'progress-drop', 'reached-out', 'reached-out-earlier'] as const;
export type StoryPart = (typeof STORY_PARTS)[number] | 'member';
export const partOf = (memberIndex: number, subgroupCount: number): StoryPart => STORY_PARTS[Math.floor(memberIndex / subgroupCount)] ?? 'member';

export const dayOfEpoch = (date: IsoDate) => {
  const { year, month, day } = parseIsoDate(date);
  return Date.UTC(year, month - 1, day) / 86_400_000;
};
/** 0 = Sunday. */
export const weekday = (date: IsoDate) => new Date(dayOfEpoch(date) * 86_400_000).getUTCDay();

/** A steady member: every discipline kept, now and then only partly. */
const steady = (date: IsoDate, keyIndex: number): DayStatus => ((dayOfEpoch(date) + keyIndex * 3) % 11 === 0 ? 'Partially' : 'Yes');

/**
 * The days of a member on 'Needs a word' (needs-a-word.ts), steady otherwise: quiet for the last six days
 * (the community waits four); a streak of weeks that yesterday ended; this month two disciplines of five a day
 * against last month's all, a fall of 60 points (shown from the 8th: the rule waits for a week). Undefined for
 * the others, who log at random.
 */
export function storyDays(part: StoryPart, today: IsoDate): ((date: IsoDate, keyIndex: number) => DayStatus | null) | undefined {
  const { year, month } = parseIsoDate(today);
  const thisMonth = isoDate(year, month, 1);
  switch (part) {
    case 'quiet':
      return (date, keyIndex) => (date >= addDays(today, -6) ? null : steady(date, keyIndex));
    case 'streak-ended':
      return (date, keyIndex) => (date === addDays(today, -1) ? null : steady(date, keyIndex));
    case 'progress-drop':
      return (date, keyIndex) => (date >= thisMonth ? (keyIndex < 2 ? 'Yes' : 'No') : steady(date, keyIndex));
    default:
      return undefined;
  }
}


/** The month reflections look back on: last month, or the one before on the 1st (last month ended only at midnight). */
export function reflectedMonth(today: IsoDate) {
  const { year, month, day } = parseIsoDate(today);
  return shiftMonth({ year, month }, day === 1 ? -2 : -1);
}

/** Each leader's office days and the hour their meetings start. */
export const OFFICE = [
  { days: [1, 2, 3, 4, 5], from: '18:00', to: '20:00' },
  { days: [2, 4], from: '19:00', to: '21:00' },
  { days: [3], from: '18:00', to: '20:00' },
];
