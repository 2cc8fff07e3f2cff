import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { notifyManager } from '@tanstack/react-query';
import { act, cleanup, configure } from '@testing-library/react';
import { resetToasts } from '@/components/ui/use-toast';
import { activateLocale } from '@/i18n';
import { setServerUnreachable } from '@/lib/reachability';

// Screens render in English, SPEC.md's words (the en catalogue), unless a test switches language.
await activateLocale('en');

// Lazy screens are transformed on first import; on a busy two-core machine that can take over a second.
configure({ asyncUtilTimeout: 5000 });

// A query's answer re-renders its screen inside act(), as TanStack Query's testing guide advises: the
// answer arrives whenever the (mocked) network resolves, not inside the user event that asked for it.
notifyManager.setNotifyFunction((notify) => act(notify));

// jsdom lacks a few browser APIs that Radix's popper-positioned menus touch.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

/**
 * React's own warnings (an update outside act(...), a missing key, an unknown prop, a bad nesting...) fail
 * the test that printed them: each points at a state change a test did not wait for, or a real bug.
 */
const REACT_WARNING = /not wrapped in act|inside a test was not wrapped|unique "key" prop|React does not recognize|cannot be a child of|cannot contain a nested|Cannot update a component|Maximum update depth|is changing an? (un)?controlled input|Invalid prop|Received `(true|false)` for a non-boolean attribute|unmounted component/;
/**
 * Except Radix Toast's screen-reader announcement, which sets its own state from an animation frame and a
 * 1 s timer after a toast appears: a test that goes on past it (on a busy machine, any test showing a
 * toast) would fail for Radix's timing, not for a wait of its own.
 */
const THIRD_PARTY_TIMING = /An update to ToastAnnounce inside a test/;
let reactWarnings: string[] = [];

beforeEach(() => {
  reactWarnings = [];
  for (const level of ['error', 'warn'] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      // As the console prints it: React passes a format string ('An update to %s…') and its values.
      const [format, ...values] = args.map((arg) => (arg instanceof Error ? arg.message : String(arg)));
      const text = [String(format).replace(/%[sdio]/g, () => values.shift() ?? ''), ...values].join(' ');
      if (REACT_WARNING.test(text) && !THIRD_PARTY_TIMING.test(text)) reactWarnings.push(text.slice(0, 500));
      original(...args);
    });
  }
});

afterEach(() => {
  cleanup();
  const printed = reactWarnings;
  reactWarnings = [];
  resetToasts();
  // Whether the server was reachable is the app's one global: each test starts with a server that answers.
  setServerUnreachable(false);
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (printed.length > 0) throw new Error(`React warned during this test:\n${printed.join('\n---\n')}`);
});
