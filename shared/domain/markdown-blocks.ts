/**
 * How many blocks markdown makes, counted from above (DECISIONS.md "Input": guidance holds at most 1,000
 * markdown blocks). Rendering costs per block, and more than linearly so in places: react-markdown's parser
 * (micromark) copied every event before each setext heading, so 5,000 `a\n-` took ~10 s and froze every
 * member's dashboard (the client now parses those in linear time, markdown-content.tsx). The guidance route
 * refuses markdown of more than MARKDOWN_BLOCKS_MAX blocks (countMarkdownBlocks), and the client renders
 * guidance stored before that rule only up to the block where markdownBlocksEnd says the limit is reached,
 * the rest as plain text. Both run the one scan below, so guidance the server accepted renders whole.
 *
 * One pass, line by line, linear in the length of the text. A line counts:
 * - each list item marker (`-`, `+`, `*`, `1.`, `1)` followed by a space, a tab or the line's end), and each
 *   block quote `>` opened deeper than the line before's (a container's first paragraph comes with it);
 * - a paragraph's first line; its later lines count nothing while they are plain text (a line that could
 *   start a block of its own never continues one);
 * - each line that is, or may be, a block of its own or part of one that ends unexpectedly: a heading (`#`),
 *   a thematic break or a run of `=`, `-`, `*`, `_`, a code fence, a table row (any `|`), an html-ish line
 *   (any `<` or `>`), a link reference definition (`[label]:`).
 * A setext underline (`=` or `-` under a paragraph's lines, in the same block quotes, not in a list item
 * begun by that paragraph) counts nothing: its heading was counted at the paragraph's first line. Blank lines
 * count nothing. Code and html lines count when they look like blocks, so a code block may count more than
 * one: the count errs upwards. It is at least half of the blocks the parser makes (every paragraph, heading,
 * list item, block quote, thematic break, code or html block and definition; a container and its first
 * paragraph count as one).
 */

export const MARKDOWN_BLOCKS_MAX = 1_000;

/** The number of blocks of `markdown`, as counted above. */
export function countMarkdownBlocks(markdown: string): number {
  return scanBlocks(markdown, Infinity).count;
}

/**
 * Where the block after the first `max` starts (the offset of its line), or -1 when `markdown` has no more
 * than `max` blocks: `markdown.slice(0, end)` holds the first `max` blocks.
 */
export function markdownBlocksEnd(markdown: string, max = MARKDOWN_BLOCKS_MAX): number {
  return scanBlocks(markdown, max).end;
}

// ---------------------------------------------------------------------------------------------------------

const isSpaceOrTab = (code: number) => code === 0x20 || code === 0x09;
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
const LINE_END = /\r\n|\r|\n/g;
/** At the position it is tried at: a setext underline, `===` or `---` up to the line's end. */
const UNDERLINE = /(?:=+|-+)[ \t]*$/y;
/** A line that is, or may be, a block of its own: see the list above (the text after any container markers). */
const BLOCK_LIKE = /^(?:[ \t]*(?:#|```|~~~|\[.*\]:)|[ \t=*_-]*$)|[<>|]/;
const BLANK = /^[ \t]*$/;

interface Paragraph {
  /** The block quotes its lines are in. */
  quotes: number;
  /** It began on a list item's line: an underline under it is no setext heading of the same block. */
  inListItem: boolean;
}

function scanBlocks(markdown: string, max: number): { count: number; end: number } {
  let count = 0;
  let previousQuotes = 0;
  let paragraph: Paragraph | null = null;
  LINE_END.lastIndex = 0;
  for (let start = 0; start <= markdown.length; ) {
    const ending = LINE_END.exec(markdown);
    const stop = ending ? ending.index : markdown.length;
    const line = markdown.slice(start, stop);

    // Containers: block quotes and list item markers, with the spaces around them.
    let at = 0;
    let quotes = 0;
    let listItems = 0;
    let underline = false;
    for (;;) {
      while (isSpaceOrTab(line.charCodeAt(at))) at += 1;
      const code = line.charCodeAt(at);
      if (code === 0x3e /* > */) {
        quotes += 1;
        at += 1;
        continue;
      }
      if (paragraph && !paragraph.inListItem && listItems === 0 && quotes === paragraph.quotes && (code === 0x3d /* = */ || code === 0x2d) /* - */) {
        UNDERLINE.lastIndex = at;
        if (UNDERLINE.test(line)) {
          underline = true;
          break;
        }
      }
      const markerEnd = listMarkerEnd(line, at);
      if (markerEnd < 0) break;
      listItems += 1;
      at = markerEnd;
    }

    const opened = listItems + Math.max(0, quotes - previousQuotes);
    count += opened;
    const content = line.slice(at);
    if (underline) {
      paragraph = null;
    } else if (BLANK.test(content)) {
      paragraph = null;
    } else if (BLOCK_LIKE.test(content)) {
      count += 1;
      paragraph = null;
    } else {
      // Plain text: a paragraph's first line (free on a line that opened a container), or its next one.
      if (!paragraph || opened > 0) {
        if (opened === 0) count += 1;
        paragraph = { quotes, inListItem: listItems > 0 };
      }
    }
    // A line without `>` (blank, or lazily continuing a quote's paragraph) leaves every quote as far as we know.
    previousQuotes = quotes;

    if (count > max) return { count, end: start };
    if (!ending) break;
    start = ending.index + ending[0].length;
  }
  return { count, end: -1 };
}

/** The end of a list item marker at `at` (a bullet, or up to 9 digits and `.` or `)`, then a space, a tab or the end), else -1. */
function listMarkerEnd(line: string, at: number): number {
  const code = line.charCodeAt(at);
  let end = -1;
  if (code === 0x2d /* - */ || code === 0x2b /* + */ || code === 0x2a /* * */) end = at + 1;
  else {
    let digits = at;
    while (isDigit(line.charCodeAt(digits)) && digits - at < 9) digits += 1;
    const delimiter = line.charCodeAt(digits);
    if (digits > at && (delimiter === 0x2e /* . */ || delimiter === 0x29) /* ) */) end = digits + 1;
  }
  return end >= 0 && (end >= line.length || isSpaceOrTab(line.charCodeAt(end))) ? end : -1;
}
