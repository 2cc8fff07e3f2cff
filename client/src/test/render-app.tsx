import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App, SIGNED_IN_SCREENS } from '@/app';
import { createQueryClient } from '@/lib/query-client';

/**
 * The code of the signed-in shell and of the screens at `paths`, imported before the file's tests run: the
 * app loads them on demand (lazyComponent), and the test runner transforms a module on its first import, which
 * on a busy two-core machine took longer than a findBy… waits. Call at the top level of a test file, like
 * `loadScreens('/admin')`; the first test then waits for what it renders, not for the compiler.
 */
export function loadScreens(...paths: string[]) {
  const pages = paths.map((path) => {
    const screen = SIGNED_IN_SCREENS.find(([screenPath]) => screenPath === path);
    if (!screen) throw new Error(`loadScreens: ${path} is not a signed-in screen (app.tsx's SIGNED_IN_SCREENS)`);
    return screen[1];
  });
  beforeAll(() => Promise.all([import('@/components/layout/app-shell'), import('@/components/ui/toaster'), ...pages.map((Page) => Page.preload())]), 120_000);
}

/** Renders the whole app (all providers, the real route table) at `path` with an in-memory location. */
export function renderApp(path = '/', options: { userEvent?: Parameters<typeof userEvent.setup>[0] } = {}) {
  const memory = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  const user = userEvent.setup(options.userEvent);
  const utils = render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <App queryClient={queryClient} />
    </Router>,
  );
  return {
    ...utils,
    user,
    queryClient,
    /** The path the app is showing now. */
    location: () => memory.history?.at(-1) ?? path,
  };
}

/** The toast with this title, found in the toast viewport (Radix also announces it elsewhere for screen readers). */
export async function findToast(title: string | RegExp) {
  const viewport = await screen.findByRole('region', { name: /notifications/i });
  const titleElement = await within(viewport).findByText(title);
  return titleElement.closest('li') as HTMLElement;
}
