import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GuidanceSection } from '@shared/contracts/guidance';
import { createQueryClient } from '@/lib/query-client';
import { apiError, json, mockApi } from '@/test/api-mock';
import { GuidelinesCard } from './guidelines-card';
import { guidanceSection, guidanceView } from '../test-kit';

const COMMUNITY_ID = 'c1000000-0000-4000-8000-000000000001';
const GUIDANCE_URL = `/api/communities/${COMMUNITY_ID}/guidance`;
const LOAD_FAILED = 'Unable to load guidelines. Please refresh the page.';

const view = guidanceView;
const section = (overrides: Partial<GuidanceSection> = {}) => guidanceSection({ id: 'section-1', title: 'Our Rule of Life', content: 'Pray without ceasing.', ...overrides });

/**
 * The card in the app's own query client (its 30 s cache and retries come from the hook), with the retry
 * delay taken out so the two retries do not cost three seconds.
 */
function renderCard() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ ...queryClient.getDefaultOptions(), queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 } });
  const user = userEvent.setup();
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <GuidelinesCard communityId={COMMUNITY_ID} />
    </QueryClientProvider>,
  );
  return { ...utils, user, queryClient };
}

describe('GuidelinesCard', () => {
  it('shows the default guidance of SPEC section 9 while the community has saved none', async () => {
    const api = mockApi({ [`GET ${GUIDANCE_URL}`]: () => json(view()) });
    renderCard();

    const header = await screen.findByRole('heading', { level: 1 });
    expect(header).toHaveClass('text-[2rem]');
    const headerBox = header.parentElement as HTMLElement;
    expect(headerBox).toHaveClass('text-center');
    expect([...headerBox.classList].some((name) => /^text-blue-\d{2,3}$/.test(name))).toBe(true);

    for (const title of ['Bible Reading', 'Fasting', 'Morning Intimacy', 'Midnight Prayer']) expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    const bible = screen.getByRole('heading', { name: 'Bible Reading' }).parentElement as HTMLElement;
    expect(bible).toHaveTextContent(/1 or 2 chapters/);
    expect(bible).toHaveTextContent(/amplified/i);
    expect(bible).toHaveTextContent(/2-3 times/);
    const fasting = screen.getByRole('heading', { name: 'Fasting' }).parentElement as HTMLElement;
    expect(fasting).toHaveTextContent(/12 noon/);
    expect(fasting).toHaveTextContent(/3 pm/);
    expect(fasting).toHaveTextContent(/2 hours/);
    expect(screen.getByRole('heading', { name: 'Midnight Prayer' }).parentElement).toHaveTextContent(/intercess/i);

    expect(api.calls('GET', GUIDANCE_URL)).toHaveLength(1);
    expect(api.calls('GET', GUIDANCE_URL)[0]!.credentials).toBe('include');
  });

  it("shows the community's sections and markdown instead of the defaults", async () => {
    mockApi({
      [`GET ${GUIDANCE_URL}`]: () =>
        json(
          view({
            sections: [section({ type: 'header', headerSize: 'small', title: 'Hope Chapel Guidelines' }), section({ id: 'section-2', type: 'list', title: 'Each day', content: 'Read\nPray' })],
            contentMarkdown: 'Questions? **Ask your commander.**',
            updatedAt: '2026-11-10T12:00:00.000Z',
          }),
        ),
    });
    renderCard();

    expect(await screen.findByRole('heading', { name: 'Hope Chapel Guidelines' })).toHaveProperty('tagName', 'H3');
    expect(within(screen.getByRole('list')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Read', 'Pray']);
    expect(await screen.findByText('Ask your commander.')).toHaveProperty('tagName', 'STRONG');
    for (const title of ['Bible Reading', 'Fasting', 'Morning Intimacy', 'Midnight Prayer']) expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
  });

  it('shows markdown-only guidance (what the setup wizard saves) without the default sections', async () => {
    mockApi({ [`GET ${GUIDANCE_URL}`]: () => json(view({ contentMarkdown: '## Welcome\n\nWelcome to Hope Chapel!' })) });
    renderCard();
    expect(await screen.findByText('Welcome to Hope Chapel!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Bible Reading' })).not.toBeInTheDocument();
  });

  it("never skips a heading level under the card's own heading, also for markdown that starts at ## (as the wizard's themes do)", async () => {
    mockApi({ [`GET ${GUIDANCE_URL}`]: () => json(view({ contentMarkdown: '## Welcome\n\nWelcome to Hope Chapel!\n\n## Our practices\n\n- Pray daily' })) });
    const { container } = renderCard();
    await screen.findByText('Welcome to Hope Chapel!');
    const levels = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(2); // the card's title, 'Guidelines'
    // Each heading is at most one level below the one before it.
    const skips = levels.slice(1).flatMap((level, index) => (level > levels[index]! + 1 ? [`h${levels[index]} then h${level}`] : []));
    expect(skips, `heading levels in the card: ${levels.join(', ')}`).toEqual([]);
  });

  it('says it cannot load the guidelines after the load and its 2 retries fail, and Retry loads again', async () => {
    let answer = () => apiError(500, 'Database unavailable.');
    const api = mockApi({ [`GET ${GUIDANCE_URL}`]: () => answer() });
    const { user } = renderCard();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(LOAD_FAILED);
    expect(api.calls('GET', GUIDANCE_URL)).toHaveLength(3);
    expect(screen.queryByRole('heading', { name: 'Bible Reading' })).not.toBeInTheDocument();

    answer = () => json(view({ sections: [section({ title: 'Back again' })] }));
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeInTheDocument();
    expect(screen.queryByText(LOAD_FAILED)).not.toBeInTheDocument();
    expect(api.calls('GET', GUIDANCE_URL)).toHaveLength(4);
  });

  it('retries with the real delay too: three tries in all before the message', async () => {
    const api = mockApi({ [`GET ${GUIDANCE_URL}`]: () => apiError(503, 'Try later.') });
    const queryClient = createQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <GuidelinesCard communityId={COMMUNITY_ID} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(LOAD_FAILED, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(api.calls('GET', GUIDANCE_URL)).toHaveLength(3);
  }, 20_000);

  it('keeps the guidance for 30 seconds: a card mounted again within that time does not load it again, later it does', async () => {
    const start = new Date(2026, 10, 15, 10, 0, 0).getTime();
    vi.setSystemTime(start);
    const api = mockApi({ [`GET ${GUIDANCE_URL}`]: () => json(view({ sections: [section()] })) });
    const { queryClient, unmount } = renderCard();
    expect(await screen.findByRole('heading', { name: 'Our Rule of Life' })).toBeInTheDocument();
    unmount();

    const again = () =>
      render(
        <QueryClientProvider client={queryClient}>
          <GuidelinesCard communityId={COMMUNITY_ID} />
        </QueryClientProvider>,
      );
    vi.setSystemTime(start + 29_000);
    const second = again();
    expect(screen.getByRole('heading', { name: 'Our Rule of Life' })).toBeInTheDocument();
    await new Promise((settle) => setTimeout(settle, 50));
    expect(api.calls('GET', GUIDANCE_URL)).toHaveLength(1);
    second.unmount();

    vi.setSystemTime(start + 31_000);
    again();
    await waitFor(() => expect(api.calls('GET', GUIDANCE_URL)).toHaveLength(2));
  });
});
