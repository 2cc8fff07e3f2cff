import { screen, waitFor, within } from '@testing-library/react';
import { apiError, json } from '@/test/api-mock';
import { card, chartOf, reportCalls, reportsUrl, renderReports, setUpReportsScreen, tableRows, TREND_LABELS, view } from './reports-page-test-kit';

// /reports: DECISIONS.md "Admin numbers and reports" (real reports instead of SPEC.md's placeholder), CHECKLIST.md Q01-Q02.

beforeEach(setUpReportsScreen);

describe('/reports', () => {
  it("shows real reports, not the 'Reports Coming Soon' placeholder", async () => {
    renderReports();
    expect(await screen.findByRole('heading', { level: 1, name: 'Progress Reports' })).toBeInTheDocument();
    expect(await screen.findByText('By discipline')).toBeInTheDocument();
    expect(screen.getByText('By member')).toBeInTheDocument();
    expect(screen.getByText('Your last 12 months')).toBeInTheDocument();
    expect(screen.queryByText('Reports Coming Soon')).not.toBeInTheDocument();
    expect(screen.queryByText('No tracking data yet')).not.toBeInTheDocument();
  });

  it("starts on today's month and year and asks for a newly chosen month", async () => {
    const { user, api } = renderReports({
      [`GET ${reportsUrl(3, 2026)}`]: () => json(view({ month: 3 })),
      [`GET ${reportsUrl(3, 2025)}`]: () => json(view({ month: 3, year: 2025 })),
    });
    const month = await screen.findByRole('combobox', { name: 'Month' });
    const year = screen.getByRole('combobox', { name: 'Year' });
    expect(month).toHaveValue('11');
    expect(year).toHaveValue('2026');
    expect(within(month).getAllByRole('option')).toHaveLength(12);
    await screen.findByText('By discipline');
    expect(reportCalls(api)).toEqual([reportsUrl(11, 2026)]);

    await user.selectOptions(month, 'March');
    await waitFor(() => expect(reportCalls(api)).toEqual([reportsUrl(11, 2026), reportsUrl(3, 2026)]));
    expect(await screen.findByRole('region', { name: 'Completion by discipline, March 2026' })).toBeInTheDocument();

    await user.selectOptions(year, '2025');
    await waitFor(() => expect(reportCalls(api)).toEqual([reportsUrl(11, 2026), reportsUrl(3, 2026), reportsUrl(3, 2025)]));
    expect(await screen.findByRole('region', { name: 'Completion by discipline, March 2025' })).toBeInTheDocument();
  });

  it('offers no scope switch to someone who cannot see the whole community', async () => {
    renderReports();
    await screen.findByText('By discipline');
    expect(screen.queryByRole('group', { name: 'Whose progress' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Community' })).not.toBeInTheDocument();
  });

  it('lets an admin switch between the community and their subgroup', async () => {
    const { user, api } = renderReports(
      {
        [`GET ${reportsUrl(11, 2026)}`]: () => json(view({ scope: 'community', subgroupName: null, canSeeCommunity: true })),
        [`GET ${reportsUrl(11, 2026, 'subgroup')}`]: () => json(view({ scope: 'subgroup', canSeeCommunity: true, members: [view().members[1]!] })),
        [`GET ${reportsUrl(11, 2026, 'community')}`]: () => json(view({ scope: 'community', subgroupName: null, canSeeCommunity: true })),
      },
      ['CommunityModerator'],
    );
    const group = await screen.findByRole('group', { name: 'Whose progress' });
    expect(within(group).getByRole('button', { name: 'Community' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'My subgroup' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(group).getByRole('button', { name: 'My subgroup' }));
    await waitFor(() => expect(reportCalls(api)).toContain(reportsUrl(11, 2026, 'subgroup')));
    await waitFor(() => expect(screen.getByRole('button', { name: 'My subgroup' })).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(tableRows(screen.getByRole('region', { name: 'Completion by member, November 2026' }))).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Community' }));
    await waitFor(() => expect(reportCalls(api)).toContain(reportsUrl(11, 2026, 'community')));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Community' })).toHaveAttribute('aria-pressed', 'true'));
  });

  it('keeps every table in the page (visually hidden) while its chart shows', async () => {
    renderReports();
    await screen.findByText('By discipline');
    for (const name of ['Completion by discipline, November 2026', 'Completion by member, November 2026', 'Your completion for the last 12 months']) {
      const region = screen.getByRole('region', { name });
      expect(region.closest('.sr-only')).not.toBeNull();
    }
    for (const title of ['By discipline', 'By member', 'Your last 12 months']) {
      expect(chartOf(title)).not.toBeNull();
      const toggle = screen.getByRole('group', { name: `Show ${title} as` });
      expect(within(toggle).getByRole('button', { name: 'Chart' })).toHaveAttribute('aria-pressed', 'true');
      expect(within(toggle).getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'false');
    }
  });

  it("shows the numbers by discipline as a table with 'Table'", async () => {
    const { user } = renderReports();
    await screen.findByText('By discipline');
    await user.click(within(screen.getByRole('group', { name: 'Show By discipline as' })).getByRole('button', { name: 'Table' }));
    const region = screen.getByRole('region', { name: 'Completion by discipline, November 2026' });
    expect(region.closest('.sr-only')).toBeNull();
    expect(tableRows(region)).toEqual([
      ['Discipline', 'Completion'],
      ['Bible Reading', '73%'],
      ['Fasting', '41%'],
      ['Meditation', '0%'],
    ]);
    expect(within(screen.getByRole('group', { name: 'Show By discipline as' })).getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    expect(chartOf('By discipline')).toBeNull(); // the table replaces the chart
    // The other cards still show their charts.
    expect(chartOf('By member')).not.toBeNull();
    expect(screen.getByRole('region', { name: 'Completion by member, November 2026' }).closest('.sr-only')).not.toBeNull();

    await user.click(within(screen.getByRole('group', { name: 'Show By discipline as' })).getByRole('button', { name: 'Chart' }));
    expect(chartOf('By discipline')).not.toBeNull();
    expect(screen.getByRole('region', { name: 'Completion by discipline, November 2026' }).closest('.sr-only')).not.toBeNull();
  });

  it('shows each member with their completion and one column per discipline', async () => {
    const { user } = renderReports();
    await screen.findByText('By member');
    await user.click(within(screen.getByRole('group', { name: 'Show By member as' })).getByRole('button', { name: 'Table' }));
    const region = screen.getByRole('region', { name: 'Completion by member, November 2026' });
    expect(region.closest('.sr-only')).toBeNull();
    expect(chartOf('By member')).toBeNull();
    expect(tableRows(region)).toEqual([
      ['Member', 'Completion', 'Bible Reading', 'Fasting', 'Meditation'],
      ['Ruth Moab', '80%', '93%', '67%', '10%'],
      ['Naomi Ephrath', '52%', '53%', '15%', '0%'],
    ]);
  });

  it('shows a congregation as members per completion band, and its member table a page at a time', async () => {
    const row = (n: number) => ({ userId: `m${n}`, displayName: `Member ${n}`, completionPercent: 90 - n, byDiscipline: { bibleReading: 90 - n, fasting: 0, meditation: 0 } });
    const distribution = Array.from({ length: 10 }, (_, band) => ({ from: band * 10, to: band === 9 ? 100 : band * 10 + 9, members: band === 0 ? 1950 : 10 }));
    const large = view({ scope: 'community', subgroupName: null, canSeeCommunity: true, membersTotal: 2040, distribution, members: [row(1), row(2)], membersNextCursor: 'after-2' });
    let failOnce = true;
    const { user, api } = renderReports({
      [`GET ${reportsUrl(11, 2026)}`]: () => json(large),
      'GET /api/reports/members?month=11&year=2026&cursor=after-2': () => (failOnce ? ((failOnce = false), apiError(500, 'Something went wrong on our side.')) : json({ members: [row(3)], nextCursor: 'after-3' })),
      'GET /api/reports/members?month=11&year=2026&cursor=after-3': () => json({ members: [row(4)], nextCursor: null }),
    });
    await screen.findByRole('heading', { name: 'By member' });
    expect(within(card('By member')).getByText('November 2026, the whole community: 2,040 members.')).toBeInTheDocument();
    // The chart is of bands (its table says the same), not a bar per member.
    expect(tableRows(screen.getByRole('region', { name: 'Members by completion, November 2026' }))[1]).toEqual(['0–9%', '1,950']);

    await user.click(within(screen.getByRole('group', { name: 'Show By member as' })).getByRole('button', { name: 'Table' }));
    const members = () => tableRows(screen.getByRole('region', { name: 'Completion by member, November 2026' })).slice(1).map((cells) => cells[0]);
    expect(members()).toEqual(['Member 1', 'Member 2']);
    expect(within(card('By member')).getByText('Showing 2 of 2,040')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more members' }));
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(members()).toEqual(['Member 1', 'Member 2', 'Member 3']));
    await user.click(screen.getByRole('button', { name: 'Show more members' }));
    await waitFor(() => expect(members()).toEqual(['Member 1', 'Member 2', 'Member 3', 'Member 4']));
    expect(screen.queryByRole('button', { name: 'Show more members' })).not.toBeInTheDocument();
    expect(reportCalls(api).filter((url) => url.startsWith('/api/reports/members'))).toHaveLength(3);
  });

  it("shows the viewer's last 12 months as a table of 12 rows", async () => {
    const { user } = renderReports();
    await screen.findByText('Your last 12 months');
    await user.click(within(screen.getByRole('group', { name: 'Show Your last 12 months as' })).getByRole('button', { name: 'Table' }));
    const region = screen.getByRole('region', { name: 'Your completion for the last 12 months' });
    expect(region.closest('.sr-only')).toBeNull();
    expect(chartOf('Your last 12 months')).toBeNull();
    const rows = tableRows(region);
    expect(rows[0]).toEqual(['Month', 'Completion']);
    expect(rows.slice(1)).toEqual(TREND_LABELS.map((label, index) => [label, `${5 * index + 3}%`]));
  });

  it('says which figures leave a discipline kept in secret out, and that the viewer\'s own trend counts it', async () => {
    renderReports({ [`GET ${reportsUrl(11, 2026)}`]: () => json(view({ leftOut: ['Fasting'] })) });
    await screen.findByText('By discipline');
    expect(card('By discipline')).toHaveTextContent('November 2026, Alpha Group. Fasting is left out: kept in secret.');
    expect(card('By member')).toHaveTextContent('Fasting is left out: kept in secret.');
    expect(card('Your last 12 months')).toHaveTextContent('Your own completion up to November 2026, every discipline counted (Fasting included).');
  });

  it('says nothing of secrets to someone whose figures count every discipline', async () => {
    renderReports();
    await screen.findByText('By discipline');
    expect(card('By discipline')).not.toHaveTextContent('left out');
    expect(card('Your last 12 months')).toHaveTextContent('Your own completion up to November 2026.');
  });

  it("lists the subgroup's streaks longest first, with 'day' or 'days'", async () => {
    renderReports();
    await screen.findByRole('heading', { name: 'Subgroup streaks' });
    const list = within(card('Subgroup streaks')).getByRole('list');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1.Naomi Ephrath12 days',
      '2.Ruth Moab1 day',
      '3.Boaz of Bethlehem0 days',
    ]);
  });

  it("says 'You are not in a subgroup yet' to a member without one, and still shows their trend", async () => {
    renderReports({ [`GET ${reportsUrl(11, 2026)}`]: () => json(view({ scope: 'none', subgroupName: null, disciplines: [], members: [], streaks: [] })) });
    expect(await screen.findByText('You are not in a subgroup yet')).toBeInTheDocument();
    expect(screen.queryByText('By discipline')).not.toBeInTheDocument();
    expect(screen.queryByText('By member')).not.toBeInTheDocument();
    expect(screen.getByText('Your last 12 months')).toBeInTheDocument();
    expect(screen.getByText('No streaks to show')).toBeInTheDocument();
  });

  it("says 'No members yet' when the scope has no members", async () => {
    renderReports({ [`GET ${reportsUrl(11, 2026)}`]: () => json(view({ members: [] })) });
    expect((await screen.findAllByText('No members yet')).length).toBeGreaterThan(0);
    expect(within(card('By member')).getByText('No members yet')).toBeInTheDocument();
    expect(chartOf('By member')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Completion by member, November 2026' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Show By member as' })).not.toBeInTheDocument();
  });

  it("says 'No streaks to show' when there are none", async () => {
    renderReports({ [`GET ${reportsUrl(11, 2026)}`]: () => json(view({ streaks: [] })) });
    expect(await screen.findByText('No streaks to show')).toBeInTheDocument();
    expect(within(card('Subgroup streaks')).queryByRole('list')).not.toBeInTheDocument();
    expect(within(card('Subgroup streaks')).queryByText(/days?$/)).not.toBeInTheDocument();
  });

  it('offers Retry when the reports cannot be loaded, and loads them again', async () => {
    let attempts = 0;
    const { user, api } = renderReports({
      [`GET ${reportsUrl(11, 2026)}`]: () => (++attempts === 1 ? apiError(500, 'Something went wrong on our side.') : json(view())),
    });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('By discipline')).toBeInTheDocument();
    expect(reportCalls(api)).toEqual([reportsUrl(11, 2026), reportsUrl(11, 2026)]);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
