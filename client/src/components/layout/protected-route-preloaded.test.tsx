import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { PAGE_SESSION_ELEMENT_ID } from '@shared/contracts/session-check';
import { AuthProvider } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { json, mockApi } from '@/test/api-mock';
import { makeMembership, makeUser } from '@/test/fixtures';
import { preloadShellAndPage, ProtectedRoute } from './protected-route';

// A file of its own: the shell must not have been on screen yet in this module graph (protected-route.tsx's shellShown).
describe('the screen code preloaded before the first render (app.tsx, a signed-in page)', () => {
  afterEach(() => document.getElementById(PAGE_SESSION_ELEMENT_ID)?.remove());

  it('shows the screen when its code arrived between the render and the effect', async () => {
    mockApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/memberships': () => json([makeMembership()]) });
    // The session in the page: the first render is already signed in.
    const tag = document.createElement('script');
    tag.type = 'application/json';
    tag.id = PAGE_SESSION_ELEMENT_ID;
    tag.textContent = JSON.stringify({ user: makeUser(), memberships: [makeMembership()] });
    document.head.append(tag);
    // Not there when the first render asks, there by the time its effect runs.
    const Arrived = Object.assign(() => <h1>Arrived</h1>, { preload: async () => undefined, loaded: vi.fn().mockReturnValueOnce(false).mockReturnValue(true) });
    await preloadShellAndPage(Arrived);
    render(
      <Router hook={memoryLocation({ path: '/arrived' }).hook}>
        <QueryClientProvider client={createQueryClient()}>
          <AuthProvider>
            <ProtectedRoute path="/arrived" component={Arrived} />
          </AuthProvider>
        </QueryClientProvider>
      </Router>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Arrived' })).toBeInTheDocument();
  });
});
