import { screen, waitFor, within } from '@testing-library/react';
import type { ReportsView } from '@shared/contracts/reports';
import { makeMembership, makeUser } from '@/test/fixtures';
import { apiError, type Handler, json, mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render-app';

// /reports: DECISIONS.md "Admin numbers and reports" (real reports instead of SPEC.md's placeholder), CHECKLIST.md Q01-Q02.

const TODAY = new Date(2026, 10, 15, 10, 0, 0); // 15 November 2026, local time
const reportsUrl = (month: number, year: number, scope?: 'community' | 'subgroup') => `/api/reports?month=${month}&year=${year}${scope ? `&scope=${scope}` : ''}`;

/** Twelve months ending with November 2026, oldest first. */
const TREND = Array.from({ length: 12 }, (_, index) => {
  const date = new Date(2025, 11 + index, 1);
  return { year: date.getFullYear(), month: date.getMonth() + 1, completionPercent: 5 * index + 3 };
});
const TREND_LABELS = [
  'December 2025',
  'January 2026',
  'February 2026',
  'March 2026',
  'April 2026',
  'May 2026',
  'June 2026',
  'July 2026',
  'August 2026',
  'September 2026',
  'October 2026',
  'November 2026',
];

function view(overrides: Partial<ReportsView> = {}): ReportsView {
  const report: Omit<ReportsView, 'membersTotal' | 'distribution' | 'membersNextCursor'> & Partial<ReportsView> = {
    month: 11,
    year: 2026,
    scope: 'subgroup',
    subgroupName: 'Alpha Group',
    canSeeCommunity: false,
    disciplines: [
      { key: 'bibleReading', label: 'Bible Reading', completionPercent: 73 },
      { key: 'fasting', label: 'Fasting', completionPercent: 41 },
      { key: 'meditation', label: 'Meditation', completionPercent: 0 },
    ],
    members: [
      { userId: 'u1', displayName: 'Ruth Moab', completionPercent: 80, byDiscipline: { bibleReading: 93, fasting: 67, meditation: 10 } },
      { userId: 'u2', displayName: 'Naomi Ephrath', completionPercent: 52, byDiscipline: { bibleReading: 53, fasting: 15, meditation: 0 } },
    ],
    trend: TREND,
    streaks: [
      { userId: 'u2', displayName: 'Naomi Ephrath', streak: 12 },
      { userId: 'u1', displayName: 'Ruth Moab', streak: 1 },
      { userId: 'u3', displayName: 'Boaz of Bethlehem', streak: 0 },
    ],
    ...overrides,
  };
  return { membersTotal: report.members.length, distribution: [], membersNextCursor: null, ...report };
}

function renderReports(routes: Record<string, Handler> = {}, roles: ('Member' | 'Commander' | 'CommunityModerator')[] = ['Member']) {
  const membership = makeMembership({ communityId: 'c1', role: roles[0]!, roles, community: { id: 'c1', name: 'Hope Chapel', description: null } });
  const api = mockApi({
    'GET /api/user': () => json(makeUser()),
    'GET /api/memberships': () => json([membership]),
    [`GET ${reportsUrl(11, 2026)}`]: () => json(view()),
    ...routes,
  });
  return { ...renderApp('/reports'), api };
}

const reportCalls = (api: ReturnType<typeof mockApi>) => api.requests.filter((request) => request.method === 'GET' && request.url.startsWith('/api/reports')).map((request) => request.url);

/** The cells of a data table, row by row (header row first). */
const tableRows = (region: HTMLElement) =>
  within(region)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('div.rounded-2xl') as HTMLElement;
/** The Chart.js canvas of a card (the real charts render; jsdom has no 2D context, so they draw nothing). */
const chartOf = (title: string) => card(title).querySelector('canvas');

beforeEach(() => {
  vi.setSystemTime(TODAY);
  // Chart.js renders for real, but jsdom has no canvas context: answer null quietly (as jsdom does, without its
  // 'not implemented' notice) and keep Chart.js's complaint about it out of the log; everything else passes on.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const consoleError = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
    if (/can't acquire context/.test(text)) return;
    consoleError(...args);
  });
});

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
