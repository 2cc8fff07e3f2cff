import { type GuidanceSection, type GuidanceView, SECTION_STYLE_DEFAULTS } from '@shared/contracts/guidance';

/** Guidance tests share these: an answer of GET /guidance, a section, and the hostile markdown with its checks. */
export function guidanceView(overrides: Partial<GuidanceView> = {}): GuidanceView {
  return { sections: [], contentMarkdown: '', updatedAt: null, ...overrides };
}

let sectionCount = 0;
/** A plain text section with the default style; each call gets its own id. */
export function guidanceSection(overrides: Partial<GuidanceSection> = {}): GuidanceSection {
  sectionCount += 1;
  return { ...SECTION_STYLE_DEFAULTS, id: `section-${sectionCount}`, title: `Section ${sectionCount}`, content: `Content ${sectionCount}`, type: 'text', ...overrides };
}

/**
 * Guidance markdown is written by a moderator and read by every member: nothing in it may run script,
 * load an image (a tracking pixel or an onerror handler) or link to a script: or data: address.
 */
export const HOSTILE_MARKDOWN = [
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
export function expectNothingExecutable(container: HTMLElement) {
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
