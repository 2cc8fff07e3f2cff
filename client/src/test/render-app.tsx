import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '@/app';
import { createQueryClient } from '@/lib/query-client';

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
