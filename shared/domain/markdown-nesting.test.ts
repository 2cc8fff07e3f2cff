import { flattenMarkdownNesting, MARKDOWN_NESTING_MAX, markdownNestsTooDeeply } from './markdown-nesting';

const N = 20_000;

/** Lines `prefix(1)`, `prefix(2)`, ... for as long as they fit in `budget` characters. */
function staircase(line: (depth: number) => string, budget = N): string {
  const lines: string[] = [];
  let length = 0;
  for (let depth = 1; length + line(depth).length + 1 <= budget; depth += 1) {
    lines.push(line(depth));
    length += line(depth).length + 1;
  }
  return lines.join('\n');
}

/** Markdown that nests far too deeply, in every shape issue 22 names (each at most 20,000 characters). */
const TOO_DEEP: Record<string, string> = {
  '20,000 > on one line': '>'.repeat(N),
  '> > > … x': `${'> '.repeat(N / 2 - 1)}x`,
  'lines each one > deeper': staircase((depth) => `${'>'.repeat(depth)} x`),
  'lines each one list level deeper': staircase((depth) => `${'  '.repeat(depth - 1)}- x`),
  'lines each one 4-space list level deeper': staircase((depth) => `${'    '.repeat(depth - 1)}1. x`),
  '- - - … x': `${'- '.repeat(N / 2 - 1)}x`,
  '1. 1. 1. …': '1. '.repeat(N / 3),
  '+ + + … x': `${'+ '.repeat(N / 2 - 1)}x`,
  '> - > - …': '> - '.repeat(N / 4),
  '[[[[[…': '['.repeat(N),
  '[[[[[…a]]]]](x)': `${'['.repeat(N / 2 - 5)}a${']'.repeat(N / 2 - 5)}(x)`,
  '![![![…': `${'!['.repeat(N / 6)}a${'](x)'.repeat(N / 6)}`,
  '***…a***…': `${'*'.repeat(N / 2)}a${'*'.repeat(N / 2 - 1)}`,
  '___…a___…': `${'_'.repeat(N / 2)}a${'_'.repeat(N / 2 - 1)}`,
  '*a *a *a … a* a* a*': `${'*a '.repeat(N / 6)}${'a* '.repeat(N / 6)}`,
  '**a **a … a** a**': `${'**a '.repeat(N / 8)}${'a** '.repeat(N / 8)}`,
  'emphasis inside links inside emphasis': `${'[*a '.repeat(N / 10)}${'a*](x)'.repeat(N / 10)}`,
  'emphasis over CRLF lines': `${'*a\r\n'.repeat(N / 8)}${'a*\r\n'.repeat(N / 8)}`,
  'quotes over CR lines': staircase((depth) => '>'.repeat(depth)).replaceAll('\n', '\r'),
};

/** Markdown people write: none of it nests too deeply, and none of it changes. */
const ORDINARY: Record<string, string> = {
  headings: '# Welcome\n\n## Practices\n\n### Bible Reading\n\n#### Notes',
  'a nested list, 2 spaces': '- Read\n  - Genesis\n    - Chapter 1\n      - Verse 1\n- Pray',
  'a nested list, 4 spaces': '1. Read\n    1. Genesis\n        1. Chapter 1\n            - Verse 1\n2. Pray',
  'a quote in a list in a quote': '> - One\n>   > Two\n>   > - Three',
  'quotes three deep': '> a\n> > b\n> > > c',
  'emphasis and strong': '***Very** important* and **bold** and _italic_ and __strong__ and *a **b** c*',
  'forty bold words in one paragraph': Array.from({ length: 40 }, (_, index) => `**word ${index}**`).join(' '),
  'thirty list items with bold': Array.from({ length: 30 }, (_, index) => `- **Item ${index}**: read *daily*`).join('\n'),
  'links and images': Array.from({ length: 30 }, (_, index) => `[link ${index}](https://example.org/${index}) ![alt ${index}](x.png)`).join(' '),
  'stars and underscores as text': '2 * 3 * 4 = 24, snake_case_name, file_name_here.txt, a * b',
  'code spans holding delimiters': 'Use `**` for bold, `*` for italic, `[` `[[[[[[[[[[[[[[` and ``a`b`` for code.',
  'thematic breaks': '- - -\n\n***\n\n___\n\n* * * * * * * * * * * * * * * * * * *\n\n- - - - - - - - - - - - - - - - - - - -',
  'an ordered list of twenty': Array.from({ length: 20 }, (_, index) => `${index + 1}. Day ${index + 1}`).join('\n'),
  'escaped characters': '\\*not emphasis\\* \\[not a link\\] \\> not a quote',
  'a paragraph with one stray opener per line': Array.from({ length: 20 }, (_, index) => `- line ${index} *unclosed`).join('\n'),
  'a code block': '```\n- - - - - - x\n**a **b\n```',
  'CRLF line endings': '# Title\r\n\r\n- one\r\n  - two\r\n\r\n> quote\r\n',
  empty: '',
};

describe('markdownNestsTooDeeply and flattenMarkdownNesting', () => {
  it.each(Object.entries(ORDINARY))('leave %s alone', (_label, markdown) => {
    expect(markdownNestsTooDeeply(markdown)).toBe(false);
    expect(flattenMarkdownNesting(markdown)).toBe(markdown);
  });

  it.each(Object.entries(TOO_DEEP))('find %s too deep, and flatten it to markdown that is not, quickly', (_label, markdown) => {
    expect(markdown.length).toBeLessThanOrEqual(N);
    const started = performance.now();
    expect(markdownNestsTooDeeply(markdown)).toBe(true);
    const flat = flattenMarkdownNesting(markdown);
    expect(markdownNestsTooDeeply(flat)).toBe(false);
    expect(flattenMarkdownNesting(flat)).toBe(flat);
    expect(performance.now() - started).toBeLessThan(1000);
    // Only backslashes are added: no text is lost.
    expect(flat.replaceAll('\\', '')).toBe(markdown.replaceAll('\\', ''));
  });

  it('keeps the first 12 quote levels and makes the rest text', () => {
    expect(flattenMarkdownNesting('>'.repeat(20))).toBe(`${'>'.repeat(12)}\\${'>'.repeat(8)}`);
    expect(flattenMarkdownNesting(`${'> '.repeat(13)}x`)).toBe(`${'> '.repeat(12)}\\> x`);
    expect(markdownNestsTooDeeply(`${'>'.repeat(MARKDOWN_NESTING_MAX)} x`)).toBe(false);
    expect(markdownNestsTooDeeply(`${'>'.repeat(MARKDOWN_NESTING_MAX + 1)} x`)).toBe(true);
  });

  it('counts list markers and every 2 columns of indentation before one', () => {
    expect(flattenMarkdownNesting(`${'- '.repeat(13)}x`)).toBe(`${'- '.repeat(12)}\\- x`);
    expect(flattenMarkdownNesting(`${'1. '.repeat(13)}x`)).toBe(`${'1. '.repeat(12)}1\\. x`);
    // 22 columns (11 levels) and the marker: 12. Two more columns make 13.
    expect(markdownNestsTooDeeply(`${' '.repeat(22)}- x`)).toBe(false);
    expect(flattenMarkdownNesting(`${' '.repeat(24)}- x`)).toBe(`${' '.repeat(24)}\\- x`);
    // A tab counts to the next multiple of 4 columns.
    expect(markdownNestsTooDeeply(`${'\t'.repeat(5)}  - x`)).toBe(false);
    expect(markdownNestsTooDeeply(`${'\t'.repeat(6)}- x`)).toBe(true);
  });

  it('counts open emphasis characters and brackets, and escapes the run that would open past the limit', () => {
    expect(flattenMarkdownNesting(`${'*a '.repeat(13)}b${'*'.repeat(1)}`)).toBe(`${'*a '.repeat(12)}\\*a b*`);
    expect(flattenMarkdownNesting(`${'*'.repeat(14)}a${'*'.repeat(14)}`)).toBe(`${'\\*'.repeat(14)}a${'*'.repeat(14)}`);
    expect(markdownNestsTooDeeply(`${'*'.repeat(12)}a${'*'.repeat(12)}`)).toBe(false);
    expect(flattenMarkdownNesting(`${'['.repeat(13)}a`)).toBe(`${'['.repeat(12)}\\[a`);
    expect(flattenMarkdownNesting(`${'!['.repeat(13)}a`)).toBe(`${'!['.repeat(12)}!\\[a`);
  });

  it('starts counting emphasis again after a blank line, a list item or a heading', () => {
    const openers = '*a '.repeat(8);
    expect(markdownNestsTooDeeply(`${openers}\n${openers}`)).toBe(true);
    expect(markdownNestsTooDeeply(`${openers}\n\n${openers}`)).toBe(false);
    expect(markdownNestsTooDeeply(`- ${openers}\n- ${openers}`)).toBe(false);
    expect(markdownNestsTooDeeply(`# ${openers}\n${openers}`)).toBe(false);
  });

  it('reads a code span as text, and backticks without a closing run as text', () => {
    expect(markdownNestsTooDeeply(`\`${'*a '.repeat(20)}\``)).toBe(false);
    expect(markdownNestsTooDeeply(`\`${'*a '.repeat(20)}\`\``)).toBe(true);
    expect(markdownNestsTooDeeply(`\\\`${'*a '.repeat(20)}\``)).toBe(true);
  });

  it('matches openers and closers as CommonMark does, the rule of 3 included', () => {
    // *foo**bar* is <em>foo**bar</em>: the both-flanking ** cannot close the * (1 + 2 is a multiple of 3),
    // so for a moment three characters are open.
    expect(markdownNestsTooDeeply('*foo**bar*', 3)).toBe(false);
    expect(flattenMarkdownNesting('*foo**bar*', 2)).toBe('*foo\\*\\*bar*');
    // Each *x* closes before the next opens.
    expect(markdownNestsTooDeeply('a *b* '.repeat(100))).toBe(false);
    expect(markdownNestsTooDeeply('*a **b** c* '.repeat(100), 3)).toBe(false);
  });
});
