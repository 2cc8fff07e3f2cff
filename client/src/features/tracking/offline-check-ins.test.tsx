import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api-client';
import { dismissRefused, queueCheckIn, resetQueuedCheckInsForTest, syncCheckIns, useQueuedCheckIns, waitingCells } from './offline-check-ins';

const period = { year: 2026, month: 11 };
const change = (key: string, day: number, status: 'Yes' | 'No' = 'Yes') => ({ ...period, key, day, status });

function Probe() {
  const queue = useQueuedCheckIns();
  return (
    <ul aria-label="queue">
      {queue.map((item) => (
        <li key={item.id}>
          {`${item.change.key}:${item.change.day}:${item.change.status}${item.refused ? `:refused:${item.refused}` : ''}`}
          {item.refused ? <button type="button" aria-label={`Dismiss ${item.change.key}:${item.change.day}`} onClick={() => void dismissRefused(item.id)} /> : null}
        </li>
      ))}
    </ul>
  );
}

beforeEach(async () => {
  await resetQueuedCheckInsForTest();
});

describe('check-ins kept offline', () => {
  it('keeps each cell once (the newest choice), and sends them in the order they were made', async () => {
    await queueCheckIn('me', 'c1', change('bibleReading', 3));
    await queueCheckIn('me', 'c1', change('fasting', 3));
    await queueCheckIn('me', 'c1', change('bibleReading', 3, 'No'));
    await queueCheckIn('someone-else', 'c1', change('prayer', 3));
    const sent: string[] = [];
    expect(await syncCheckIns('me', async (item) => void sent.push(`${item.change.key}:${item.change.status}`))).toEqual({ saved: 2, refused: 0 });
    expect(sent).toEqual(['fasting:Yes', 'bibleReading:No']);
    // Another person's check-ins on this device wait for them.
    render(<Probe />);
    expect(within(screen.getByRole('list', { name: 'queue' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['prayer:3:Yes']);
  });

  it('stops at a network failure and keeps the rest; a refusal is kept with its reason until dismissed', async () => {
    await queueCheckIn('me', 'c1', change('bibleReading', 1));
    await queueCheckIn('me', 'c1', change('bibleReading', 2));
    await queueCheckIn('me', 'c1', change('bibleReading', 3));
    const locked = new ApiError(423, 'Locked', JSON.stringify({ message: 'This month is locked.' }));
    let calls = 0;
    const saved = await syncCheckIns('me', async (item) => {
      calls += 1;
      if (item.change.day === 1) throw locked;
      if (item.change.day === 2) throw new TypeError('Failed to fetch');
    });
    expect(saved).toEqual({ saved: 0, refused: 1 });
    expect(calls).toBe(2);
    render(<Probe />);
    const rows = () => within(screen.getByRole('list', { name: 'queue' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(rows()).toEqual(['bibleReading:1:Yes:refused:This month is locked.', 'bibleReading:2:Yes', 'bibleReading:3:Yes']);
    // Back online: the waiting ones go; the refused one stays, with its reason.
    await act(() => syncCheckIns('me', async () => undefined));
    expect(rows()).toEqual(['bibleReading:1:Yes:refused:This month is locked.']);
  });

  it('survives a reload: what is queued is in IndexedDB', async () => {
    await queueCheckIn('me', 'c1', change('fasting', 9));
    vi.resetModules();
    const fresh = await import('./offline-check-ins');
    const sent: number[] = [];
    expect(await fresh.syncCheckIns('me', async (item) => void sent.push(item.change.day))).toEqual({ saved: 1, refused: 0 });
    expect(sent).toEqual([9]);
  });

  it('names the cells of a month still waiting', () => {
    const queue = [
      { id: '1', userId: 'me', communityId: 'c1', change: change('fasting', 9), queuedAt: '' },
      { id: '2', userId: 'me', communityId: 'c1', change: { ...change('fasting', 10), month: 10 }, queuedAt: '' },
      { id: '3', userId: 'me', communityId: 'c1', change: change('prayer', 2), queuedAt: '', refused: 'Locked' },
    ];
    expect([...waitingCells(queue, 'me', 'c1', period)]).toEqual(['fasting:9']);
  });

  it('lets a refused one be dismissed', async () => {
    await queueCheckIn('me', 'c1', change('fasting', 4));
    await syncCheckIns('me', async () => {
      throw new ApiError(403, 'Forbidden', JSON.stringify({ message: 'You are no longer a member.' }));
    });
    render(<Probe />);
    expect(await screen.findByText('fasting:4:Yes:refused:You are no longer a member.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss fasting:4' }));
    expect(await screen.findByRole('list', { name: 'queue' })).toBeEmptyDOMElement();
  });
});
