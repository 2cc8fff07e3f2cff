import { screen, within } from '@testing-library/react';
import type { GuidanceSection } from '@shared/contracts/guidance';
import { CARD_FAILED_MESSAGE } from '@/components/ui/card-error-boundary';
import { guidanceView } from '@/features/guidance/test-kit';
import { trackingServer, TODAY } from '@/features/tracking/test-kit';
import { mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render-app';

/*
 * Issue 22 item 2: one card that cannot be shown must not blank the dashboard. 20,000 `>` as guidance
 * overflowed react-markdown's stack, and every member's dashboard rendered nothing.
 */

const card = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('div.rounded-2xl') as HTMLElement;

/** The dashboard's other cards, each showing its data. */
async function expectOtherCardsWorking() {
  expect(await screen.findByTestId('streak-fasting')).toHaveTextContent('0 days');
  expect(await within(await card('Community Members')).findByText('2 members')).toBeInTheDocument();
  expect(within(await card('Discipline Targets')).getAllByText('Not set').length).toBeGreaterThan(0);
  expect(screen.getByRole('heading', { name: 'Recent Questions' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Upcoming Meetings' })).toBeInTheDocument();
}

beforeEach(() => {
  vi.setSystemTime(TODAY);
});

describe('a dashboard card that cannot be shown', () => {
  it('guidance of 20,000 > shows flattened in the Guidelines card, and every other card works', async () => {
    const server = trackingServer({ guidance: () => guidanceView({ contentMarkdown: '>'.repeat(20_000) }) });
    mockApi(server.routes);
    const { container } = renderApp('/');
    await expectOtherCardsWorking();

    const guidelines = await card('Guidelines');
    // Past the block limit (guidance saved before it, issue 38 item 4) it shows as text; never deeper than 12 quotes.
    await within(guidelines).findByText(/>{100,}/);
    expect(within(guidelines).queryByText(CARD_FAILED_MESSAGE)).not.toBeInTheDocument();
    expect(container.querySelectorAll('blockquote').length).toBeLessThanOrEqual(12);
  });

  it('guidance nested every way at once shows, and every other card works', async () => {
    const markdown = [`${'> - '.repeat(1000)}x`, `${'*a '.repeat(1000)}${'a* '.repeat(1000)}`, `${'!['.repeat(1000)}a${'](x)'.repeat(1000)}`, '1. '.repeat(1000)].join('\n\n');
    mockApi(trackingServer({ guidance: () => guidanceView({ contentMarkdown: markdown }) }).routes);
    renderApp('/');
    await expectOtherCardsWorking();
    const guidelines = await card('Guidelines');
    // A thousand list items and more are past the block limit: the first blocks as markdown, the rest as text.
    await within(guidelines).findByText(/1\. 1\. 1\./);
    expect(within(guidelines).queryByText(CARD_FAILED_MESSAGE)).not.toBeInTheDocument();
  });

  it('a card whose data makes it throw says "This card could not be shown." with Retry, in its place only', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    const broken = { ...guidanceView(), sections: null as unknown as GuidanceSection[] };
    mockApi(trackingServer({ guidance: () => broken }).routes);
    renderApp('/');
    await expectOtherCardsWorking();
    const alert = await screen.findByText(CARD_FAILED_MESSAGE);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Guidelines' })).not.toBeInTheDocument();
  });
});
