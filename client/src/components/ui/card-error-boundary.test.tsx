import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CARD_FAILED_MESSAGE, CardErrorBoundary } from './card-error-boundary';

/** A card that throws while `state.broken` is true, counting its renders. */
function breakable() {
  const state = { broken: true, renders: 0 };
  function Flaky() {
    state.renders += 1;
    if (state.broken) throw new Error('Cannot render this card');
    return <p>Card content</p>;
  }
  return { state, Flaky };
}

beforeEach(() => {
  // React reports each caught error on the console.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('CardErrorBoundary', () => {
  it('shows a card that throws as "This card could not be shown." with Retry, and leaves the cards beside it alone', () => {
    const { Flaky } = breakable();
    const { container } = render(
      <div>
        <CardErrorBoundary>
          <Flaky />
        </CardErrorBoundary>
        <CardErrorBoundary>
          <p>Another card</p>
        </CardErrorBoundary>
      </div>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(CARD_FAILED_MESSAGE);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('Another card')).toBeInTheDocument();
    // In a card of its own (the failed card's place), as the app's other failed cards read.
    expect(screen.getByRole('alert').parentElement).toHaveClass('rounded-2xl', 'border', 'bg-card');
    expect(container.querySelectorAll('[role="alert"]')).toHaveLength(1);
  });

  it('renders the card again on Retry, from the keyboard too, and shows the message again if it still throws', async () => {
    const user = userEvent.setup();
    const { state, Flaky } = breakable();
    render(
      <CardErrorBoundary>
        <Flaky />
      </CardErrorBoundary>,
    );
    const rendersBefore = state.renders;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(state.renders).toBeGreaterThan(rendersBefore);
    expect(screen.getByRole('alert')).toHaveTextContent(CARD_FAILED_MESSAGE);

    state.broken = false;
    await user.tab();
    expect(screen.getByRole('button', { name: 'Retry' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Card content')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('mounts the card afresh on Retry, so state that made it throw is gone', async () => {
    const user = userEvent.setup();
    function Counter() {
      const [count, setCount] = useState(0);
      if (count > 1) throw new Error('Counted too far');
      return <button onClick={() => setCount(count + 1)}>Counted {count}</button>;
    }
    render(
      <CardErrorBoundary>
        <Counter />
      </CardErrorBoundary>,
    );
    await user.click(screen.getByRole('button', { name: 'Counted 0' }));
    await user.click(screen.getByRole('button', { name: 'Counted 1' }));
    expect(screen.getByRole('alert')).toHaveTextContent(CARD_FAILED_MESSAGE);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('button', { name: 'Counted 0' })).toBeInTheDocument();
  });

  it('tries again by itself when resetKey changes, and draws the message without a card of its own inline', () => {
    const { state, Flaky } = breakable();
    const { rerender } = render(
      <CardErrorBoundary variant="inline" resetKey="first">
        <Flaky />
      </CardErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(CARD_FAILED_MESSAGE);
    expect(screen.getByRole('alert').parentElement).not.toHaveClass('bg-card');
    state.broken = false;
    rerender(
      <CardErrorBoundary variant="inline" resetKey="second">
        <Flaky />
      </CardErrorBoundary>,
    );
    expect(screen.getByText('Card content')).toBeInTheDocument();
  });
});
