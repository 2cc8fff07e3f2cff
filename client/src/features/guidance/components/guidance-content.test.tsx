import { render, screen, within } from '@testing-library/react';
import { GUIDANCE_ALIGNMENTS, GUIDANCE_BACKGROUNDS, GUIDANCE_TEXT_COLORS } from '@shared/contracts/guidance';
import { expectNothingExecutable, guidanceSection, HOSTILE_MARKDOWN } from '../test-kit';
import { GuidanceContent } from './guidance-content';

const section = guidanceSection;

/** The section's box: the element around its title that carries colour, background and alignment. */
const boxOf = (title: string) => screen.getByRole('heading', { name: title }).parentElement as HTMLElement;
const classesOf = (element: Element) => [...element.classList];

describe('GuidanceContent markdown', () => {
  it('loads the markdown on demand and renders nothing executable from it', async () => {
    const { container } = render(<GuidanceContent sections={[section({ title: 'Before the markdown' })]} markdown={HOSTILE_MARKDOWN} />);
    // The section shows at once; the markdown arrives with its lazy chunk.
    expect(screen.getByRole('heading', { name: 'Before the markdown' })).toBeInTheDocument();
    const ok = await screen.findByRole('link', { name: 'ok' });
    expect(screen.getByText('Intro paragraph.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading guidance' })).not.toBeInTheDocument();

    expectNothingExecutable(container);
    expect(ok).toHaveAttribute('href', 'https://example.org');
    expect(ok.getAttribute('rel')?.split(/\s+/)).toEqual(expect.arrayContaining(['noopener']));
  });

  it('renders no markdown block for blank markdown', () => {
    const { container } = render(<GuidanceContent sections={[section()]} markdown={'  \n '} />);
    expect(container.querySelector('.guidance-markdown')).toBeNull();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('places markdown headings under the last header section, so levels never skip', async () => {
    render(<GuidanceContent sections={[section({ type: 'header', headerSize: 'large', title: 'Our Guidelines' })]} markdown={'# Practices\n\nRead daily.'} />);
    expect(await screen.findByRole('heading', { name: 'Practices' })).toHaveProperty('tagName', 'H2');
    expect(screen.getByRole('heading', { name: 'Our Guidelines' })).toHaveProperty('tagName', 'H1');
  });
});

describe('GuidanceContent sections', () => {
  it.each([
    ['large', 'H1', 'text-[2rem]'],
    ['medium', 'H2', 'text-[1.5rem]'],
    ['small', 'H3', 'text-[1.25rem]'],
  ] as const)('renders a %s header as %s with %s', (headerSize, tag, sizeClass) => {
    render(<GuidanceContent sections={[section({ type: 'header', headerSize, title: 'Spiritual Discipline Guidelines', content: 'Walk steadily.' })]} markdown="" />);
    const heading = screen.getByRole('heading', { name: 'Spiritual Discipline Guidelines' });
    expect(heading.tagName).toBe(tag);
    expect(heading).toHaveClass(sizeClass);
    for (const other of ['text-[2rem]', 'text-[1.5rem]', 'text-[1.25rem]'].filter((name) => name !== sizeClass)) expect(heading).not.toHaveClass(other);
    expect(screen.getByText('Walk steadily.')).toBeInTheDocument();
  });

  it('never skips a heading level: a large header followed by text sections gives h1 then h2', () => {
    render(
      <GuidanceContent
        sections={[
          section({ type: 'header', headerSize: 'large', title: 'Guidelines' }),
          section({ title: 'Bible Reading' }),
          section({ type: 'list', title: 'Fasting' }),
        ]}
        markdown=""
      />,
    );
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels).toEqual([1, 2, 2]);
  });

  it('maps each text colour name to its own class, never to an inline style', () => {
    const families: Record<(typeof GUIDANCE_TEXT_COLORS)[number], RegExp> = {
      black: /^text-(black|gray-9\d\d|neutral-9\d\d|slate-9\d\d|zinc-9\d\d)$/,
      'dark-gray': /^text-(gray|neutral|slate|zinc)-[5-8]00$/,
      red: /^text-red-\d{2,3}$/,
      orange: /^text-orange-\d{2,3}$/,
      yellow: /^text-yellow-\d{2,3}$/,
      green: /^text-green-\d{2,3}$/,
      blue: /^text-blue-\d{2,3}$/,
      purple: /^text-purple-\d{2,3}$/,
      brown: /^text-(amber|brown|orange|yellow|stone)-\d{2,3}$/,
    };
    const { container } = render(<GuidanceContent sections={GUIDANCE_TEXT_COLORS.map((color) => section({ color, title: `Colour ${color}` }))} markdown="" />);
    const chosen = GUIDANCE_TEXT_COLORS.map((color) => {
      const colourClasses = classesOf(boxOf(`Colour ${color}`)).filter((name) => families[color].test(name));
      expect(colourClasses, color).toHaveLength(1);
      return colourClasses[0];
    });
    expect(new Set(chosen).size).toBe(GUIDANCE_TEXT_COLORS.length);
    expect(container.querySelector('[style]')).toBeNull();
  });

  it('maps each background name to a class (none: no background)', () => {
    const families: Record<(typeof GUIDANCE_BACKGROUNDS)[number], RegExp | null> = {
      none: null,
      'light-gray': /^bg-(gray|neutral|slate|zinc)-(50|100|200)$/,
      red: /^bg-red-\d{2,3}$/,
      orange: /^bg-orange-\d{2,3}$/,
      yellow: /^bg-yellow-\d{2,3}$/,
      green: /^bg-green-\d{2,3}$/,
      blue: /^bg-blue-\d{2,3}$/,
      purple: /^bg-purple-\d{2,3}$/,
    };
    const { container } = render(
      <GuidanceContent sections={GUIDANCE_BACKGROUNDS.map((backgroundColor) => section({ backgroundColor, title: `Background ${backgroundColor}` }))} markdown="" />,
    );
    for (const background of GUIDANCE_BACKGROUNDS) {
      const backgrounds = classesOf(boxOf(`Background ${background}`)).filter((name) => name.startsWith('bg-'));
      const family = families[background];
      if (family === null) expect(backgrounds, background).toEqual([]);
      else expect(backgrounds.filter((name) => family.test(name)), background).toHaveLength(1);
    }
    expect(container.querySelector('[style]')).toBeNull();
  });

  it.each(GUIDANCE_ALIGNMENTS)('aligns a section %s', (alignment) => {
    render(<GuidanceContent sections={[section({ alignment, title: 'Aligned' })]} markdown="" />);
    expect(boxOf('Aligned')).toHaveClass(`text-${alignment}`);
    for (const other of GUIDANCE_ALIGNMENTS.filter((name) => name !== alignment)) expect(boxOf('Aligned')).not.toHaveClass(`text-${other}`);
  });

  it('maps the text styles: bold, italic and normal', () => {
    render(
      <GuidanceContent
        sections={[
          section({ textStyle: 'bold', content: 'Bold words' }),
          section({ textStyle: 'italic', content: 'Italic words' }),
          section({ textStyle: 'normal', content: 'Plain words' }),
        ]}
        markdown=""
      />,
    );
    const bold = screen.getByText('Bold words');
    expect(classesOf(bold).some((name) => /^font-(semibold|bold|extrabold)$/.test(name))).toBe(true);
    expect(bold).not.toHaveClass('italic');
    const italic = screen.getByText('Italic words');
    expect(italic).toHaveClass('italic');
    expect(classesOf(italic).some((name) => /^font-(semibold|bold|extrabold)$/.test(name))).toBe(false);
    const plain = screen.getByText('Plain words');
    expect(plain).not.toHaveClass('italic');
    expect(classesOf(plain).some((name) => /^font-(semibold|bold|extrabold)$/.test(name))).toBe(false);
  });

  it('renders a list section with one item per line', () => {
    render(<GuidanceContent sections={[section({ type: 'list', title: 'Daily', content: 'Read a chapter\nPray for your group\nLog your day' })]} markdown="" />);
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Read a chapter', 'Pray for your group', 'Log your day']);
  });

  it('renders a text section as one paragraph, not as a list', () => {
    render(<GuidanceContent sections={[section({ type: 'text', title: 'Fasting', content: 'Line one\nLine two' })]} markdown="" />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByText(/Line one/)).toHaveTextContent('Line one Line two');
  });

  it('shows HTML in a section title or content as text', () => {
    const { container } = render(
      <GuidanceContent
        sections={[
          section({ type: 'header', title: '<b>x</b>', content: '<img src=x onerror=alert(1)>' }),
          section({ type: 'list', title: '<i>y</i>', content: '<script>alert(1)</script>' }),
        ]}
        markdown=""
      />,
    );
    expect(screen.getByRole('heading', { name: '<b>x</b>' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '<i>y</i>' })).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(screen.getByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(container.querySelector('b, i, img, script')).toBeNull();
  });
});
