import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOAST_DURATION_MS } from '@shared/domain/constants';
import { Toaster } from './toaster';
import { toast } from './use-toast';

const viewport = () => screen.getByRole('region', { name: 'Notifications (F8)' });

describe('Toaster', () => {
  // Where a toast stands (the bottom of a phone, the top while a dialog is open) is layout: client/e2e/admin-edges.spec.ts.
  it('shows one toast at a time: a new one replaces the last', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', description: 'Details', variant: 'destructive' });
    });
    const items = within(viewport()).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Second');
    expect(items[0]).toHaveTextContent('Details');
  });

  it('is read out once, from the toast itself: the viewport is a polite live region and the text is not duplicated', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Signed out successfully' });
    });
    await act(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(within(viewport()).getByRole('list')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getAllByText(/Signed out successfully/)).toHaveLength(1);
  });

  it(`closes a toast after ${TOAST_DURATION_MS} ms`, () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved' });
    });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(within(viewport()).getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(within(viewport()).queryByText('Saved')).not.toBeInTheDocument();
  });

  it('moves focus to the toasts with F8', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved' });
    });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(within(viewport()).getByRole('list')).toHaveFocus();
  });

  it('can be closed with its close button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved' });
    });
    await user.click(within(viewport()).getByRole('button', { name: 'Close' }));
    expect(within(viewport()).queryByText('Saved')).not.toBeInTheDocument();
  });
});
