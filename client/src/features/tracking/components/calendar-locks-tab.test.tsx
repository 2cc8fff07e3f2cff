import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarLockView } from '@shared/contracts/tracking';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { apiError, type Handler, json, mockApi } from '@/test/api-mock';
import { findToast } from '@/test/render-app';
import { COMMUNITY_ID, makeLock, TODAY } from '../test-kit';
import { CalendarLocksTab } from './calendar-locks-tab';

const LOCKS_URL = `/api/communities/${COMMUNITY_ID}/calendar-locks`;
const TOGGLE_URL = `/api/communities/${COMMUNITY_ID}/toggle-lock`;

function renderTab(locks: CalendarLockView[], routes: Record<string, Handler> = {}) {
  let current = locks;
  const api = mockApi({
    [`GET ${LOCKS_URL}`]: () => json(current),
    [`POST ${LOCKS_URL}`]: (request) => {
      const body = request.body as { month: number; year: number; reason: string | null };
      const lock = makeLock({ id: 'l3000000-0000-4000-8000-000000000009', month: body.month, year: body.year, reason: body.reason });
      current = [lock, ...current];
      return json(lock, 201);
    },
    [`PATCH ${TOGGLE_URL}`]: (request) => {
      const { lockId } = request.body as { lockId: string };
      current = current.map((lock) => (lock.id === lockId ? { ...lock, isLocked: !lock.isLocked } : lock));
      return json(current.find((lock) => lock.id === lockId));
    },
    ...routes,
  });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CalendarLocksTab communityId={COMMUNITY_ID} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { api, user };
}

const november = makeLock({ reason: 'Quarterly report' });

beforeEach(() => {
  vi.setSystemTime(TODAY);
});

describe('CalendarLocksTab', () => {
  it('offers months 1 to 12, the years from the current one minus 2 to plus 2, and an optional reason', async () => {
    renderTab([]);
    const months = within(screen.getByLabelText('Month')).getAllByRole('option');
    expect(months.map((option) => option.getAttribute('value'))).toEqual(['', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(within(screen.getByLabelText('Year')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select a year',
      '2024',
      '2025',
      '2026',
      '2027',
      '2028',
    ]);
    expect(screen.getByLabelText('Reason (optional)')).not.toBeRequired();
    expect(await screen.findByText('No month has been locked yet.')).toBeInTheDocument();
  });

  it("says 'Invalid Selection' without a month or a year, and sends nothing", async () => {
    const { user, api } = renderTab([]);
    await user.click(screen.getByRole('button', { name: 'Lock Month' }));
    expect(await findToast('Invalid Selection')).toHaveTextContent('Please select a valid month and year.');

    await user.selectOptions(screen.getByLabelText('Month'), '3');
    await user.click(screen.getByRole('button', { name: 'Lock Month' }));
    expect(await findToast('Invalid Selection')).toBeInTheDocument();
    expect(api.calls('POST', LOCKS_URL)).toHaveLength(0);
  });

  it("locks a month with POST {month, year, isLocked: true, reason} and confirms 'Calendar Lock Updated'", async () => {
    const { user, api } = renderTab([november]);
    await user.selectOptions(screen.getByLabelText('Month'), '12');
    await user.selectOptions(screen.getByLabelText('Year'), '2026');
    await user.type(screen.getByLabelText('Reason (optional)'), '  Year-end review ');
    await user.click(screen.getByRole('button', { name: 'Lock Month' }));

    expect(await findToast('Calendar Lock Updated')).toHaveTextContent('December 2026 is locked.');
    expect(api.calls('POST', LOCKS_URL)[0]?.body).toEqual({ month: 12, year: 2026, isLocked: true, reason: 'Year-end review' });
    // The list is read again and the month now counts as locked.
    expect(await screen.findByRole('button', { name: 'Unlock December 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Already Locked' })).toBeDisabled();
  });

  it('sends a null reason when none is given', async () => {
    const { user, api } = renderTab([]);
    await user.selectOptions(screen.getByLabelText('Month'), '1');
    await user.selectOptions(screen.getByLabelText('Year'), '2027');
    await user.click(screen.getByRole('button', { name: 'Lock Month' }));
    await findToast('Calendar Lock Updated');
    expect(api.calls('POST', LOCKS_URL)[0]?.body).toEqual({ month: 1, year: 2027, isLocked: true, reason: null });
  });

  it("reads 'Already Locked' and is disabled when the chosen month and year is locked", async () => {
    const { user } = renderTab([november, makeLock({ id: 'l3000000-0000-4000-8000-000000000002', month: 10, isLocked: false })]);
    await screen.findByRole('button', { name: 'Unlock November 2026' });
    await user.selectOptions(screen.getByLabelText('Month'), '11');
    await user.selectOptions(screen.getByLabelText('Year'), '2026');
    expect(screen.getByRole('button', { name: 'Already Locked' })).toBeDisabled();

    // An unlocked month can be locked again.
    await user.selectOptions(screen.getByLabelText('Month'), '10');
    expect(screen.getByRole('button', { name: 'Lock Month' })).toBeEnabled();
    await user.selectOptions(screen.getByLabelText('Year'), '2025');
    expect(screen.getByRole('button', { name: 'Lock Month' })).toBeEnabled();
  });

  it('lists each lock with its month, who locked it, when and why', async () => {
    renderTab([november]);
    const item = (await screen.findByText('November 2026')).closest('li') as HTMLElement;
    expect(item).toHaveTextContent('Locked by Naomi Admin on November 2, 2026');
    expect(item).toHaveTextContent('Reason: Quarterly report');
  });

  it('keeps who locked an unlocked month and when, and names nobody for a month never locked', async () => {
    renderTab([
      { ...november, isLocked: false },
      makeLock({ id: 'l3000000-0000-4000-8000-000000000003', month: 9, isLocked: false, lockedBy: null, lockedByUserId: null, reason: null }),
    ]);
    const unlocked = (await screen.findByText('November 2026')).closest('li') as HTMLElement;
    expect(unlocked).toHaveTextContent('Locked by Naomi Admin on November 2, 2026, now unlocked');
    expect((screen.getByText('September 2026').closest('li') as HTMLElement)).toHaveTextContent('Never locked');
  });

  it("unlocks and re-locks with PATCH toggle-lock {lockId}, confirming 'Calendar Lock Updated'", async () => {
    const { user, api } = renderTab([november]);
    await user.click(await screen.findByRole('button', { name: 'Unlock November 2026' }));
    expect(await findToast('Calendar Lock Updated')).toHaveTextContent('November 2026 is unlocked.');
    expect(api.calls('PATCH', TOGGLE_URL)[0]?.body).toEqual({ lockId: november.id });
    expect(await screen.findByRole('button', { name: 'Lock November 2026' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Lock November 2026' }));
    expect(await findToast('Calendar Lock Updated')).toHaveTextContent('November 2026 is locked.');
    expect(api.calls('PATCH', TOGGLE_URL)).toHaveLength(2);
    expect(api.calls('DELETE', `${LOCKS_URL}/${november.id}`)).toHaveLength(0);
  });

  it("says 'Failed to Update Lock' when unlocking or locking fails (never 'Failed to Remove Lock': nothing is removed)", async () => {
    const refuse = () => apiError(403, 'Only admins can lock months.');
    const { user } = renderTab([november, makeLock({ id: 'l3000000-0000-4000-8000-000000000002', month: 10, isLocked: false })], {
      [`PATCH ${TOGGLE_URL}`]: refuse,
      [`POST ${LOCKS_URL}`]: refuse,
    });
    await user.click(await screen.findByRole('button', { name: 'Unlock November 2026' }));
    expect(await findToast('Failed to Update Lock')).toHaveTextContent('Only admins can lock months.');
    expect(screen.queryByText('Failed to Remove Lock')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lock October 2026' }));
    expect(await findToast('Failed to Update Lock')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Month'), '2');
    await user.selectOptions(screen.getByLabelText('Year'), '2026');
    await user.click(screen.getByRole('button', { name: 'Lock Month' }));
    expect(await findToast('Failed to Update Lock')).toHaveTextContent('Only admins can lock months.');
  });
});
