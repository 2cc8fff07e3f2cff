import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { CommanderMemberStat, SubgroupMember } from '@shared/contracts/tracking';
import { DEFAULT_DISCIPLINES } from '@shared/domain/disciplines';
import { COMMUNITY_ID, daysOf, logKey, makeMember, OTHER, SELF, TODAY, trackingServer } from '@/features/tracking/test-kit';
import type { MeetingView } from '@shared/contracts/meetings';
import type { QuestionView } from '@shared/contracts/questions';
import { makeMeeting } from '@/features/meetings/test-kit';
import { ASK_REASONS } from '@/features/questions/ask-availability';
import { makeQuestion } from '@/features/questions/test-kit';
import { apiError, deferred, type Handler, json, mockApi } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

type ServerOptions = Parameters<typeof trackingServer>[0];

function renderDashboard(options: ServerOptions = {}) {
  const server = trackingServer(options);
  const api = mockApi(server.routes);
  return { ...renderApp('/'), api, server };
}

const card = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('div.rounded-2xl') as HTMLElement;
const logCalls = (api: ReturnType<typeof mockApi>, month: number, year = 2026) => api.calls('GET', `/api/communities/${COMMUNITY_ID}/daily-log?month=${month}&year=${year}`);

beforeEach(() => {
  vi.setSystemTime(TODAY);
});

describe('dashboard first load', () => {
  const firstLoadCalls = (api: ReturnType<typeof mockApi>) =>
    api.requests.map((request) => ({ ...request, path: request.url.split('?')[0]! })).filter((request) => request.method === 'GET' && !['/api/user', '/api/memberships'].includes(request.path)).map((request) => request.path);

  it("asks for its first screen in at most 6 requests at once (a commander's, with subgroup statistics)", async () => {
    const server = trackingServer({ roles: ['Commander'] });
    const statistics = deferred<Response>();
    const statisticsRoutes = Object.fromEntries(Object.keys(server.routes).filter((route) => route.includes('/member-stats')).map((route) => [route, () => statistics.promise]));
    // A commander's Recent Questions are the questions they received.
    const api = mockApi({ ...server.routes, ...statisticsRoutes, 'GET /api/questions/received': () => json([]), 'GET /api/meetings': () => json([]) });
    renderApp('/');
    expect(await screen.findByTestId('streak-fasting')).toHaveTextContent('0 days');
    await screen.findByRole('heading', { name: 'Subgroup Statistics' });
    await within(await card('Community Members')).findByText('2 members');
    const calls = firstLoadCalls(api);
    expect(calls.length).toBeLessThanOrEqual(6);
    expect(new Set(calls).size).toBe(calls.length);
    // 'Needs a word' waits for the first screen's requests to be answered.
    expect(calls).not.toContain(`/api/communities/${COMMUNITY_ID}/needs-a-word`);
    statistics.resolve(json([]));
    await waitFor(() => expect(firstLoadCalls(api)).toContain(`/api/communities/${COMMUNITY_ID}/needs-a-word`));
    expect(calls).toContain(`/api/communities/${COMMUNITY_ID}/dashboard`);
    // What the dashboard call answered is not asked for again.
    for (const own of ['discipline-templates', 'daily-log', 'streaks', 'guidance']) expect(calls).not.toContain(`/api/communities/${COMMUNITY_ID}/${own}`);
  });

  it('falls back to each card asking for its own data when the dashboard call fails', async () => {
    const server = trackingServer({ logs: { [logKey(SELF.id, 2026, 11)]: { dayStatus: daysOf('fasting', [14, 15]) } } });
    const api = mockApi({ ...server.routes, [`GET /api/communities/${COMMUNITY_ID}/dashboard`]: () => apiError(500, 'Something went wrong.') });
    renderApp('/');
    expect(await screen.findByTestId('streak-fasting')).toHaveTextContent('2 days');
    expect(api.calls('GET', `/api/communities/${COMMUNITY_ID}/discipline-templates`)).toHaveLength(1);
  });
});

describe('dashboard guidance', () => {
  it('is asked for again, like the Guidance Panel, when both the dashboard call and its first own call fail', async () => {
    const server = trackingServer({});
    let guidanceCalls = 0;
    mockApi({
      ...server.routes,
      [`GET /api/communities/${COMMUNITY_ID}/dashboard`]: () => apiError(500, 'Something went wrong.'),
      [`GET /api/communities/${COMMUNITY_ID}/guidance`]: () =>
        ++guidanceCalls === 1 ? apiError(503, 'Database unavailable.') : json({ communityId: COMMUNITY_ID, sections: [{ id: 's1', title: 'Pray first', content: 'Begin each day in prayer.', type: 'text' }], contentMarkdown: '' }),
    });
    renderApp('/');
    expect(await screen.findByText('Pray first', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(guidanceCalls).toBeGreaterThanOrEqual(2);
  });
});

describe('dashboard pickers', () => {
  it("lists the community's members with one's own entry marked 'You', and the current year and the previous 3", async () => {
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const memberPicker = await screen.findByLabelText('Member');
    await within(memberPicker).findByRole('option', { name: 'Boaz Bethlehem' });
    expect(within(memberPicker).getByRole('option', { name: 'Ruth Moab (You)' })).toHaveAttribute('value', SELF.id);
    expect(within(screen.getByLabelText('Year')).getAllByRole('option').map((option) => option.textContent)).toEqual(['2026', '2025', '2024', '2023']);
    expect(within(screen.getByLabelText('Month')).getAllByRole('option')).toHaveLength(12);
  });
});

describe('dashboard streaks', () => {
  it('shows one streak per daily discipline, from one request whatever months the streaks reach', async () => {
    const { api } = renderDashboard({
      logs: {
        [logKey(SELF.id, 2026, 11)]: { dayStatus: { ...daysOf('bibleReading', range(1, 15)), ...daysOf('fasting', [14, 15]) } },
        [logKey(SELF.id, 2026, 10)]: { month: 10, dayStatus: daysOf('bibleReading', range(25, 31)) },
      },
    });
    expect(await screen.findByTestId('streak-fasting')).toHaveTextContent('2 days');
    expect(await screen.findByText('22 days')).toBeInTheDocument();
    expect(screen.getByTestId('streak-bibleReading')).toHaveTextContent('22 days');
    expect(screen.getByTestId('streak-morningIntimacy')).toHaveTextContent('0 days');
    expect(within(await card('Current Streaks')).getAllByRole('listitem')).toHaveLength(5);
    // Bible Reading ran through November 1 into October: the streaks came with the dashboard's one call,
    // and no month was fetched for them.
    expect(api.calls('GET', `/api/communities/${COMMUNITY_ID}/dashboard?month=11&year=2026&date=2026-11-15`)).toHaveLength(1);
    expect(api.calls('GET', `/api/communities/${COMMUNITY_ID}/streaks?date=2026-11-15`)).toHaveLength(0);
    expect(logCalls(api, 10)).toHaveLength(0);
  });

  it("says 'kept with grace' when the community's grace days carried a streak over a Sick day", async () => {
    renderDashboard({
      community: { graceDays: true },
      logs: { [logKey(SELF.id, 2026, 11)]: { dayStatus: { fasting: { '13': 'Yes', '14': 'Sick', '15': 'Yes' } } } },
    });
    expect(await screen.findByTestId('streak-fasting')).toHaveTextContent('2 days');
    expect(within(await card('Current Streaks')).getAllByText('kept with grace')).toHaveLength(1);
  });

  it('goes up when the member checks in today', async () => {
    const { user } = renderDashboard({ logs: { [logKey(SELF.id, 2026, 11)]: { dayStatus: daysOf('bibleReading', [13, 14]) } } });
    expect(await screen.findByTestId('streak-bibleReading')).toHaveTextContent('2 days');
    await user.click(await screen.findByRole('button', { name: 'Mark Bible Reading Yes for today' }));
    expect(await screen.findByText('3 days')).toBeInTheDocument();
    expect(screen.getByTestId('streak-bibleReading')).toHaveTextContent('3 days');
  });

  it("shows another member's data for the chosen month, read-only", async () => {
    const { user, api } = renderDashboard({
      logs: { [logKey(OTHER.id, 2026, 9)]: { userId: OTHER.id, month: 9, dayStatus: daysOf('meditation', [28, 29, 30]) } },
    });
    await within(await screen.findByLabelText('Member')).findByRole('option', { name: 'Boaz Bethlehem' });
    await user.selectOptions(screen.getByLabelText('Member'), OTHER.id);
    await user.selectOptions(screen.getByLabelText('Month'), '9');
    expect(await screen.findByText('3 days')).toBeInTheDocument();
    expect(screen.getByTestId('streak-meditation')).toHaveTextContent('3 days');
    expect(screen.getByText(/counting back from September 30/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Quick Daily Check-in' })).not.toBeInTheDocument();
    expect(api.calls('GET', `/api/users/${OTHER.id}/discipline-targets?month=9&year=2026`)).toHaveLength(1);
    expect(await screen.findByText("Boaz Bethlehem's plan for September 2026")).toBeInTheDocument();
  });
});

describe('dashboard cards', () => {
  it('shows the default guidelines, the targets (with the fixed ones) and the questions and meetings cards', async () => {
    renderDashboard({ targets: { bibleReading: JSON.stringify({ target: 2, unit: 'chapters' }), fasting: 'Until 12 noon', prayerWalk: 'Yes' } });
    const guidelines = within(await card('Guidelines'));
    expect(await guidelines.findByRole('heading', { name: 'Bible Reading' })).toBeInTheDocument();
    expect(guidelines.getByText(/amplified version/)).toBeInTheDocument();
    expect(guidelines.getByText(/12 noon/)).toBeInTheDocument();
    expect(guidelines.getByRole('heading', { name: 'Midnight Prayer' })).toBeInTheDocument();

    const targets = within(await card('Discipline Targets'));
    expect(await targets.findByText('2 chapters')).toBeInTheDocument();
    expect(targets.getByText('Until 12 noon')).toBeInTheDocument();
    expect(targets.getByText('One day monthly')).toBeInTheDocument();
    expect(targets.getByText('1 hour weekly')).toBeInTheDocument();
    expect(targets.getAllByText('Not set')).toHaveLength(5); // three daily, evangelism, New Testament

    expect(screen.getByRole('heading', { name: 'Recent Questions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Upcoming Meetings' })).toBeInTheDocument();
  });

  it('marks a target kept in secret with a lock for its member, and leaves it out for a neighbour it is withheld from', async () => {
    const secretFasting = DEFAULT_DISCIPLINES.map((discipline) => ({ ...discipline, isPrivate: discipline.key === 'fasting' }));
    const { user } = renderDashboard({
      disciplines: secretFasting,
      targets: { fasting: 'Until 12 noon' },
      logs: { [logKey(OTHER.id, 2026, 11)]: { userId: OTHER.id, withheldKeys: ['fasting'] } },
    });
    const targets = within(await card('Discipline Targets'));
    expect(await targets.findByText('Until 12 noon')).toBeInTheDocument();
    expect(targets.getByText('Fasting').closest('dt')).toHaveTextContent('Fasting (kept in secret)');

    await user.selectOptions(await screen.findByLabelText('Member'), OTHER.id);
    expect(await screen.findByText("Boaz Bethlehem's plan for November 2026")).toBeInTheDocument();
    const theirs = within(await card('Discipline Targets'));
    expect(await theirs.findByText('Bible Reading')).toBeInTheDocument();
    // Said nothing of, rather than 'Fasting: Not set' (a false value).
    expect(theirs.queryByText('Fasting')).not.toBeInTheDocument();
  });

  it("lists 5 community members, then 'Show N More' and 'Show Less'", async () => {
    const members = [makeMember(), ...Array.from({ length: 7 }, (_, index) => makeMember({ id: `b5000000-0000-4000-8000-00000000000${index}`, displayName: `Member ${index + 1}` }))];
    const { user } = renderDashboard({ members });
    const membersCard = within(await card('Community Members'));
    await membersCard.findByText('8 members');
    expect(membersCard.getAllByRole('listitem')).toHaveLength(5);
    expect(membersCard.getByText('(You)')).toBeInTheDocument();

    const toggle = membersCard.getByRole('button', { name: 'Show 3 More' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(membersCard.getAllByRole('listitem')).toHaveLength(8);
    expect(membersCard.getByRole('button', { name: 'Show Less' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(membersCard.getByRole('button', { name: 'Show Less' }));
    expect(membersCard.getAllByRole('listitem')).toHaveLength(5);
  });

  describe('in a congregation larger than a page', () => {
    const congregation = () => [
      makeMember(),
      ...Array.from({ length: 120 }, (_, index) => makeMember({ id: `c5000000-0000-4000-8000-${String(index).padStart(12, '0')}`, displayName: `Member ${String(index + 1).padStart(3, '0')}` })),
    ];

    it('reads the members a page at a time: the count is the whole community, and expanding reads on', async () => {
      const { user, api } = renderDashboard({ members: congregation() });
      const membersCard = within(await card('Community Members'));
      await membersCard.findByText('121 members');
      const memberReads = api.requests.filter((request) => /\/members(\?|$)/.test(request.url)).map((request) => request.url);
      expect(memberReads).not.toHaveLength(0);
      expect(memberReads.filter((url) => !url.includes('limit=50'))).toEqual([]);
      await user.click(membersCard.getByRole('button', { name: 'Show 116 More' }));
      expect(membersCard.getAllByRole('listitem')).toHaveLength(50);
      await user.click(membersCard.getByRole('button', { name: 'Show more members' }));
      await waitFor(() => expect(membersCard.getAllByRole('listitem')).toHaveLength(100));
    });

    it("finds a member beyond the first page with the picker's search, and shows their tracking", async () => {
      const { user } = renderDashboard({ members: congregation() });
      const memberPicker = await screen.findByLabelText('Member');
      await within(memberPicker).findByRole('option', { name: 'Member 049' });
      expect(within(memberPicker).queryByRole('option', { name: 'Member 110' })).not.toBeInTheDocument();
      await user.selectOptions(memberPicker, 'Find another member…');
      const dialog = within(await screen.findByRole('dialog', { name: 'Find a member' }));
      await user.type(dialog.getByLabelText('Search members'), 'member 110');
      await user.click(await dialog.findByRole('button', { name: 'Member 110' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await screen.findByText(/You are viewing/)).toHaveTextContent("You are viewing Member 110's tracking.");
      expect(memberPicker).toHaveDisplayValue('Member 110');
    });
  });

  it('has no toggle with 5 members or fewer', async () => {
    renderDashboard();
    const membersCard = within(await card('Community Members'));
    await membersCard.findByText('2 members');
    expect(membersCard.queryByRole('button', { name: /Show/ })).not.toBeInTheDocument();
  });
});

describe('dashboard subgroup statistics', () => {
  const subgroupMembers: SubgroupMember[] = ['Anna', 'Simeon', 'Lydia', 'Tabitha'].map((name, index) => ({
    id: `d6000000-0000-4000-8000-00000000000${index}`,
    displayName: name,
    email: null,
    subgroupId: 'e7000000-0000-4000-8000-000000000001',
    subgroupName: 'Alpha Group',
  }));
  const memberStats: CommanderMemberStat[] = [12, 7, 3, 1].map((streak, index) => ({
    id: subgroupMembers[index]!.id,
    displayName: subgroupMembers[index]!.displayName,
    lastUpdated: index === 3 ? null : '2026-11-14T18:00:00.000Z',
    streak,
    completionPercent: 40 + index,
    weeklyStats: { thisWeek: 10 - index, lastWeek: 20 - index },
  }));

  it('is not shown to a plain Member, and is not even asked for', async () => {
    const { api } = renderDashboard({ roles: ['Member'] });
    await screen.findByTestId('streak-bibleReading');
    expect(screen.queryByRole('heading', { name: 'Subgroup Statistics' })).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.url.startsWith('/api/commanders/'))).toHaveLength(0);
  });

  it('shows a commander each member with last update, a streak coloured by 10+ / 5+ / 2+, completion and the weeks', async () => {
    const { api } = renderDashboard({ roles: ['Commander'], subgroupMembers, memberStats });
    const stats = within(await card('Subgroup Statistics'));
    const rows = await stats.findAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(within(rows[0]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Member', 'Last Updated', 'Streak', 'Completion', 'This Week', 'Last Week']);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Anna');
    expect(rows[1]).toHaveTextContent('November 14, 2026');
    expect(rows[1]).toHaveTextContent('40%');
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent).slice(3)).toEqual(['10', '20']);
    expect(rows[4]).toHaveTextContent('Never');

    const tiers = ['12 days', '7 days', '3 days', '1 day'].map((text) => stats.getByText(text));
    expect(tiers.map((pill) => pill.getAttribute('data-streak-tier'))).toEqual(['10+', '5+', '2+', 'under-2']);
    expect(tiers[0]).toHaveClass('bg-success');
    expect(tiers[1]).toHaveClass('bg-primary-100');
    expect(tiers[2]).toHaveClass('bg-accent-100');
    expect(tiers[3]).toHaveClass('bg-muted');
    expect(api.calls('GET', `/api/commanders/${SELF.id}/member-stats?month=11&year=2026`)).toHaveLength(1);
  });

  it('is shown to admins too, with an empty state when nobody is in the subgroup', async () => {
    renderDashboard({ roles: ['CommunityModerator'] });
    const stats = within(await card('Subgroup Statistics'));
    expect(await stats.findByText(/No members are in your subgroup yet/)).toBeInTheDocument();
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

describe('a member removed while signed in', () => {
  it('is sent to /community-access with a message on the next call answering community_not_found, and the community\'s data is dropped', async () => {
    const server = trackingServer();
    let removed = false;
    const gone = () => new Response(JSON.stringify({ message: 'Community not found.', code: 'community_not_found' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    const api = mockApi({
      ...server.routes,
      'GET /api/memberships': (request) => (removed ? json([]) : server.routes['GET /api/memberships']!(request)),
      [`GET /api/communities/${COMMUNITY_ID}/members`]: (request) => (removed ? gone() : server.routes[`GET /api/communities/${COMMUNITY_ID}/members`]!(request)),
      [`POST /api/communities/${COMMUNITY_ID}/daily-log`]: (request) => (removed ? gone() : server.routes[`POST /api/communities/${COMMUNITY_ID}/daily-log`]!(request)),
    });
    const { user, location, queryClient } = renderApp('/');
    const yes = await screen.findByRole('button', { name: 'Mark Bible Reading Yes for today' });
    const membersRead = () => queryClient.getQueriesData({ queryKey: ['/api/communities', COMMUNITY_ID, 'members'] }).filter(([, data]) => data !== undefined);
    expect(membersRead()).not.toHaveLength(0);

    removed = true;
    await user.click(yes);

    expect(await findToast('No longer a member')).toHaveTextContent('You are no longer a member of Grace Fellowship.');
    await waitFor(() => expect(location()).toBe('/community-access'));
    expect(membersRead()).toHaveLength(0);
    expect(queryClient.getQueryCache().findAll().every((query) => ['/api/user', '/api/memberships'].includes(String(query.queryKey[0])))).toBe(true);
    expect(localStorage.getItem('steadfast.communityId')).toBeNull();
    expect(await screen.findByRole('heading', { name: "You're not part of a community yet" })).toBeInTheDocument();
    expect(api.calls('GET', '/api/memberships').length).toBeGreaterThanOrEqual(2);
  });
});

describe('dashboard greeting', () => {
  it("greets an account made today with 'Welcome', and one made earlier with 'Welcome back'", async () => {
    const server = trackingServer();
    mockApi({ ...server.routes, 'GET /api/user': () => json({ ...SELF, createdAt: new Date(TODAY.getTime() - 60 * 60 * 1000).toISOString() }) });
    renderApp('/');
    expect(await screen.findByText('Welcome, Ruth. Keep walking steadfastly, one day at a time.')).toBeInTheDocument();
    cleanup();
    mockApi({ ...server.routes, 'GET /api/user': () => json({ ...SELF, createdAt: '2026-01-10T12:00:00.000Z' }) });
    renderApp('/');
    expect(await screen.findByText('Welcome back, Ruth. Keep walking steadfastly, one day at a time.')).toBeInTheDocument();
  });
});

describe('dashboard questions and meetings', () => {
  const day = 24 * 60 * 60 * 1000;
  const inDays = (days: number) => new Date(TODAY.getTime() + days * day).toISOString();

  function renderCards({ questions = [], meetings = [], routes = {} }: { questions?: QuestionView[]; meetings?: MeetingView[]; routes?: Record<string, Handler> } = {}) {
    const server = trackingServer();
    const api = mockApi({ ...server.routes, 'GET /api/questions': () => json(questions), 'GET /api/meetings': () => json(meetings), ...routes });
    return { ...renderApp('/'), api };
  }

  it('shows my first 2 questions with their status, and my next 2 meetings (not past ones), each linking to its screen', async () => {
    const questions = [
      makeQuestion({ title: 'Fasting on work days', status: 'Answered' }),
      makeQuestion({ title: 'Prayer at night', status: 'Open' }),
      makeQuestion({ title: 'An older question' }),
    ];
    const meetings = [
      makeMeeting({ startsAt: inDays(-2), notes: 'past' }),
      makeMeeting({ startsAt: '2026-11-18T15:00:00.000Z' }),
      makeMeeting({ startsAt: '2026-11-17T09:00:00.000Z', commanderId: SELF.id, memberName: 'Anna Asher' }),
      makeMeeting({ startsAt: '2026-11-25T15:00:00.000Z' }),
    ];
    renderCards({ questions, meetings });

    const recent = within(await card('Recent Questions'));
    expect(recent.getByText('Your latest questions', { selector: 'p' })).toBeInTheDocument();
    const questionLinks = within(await recent.findByRole('list', { name: 'Your latest questions' })).getAllByRole('link');
    expect(questionLinks).toHaveLength(2);
    expect(questionLinks[0]).toHaveTextContent('Fasting on work days');
    expect(questionLinks[0]).toHaveTextContent('Answered');
    expect(questionLinks[1]).toHaveTextContent('Prayer at night');
    expect(questionLinks[1]).toHaveTextContent('Open');
    expect(questionLinks[0]).toHaveAttribute('href', '/questions');
    expect(recent.queryByText('An older question')).not.toBeInTheDocument();
    expect(recent.getByRole('link', { name: 'Go to Questions' })).toHaveAttribute('href', '/questions');

    const upcoming = within(await card('Upcoming Meetings'));
    const meetingLinks = within(await upcoming.findByRole('list', { name: 'Your next meetings' })).getAllByRole('link');
    expect(meetingLinks).toHaveLength(2);
    // Soonest first, in the community's time zone (UTC here); a commander sees whom they meet.
    expect(meetingLinks[0]).toHaveTextContent('Meeting with Anna Asher');
    expect(meetingLinks[0]).toHaveTextContent('Tuesday, November 17, 2026, 9:00 AM – 10:00 AM');
    expect(meetingLinks[1]).toHaveTextContent('Meeting with Commander');
    expect(meetingLinks[1]).toHaveTextContent('Wednesday, November 18, 2026, 3:00 PM – 4:00 PM');
    expect(meetingLinks[1]).toHaveAttribute('href', '/meetings');
    expect(upcoming.getByText('Your next meetings (UTC time)')).toBeInTheDocument();
    expect(upcoming.getByRole('link', { name: 'Go to Meetings' })).toHaveAttribute('href', '/meetings');
  });

  it('says when there are no questions and no upcoming meetings', async () => {
    renderCards({ meetings: [makeMeeting({ startsAt: inDays(-1) })] });
    expect(await within(await card('Recent Questions')).findByText(/No questions yet/)).toBeInTheDocument();
    const upcoming = within(await card('Upcoming Meetings'));
    expect(await upcoming.findByText('No upcoming meetings.')).toBeInTheDocument();
    expect(upcoming.getByRole('link', { name: 'Book a meeting with your commander' })).toHaveAttribute('href', '/my-subgroup');
  });

  it("shows a commander the questions they received (where they act), not their own", async () => {
    const server = trackingServer({ roles: ['Commander'] });
    const api = mockApi({
      ...server.routes,
      'GET /api/questions': () => json([makeQuestion({ title: 'My own question' })]),
      'GET /api/questions/received': () => json([makeQuestion({ title: 'I am struggling today', fromUserId: OTHER.id, fromUserName: 'Anna Asher', priority: 'Urgent' })]),
      'GET /api/meetings': () => json([]),
    });
    renderApp('/');
    const recent = within(await card('Recent Questions'));
    expect(recent.getByText('Questions you received', { selector: 'p' })).toBeInTheDocument();
    const [link] = within(await recent.findByRole('list', { name: 'Questions you received' })).getAllByRole('link');
    expect(link).toHaveTextContent('I am struggling today');
    expect(link).toHaveTextContent('Anna Asher');
    expect(link).toHaveAttribute('href', '/questions?tab=received');
    expect(recent.getByRole('link', { name: 'Go to Questions' })).toHaveAttribute('href', '/questions?tab=received');
    expect(recent.queryByText('My own question')).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/questions')).toHaveLength(0);
  });

  it("tells a member without a commander why there is nobody to ask, in place of 'Ask your commander'", async () => {
    renderCards({ routes: { 'GET /api/user/subgroup': () => json({ subgroup: null, commander: null, ledSubgroups: [] }) } });
    const recent = within(await card('Recent Questions'));
    expect(await recent.findByText(`No questions yet. ${ASK_REASONS.noSubgroup}`)).toBeInTheDocument();
    expect(recent.queryByText(/Ask your commander/)).not.toBeInTheDocument();
  });

  it('offers Retry when the questions or meetings cannot be loaded', async () => {
    let questionCalls = 0;
    let meetingCalls = 0;
    const { user } = renderCards({
      routes: {
        // Asked for with the first screen, and once more as the card mounts after a failure: both fail here.
        'GET /api/questions': () => (questionCalls++ < 2 ? apiError(500, 'Database unavailable.') : json([makeQuestion({ title: 'Back again' })])),
        'GET /api/meetings': () => (meetingCalls++ < 2 ? apiError(500, 'Database unavailable.') : json([makeMeeting({ startsAt: inDays(3) })])),
      },
    });
    const recent = within(await card('Recent Questions'));
    expect(await recent.findByRole('alert')).toHaveTextContent('We could not load your questions.');
    await user.click(recent.getByRole('button', { name: 'Retry' }));
    expect(await recent.findByText('Back again')).toBeInTheDocument();

    const upcoming = within(await card('Upcoming Meetings'));
    expect(await upcoming.findByRole('alert')).toHaveTextContent('We could not load your meetings.');
    await user.click(upcoming.getByRole('button', { name: 'Retry' }));
    expect(await upcoming.findByText('Meeting with Commander')).toBeInTheDocument();
  });

  it("keeps showing my own questions and meetings while another member's month is on screen", async () => {
    const { user, api } = renderCards({ questions: [makeQuestion({ title: 'My own question' })], meetings: [makeMeeting({ startsAt: inDays(2) })] });
    await within(await card('Recent Questions')).findByText('My own question');
    await within(await screen.findByLabelText('Member')).findByRole('option', { name: 'Boaz Bethlehem' });
    await user.selectOptions(screen.getByLabelText('Member'), OTHER.id);
    expect(await screen.findByText("Boaz Bethlehem's plan for November 2026")).toBeInTheDocument();
    expect(within(await card('Recent Questions')).getByText('My own question')).toBeInTheDocument();
    expect(within(await card('Upcoming Meetings')).getByText('Meeting with Commander')).toBeInTheDocument();
    // Only one's own lists exist: nothing is asked about the other member.
    expect(api.requests.filter((request) => /^\/api\/(questions|meetings)/.test(request.url) && request.url.includes(OTHER.id))).toHaveLength(0);
  });
});
