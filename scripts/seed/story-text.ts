import type { GuidanceSection } from '@shared/contracts/guidance';
import type { DAILY_TARGET_KEYS } from '@shared/domain/disciplines';

/**
 * The words of the demo community (npm run seed:demo): its people, their questions, notes and reflections,
 * and the guidance its moderator wrote. Every first name and every last name is used once, so no two people
 * are easy to mix up (the imported record offered to Ruth Okafor is her, from the spreadsheet).
 */
export const STORY_MODERATOR = 'Grace Adeyemi';
export const STORY_COMMANDERS = ['Samuel Osei', 'Hannah Park'];
export const STORY_MEMBERS = [
  'Ruth Okafor', 'Daniel Kim', 'Lydia Santos', 'Micah Brennan', 'Esther Nakamura', 'Mateo Alvarez', 'Abigail Mensah',
  'Joel Fischer', 'Priscilla Oduya', 'Caleb Rossi', 'Naomi Haddad', 'Titus Kowalski', 'Deborah Moreau', 'Silas Tanaka',
  'Phoebe Walsh', 'David Ibrahim', 'Miriam Castillo', 'Timothy Novak', 'Chloe Yilmaz', 'Felipe Costa',
];
/** The subgroups, in the order of their leaders: the two commanders, then the moderator. */
export const STORY_SUBGROUPS = ['Emmaus Road', 'Upper Room', 'Morning Watch'];

/** Daily targets a moderator might set, from light to demanding (free text, as the targets dialog takes them). */
export const TARGET_PLANS: Record<(typeof DAILY_TARGET_KEYS)[number], string>[] = [
  { bibleReading: '1 chapter daily', fasting: 'until 12 noon, 1 day a week', morningIntimacy: '15 minutes', midnightPrayer: '15 minutes', meditation: '10 minutes' },
  { bibleReading: '2 chapters daily', fasting: 'until 12 noon, 2 days a week', morningIntimacy: '30 minutes', midnightPrayer: '30 minutes', meditation: '15 minutes' },
  { bibleReading: '3 chapters daily', fasting: 'until 3 pm, 2 days a week', morningIntimacy: '45 minutes', midnightPrayer: '1 hour', meditation: '20 minutes' },
  { bibleReading: '4 chapters daily', fasting: 'until 6 pm, 3 days a week', morningIntimacy: '1 hour', midnightPrayer: '1 hour', meditation: '30 minutes' },
];

export const QUESTIONS: { title: string; body: string; answer?: string; tags: string[] }[] = [
  {
    title: 'How do I keep a fast through a long workday?',
    body: 'I start well but by midday I struggle, especially in meetings over lunch. Any advice for keeping it through work?',
    answer: 'Plan your hardest hour around a short prayer, drink plenty of water, and tell one colleague you trust so lunch invitations are easier to decline.',
    tags: ['fasting'],
  },
  {
    title: 'Midnight prayer and an early shift',
    body: 'I start work at six. Is it all right to pray at 10 pm instead of midnight on weekdays?',
    answer: 'Yes: keep the hour you can keep faithfully. Mark it in your log as done; the point is the watch, not the clock.',
    tags: ['prayer'],
  },
  {
    title: 'Which reading plan for the New Testament?',
    body: 'I want to finish the New Testament this quarter. Should I read in order or follow a chronological plan?',
    answer: 'In order is simplest: about three chapters a day finishes it in three months. We can look at it together at our next meeting.',
    tags: ['bible-reading'],
  },
  {
    title: 'I missed a whole week while ill',
    body: 'I had the flu and logged nothing for a week. Should I mark those days as missed?',
    answer: "Mark them Sick: they neither break nor count against you. Welcome back, and don't rush to catch up.",
    tags: ['streaks'],
  },
  {
    title: 'Meditating without my mind wandering',
    body: 'Ten minutes feels very long and my thoughts drift constantly. How do you stay with one verse?',
    tags: ['meditation'],
  },
  {
    title: 'Ideas for the monthly prayer walk?',
    body: 'Our neighbourhood is mostly busy roads. Where do others in the group walk?',
    tags: ['prayer-walk'],
  },
  {
    title: 'Can my spouse join our subgroup?',
    body: 'My wife would like to join us. Does she need her own invitation code?',
    answer: 'She does: ask our moderator for a code, and once she has joined I will add her to our group.',
    tags: [],
  },
  {
    title: 'Feeling tired every morning',
    body: 'I keep marking Feeling Tired for morning intimacy. Should I move it to the evening for a while?',
    tags: ['morning'],
  },
];

/** The note a commander sent Ruth, and how she answered it: a question, which became a meeting. */
export const CARE_NOTE = "Thinking of you this week, Ruth. How are you? I'd love to hear how the fasting is going.";
export const NOTE_ANSWER = {
  title: 'Thank you for your note',
  body: 'Work has been heavy and my fasting slipped. Could we talk about a plan that fits my shifts?',
  tags: ['fasting'],
};

/** Reflections on last month: what helped, what was hard, what to pray for; the replies their leaders wrote. */
export const REFLECTIONS: { helped: string; hard: string; prayerRequest: string; reply?: string }[] = [
  {
    helped: 'Reading John with the group: I looked forward to each chapter.',
    hard: 'Midnight prayer on the nights before early shifts.',
    prayerRequest: 'For my mother, who is in hospital.',
    reply: 'So glad John spoke to you. Praying for your mother this week; let me know how she is.',
  },
  {
    helped: 'Fasting on Wednesdays with my sister.',
    hard: 'Keeping quiet time when the children wake early.',
    prayerRequest: 'Patience at home.',
    reply: 'Wednesdays together is a lovely rhythm. Try five minutes before the house wakes, not an hour.',
  },
  {
    helped: 'The prayer walk around the park.',
    hard: 'I missed most of the second week after a cold.',
    prayerRequest: 'A new job in the new year.',
  },
  {
    helped: 'Writing one verse on a card each morning.',
    hard: 'Staying off my phone at night.',
    prayerRequest: 'Wisdom with a decision at work.',
  },
];
export const PRAYING_REFLECTION = {
  helped: 'Meditating on Psalm 23 every evening.',
  hard: 'Grief: it has been a year since my father died.',
  prayerRequest: 'Peace for my family at Christmas.',
};

export const guidanceSections = (communityName: string): GuidanceSection[] => [
  { id: 'welcome', type: 'header', title: `Welcome to ${communityName}`, content: 'Walk steadily, one faithful day at a time.', color: 'blue', alignment: 'center', backgroundColor: 'none', headerSize: 'large', textStyle: 'normal' },
  { id: 'this-month', type: 'text', title: 'This month', content: 'We read the Gospel of John together, a chapter a day. Bring your questions to your commander on Sunday.', color: 'black', alignment: 'left', backgroundColor: 'light-gray', headerSize: 'medium', textStyle: 'normal' },
  { id: 'daily', type: 'list', title: 'Every day', content: 'Bible reading at your own pace\nMorning time with God before your phone\nA few minutes of silence to meditate', color: 'black', alignment: 'left', backgroundColor: 'none', headerSize: 'medium', textStyle: 'normal' },
  { id: 'grace', type: 'text', title: 'When you miss a day', content: 'Mark it honestly and start again tomorrow. Sick and tired days are part of the journey.', color: 'green', alignment: 'left', backgroundColor: 'none', headerSize: 'small', textStyle: 'italic' },
];
export const GUIDANCE_MARKDOWN = '**Sunday:** subgroups meet after the service.\n\nQuestions are welcome any time: use *Ask your commander* on My Subgroup. Fasting is kept in secret here: only you, your commander and the moderator see its days.';

/** Two visitors who asked to join through the apply link, waiting for the moderator. */
export const APPLICANTS = [
  { name: 'Jonah Whitfield', email: 'jonah.whitfield@example.org', message: 'A friend from work told me about your group. I would love to grow in prayer with others.', days: 3 },
  { name: 'Elena Marchetti', email: 'elena.marchetti@example.org', message: 'We just moved to the area and are looking for a community.', days: 1 },
];
