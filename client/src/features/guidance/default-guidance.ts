import type { GuidanceSection } from '@shared/contracts/guidance';
import { SECTION_STYLE_DEFAULTS } from '@shared/contracts/guidance-styles';
import { msg, type Translate } from '@/i18n';

const base = SECTION_STYLE_DEFAULTS;

/** The default sections' English words; defaultGuidanceSections gives them in the reader's language. */
const DEFAULT_GUIDANCE_SECTIONS: readonly GuidanceSection[] = [
  {
    ...base,
    id: 'default-header',
    type: 'header',
    title: msg('Spiritual Discipline Guidelines'),
    content: msg('Walk steadily, one faithful day at a time.'),
    color: 'blue',
    alignment: 'center',
    headerSize: 'large',
  },
  {
    ...base,
    id: 'default-bible-reading',
    type: 'text',
    title: msg('Bible Reading'),
    content: msg('Read 1 or 2 chapters daily, in an amplified version. Read slowly, 2-3 times, and let the words sink in.'),
  },
  {
    ...base,
    id: 'default-fasting',
    type: 'text',
    title: msg('Fasting'),
    content: msg('Fast until 12 noon if you are starting out, or until 3 pm if you are growing, and give 2 hours of the fast to prayer.'),
  },
  {
    ...base,
    id: 'default-morning-intimacy',
    type: 'text',
    title: msg('Morning Intimacy'),
    content: msg('Begin each day alone with God in prayer, worship and His word before the day begins.'),
  },
  {
    ...base,
    id: 'default-midnight-prayer',
    type: 'text',
    title: msg('Midnight Prayer'),
    content: msg('Rise at midnight for intercessory prayer for your family, your community and the nations.'),
  },
];

/**
 * The default guidance of SPEC.md section 9 ("Default guidance sections"), in the reader's language: shown while a
 * community has saved neither sections nor markdown, and offered as the starting point of the editor.
 */
export const defaultGuidanceSections = (t: Translate): GuidanceSection[] =>
  DEFAULT_GUIDANCE_SECTIONS.map((section) => ({ ...section, title: t(section.title), content: t(section.content) }));
