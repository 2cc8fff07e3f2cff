// The guidance contract's plain values, without zod: the dashboard's guidelines card needs them, and a
// module of zod schemas would bring all of zod into that screen's JavaScript. guidance.ts re-exports them.

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
