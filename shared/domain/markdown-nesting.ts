/**
 * How deep markdown nests, and the same markdown made to nest no deeper (DECISIONS.md "Input": markdown is
 * rendered with nesting limited). react-markdown's parser slows down faster than linearly with nesting, and
 * its renderer recurses once per level: 20,000 `>` took seconds and then overflowed the stack, which left
 * every member's dashboard blank. The guidance route refuses markdown that nests deeper than
 * MARKDOWN_NESTING_MAX (markdownNestsTooDeeply), and the client renders flattenMarkdownNesting(markdown),
 * which escapes exactly what goes deeper. Both run the one scan below, so guidance the server accepted
 * renders unchanged.
 *
 * What is counted, in one pass, linear in the length of the text:
 * - Blocks, line by line: at the start of a line, each block quote `>` and each list marker (`-`, `+`, `*`,
 *   `1.`, `1)` followed by a space, a tab or the line's end) is one level, and so is every 2 columns of
 *   indentation before one of them (a nested list item sits at least 2 columns in from its parent's marker).
 *   A thematic break (`- - -`, `* * *`) counts nothing. The marker that would go past the limit is escaped
 *   (`\>`, `\-`, `1\.`), so it and the rest of its line are the text of the deepest level kept.
 * - Inline, paragraph by paragraph (lines up to a blank line, a list item or a heading): each character of
 *   an emphasis delimiter (`*`, `_`) still open is one level (openers and closers matched as CommonMark
 *   matches them: flanking, the rule of 3), and so is each link or image bracket `[` still open. Code spans
 *   and backslash-escaped characters count nothing. A delimiter run or `[` that would open past the limit
 *   is escaped (`\*\*`, `\[`), and is text.
 * This follows CommonMark closely but not exactly (raw HTML, autolinks and link destinations are read as
 * text): a bound on what people write and on the shapes that hurt. The renderer also cuts any tree deeper
 * than it expects, and shows markdown inside an error boundary.
 */

/** Levels of block nesting (quotes and lists) and, separately, of inline nesting (emphasis and brackets). */
export const MARKDOWN_NESTING_MAX = 12;

/** `markdown` with every marker, delimiter or bracket that would nest deeper than `max` escaped. */
export function flattenMarkdownNesting(markdown: string, max = MARKDOWN_NESTING_MAX): string {
  return scan(markdown, max, false).text;
}

/** Whether `markdown` nests deeper than `max` anywhere (flattenMarkdownNesting would change it). */
export function markdownNestsTooDeeply(markdown: string, max = MARKDOWN_NESTING_MAX): boolean {
  return scan(markdown, max, true).changed;
}

// ---------------------------------------------------------------------------------------------------------

interface Line {
  /** The block markers kept, with the spaces between them. */
  prefix: string;
  /** The rest of the line: inline text (starting with the escaped marker, if one was). */
  content: string;
  /** The line starts a list item: a new block, so a new paragraph. */
  listItem: boolean;
}

const isSpaceOrTab = (character: string | undefined) => character === ' ' || character === '\t';
const isDigit = (character: string | undefined) => character !== undefined && character >= '0' && character <= '9';
const HEADING = /^#{1,6}(?:[ \t]|$)/;
const BLANK = /^[ \t]*$/;

function scan(markdown: string, max: number, stopAtFirst: boolean): { text: string; changed: boolean } {
  // Lines and the line endings between them (CommonMark ends a line at LF, CR or CRLF).
  const parts = markdown.split(/(\r\n|\r|\n)/);
  const lines: Line[] = [];
  let changed = false;
  for (let index = 0; index < parts.length; index += 2) {
    const line = blockLine(parts[index]!, max);
    if (line.escaped) {
      changed = true;
      if (stopAtFirst) return { text: markdown, changed };
    }
    lines.push(line);
  }

  // Each paragraph's inline text, escaped where it nests too deeply; true when stopping at the first.
  let paragraph: Line[] = [];
  const flush = () => {
    const ended = paragraph;
    paragraph = [];
    if (ended.length === 0) return false;
    const text = ended.map((line) => line.content).join('\n');
    const escapes = inlineEscapes(text, max);
    if (escapes.length === 0) return false;
    changed = true;
    if (stopAtFirst) return true;
    const escaped = insertBackslashes(text, escapes).split('\n');
    ended.forEach((line, at) => (line.content = escaped[at]!));
    return false;
  };
  for (const line of lines) {
    const blank = BLANK.test(line.content);
    const heading = HEADING.test(line.content);
    if ((blank || heading || line.listItem) && flush()) return { text: markdown, changed };
    if (blank) continue;
    paragraph.push(line);
    if (heading && flush()) return { text: markdown, changed };
  }
  if (flush()) return { text: markdown, changed };

  if (!changed) return { text: markdown, changed };
  let text = '';
  lines.forEach((line, index) => (text += line.prefix + line.content + (parts[index * 2 + 1] ?? '')));
  return { text, changed };
}

/** The block markers at the start of `line`, the marker that would go past `max` escaped. */
function blockLine(line: string, max: number): Line & { escaped: boolean } {
  const breaks = thematicBreakTests(line);
  let depth = 0;
  let column = 0;
  let at = 0;
  let listItem = false;
  for (;;) {
    const indentFrom = column;
    let index = at;
    while (isSpaceOrTab(line[index])) {
      column = line[index] === '\t' ? column + 4 - (column % 4) : column + 1;
      index += 1;
    }
    const marker = markerAt(line, index, breaks);
    if (!marker) return { prefix: line.slice(0, index), content: line.slice(index), listItem, escaped: false };
    const levels = depth + Math.floor((column - indentFrom) / 2) + 1;
    if (levels > max) {
      const content = `${line.slice(index, marker.escapeAt)}\\${line.slice(marker.escapeAt)}`;
      return { prefix: line.slice(0, index), content, listItem, escaped: true };
    }
    depth = levels;
    listItem ||= marker.list;
    column += marker.end - index;
    at = marker.end;
  }
}

interface Marker {
  end: number;
  /** Where the backslash goes to make it text: before `>` or the bullet, or before the `.` of `1.`. */
  escapeAt: number;
  list: boolean;
}

function markerAt(line: string, index: number, isThematicBreak: (character: string, from: number) => boolean): Marker | null {
  const character = line[index];
  if (character === '>') return { end: index + 1, escapeAt: index, list: false };
  const endsMarker = (after: number) => after >= line.length || isSpaceOrTab(line[after]);
  if ((character === '-' || character === '+' || character === '*') && endsMarker(index + 1)) {
    return character !== '+' && isThematicBreak(character, index) ? null : { end: index + 1, escapeAt: index, list: true };
  }
  let digits = index;
  while (isDigit(line[digits]) && digits - index < 9) digits += 1;
  if (digits > index && (line[digits] === '.' || line[digits] === ')') && endsMarker(digits + 1)) return { end: digits + 1, escapeAt: digits, list: true };
  return null;
}

/**
 * Whether the rest of `line` from `from` is a thematic break of `character` (only it, spaces and tabs, and
 * at least three of it), in constant time per question: `- - - - x` asks once per dash.
 */
function thematicBreakTests(line: string) {
  const known = new Map<string, { lastOther: number; thirdLast: number }>();
  return (character: string, from: number) => {
    let tail = known.get(character);
    if (!tail) {
      tail = { lastOther: -1, thirdLast: -1 };
      let seen = 0;
      for (let index = line.length - 1; index >= 0; index -= 1) {
        if (line[index] === character) {
          seen += 1;
          if (seen === 3) tail.thirdLast = index;
        } else if (!isSpaceOrTab(line[index])) {
          tail.lastOther = index;
          break;
        }
      }
      known.set(character, tail);
    }
    return tail.lastOther < from && tail.thirdLast >= from;
  };
}

// ---------------------------------------------------------------------------------------------------------

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const WHITESPACE = /\s/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;

/** An emphasis delimiter run still open: `remaining` of its `length` characters. */
interface Opener {
  character: string;
  remaining: number;
  length: number;
  canClose: boolean;
}

/**
 * The stack after a delimiter run of `length` × `character`: CommonMark's matching, as it happens left to
 * right (the nearest opener of the same character that the rule of 3 allows; openers between are dropped).
 */
function withRun(stack: readonly Opener[], character: string, length: number, canOpen: boolean, canClose: boolean): Opener[] {
  const next = stack.map((opener) => ({ ...opener }));
  let remaining = length;
  while (canClose && remaining > 0) {
    let found = -1;
    for (let index = next.length - 1; index >= 0 && found < 0; index -= 1) {
      const opener = next[index]!;
      const ruleOfThree = (opener.canClose || canOpen) && (opener.length + length) % 3 === 0 && !(opener.length % 3 === 0 && length % 3 === 0);
      if (opener.character === character && !ruleOfThree) found = index;
    }
    if (found < 0) break;
    const opener = next[found]!;
    const used = opener.remaining >= 2 && remaining >= 2 ? 2 : 1;
    opener.remaining -= used;
    remaining -= used;
    next.length = opener.remaining > 0 ? found + 1 : found;
  }
  if (remaining > 0 && canOpen) next.push({ character, remaining, length, canClose });
  return next;
}

/** Where, in one paragraph's text, a backslash goes before each delimiter or bracket that would open past `max`. */
function inlineEscapes(text: string, max: number): number[] {
  const escapes: number[] = [];
  const closingRuns = backtickRuns(text);
  let openers: Opener[] = [];
  let brackets = 0;
  const depth = (stack: readonly Opener[]) => stack.reduce((sum, opener) => sum + opener.remaining, 0) + brackets;

  for (let index = 0; index < text.length; ) {
    const character = text[index]!;
    if (character === '\\' && ASCII_PUNCTUATION.test(text[index + 1] ?? '')) {
      index += 2;
    } else if (character === '`') {
      let end = index;
      while (text[end] === '`') end += 1;
      // A code span, if a run of exactly as many backticks closes it; else the backticks are text.
      const closing = closingRuns(end - index, end);
      index = closing < 0 ? end : closing + (end - index);
    } else if (character === '*' || character === '_') {
      let end = index;
      while (text[end] === character) end += 1;
      const before = text[index - 1] ?? ' ';
      const after = text[end] ?? ' ';
      const spaceBefore = WHITESPACE.test(before);
      const spaceAfter = WHITESPACE.test(after);
      const punctuationBefore = PUNCTUATION.test(before);
      const punctuationAfter = PUNCTUATION.test(after);
      const leftFlanking = !spaceAfter && (!punctuationAfter || spaceBefore || punctuationBefore);
      const rightFlanking = !spaceBefore && (!punctuationBefore || spaceAfter || punctuationAfter);
      const canOpen = character === '*' ? leftFlanking : leftFlanking && (!rightFlanking || punctuationBefore);
      const canClose = character === '*' ? rightFlanking : rightFlanking && (!leftFlanking || punctuationAfter);
      const next = withRun(openers, character, end - index, canOpen, canClose);
      if (depth(next) > max) for (let at = index; at < end; at += 1) escapes.push(at);
      else openers = next;
      index = end;
    } else if (character === '[') {
      if (depth(openers) + 1 > max) escapes.push(index);
      else brackets += 1;
      index += 1;
    } else {
      if (character === ']' && brackets > 0) brackets -= 1;
      index += 1;
    }
  }
  return escapes;
}

/**
 * The start of the first run of exactly `length` backticks at or after `from` (-1 if none), for questions
 * asked with `from` only growing: each length's runs are walked once.
 */
function backtickRuns(text: string): (length: number, from: number) => number {
  const starts = new Map<number, number[]>();
  for (let index = 0; index < text.length; ) {
    if (text[index] !== '`') {
      index += 1;
      continue;
    }
    let end = index;
    while (text[end] === '`') end += 1;
    const list = starts.get(end - index) ?? [];
    list.push(index);
    starts.set(end - index, list);
    index = end;
  }
  const next = new Map<number, number>();
  return (length, from) => {
    const list = starts.get(length);
    if (!list) return -1;
    let at = next.get(length) ?? 0;
    while (at < list.length && list[at]! < from) at += 1;
    next.set(length, at);
    return at < list.length ? list[at]! : -1;
  };
}

function insertBackslashes(text: string, positions: readonly number[]): string {
  let result = '';
  let from = 0;
  for (const position of positions) {
    result += `${text.slice(from, position)}\\`;
    from = position;
  }
  return result + text.slice(from);
}
