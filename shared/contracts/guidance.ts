import { z } from 'zod';
import { countMarkdownBlocks, MARKDOWN_BLOCKS_MAX } from '../domain/markdown-blocks';
import { MARKDOWN_NESTING_MAX, markdownNestsTooDeeply } from '../domain/markdown-nesting';
import { multiLineText, singleLineText } from './fields';
import {
  GUIDANCE_ALIGNMENTS,
  GUIDANCE_BACKGROUNDS,
  GUIDANCE_HEADER_SIZES,
  GUIDANCE_MARKDOWN_MAX,
  GUIDANCE_SECTION_TYPES,
  GUIDANCE_SECTIONS_MAX,
  GUIDANCE_TEXT_COLORS,
  GUIDANCE_TEXT_STYLES,
  SECTION_STYLE_DEFAULTS,
} from './guidance-styles';
import { fill, msg } from '../domain/messages';

export * from './guidance-styles';

const choice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: fill('{label} must be one of {values}', { label, values: values.join(', ') }) });

export const guidanceSection = z.object({
  id: z.string().regex(/^[\w-]{1,64}$/, msg('Not a section id')),
  title: singleLineText(msg('Title')).max(200, msg('Title must be at most 200 characters')),
  content: multiLineText(msg('Content')).max(5000, msg('Content must be at most 5,000 characters')),
  type: choice(GUIDANCE_SECTION_TYPES, 'Type'),
  color: choice(GUIDANCE_TEXT_COLORS, 'Text colour').default(SECTION_STYLE_DEFAULTS.color),
  alignment: choice(GUIDANCE_ALIGNMENTS, 'Alignment').default(SECTION_STYLE_DEFAULTS.alignment),
  backgroundColor: choice(GUIDANCE_BACKGROUNDS, 'Background').default(SECTION_STYLE_DEFAULTS.backgroundColor),
  headerSize: choice(GUIDANCE_HEADER_SIZES, 'Header size').default(SECTION_STYLE_DEFAULTS.headerSize),
  textStyle: choice(GUIDANCE_TEXT_STYLES, 'Text style').default(SECTION_STYLE_DEFAULTS.textStyle),
});
export type GuidanceSection = z.infer<typeof guidanceSection>;

export const GUIDANCE_NESTING_MESSAGE = `Guidance cannot nest quotes, lists, emphasis or links more than ${MARKDOWN_NESTING_MAX} levels deep`;

/** Said of guidance with more blocks than dashboards render as markdown (shared/domain/markdown-blocks.ts). */
export const guidanceBlocksMessage = (blocks: number) =>
  `Guidance can hold at most ${MARKDOWN_BLOCKS_MAX.toLocaleString('en-US')} blocks (paragraphs, headings, list items, table rows…); this has ${blocks.toLocaleString('en-US')}`;

/** Why members' dashboards would not render this markdown as it is, or null. */
export function guidanceMarkdownProblem(markdown: string): string | null {
  if (markdownNestsTooDeeply(markdown)) return GUIDANCE_NESTING_MESSAGE;
  const blocks = countMarkdownBlocks(markdown);
  return blocks > MARKDOWN_BLOCKS_MAX ? guidanceBlocksMessage(blocks) : null;
}

/**
 * POST /api/communities/{id}/guidance. The admin editor sends both; the setup wizard sends only
 * `contentMarkdown`, which leaves the stored sections as they are. Markdown nested deeper than members'
 * dashboards render it (shared/domain/markdown-nesting.ts), or of more blocks than they render as markdown
 * (shared/domain/markdown-blocks.ts), is refused.
 */
export const saveGuidanceBody = z.object({
  sections: z.array(guidanceSection).max(GUIDANCE_SECTIONS_MAX, fill('At most {guidanceSectionsMax} sections', { guidanceSectionsMax: GUIDANCE_SECTIONS_MAX })).optional(),
  contentMarkdown: multiLineText(msg('Guidance'))
    .max(GUIDANCE_MARKDOWN_MAX, msg('Guidance must be at most 20,000 characters'))
    .superRefine((markdown, context) => {
      const problem = guidanceMarkdownProblem(markdown);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .default(''),
});
export type SaveGuidanceBody = z.input<typeof saveGuidanceBody>;

/** GET /api/communities/{id}/guidance: empty sections and markdown when the community has none yet. */
export interface GuidanceView {
  sections: GuidanceSection[];
  contentMarkdown: string;
  /** Null until someone saves guidance. */
  updatedAt: string | null;
}
