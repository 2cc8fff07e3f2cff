import { render, screen } from '@testing-library/react';
import MarkdownContent, { safeUrl } from './markdown-content';

/**
 * Guidance markdown is written by a moderator and read by every member: nothing in it may run script,
 * load an image (a tracking pixel or an onerror handler) or link to a script: or data: address.
 */
const HOSTILE_MARKDOWN = [
  'Intro paragraph.',
  '',
  '<img src=x onerror=alert(1)>',
  '',
  '<script>alert(1)</script>',
  '',
  '[x](javascript:alert(1))',
  '',
  '[d](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '',
  '[v](VBScript:msgbox(1))',
  '',
  '[e](&#106;avascript:alert(1))',
  '',
  '<javascript:alert(1)>',
  '',
  '![pixel](https://tracker.example.org/pixel.png)',
  '',
  '<a href="javascript:alert(1)">raw</a>',
  '',
  '<div onclick="alert(1)" style="color:red">styled</div>',
  '',
  '[ok](https://example.org)',
].join('\n');

/** The checks every rendering of hostile guidance must pass. */
function expectNothingExecutable(container: HTMLElement) {
  expect(container.querySelector('script')).toBeNull();
  expect(container.querySelector('img')).toBeNull();
  expect(container.querySelector('iframe, object, embed, style')).toBeNull();
  const handlers = [...container.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes].filter((attribute) => attribute.name.toLowerCase().startsWith('on')).map((attribute) => `${element.tagName.toLowerCase()}[${attribute.name}]`),
  );
  expect(handlers).toEqual([]);
  const badLinks = [...container.querySelectorAll('a[href]')]
    .map((anchor) => anchor.getAttribute('href') ?? '')
    .filter((href) => /^(javascript|data|vbscript):/i.test(href.trim().replace(/[\u0000-\u001f]/g, '')));
  expect(badLinks).toEqual([]);
}

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
