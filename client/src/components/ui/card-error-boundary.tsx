import { Component, Fragment, type ReactNode } from 'react';
import { msg, useT } from '@/i18n';
import { Card } from './card';
import { ErrorNote } from './states';

export const CARD_FAILED_MESSAGE = msg('This card could not be shown.');

interface CardErrorBoundaryProps {
  children: ReactNode;
  /**
   * `card` (the default) draws the message in a card of its own, in place of a card that failed; `inline`
   * draws it alone, in place of part of a card (the markdown under a card's sections).
   */
  variant?: 'card' | 'inline';
  /** When this changes, a failed child is tried again (the markdown being edited under a preview). */
  resetKey?: unknown;
}

interface CardErrorBoundaryState {
  failed: boolean;
  /** Bumped by Retry: the children mount afresh. */
  attempt: number;
}

/**
 * DECISIONS.md "Input": markdown renders inside an error boundary, and so does each dashboard card. A card
 * that throws while rendering (hostile guidance, a bug) shows 'This card could not be shown.' with Retry,
 * as the app's other failed cards do (ErrorNote), and every other card on the screen keeps working; without
 * it React unmounts the whole screen. Retry mounts the children again from scratch (React itself reports the
 * error on the console).
 */
export class CardErrorBoundary extends Component<CardErrorBoundaryProps, CardErrorBoundaryState> {
  override state: CardErrorBoundaryState = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<CardErrorBoundaryState> {
    return { failed: true };
  }

  override componentDidUpdate(previous: CardErrorBoundaryProps) {
    if (this.state.failed && !Object.is(previous.resetKey, this.props.resetKey)) this.retry();
  }

  retry = () => this.setState(({ attempt }) => ({ failed: false, attempt: attempt + 1 }));

  override render() {
    if (!this.state.failed) return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
    const note = <CardFailedNote onRetry={this.retry} />;
    return this.props.variant === 'inline' ? note : <Card className="p-6">{note}</Card>;
  }
}

function CardFailedNote({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return <ErrorNote message={t(CARD_FAILED_MESSAGE)} onRetry={onRetry} />;
}
