import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HistoryOfferView } from '@shared/contracts/imported-members';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { apiError, deferred, json, mockApi } from '@/test/api-mock';
import { findToast } from '@/test/render-app';
import { HistoryOffersCard } from './history-offers-card';

// Issue 38 item 7: imported history an admin offered; nothing of the member's log changes until they accept.
const offer: HistoryOfferView = {
  id: 'o0000000-0000-4000-8000-000000000001',
  communityId: 'c1',
  communityName: 'Hope Chapel',
  months: 3,
  days: 41,
  offeredBy: 'Grace Adeyemi',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-20T10:00:00.000Z',
};

function renderCard() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HistoryOffersCard />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user };
}

describe('HistoryOffersCard', () => {
  it('shows nothing while no offer waits', async () => {
    const api = mockApi({ 'GET /api/user/history-offers': () => json([]) });
    renderCard();
    await vi.waitFor(() => expect(api.calls('GET', '/api/user/history-offers')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'History offered to you' })).not.toBeInTheDocument();
  });

  it('says what an offer brings and who made it; accepting asks first, then adds it and the card goes', async () => {
    let offers = [offer];
    const accept = deferred<Response>();
    const api = mockApi({
      'GET /api/user/history-offers': () => json(offers),
      [`POST /api/user/history-offers/${offer.id}/accept`]: () => accept.promise,
    });
    const { user } = renderCard();
    expect(await screen.findByText('3 months, 41 days of history in Hope Chapel')).toBeInTheDocument();
    expect(screen.getByText(/Offered by Grace Adeyemi on November 20, 2026; open until December 20, 2026\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Add this history to your log?' });
    expect(confirm).toHaveTextContent('Days you logged yourself stay as you logged them');
    expect(api.calls('POST', `/api/user/history-offers/${offer.id}/accept`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Add to my log' }));
    expect(await within(confirm).findByRole('button', { name: 'Adding...' })).toBeDisabled();
    offers = [];
    accept.resolve(json({ message: 'Its days are in your log now; the days you logged yourself stay as they were.' }));
    expect(await findToast('History Added')).toHaveTextContent('Its days are in your log now');
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'History offered to you' })).not.toBeInTheDocument());
  });

  it('declines at once (nothing changes), and shows the server’s message when an answer fails', async () => {
    const api = mockApi({
      'GET /api/user/history-offers': () => json([offer]),
      [`POST /api/user/history-offers/${offer.id}/decline`]: () => apiError(404, 'History offer not found.'),
    });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await findToast('Offer was not declined')).toHaveTextContent('History offer not found.');
    expect(api.calls('POST', `/api/user/history-offers/${offer.id}/decline`)).toHaveLength(1);
  });

  it('offers Retry when the offers cannot be read', async () => {
    let fail = true;
    mockApi({ 'GET /api/user/history-offers': () => (fail ? apiError(503, 'Down') : json([offer])) });
    const { user } = renderCard();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('3 months, 41 days of history in Hope Chapel')).toBeInTheDocument();
  });
});
