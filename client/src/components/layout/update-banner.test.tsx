import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { announceUpdateForTest } from '@/lib/service-worker';
import { UpdateBanner } from './update-banner';

describe('UpdateBanner', () => {
  it('shows nothing until a new version waits, then reloads only when asked', async () => {
    render(<UpdateBanner />);
    expect(screen.queryByRole('button', { name: 'Reload to update' })).not.toBeInTheDocument();
    const reload = vi.fn();
    act(() => announceUpdateForTest(reload));
    expect(screen.getByText('A new version of Steadfast is ready.')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload to update' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
