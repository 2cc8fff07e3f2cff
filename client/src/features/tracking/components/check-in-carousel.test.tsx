import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { CAROUSEL_ADVANCE_MS, SWIPE_THRESHOLD_PX } from '@shared/domain/constants';
import { DEFAULT_DISCIPLINES } from '@shared/domain/disciplines';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { apiError, mockApi } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';
import { COMMUNITY_ID, logKey, makeLog, SELF, TODAY, trackingServer } from '../test-kit';
import { CheckInCarousel } from './check-in-carousel';

type ServerOptions = Parameters<typeof trackingServer>[0];

async function renderCarousel(options: ServerOptions = {}, path = '/tracking', openingSlide = '1 of 5: Bible Reading') {
  const server = trackingServer(options);
  const api = mockApi(server.routes);
  const utils = renderApp(path);
  const region = await screen.findByRole('region', { name: 'Quick Daily Check-in' });
  await within(region).findByRole('group', { name: openingSlide });
  return { ...utils, api, region, carousel: within(region) };
}

const slide = (carousel: ReturnType<typeof within>) => carousel.getByRole('group', { name: /^\d of 5: / }).getAttribute('aria-label');
const posts = (api: ReturnType<typeof mockApi>) => api.calls('POST', `/api/communities/${COMMUNITY_ID}/daily-log`);

function swipe(element: HTMLElement, dx: number, dy = 0) {
  fireEvent.touchStart(element, { touches: [{ clientX: 200, clientY: 300 }] });
  fireEvent.touchEnd(element, { changedTouches: [{ clientX: 200 + dx, clientY: 300 + dy }] });
}

beforeEach(() => {
  vi.setSystemTime(TODAY);
});

describe('Quick Daily Check-in', () => {
  it('offers the six statuses for today with names that include the discipline, the current one pressed', async () => {
    const { carousel, user } = await renderCarousel({ logs: { [logKey(SELF.id, 2026, 11)]: { dayStatus: { bibleReading: { '15': 'Partially' } } } } }, '/tracking', '2 of 5: Fasting');
    await user.click(carousel.getByRole('button', { name: 'Previous discipline' }));
    const names = within(carousel.getByRole('group', { name: 'Status of Bible Reading for today' })).getAllByRole('button');
    expect(names.map((button) => button.getAttribute('aria-label')).sort()).toEqual(
      [
        'Clear Bible Reading for today',
        'Mark Bible Reading Feeling Tired for today',
        'Mark Bible Reading No for today',
        'Mark Bible Reading Partially for today',
        'Mark Bible Reading Sick for today',
        'Mark Bible Reading Yes for today',
      ].sort(),
    );
    expect(carousel.getByRole('button', { name: 'Mark Bible Reading Partially for today' })).toHaveAttribute('aria-pressed', 'true');
    expect(carousel.getByRole('button', { name: 'Mark Bible Reading Yes for today' })).toHaveAttribute('aria-pressed', 'false');
    // Clear is an action, never shown as the chosen status.
    expect(carousel.getByRole('button', { name: 'Clear Bible Reading for today' })).not.toHaveAttribute('aria-pressed');
    expect(carousel.getByRole('button', { name: 'Clear Bible Reading for today' })).toBeEnabled();
    expect(screen.getByText('Sunday, November 15: how did each discipline go today?')).toBeInTheDocument();
  });

  it('opens on the first discipline not yet set today, and has nothing to clear while a discipline is unset', async () => {
    const { carousel } = await renderCarousel(
      { logs: { [logKey(SELF.id, 2026, 11)]: { dayStatus: { bibleReading: { '15': 'Yes' }, fasting: { '15': 'No' } } } } },
      '/tracking',
      '3 of 5: Morning Intimacy',
    );
    expect(carousel.getByRole('button', { name: 'Clear Morning Intimacy for today' })).toBeDisabled();
    expect(carousel.getByRole('button', { name: 'Mark Morning Intimacy Yes for today' })).toHaveAttribute('aria-pressed', 'false');
  });

  it("ends with 'All done for today' once every discipline is set, and opens there when all are", async () => {
    const allButMeditation = { bibleReading: { '15': 'Yes' }, fasting: { '15': 'Yes' }, morningIntimacy: { '15': 'Partially' }, midnightPrayer: { '15': 'Sick' } } as const;
    const { carousel } = await renderCarousel({ logs: { [logKey(SELF.id, 2026, 11)]: { dayStatus: allButMeditation } } }, '/tracking', '5 of 5: Meditation');
    fireEvent.click(carousel.getByRole('button', { name: 'Mark Meditation Yes for today' }));
    expect(await carousel.findByRole('group', { name: 'All done for today' }, { timeout: 3000 })).toHaveTextContent('You checked in all 5 disciplines.');
    fireEvent.click(carousel.getByRole('button', { name: "Review today's check-in" }));
    expect(slide(carousel)).toBe('1 of 5: Bible Reading');
    cleanup();

    const { carousel: again } = await renderCarousel(
      { logs: { [logKey(SELF.id, 2026, 11)]: { dayStatus: { ...allButMeditation, meditation: { '15': 'No' } } } } },
      '/tracking',
      'All done for today',
    );
    expect(again.getByRole('button', { name: 'Next discipline' })).toBeDisabled();
  });

  it(`posts only today's cell and moves to the next discipline ${CAROUSEL_ADVANCE_MS} ms after the save`, async () => {
    const { api, carousel } = await renderCarousel();
    vi.useFakeTimers();
    fireEvent.click(carousel.getByRole('button', { name: 'Mark Bible Reading Yes for today' }));
    await act(() => vi.advanceTimersByTimeAsync(20));

    expect(posts(api)).toHaveLength(1);
    expect(posts(api)[0]?.body).toEqual({
      communityId: COMMUNITY_ID,
      month: 11,
      year: 2026,
      entries: { bibleReading: { '2026-11': { '15': true } } },
      dayStatus: { bibleReading: { '15': 'Yes' } },
    });
    expect(carousel.getByRole('button', { name: 'Mark Bible Reading Yes for today' })).toHaveAttribute('aria-pressed', 'true');
    expect(slide(carousel)).toBe('1 of 5: Bible Reading');

    await act(() => vi.advanceTimersByTimeAsync(CAROUSEL_ADVANCE_MS - 100));
    expect(slide(carousel)).toBe('1 of 5: Bible Reading');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(slide(carousel)).toBe('2 of 5: Fasting');
    expect(carousel.getByRole('button', { name: 'Mark Fasting Yes for today' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('stays on the discipline when the save fails', async () => {
    const { carousel } = await renderCarousel({ saveDailyLog: () => apiError(423, 'This month is locked.') });
    await screen.findByRole('button', { name: 'Mark Bible Reading No for today' });
    fireEvent.click(carousel.getByRole('button', { name: 'Mark Bible Reading No for today' }));
    expect(await findToast('Failed to Save Progress')).toHaveTextContent('This month is locked.');
    await act(() => new Promise((resolve) => setTimeout(resolve, CAROUSEL_ADVANCE_MS + 100)));
    expect(slide(carousel)).toBe('1 of 5: Bible Reading');
    expect(carousel.getByRole('button', { name: 'Mark Bible Reading No for today' })).toHaveAttribute('aria-pressed', 'false');
    expect(carousel.getByRole('button', { name: 'Clear Bible Reading for today' })).toBeDisabled();
  });

  it(`moves with a horizontal swipe of at least ${SWIPE_THRESHOLD_PX} px, not with a shorter one`, async () => {
    const { region, carousel } = await renderCarousel();
    swipe(region, -(SWIPE_THRESHOLD_PX - 1));
    expect(slide(carousel)).toBe('1 of 5: Bible Reading');
    swipe(region, -SWIPE_THRESHOLD_PX);
    expect(slide(carousel)).toBe('2 of 5: Fasting');
    swipe(region, -120);
    expect(slide(carousel)).toBe('3 of 5: Morning Intimacy');
    swipe(region, SWIPE_THRESHOLD_PX - 10);
    expect(slide(carousel)).toBe('3 of 5: Morning Intimacy');
    swipe(region, SWIPE_THRESHOLD_PX + 10);
    expect(slide(carousel)).toBe('2 of 5: Fasting');
    // A mostly vertical gesture is a scroll, not a swipe.
    swipe(region, -60, 200);
    expect(slide(carousel)).toBe('2 of 5: Fasting');
  });

  it('moves with the arrow keys, the previous/next buttons and the dots', async () => {
    const { user, carousel } = await renderCarousel();
    expect(carousel.getByRole('button', { name: 'Previous discipline' })).toBeDisabled();
    carousel.getByRole('button', { name: 'Mark Bible Reading Yes for today' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(slide(carousel)).toBe('2 of 5: Fasting');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(slide(carousel)).toBe('4 of 5: Midnight Prayer');
    await user.keyboard('{ArrowLeft}');
    expect(slide(carousel)).toBe('3 of 5: Morning Intimacy');

    await user.click(carousel.getByRole('button', { name: 'Next discipline' }));
    await user.click(carousel.getByRole('button', { name: 'Next discipline' }));
    expect(slide(carousel)).toBe('5 of 5: Meditation');
    expect(carousel.getByRole('button', { name: 'Next discipline' })).toBeDisabled();
    expect(carousel.getByRole('button', { name: 'Show Meditation' })).toHaveAttribute('aria-current', 'step');

    await user.click(carousel.getByRole('button', { name: 'Show Fasting' }));
    expect(slide(carousel)).toBe('2 of 5: Fasting');
    await user.click(carousel.getByRole('button', { name: 'Previous discipline' }));
    expect(slide(carousel)).toBe('1 of 5: Bible Reading');
  });

  it('is on the dashboard too, for the current month', async () => {
    const { carousel } = await renderCarousel({}, '/');
    expect(carousel.getByRole('button', { name: 'Mark Bible Reading Sick for today' })).toBeEnabled();
  });

  it("says 'No community selected' and sends nothing when no community is resolved", async () => {
    const api = mockApi({});
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CheckInCarousel
          communityId={null}
          disciplines={DEFAULT_DISCIPLINES.filter((discipline) => discipline.isDailyGrid)}
          disciplinesLoading={false}
          log={makeLog()}
          logLoading={false}
          logError={null}
          today={{ year: 2026, month: 11, day: 15 }}
          locked={false}
          onRetry={() => {}}
        />
        <Toaster />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mark Bible Reading Yes for today' }));
    expect(await findToast('No community selected')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });
});
