import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContextOptions, expect, type Page, type Request, test as base } from '@playwright/test';
import { createCommunityThroughUi, generateInviteCode, joinThroughUi, newIdentity, signUpThroughUi } from './fixtures';

/**
 * The screen walk of issue 8: every screen and state is checked with axe (every rule and impact
 * level), checked for sideways scrolling, and photographed into test-results/screens/.
 *
 * test-results/ is Playwright's outputDir: it is emptied once when a run starts (before any test),
 * and Playwright only ever deletes the per-test folders it made itself, so the screens folder
 * survives the run for whoever reviews it. It is ignored by git.
 */
export const SCREENS_DIR = path.resolve(import.meta.dirname, '../../test-results/screens');

export const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;
export type Size = keyof typeof SIZES;
/** The walk runs at SIZES; a spec may also look at its own screens at a tablet's width. */
export const ALL_SIZES = { ...SIZES, tablet: { viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true } } satisfies Record<string, BrowserContextOptions>;
export type AnySize = keyof typeof ALL_SIZES;

type StorageState = Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;

/** One community per worker: a moderator who created it and a member who joined with a code. */
export interface World {
  communityId: string;
  communityName: string;
  moderator: { displayName: string; state: StorageState };
  member: { displayName: string; state: StorageState };
}

export const test = base.extend<object, { world: World }>({
  world: [
    async ({ browser }, use) => {
      const moderatorContext = await browser.newContext();
      const moderatorPage = await moderatorContext.newPage();
      const moderator = await signUpThroughUi(moderatorPage, newIdentity('Moderator'));
      const communityName = 'Morning Star Fellowship';
      const communityId = await createCommunityThroughUi(moderatorPage, communityName);
      const code = await generateInviteCode(moderatorPage);

      const memberContext = await browser.newContext();
      const memberPage = await memberContext.newPage();
      const member = await signUpThroughUi(memberPage, newIdentity('Member'));
      await joinThroughUi(memberPage, code);

      const world: World = {
        communityId,
        communityName,
        moderator: { displayName: moderator.displayName, state: await moderatorContext.storageState() },
        member: { displayName: member.displayName, state: await memberContext.storageState() },
      };
      await moderatorContext.close();
      await memberContext.close();
      await use(world);
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

/**
 * A page of the given size, signed in with `state` when given; animations are reduced so captures are stable.
 * `baseURL` points it at another server than the run's (the demo's).
 */
export async function openPage(browser: Browser, size: AnySize, state?: StorageState, baseURL?: string) {
  const context = await browser.newContext({ ...ALL_SIZES[size], reducedMotion: 'reduce', storageState: state, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  // API calls without an answer yet. A response counts as the end: the client leaves some bodies
  // unread (a 401 from /api/user), which keeps Playwright's 'networkidle' from ever arriving.
  const pending = new Set<Request>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) pending.add(request);
  });
  page.on('response', (response) => pending.delete(response.request()));
  page.on('requestfailed', (request) => pending.delete(request));
  pendingCalls.set(page, pending);
  return page;
}

const pendingCalls = new WeakMap<Page, Set<Request>>();

/** Waits until the route has drawn its data: no loading placeholders and no requests in flight. */
export async function settle(page: Page) {
  const quietSince = { at: 0 };
  await expect
    .poll(
      () => {
        if ((pendingCalls.get(page)?.size ?? 0) > 0) quietSince.at = 0;
        else if (!quietSince.at) quietSince.at = Date.now();
        return quietSince.at > 0 && Date.now() - quietSince.at >= 250;
      },
      { message: 'API calls still running', intervals: [50] },
    )
    .toBe(true);
  // Spinners and loading rows carry data-loading whatever the language they speak (the language walk's too).
  await expect(page.locator('[data-loading], [role="status"][aria-label^="Loading"], [role="status"][aria-label^="Counting"], .animate-pulse')).toHaveCount(0);
  // One frame for layout after the last render.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

export interface CheckOptions {
  /**
   * axe findings to let pass, each one rule on elements whose axe target contains `target`. Only for
   * a problem that must be fixed in a file this suite's authors may not change: name the file.
   */
  allow?: { rule: string; target: string; file: string }[];
  /**
   * 'viewport' photographs what is on screen where the page is scrolled to, for a state whose point is
   * the scroll position (the end of a long virtual list, whose full page would be a screenshot
   * thousands of rows tall showing its top).
   */
  photograph?: 'page' | 'viewport';
}

/**
 * Checks one screen or state: no sideways scrolling (the document is no wider than the viewport), no
 * axe violation of any impact, and a screenshot at test-results/screens/<name>-<size>.png (the full
 * page; the viewport while a modal dialog is open or when asked). Failures are soft, so one run lists every
 * problem of every screen.
 */
export async function checkScreen(page: Page, name: string, size: AnySize, options: CheckOptions = {}) {
  await test.step(`${name} (${size})`, async () => {
    await settle(page);
    const width = ALL_SIZES[size].viewport.width;

    const overflow = await page.evaluate((viewportWidth) => {
      const limit = Math.min(window.innerWidth, viewportWidth);
      const describe = (element: Element) => {
        const id = element.id ? `#${element.id}` : '';
        const classes = typeof element.className === 'string' ? element.className.split(/\s+/).filter(Boolean).slice(0, 4).join('.') : '';
        const text = (element.textContent ?? '').trim().slice(0, 40);
        return `${element.tagName.toLowerCase()}${id}${classes ? `.${classes}` : ''} right=${Math.round(element.getBoundingClientRect().right)} "${text}"`;
      };
      // Where the overflow starts: elements that stick out past the viewport while their parent does not.
      const sticksOut = (element: Element | null) => element !== null && element.getBoundingClientRect().right > limit + 1;
      const culprits = [...document.body.querySelectorAll('*')]
        .filter((element) => sticksOut(element) && element.getBoundingClientRect().width > 0 && !sticksOut(element.parentElement))
        .slice(0, 8)
        .map(describe);
      return { scrollWidth: document.documentElement.scrollWidth, limit, culprits };
    }, width);
    expect
      .soft(overflow.scrollWidth, `${name} (${size}) scrolls sideways: document ${overflow.scrollWidth}px wide in ${overflow.limit}px. Sticking out:\n${overflow.culprits.join('\n')}`)
      .toBeLessThanOrEqual(overflow.limit);

    // The whole page from the top, so the sticky top bar sits where it belongs. While a modal dialog
    // is open the page behind it is locked and the dialog is the screen: photograph the viewport.
    const wholePage = options.photograph !== 'viewport';
    const modal = await page.evaluate((toTop) => {
      if (toTop) window.scrollTo(0, 0);
      // Radix's modal dialogs lock the page's scrolling and mark <body> while open.
      return document.body.hasAttribute('data-scroll-locked');
    }, wholePage);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    fs.mkdirSync(SCREENS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${size}.png`), fullPage: wholePage && !modal, animations: 'disabled', caret: 'hide' });

    // Legacy mode runs axe.run in the page itself: the app has no frames, and it spares opening a
    // blank page per check (three times faster). Every rule, every impact level.
    const results = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
    const allowed = (rule: string, target: string) => (options.allow ?? []).some((allow) => allow.rule === rule && target.includes(allow.target));
    const violations = results.violations
      .map((violation) => ({ ...violation, nodes: violation.nodes.filter((node) => !allowed(violation.id, node.target.join(' '))) }))
      .filter((violation) => violation.nodes.length > 0);
    const report = violations
      .map(
        (violation) =>
          `- ${violation.id} (${violation.impact}): ${violation.help} ${violation.helpUrl}\n` +
          violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replaceAll('\n', '\n      ')}`).join('\n'),
      )
      .join('\n');
    expect.soft(violations.map((violation) => violation.id), `axe on ${name} (${size}):\n${report}`).toEqual([]);
  });
}
