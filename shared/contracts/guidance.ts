import { z } from 'zod';
import { multiLineText, singleLineText } from './fields';

/** SPEC.md sections 3 and 9: what a guidance section may look like. Colours are names, never CSS. */
export const GUIDANCE_SECTION_TYPES = ['header', 'text', 'list'] as const;
export const GUIDANCE_ALIGNMENTS = ['left', 'center', 'right'] as const;
export const GUIDANCE_TEXT_COLORS = ['black', 'dark-gray', 'red', 'orange', 'yellow', 'green', 'blue', 'purple', 'brown'] as const;
export const GUIDANCE_BACKGROUNDS = ['none', 'light-gray', 'red', 'orange', 'yellow', 'green', 'blue', 'purple'] as const;
export const GUIDANCE_HEADER_SIZES = ['large', 'medium', 'small'] as const;
export const GUIDANCE_TEXT_STYLES = ['normal', 'bold', 'italic'] as const;

export type GuidanceSectionType = (typeof GUIDANCE_SECTION_TYPES)[number];
export type GuidanceAlignment = (typeof GUIDANCE_ALIGNMENTS)[number];
export type GuidanceTextColor = (typeof GUIDANCE_TEXT_COLORS)[number];
export type GuidanceBackground = (typeof GUIDANCE_BACKGROUNDS)[number];
export type GuidanceHeaderSize = (typeof GUIDANCE_HEADER_SIZES)[number];
export type GuidanceTextStyle = (typeof GUIDANCE_TEXT_STYLES)[number];

export const GUIDANCE_MARKDOWN_MAX = 20_000;
export const GUIDANCE_SECTIONS_MAX = 40;

/** How a new section looks until someone styles it (SPEC.md section 9's first choices). */
export const SECTION_STYLE_DEFAULTS = {
  color: 'black',
  alignment: 'left',
  backgroundColor: 'none',
  headerSize: 'medium',
  textStyle: 'normal',
} as const satisfies { color: GuidanceTextColor; alignment: GuidanceAlignment; backgroundColor: GuidanceBackground; headerSize: GuidanceHeaderSize; textStyle: GuidanceTextStyle };

const choice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });

export const guidanceSection = z.object({
  id: z.string().regex(/^[\w-]{1,64}$/, 'Not a section id'),
  title: singleLineText('Title').max(200, 'Title must be at most 200 characters'),
  content: multiLineText('Content').max(5000, 'Content must be at most 5,000 characters'),
  type: choice(GUIDANCE_SECTION_TYPES, 'Type'),
  color: choice(GUIDANCE_TEXT_COLORS, 'Text colour').default(SECTION_STYLE_DEFAULTS.color),
  alignment: choice(GUIDANCE_ALIGNMENTS, 'Alignment').default(SECTION_STYLE_DEFAULTS.alignment),
  backgroundColor: choice(GUIDANCE_BACKGROUNDS, 'Background').default(SECTION_STYLE_DEFAULTS.backgroundColor),
  headerSize: choice(GUIDANCE_HEADER_SIZES, 'Header size').default(SECTION_STYLE_DEFAULTS.headerSize),
  textStyle: choice(GUIDANCE_TEXT_STYLES, 'Text style').default(SECTION_STYLE_DEFAULTS.textStyle),
});
export type GuidanceSection = z.infer<typeof guidanceSection>;

/**
 * POST /api/communities/{id}/guidance. The admin editor sends both; the setup wizard sends only
 * `contentMarkdown`, which leaves the stored sections as they are.
 */
export const saveGuidanceBody = z.object({
  sections: z.array(guidanceSection).max(GUIDANCE_SECTIONS_MAX, `At most ${GUIDANCE_SECTIONS_MAX} sections`).optional(),
  contentMarkdown: multiLineText('Guidance').max(GUIDANCE_MARKDOWN_MAX, 'Guidance must be at most 20,000 characters').default(''),
});
export type SaveGuidanceBody = z.input<typeof saveGuidanceBody>;

/** GET /api/communities/{id}/guidance: empty sections and markdown when the community has none yet. */
export interface GuidanceView {
  sections: GuidanceSection[];
  contentMarkdown: string;
  /** Null until someone saves guidance. */
  updatedAt: string | null;
}
