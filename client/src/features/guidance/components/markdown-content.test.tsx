import { render, screen } from '@testing-library/react';
import { expectNothingExecutable, HOSTILE_MARKDOWN } from '../test-kit';
import MarkdownContent, { safeUrl } from './markdown-content';

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
