import { render, screen } from '@testing-library/react';
import { FullPageSpinner } from './spinner';

describe('FullPageSpinner', () => {
  it('shows the product mark above a spinner that is announced by its label', () => {
    const { container } = render(<FullPageSpinner label="Loading your communities" />);
    expect(screen.getByRole('status', { name: 'Loading your communities' })).toBeInTheDocument();
    // The Steadfast mark (decorative: hidden from screen readers), not a bare spinner.
    const mark = container.querySelector('svg[viewBox="0 0 32 32"]');
    expect(mark).not.toBeNull();
    expect(mark).toHaveAttribute('aria-hidden', 'true');
  });

  it('centres itself in the viewport (SPEC.md: a centred spinner), not in a box at the top of the page', () => {
    render(<FullPageSpinner />);
    const box = screen.getByTestId('full-page-spinner');
    expect(box).toHaveClass('min-h-dvh', 'items-center', 'justify-center');
  });

  it('is a page of its own while it shows: one main landmark with a level-one heading (axe)', () => {
    render(<FullPageSpinner />);
    expect(screen.getByRole('main')).toBe(screen.getByTestId('full-page-spinner'));
    expect(screen.getByRole('heading', { level: 1, name: 'Steadfast' })).toBeInTheDocument();
  });
});
