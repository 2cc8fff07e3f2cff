import { type Browser, expect, type Page } from '@playwright/test';
import { LOCALES, type Locale } from '../../shared/domain/locales';
import { ALL_SIZES, type AnySize, checkScreen, openPage, settle, test, type World } from './screens-kit';

// Issue 43 item 6: the app in every language. Each screen of the walk is opened in the pseudo-locale (every message
// wrapped in ⟦ ⟧ and 40 % longer), where any text left outside the catalogues shows unwrapped and any label the
// longer text cuts off is found; then once in each language, with axe (html[lang] included) and a photograph.
// Signed out, the language is this browser's (localStorage, as the sign-in page's switcher keeps it); signed in, the
// account's, chosen under Profile Settings → Language for the walk and set back to English after it (the accounts are
// the worker's, shared with the other walks). The pseudo-locale, kept in localStorage, wins over both.
test.describe.configure({ mode: 'parallel' });

type Role = 'visitor' | 'moderator' | 'member';

/**
 * Each language is walked once, at one size each (the pseudo-locale, longer than any of them, is walked at all three):
 * Spanish on a phone, where its longer words are tightest, Portuguese on a tablet, Korean on a desktop. (English is the
 * screen walk itself, screens.spec.ts.)
 */
const LANGUAGE_WALK_SIZE: Record<Locale, AnySize | null> = { en: null, es: 'phone', 'pt-BR': 'tablet', ko: 'desktop' };
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
  if (role !== 'visitor' && locale !== 'pseudo') await chooseLanguage(page, locale);
  return page;
}

/** Profile Settings → Language: the account's own choice, which every screen then follows. */
async function chooseLanguage(page: Page, locale: Locale) {
  await page.goto('/profile');
  const select = page.locator('#profile-language');
  await select.selectOption(locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(select).toBeEnabled();
}

/** Text a person typed (names) and what Intl writes (dates, numbers) are not the catalogues': they are left out. */
function dataOf(world: World): string[] {
  const names = [world.communityName, world.moderator.displayName, world.member.displayName];
  // Longest first, so a whole name goes before its first word (the dashboard greets by first name).
  return [...names, ...names.flatMap((name) => name.split(' '))].sort((a, b) => b.length - a.length);
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
      // Not messages: what is marked not to be translated (e-mail addresses), codes, and what is hidden.
      if (!parent || parent.closest('script, style, code, kbd, [translate="no"], [aria-hidden="true"], [hidden], input, textarea')) continue;
      const box = parent.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      // Each text of a message is wrapped on its own, also around a <Trans>'s elements: what is outside ⟦ ⟧ is a value.
      let text = (node.textContent ?? '').replace(/⟦[^⟧]*⟧/g, ' ');
      for (const value of known) text = text.split(value).join(' ');
      text = text
        .replace(/https?:\/\/\S+/g, ' ')
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ' ')
        .replace(/\b[A-Z0-9]{6,}\b/g, ' ')
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
        // Text only for screen readers (sr-only: a 1 px box) is clipped on purpose.
        if (element.clientWidth <= 2 || element.clientHeight <= 2 || element.closest('.sr-only')) return false;
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
            await expect(page.locator('main').first()).toContainText('⟦');
            await settle(page);
            expect.soft(await untranslatedText(page, dataOf(world)), `${screen.name}: text outside the catalogues`).toEqual([]);
            expect.soft(await clippedText(page), `${screen.name}: words cut off`).toEqual([]);
            await checkScreen(page, `pseudo-${screen.name}`, size);
          });
        }
        await page.context().close();
      }
    });

    for (const locale of LOCALES.filter((candidate) => LANGUAGE_WALK_SIZE[candidate] === size)) {
      test(`every screen in ${locale} (${size})`, async ({ browser, world }) => {
        for (const role of ['visitor', 'member', 'moderator'] as const) {
          const page = await openIn(browser, size, world, role, locale);
          try {
            for (const screen of SCREENS.filter((candidate) => candidate.as === role)) {
              await page.goto(screen.path(world));
              await expect(page.locator('html')).toHaveAttribute('lang', locale);
              await checkScreen(page, `${locale}-${screen.name}`, size);
            }
          } finally {
            if (role !== 'visitor') await chooseLanguage(page, 'en');
            await page.context().close();
          }
        }
      });
    }
  });
}
