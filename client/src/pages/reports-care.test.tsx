import { screen, waitFor } from '@testing-library/react';
import { apiError, json } from '@/test/api-mock';
import { renderReports, setUpReportsScreen, tableRows } from './reports-page-test-kit';

// /reports: a commander's care at a glance (issue 26 item 5).

beforeEach(setUpReportsScreen);

describe('/reports: your care (issue 26)', () => {
  const glance = (subgroups: number) => ({
    subgroups,
    months: [6, 7, 8, 9, 10, 11].map((month) => ({ year: 2026, month, reflectionsWritten: month === 10 ? 4 : 0, reflectionsAcknowledged: month === 10 ? 3 : 0, reachedOut: month === 11 ? 2 : 0 })),
  });

  it('shows a commander the last six months of their care, newest first: reflections written and answered, reach-outs', async () => {
    renderReports({ 'GET /api/communities/c1/care-at-a-glance': () => json(glance(1)) }, ['Commander']);
    const table = await screen.findByRole('table', { name: 'Your care, month by month' });
    expect(tableRows(table)).toEqual([
      ['Month', 'Reflections written', 'Answered', 'Reached out'],
      ['Nov 2026', '0', '0', '2'],
      ['Oct 2026', '4', '3', '0'],
      ['Sep 2026', '0', '0', '0'],
      ['Aug 2026', '0', '0', '0'],
      ['Jul 2026', '0', '0', '0'],
      ['Jun 2026', '0', '0', '0'],
    ]);
  });

  it('shows nothing to a commander who leads no subgroup', async () => {
    const { api } = renderReports({ 'GET /api/communities/c1/care-at-a-glance': () => json(glance(0)) }, ['Commander']);
    await screen.findByRole('heading', { name: 'Subgroup streaks' });
    await waitFor(() => expect(api.calls('GET', '/api/communities/c1/care-at-a-glance')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Your care' })).not.toBeInTheDocument();
  });

  it('never asks for a plain member', async () => {
    const { api } = renderReports();
    await screen.findByRole('heading', { name: 'Subgroup streaks' });
    expect(screen.queryByRole('heading', { name: 'Your care' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/communities/c1/care-at-a-glance')).toHaveLength(0);
  });

  it('offers Retry when the glance cannot be read', async () => {
    let fail = true;
    renderReports({ 'GET /api/communities/c1/care-at-a-glance': () => (fail ? apiError(500, 'Something went wrong') : json(glance(1))) }, ['Commander']);
    expect(await screen.findByText('We could not load your care at a glance.')).toBeInTheDocument();
    fail = false;
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(await screen.findByRole('table', { name: 'Your care, month by month' })).toBeInTheDocument();
  });
});
