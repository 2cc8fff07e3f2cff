import { type Browser, expect, type Page } from '@playwright/test';
import { LOCALES, type Locale } from '../../shared/domain/locales';
import { ALL_SIZES, type AnySize, checkScreen, openPage, settle, test, type World } from './screens-kit';

// Issue 43 item 6: the app in every language. Each screen of the walk is opened in the pseudo-locale (every message
// wrapped in ⟦ ⟧ and 40 % longer), where any text left outside the catalogues shows unwrapped and any label the
// longer text cuts off is found; then once in each language, with axe (html[lang] included) and a photograph.
// The language is the browser's own (localStorage, as the sign-in page's switcher keeps it): the walk's accounts
// never choose one, so the server follows the browser.
test.describe.configure({ mode: 'parallel' });

type Role = 'visitor' | 'moderator' | 'member';
interface Screen {
  name: string;
  as: Role;
  path: (world: World) => string;
}

const ADMIN_TABS = ['overview', 'settings', 'members', 'invites', 'applications', 'subgroups', 'guidance', 'calendar-locks', 'reports'];
const SCREENS: Screen[] = [
  { name: 'auth', as: 'visitor', path: () => '/auth' },
  { name: 'apply', as: 'visitor', path: (world) => `/apply?community=${world.communityId}` },
  { name: 'privacy', as: 'visitor', path: () => '/privacy' },
  { name: 'not-found', as: 'visitor', path: () => '/no-such-page' },
  { name: 'dashboard', as: 'moderator', path: () => '/' },
  { name: 'tracking', as: 'member', path: () => '/tracking' },
  { name: 'questions', as: 'member', path: () => '/questions' },
  { name: 'meetings', as: 'member', path: () => '/meetings' },
  { name: 'my-subgroup', as: 'moderator', path: () => '/my-subgroup' },
  { name: 'reports', as: 'moderator', path: () => '/reports' },
  { name: 'profile', as: 'member', path: () => '/profile' },
  ...ADMIN_TABS.map((tab): Screen => ({ name: `admin-${tab}`, as: 'moderator', path: () => (tab === 'overview' ? '/admin' : `/admin?tab=${tab}`) })),
];

async function openIn(browser: Browser, size: AnySize, world: World, role: Role, locale: Locale | 'pseudo') {
  const page = await openPage(browser, size, role === 'visitor' ? undefined : world[role].state);
  await page.addInitScript((stored) => localStorage.setItem('steadfast.locale', stored), locale);
  return page;
}

/** Text a person typed (names) and what Intl writes (dates, numbers) are not the catalogues': they are left out. */
function dataOf(world: World): string[] {
  return [world.communityName, world.moderator.displayName, world.member.displayName];
}

/**
 * Visible text outside the catalogues: a run of Latin letters (two words or one of four letters and more) that is
 * not inside ⟦ ⟧, not a person's or community's name, and not a month or weekday Intl wrote.
 */
async function untranslatedText(page: Page, data: string[]): Promise<string[]> {
  return page.evaluate((known) => {
    const INTL_WORDS = /\b(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Wed|Thu|Fri|Sat|Sun|AM|PM|Today|Yesterday|today|yesterday|tomorrow|ago|minutes?|hours?|days?|weeks?|months?|years?|in|at)\b/g;
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, [aria-hidden="true"], [hidden], input, textarea')) continue;
      const box = parent.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      // Each text of a message is wrapped on its own, also around a <Trans>'s elements: what is outside ⟦ ⟧ is a value.
      let text = (node.textContent ?? '').replace(/⟦[^⟧]*⟧/g, ' ');
      for (const value of known) text = text.split(value).join(' ');
      text = text
        .replace(/[\w.+-]+@[\w.-]+/g, ' ')
        .replace(INTL_WORDS, ' ')
        .replace(/\bSteadfast\b/g, ' ');
      const words = text.match(/[A-Za-z]{2,}/g) ?? [];
      if (words.some((word) => word.length >= 4) || words.length >= 2) found.add((node.textContent ?? '').trim().slice(0, 80));
    }
    return [...found];
  }, data);
}

/** Our words cut off: an element showing ⟦ ⟧ text that its box clips (ellipsis, hidden overflow) sideways or below. */
async function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => {
        if (![...element.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && child.textContent?.includes('⟦'))) return false;
        const style = getComputedStyle(element);
        const clipsX = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
        const clipsY = style.overflowY !== 'visible' || style.webkitLineClamp !== 'none';
        return (clipsX && element.scrollWidth > element.clientWidth + 1) || (clipsY && element.scrollHeight > element.clientHeight + 1);
      })
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 60)}"`),
  );
}

for (const size of Object.keys(ALL_SIZES) as AnySize[]) {
  test.describe(size, () => {
    test.setTimeout(300_000);

    test(`every screen in the pseudo-locale: no text outside the catalogues, none cut off (${size})`, async ({ browser, world }) => {
      for (const role of ['visitor', 'member', 'moderator'] as const) {
        const page = await openIn(browser, size, world, role, 'pseudo');
        for (const screen of SCREENS.filter((candidate) => candidate.as === role)) {
          await test.step(`${screen.name} (${size})`, async () => {
            await page.goto(screen.path(world));
            await expect(page.locator('h1, h2').first()).toContainText('⟦');
            await settle(page);
            expect.soft(await untranslatedText(page, dataOf(world)), `${screen.name}: text outside the catalogues`).toEqual([]);
            expect.soft(await clippedText(page), `${screen.name}: words cut off`).toEqual([]);
            await checkScreen(page, `pseudo-${screen.name}`, size);
          });
        }
        await page.context().close();
      }
    });

    for (const locale of LOCALES.filter((candidate) => candidate !== 'en')) {
      test(`every screen in ${locale} (${size})`, async ({ browser, world }) => {
        for (const role of ['visitor', 'member', 'moderator'] as const) {
          const page = await openIn(browser, size, world, role, locale);
          for (const screen of SCREENS.filter((candidate) => candidate.as === role)) {
            await page.goto(screen.path(world));
            await expect(page.locator('html')).toHaveAttribute('lang', locale);
            await checkScreen(page, `${locale}-${screen.name}`, size);
          }
          await page.context().close();
        }
      });
    }
  });
}
