import type { Discipline } from '@shared/domain/disciplines';
import { msg, type Translate } from '@/i18n';

/**
 * SPEC.md section 3: the disciplines a new community can choose from (all on the daily grid; all but fasting numeric).
 * The label, unit and description are messages, shown with t(); the community keeps them in the moderator's language.
 */
export interface CatalogueDiscipline {
  key: string;
  label: string;
  unit: string;
  isNumeric: boolean;
  description: string;
}

export const DISCIPLINE_CATALOGUE: readonly CatalogueDiscipline[] = [
  { key: 'bible_reading', label: msg('Bible Reading'), unit: msg('chapters'), isNumeric: true, description: msg('Daily reading of Scripture, chapter by chapter.') },
  { key: 'prayer', label: msg('Prayer Time'), unit: msg('minutes'), isNumeric: true, description: msg('Time set apart to speak with God and listen.') },
  { key: 'meditation', label: msg('Meditation'), unit: msg('minutes'), isNumeric: true, description: msg('Quiet reflection on a passage or a truth of the faith.') },
  { key: 'fasting', label: msg('Fasting'), unit: msg('type'), isNumeric: false, description: msg('Going without food (or something else) for a time, to seek God.') },
  { key: 'worship', label: msg('Worship & Praise'), unit: msg('minutes'), isNumeric: true, description: msg('Singing, thanksgiving and praise, alone or together.') },
  { key: 'evangelism', label: msg('Evangelism'), unit: msg('people'), isNumeric: true, description: msg('Sharing the good news with the people around you.') },
  { key: 'service', label: msg('Acts of Service'), unit: msg('activities'), isNumeric: true, description: msg('Practical help given to others in love.') },
  { key: 'fellowship', label: msg('Fellowship'), unit: msg('gatherings'), isNumeric: true, description: msg('Time with other believers: meals, study, encouragement.') },
];

export type ThemeId = 'general' | 'intensive' | 'youth' | 'prayer' | 'study' | 'custom';

/** A theme; its name, description, first subgroup's name and guidance are messages, shown and saved with t(). */
export interface ThemeTemplate {
  id: ThemeId;
  name: string;
  description: string;
  /** A name of the palette, shown as the theme card's accent. */
  color: 'indigo' | 'red' | 'amber' | 'violet' | 'emerald' | 'slate';
  disciplines: readonly string[];
  enableSubgroups: boolean;
  defaultSubgroupName: string;
  guidanceContent: string;
}

/** SPEC.md section 3: the six theme templates. Choosing one fills the later steps, which stay editable. */
export const THEME_TEMPLATES: readonly ThemeTemplate[] = [
  {
    id: 'general',
    name: msg('General Community'),
    description: msg('A balanced rhythm of Scripture, prayer, worship and fellowship for any congregation.'),
    color: 'indigo',
    disciplines: ['bible_reading', 'prayer', 'worship', 'fellowship'],
    enableSubgroups: true,
    defaultSubgroupName: msg('Alpha Group'),
    guidanceContent: msg(`## Welcome

Welcome to our community! We walk together in faith, encouraging one another day by day.

## Our practices

- Read your Bible daily, even a single chapter.
- Pray every day, and pray for one another.
- Worship with thanksgiving.
- Meet with your brothers and sisters each week.

## Walking together

- Log your day honestly: grace, not perfection.
- Ask your commander when you need help.
- Keep what others share in confidence.`),
  },
  {
    id: 'intensive',
    name: msg('Intensive Discipleship'),
    description: msg('A demanding daily rule of life, with fasting and evangelism, for committed disciples.'),
    color: 'red',
    disciplines: ['bible_reading', 'prayer', 'meditation', 'fasting', 'worship', 'evangelism'],
    enableSubgroups: true,
    defaultSubgroupName: msg('Disciples Group'),
    guidanceContent: msg(`## Welcome

Welcome, disciple. This community is for those who want to give their whole life to following Christ.

## Our practices

- Read 2 chapters of Scripture daily and meditate on one verse.
- Pray at least one hour a day, including intercession.
- Fast weekly as you are able, with prayer.
- Share your faith with at least one person each week.

## Walking together

- Log every discipline every day.
- Meet your commander regularly for accountability.
- Carry one another’s burdens, and keep confidences.`),
  },
  {
    id: 'youth',
    name: msg('Youth Ministry'),
    description: msg('Energetic and encouraging: Scripture, prayer, worship, friendship and service for young people.'),
    color: 'amber',
    disciplines: ['bible_reading', 'prayer', 'worship', 'fellowship', 'service'],
    enableSubgroups: true,
    defaultSubgroupName: msg('Young Warriors'),
    guidanceContent: msg(`## Welcome

Welcome to the youth community! We grow in faith together, one day at a time.

## Our practices

- Read a chapter of the Bible each day.
- Take time to pray, even for five minutes.
- Worship with music you love.
- Serve someone every week.

## Walking together

- Be kind and encourage each other.
- Talk to your leader whenever you need to.
- Respect each other’s privacy.`),
  },
  {
    id: 'prayer',
    name: msg('Prayer Focused'),
    description: msg('For intercessors: prayer, meditation, fasting and worship at the centre of the day.'),
    color: 'violet',
    disciplines: ['prayer', 'meditation', 'fasting', 'worship'],
    enableSubgroups: true,
    defaultSubgroupName: msg('Prayer Warriors'),
    guidanceContent: msg(`## Welcome

Welcome to our prayer community. Together we seek God’s face and stand in the gap for others.

## Our practices

- Keep a daily time of prayer, morning and night.
- Meditate on Scripture before you pray.
- Fast as you are led, with prayer.
- Begin and end in worship.

## Walking together

- Pray for one another by name.
- Keep prayer requests confidential.
- Share answered prayers to encourage the group.`),
  },
  {
    id: 'study',
    name: msg('Bible Study Group'),
    description: msg('A small group that reads, reflects on and discusses Scripture together.'),
    color: 'emerald',
    disciplines: ['bible_reading', 'meditation', 'fellowship'],
    enableSubgroups: false,
    defaultSubgroupName: msg('Study Group'),
    guidanceContent: msg(`## Welcome

Welcome to our Bible study. We read together, reflect together and grow together.

## Our practices

- Read the week’s passage before we meet.
- Write down one thing you noticed and one question.
- Come to the gathering ready to share.

## Walking together

- Listen well and speak kindly.
- Let everyone have a turn.
- What is shared in the group stays in the group.`),
  },
  {
    id: 'custom',
    name: msg('Custom Setup'),
    description: msg('Start from a blank page and choose everything yourself.'),
    color: 'slate',
    disciplines: [],
    enableSubgroups: true,
    defaultSubgroupName: msg('Alpha Group'),
    guidanceContent: '',
  },
];

/** The guidance saved when step 4 is left blank (SPEC.md section 5). */
export const DEFAULT_WELCOME_GUIDANCE = msg(`## Welcome

Welcome to our community! We are glad you are here. Log your spiritual disciplines each day and walk steadfastly together.`);

export interface CustomDiscipline {
  key: string;
  label: string;
  unit: string;
}

/** A key for a custom discipline from its name: 'Evening Walk' becomes 'custom_evening_walk' (a number is added when taken). */
export function customDisciplineKey(label: string, taken: ReadonlySet<string>): string {
  const slug =
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'discipline';
  let key = `custom_${slug}`;
  for (let n = 2; taken.has(key); n++) key = `custom_${slug}_${n}`;
  return key;
}

/**
 * The templates step 3 saves (POST /discipline-templates): the chosen catalogue disciplines in catalogue
 * order (named in the moderator's language), then the custom ones, numbered from 1, all on the daily grid;
 * those in `secret` kept in secret.
 */
export function disciplineTemplates(selected: readonly string[], custom: readonly CustomDiscipline[], secret: readonly string[], t: Translate): Discipline[] {
  const chosen = DISCIPLINE_CATALOGUE.filter((discipline) => selected.includes(discipline.key)).map(({ key, label, unit, isNumeric }) => ({ key, label, unit: t(unit), isNumeric }));
  // A built-in name is kept in English and shown in each reader's language (disciplineName): members of one community
  // read different languages, and the server links targets to disciplines by these names (targetKeysOf).
  // SPEC.md: every discipline but fasting is numeric, the community's own included.
  const added = custom.map(({ key, label, unit }) => ({ key, label, unit: unit || null, isNumeric: true }));
  return [...chosen, ...added].map((discipline, index) => ({ ...discipline, unit: discipline.unit || null, isDailyGrid: true, isPrivate: secret.includes(discipline.key), order: index + 1 }));
}
