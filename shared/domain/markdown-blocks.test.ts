import { fromMarkdown } from 'mdast-util-from-markdown';
import { countMarkdownBlocks, MARKDOWN_BLOCKS_MAX, markdownBlocksEnd } from './markdown-blocks';

type Node = { type: string; children?: Node[] };

/** The blocks react-markdown's parser makes of `markdown`, by kind (phrasing content not walked). */
function parsedBlocks(markdown: string): { containers: number; leaves: number; headings: number } {
  const counts = { containers: 0, leaves: 0, headings: 0 };
  const pending: Node[] = [fromMarkdown(markdown)];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.type === 'listItem' || node.type === 'blockquote') counts.containers += 1;
    else if (['paragraph', 'heading', 'thematicBreak', 'code', 'html', 'definition', 'table'].includes(node.type)) counts.leaves += 1;
    if (node.type === 'heading') counts.headings += 1;
    if (['root', 'list', 'listItem', 'blockquote'].includes(node.type)) pending.push(...(node.children ?? []));
  }
  return counts;
}

/** A small deterministic generator (mulberry32), so a failure names a document that fails again. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LINES = [
  'a', 'Some words', '', '', '-', '=', '---', '===', '- a', '* a', '+ a', '1. a', '2) a', '  - b', '    - c', '> a', '>', '> > a', '> - a', '- > a',
  '> -', '> =', '  -', '# Heading', '## h', '```', '~~~', '    code', '\tcode', '<div>', '</div>', '<!--', '-->', 'x>', '|a|b|', '|-|-|', '[x]: /y',
  '[x]', '* * *', '- - -', '___', '**', '*a*', 'a\\', '  a', '1.', '-\ta', '>a', '- ```', '  ```', '<p>a</p>', '- # h', '> # h', '* -',
];

describe('countMarkdownBlocks', () => {
  it.each([
    ['a paragraph of several lines', 'One\ntwo\nthree', 1],
    ['paragraphs apart', 'One\n\nTwo\n\n\nThree', 3],
    ['headings', '# One\n## Two\nText', 3],
    ['a setext heading and its paragraph', 'Title\n=====\nText', 2],
    ['5,000 setext headings (issue 38 item 4)', 'a\n-\n'.repeat(5000), 5000],
    ['list items, their first paragraph free', '- one\n- two\n  more of two\n- three', 3],
    ['a block quote of two paragraphs', '> One\n> still one\n>\n> Two', 2],
    ['a thematic break and a fenced code block', 'a\n\n---\n\n```\ncode\n```', 5],
    ['table rows', '| a | b |\n|---|---|\n| 1 | 2 |', 3],
    ['html-ish lines', '<div>\n<p>x</p>\n</div>', 3],
    ['CR and CRLF line endings', 'a\r-\r\nb\r\n=\rc', 3],
    ['nothing', '', 0],
  ])('counts %s', (_label, markdown, blocks) => {
    expect(countMarkdownBlocks(markdown)).toBe(blocks);
  });

  it('is at least half of the blocks the parser makes, and every heading, over many random documents', () => {
    const next = random(38);
    for (let document = 0; document < 1500; document += 1) {
      const lines = Array.from({ length: 1 + Math.floor(next() * 24) }, () => LINES[Math.floor(next() * LINES.length)]!);
      const markdown = lines.join(next() < 0.8 ? '\n' : '\r\n');
      const parsed = parsedBlocks(markdown);
      const counted = countMarkdownBlocks(markdown);
      const context = JSON.stringify({ markdown, parsed, counted });
      expect(counted * 2, context).toBeGreaterThanOrEqual(parsed.containers + parsed.leaves);
      expect(counted, context).toBeGreaterThanOrEqual(parsed.headings);
    }
  }, 60_000);

  it('takes time linear in the length: 20,000 characters of the worst shapes in a few milliseconds each', () => {
    for (const markdown of ['a\n-\n'.repeat(5000), '- '.repeat(10_000), '\n'.repeat(20_000), '['.repeat(20_000), '[x'.repeat(10_000), '>'.repeat(20_000), `${' '.repeat(19_999)}a`]) {
      countMarkdownBlocks(markdown);
      const started = performance.now();
      countMarkdownBlocks(markdown);
      expect(performance.now() - started).toBeLessThan(100);
    }
  });
});

describe('markdownBlocksEnd', () => {
  it('is -1 up to the limit, and where the block past it starts beyond', () => {
    expect(markdownBlocksEnd('a\n-\n'.repeat(MARKDOWN_BLOCKS_MAX))).toBe(-1);
    const over = 'a\n-\n'.repeat(MARKDOWN_BLOCKS_MAX + 5);
    const end = markdownBlocksEnd(over);
    expect(end).toBe(4 * MARKDOWN_BLOCKS_MAX);
    expect(countMarkdownBlocks(over.slice(0, end))).toBe(MARKDOWN_BLOCKS_MAX);
    expect(markdownBlocksEnd('one\n\ntwo\n\nthree', 2)).toBe('one\n\ntwo\n\n'.length);
    expect(markdownBlocksEnd('- a\n- b\n- c', 2)).toBe('- a\n- b\n'.length);
  });
});
