import { render, screen, waitFor } from '@testing-library/react';
import { markdownNestsTooDeeply } from '@shared/domain/markdown-nesting';
import { DEFAULT_WELCOME_GUIDANCE, THEME_TEMPLATES } from '@/features/setup/catalogue';
import { expectNothingExecutable, HOSTILE_MARKDOWN } from '../test-kit';
import MarkdownContent, { capTreeDepth, MARKDOWN_TREE_DEPTH_MAX, safeUrl } from './markdown-content';

describe('safeUrl', () => {
  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['  javascript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['DATA:image/png;base64,AAAA'],
    ['vbscript:msgbox(1)'],
    ['VBScript:msgbox(1)'],
    ['file:///etc/passwd'],
  ])('drops %j', (url) => {
    expect(safeUrl(url)).toBe('');
  });

  it.each([['https://example.org'], ['http://example.org/a?b=c#d'], ['HTTPS://EXAMPLE.ORG'], ['mailto:pastor@example.org'], ['/tracking'], ['relative/page'], ['#practices']])(
    'keeps %j as it is',
    (url) => {
      expect(safeUrl(url)).toBe(url);
    },
  );
});

describe('MarkdownContent', () => {
  it('renders nothing executable from hostile markdown, and keeps the https link with rel noopener', async () => {
    const { container } = render(<MarkdownContent markdown={HOSTILE_MARKDOWN} />);
    const ok = await screen.findByRole('link', { name: 'ok' });
    expect(screen.getByText('Intro paragraph.')).toBeInTheDocument();

    expectNothingExecutable(container);
    expect(container.querySelector('[style]')).toBeNull();

    expect(ok).toHaveAttribute('href', 'https://example.org');
    expect(ok.getAttribute('rel')?.split(/\s+/)).toEqual(expect.arrayContaining(['noopener']));
    expect(ok).toHaveAttribute('target', '_blank');
    // The dropped links point nowhere.
    for (const name of ['x', 'd', 'v', 'e']) {
      const link = screen.queryByRole('link', { name });
      if (link) expect(link.getAttribute('href') ?? '').toBe('');
    }
  });

  it('shows an image only as its alt text', async () => {
    const { container } = render(<MarkdownContent markdown="![Sunrise over the hills](https://example.org/sunrise.png)" />);
    expect(await screen.findByText('Sunrise over the hills')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('renders markdown formatting: emphasis, lists and headings that start at the given level', async () => {
    const { container } = render(<MarkdownContent markdown={'# Welcome\n\n## Practices\n\n- **Read** daily\n- *Pray* nightly'} headingBase={2} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Practices' })).toBeInTheDocument();
    expect(container.querySelector('h1')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Read').tagName).toBe('STRONG');
    expect(screen.getByText('Pray').tagName).toBe('EM');
  });
});

describe('MarkdownContent with markdown nested too deeply', () => {
  const N = 20_000;
  const staircase = (line: (depth: number) => string) => {
    const lines: string[] = [];
    for (let depth = 1, length = 0; length + line(depth).length < N; depth += 1) {
      lines.push(line(depth));
      length += line(depth).length + 1;
    }
    return lines.join('\n');
  };

  it.each([
    ['20,000 > on one line', '>'.repeat(N)],
    ['lines each one > deeper', staircase((depth) => `${'>'.repeat(depth)} x`)],
    ['lines each one list level deeper', staircase((depth) => `${'  '.repeat(depth - 1)}- x`)],
    ['- - - … x', `${'- '.repeat(N / 2 - 1)}x`],
    ['1. 1. 1. …', '1. '.repeat(N / 3)],
    ['[[[[[…', '['.repeat(N)],
    ['![![![…', `${'!['.repeat(N / 6)}a${'](x)'.repeat(N / 6)}`],
    ['***…a***…', `${'*'.repeat(N / 2)}a${'*'.repeat(N / 2 - 1)}`],
    ['*a *a … a* a*', `${'*a '.repeat(N / 6)}${'a* '.repeat(N / 6)}`],
  ])('renders %s as 12 levels at most, the rest as text, without throwing', async (_label, markdown) => {
    const { container } = render(<MarkdownContent markdown={markdown} />);
    await waitFor(() => expect(container.textContent).not.toBe(''));
    let deepest = 0;
    for (const element of container.querySelectorAll('blockquote, li, em, strong')) {
      let depth = 0;
      for (let at: Element | null = element; at && at !== container; at = at.parentElement) if (at.matches('blockquote, li, em, strong')) depth += 1;
      deepest = Math.max(deepest, depth);
    }
    expect(deepest).toBeLessThanOrEqual(12);
  });

  it('cuts a tree deeper than MARKDOWN_TREE_DEPTH_MAX into its text, without recursion', () => {
    type Node = { type: string; value?: string; children?: Node[] };
    const root: Node = { type: 'root', children: [] };
    let parent = root;
    for (let depth = 0; depth < 50_000; depth += 1) {
      const quote: Node = { type: 'blockquote', children: [{ type: 'paragraph', children: [{ type: 'text', value: `${depth % 10}` }] }] };
      parent.children!.push(quote);
      parent = quote;
    }
    capTreeDepth(MARKDOWN_TREE_DEPTH_MAX)()(root);
    let deepest = 0;
    const pending: Array<[Node, number]> = [[root, 0]];
    for (let entry = pending.pop(); entry; entry = pending.pop()) {
      deepest = Math.max(deepest, entry[1]);
      for (const child of entry[0].children ?? []) pending.push([child, entry[1] + 1]);
    }
    expect(deepest).toBeLessThanOrEqual(MARKDOWN_TREE_DEPTH_MAX + 2);
    let cut = root;
    for (let depth = 0; depth < MARKDOWN_TREE_DEPTH_MAX; depth += 1) cut = cut.children!.at(-1)!;
    expect(cut.children).toEqual([{ type: 'paragraph', children: [{ type: 'text', value: expect.stringMatching(/^(\d)+$/) }] }]);
  });

  it('leaves the guidance people start from as it is: the themes and the default welcome nest nowhere near the limit', () => {
    for (const markdown of [...THEME_TEMPLATES.map((theme) => theme.guidanceContent), DEFAULT_WELCOME_GUIDANCE]) {
      expect(markdownNestsTooDeeply(markdown)).toBe(false);
    }
  });
});
