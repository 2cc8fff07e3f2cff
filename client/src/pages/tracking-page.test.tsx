import { act, screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@shared/domain/constants';
import { DEFAULT_DISCIPLINES } from '@shared/domain/disciplines';
import { COMMUNITY_ID, daysOf, logKey, makeMember, OTHER, SELF, TODAY, trackingServer } from '@/features/tracking/test-kit';
import { resetQueuedCheckInsForTest } from '@/features/tracking/offline-check-ins';
import { apiError, json, mockApi } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';
import { activateLocale } from '@/i18n';

type ServerOptions = Parameters<typeof trackingServer>[0];

function renderTracking(options: ServerOptions = {}) {
  const server = trackingServer(options);
  const api = mockApi(server.routes);
  return { ...renderApp('/tracking'), api, server };
}

const cell = (name: string) => screen.getByRole('button', { name });
const findCell = (name: string) => screen.findByRole('button', { name });
const carousel = () => screen.queryByRole('region', { name: 'Quick Daily Check-in' });
/** A cell that can be read and reached by keyboard but not changed (the grid keeps it focusable). */
const expectReadOnly = (element: HTMLElement) => expect(element).toHaveAttribute('aria-disabled', 'true');
const dailyLogPosts = (api: ReturnType<typeof mockApi>) => api.calls('POST', `/api/communities/${COMMUNITY_ID}/daily-log`);

beforeEach(() => {
  vi.setSystemTime(TODAY);
});

describe('/tracking pickers', () => {
  it("has a member picker with one's own entry marked 'You', months 1 to 12 and the current year and the previous 3", async () => {
    renderTracking();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Tracking' })).toBeInTheDocument();
    const memberPicker = screen.getByLabelText('Member');
    await within(memberPicker).findByRole('option', { name: 'Boaz Bethlehem' });
    expect(within(memberPicker).getAllByRole('option').map((option) => option.textContent)).toEqual(['Ruth Moab (You)', 'Boaz Bethlehem']);
    expect(memberPicker).toHaveValue(SELF.id);

    const months = within(screen.getByLabelText('Month')).getAllByRole('option');
    expect(months.map((option) => option.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(months[10]).toHaveTextContent('November');
    expect(screen.getByLabelText('Month')).toHaveValue('11');

    expect(within(screen.getByLabelText('Year')).getAllByRole('option').map((option) => option.textContent)).toEqual(['2026', '2025', '2024', '2023']);
    expect(screen.getByLabelText('Year')).toHaveValue('2026');
  });
});

describe('/tracking check-in carousel', () => {
  it('is shown only when the current month is selected', async () => {
    const { user } = renderTracking();
    expect(await screen.findByRole('region', { name: 'Quick Daily Check-in' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Month'), '10');
    expect(await findCell('Bible Reading, October 5: Not set')).toBeInTheDocument();
    expect(carousel()).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Month'), '11');
    await user.selectOptions(screen.getByLabelText('Year'), '2025');
    expect(await findCell('Bible Reading, November 5: Not set')).toBeInTheDocument();
    expect(carousel()).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Year'), '2026');
    expect(await screen.findByRole('region', { name: 'Quick Daily Check-in' })).toBeInTheDocument();
  });
});

describe('/tracking Monthly Progress calendar', () => {
  it('shows every status of the month with a legend and the progress per discipline', async () => {
    renderTracking({
      logs: {
        [logKey(SELF.id, 2026, 11)]: {
          dayStatus: {
            bibleReading: { '1': 'Yes', '2': 'No', '3': 'Partially', '4': 'Sick', '5': 'FeelingTired' },
          },
        },
      },
    });
    expect(await findCell('Bible Reading, November 1: Yes')).toHaveTextContent('Y');
    expect(cell('Bible Reading, November 2: No')).toHaveTextContent('N');
    expect(cell('Bible Reading, November 3: Partially')).toHaveTextContent('P');
    expect(cell('Bible Reading, November 4: Sick')).toHaveTextContent('S');
    expect(cell('Bible Reading, November 5: Feeling Tired')).toHaveTextContent('T');
    expect(cell('Bible Reading, November 6: Not set')).toHaveTextContent('');
    // Rows are the five daily disciplines; columns the 30 days of November.
    expect(screen.getAllByRole('button', { name: /^Meditation, November \d+: / })).toHaveLength(30);
    expect(screen.queryByRole('button', { name: /^Prayer Walk, November/ })).not.toBeInTheDocument();

    const legend = within(screen.getByRole('region', { name: 'Legend' }));
    for (const label of ['Yes', 'No', 'Partially', 'Sick', 'Feeling Tired', 'Not set']) expect(legend.getByText(label)).toBeInTheDocument();
    // 1 Yes + 1 Partially of 30 days.
    expect(screen.getByTestId('progress-bibleReading')).toHaveTextContent('7%');
    expect(screen.getByTestId('progress-fasting')).toHaveTextContent('0%');
  });

  it('saves a changed cell with only that cell in the body, and can set it back to Blank', async () => {
    const { user, api } = renderTracking();
    await user.click(await findCell('Bible Reading, November 5: Not set'));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Yes' }));

    expect(await findCell('Bible Reading, November 5: Yes')).toBeInTheDocument();
    expect(dailyLogPosts(api)).toHaveLength(1);
    expect(dailyLogPosts(api)[0]?.body).toEqual({
      communityId: COMMUNITY_ID,
      month: 11,
      year: 2026,
      entries: { bibleReading: { '2026-11': { '5': true } } },
      dayStatus: { bibleReading: { '5': 'Yes' } },
    });

    await user.click(cell('Bible Reading, November 5: Yes'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: 'Yes' })).toHaveAttribute('aria-checked', 'true');
    expect(within(menu).getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['YYes', 'NNo', 'PPartially', 'SSick', 'TFeeling Tired', 'Not set']);
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Not set' }));

    expect(await findCell('Bible Reading, November 5: Not set')).toBeInTheDocument();
    expect(dailyLogPosts(api)[1]?.body).toMatchObject({ dayStatus: { bibleReading: { '5': 'Blank' } }, entries: { bibleReading: { '2026-11': { '5': false } } } });
  });

  it('keeps a check-in made without a network on the device, marks it waiting, and sends it when the network returns', async () => {
    await resetQueuedCheckInsForTest();
    let network = false;
    const { user, api, server } = renderTracking();
    const save = server.routes[`POST /api/communities/${COMMUNITY_ID}/daily-log`]!;
    server.routes[`POST /api/communities/${COMMUNITY_ID}/daily-log`] = (request) => (network ? save(request) : Promise.reject(new TypeError('Failed to fetch')));
    await user.click(await findCell('Bible Reading, November 5: Not set'));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Yes' }));
    // Kept, not put back: the cell shows the choice, marked as waiting, and the count says so.
    expect(await findCell('Bible Reading, November 5: Yes, waiting to sync')).toBeInTheDocument();
    expect(await screen.findByText('1 check-in waiting to sync: sent when you are back online.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to Save Progress')).not.toBeInTheDocument();

    network = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await findToast('Check-ins synced')).toBeInTheDocument();
    expect(screen.queryByText(/waiting to sync/)).not.toBeInTheDocument();
    expect(dailyLogPosts(api).at(-1)?.body).toMatchObject({ dayStatus: { bibleReading: { '5': 'Yes' } } });
  });

  it('disables future days', async () => {
    renderTracking();
    expect(await findCell('Fasting, November 15: Not set')).toBeEnabled();
    expectReadOnly(cell('Fasting, November 16: Not set'));
    expectReadOnly(cell('Fasting, November 30: Not set'));
    expect(cell('Fasting, November 15: Not set')).not.toHaveAttribute('aria-disabled');
  });

  it('puts a failed save back and says why', async () => {
    const { user } = renderTracking({ saveDailyLog: () => apiError(400, 'Some days could not be saved.') });
    await user.click(await findCell('Midnight Prayer, November 3: Not set'));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Partially' }));
    expect(await findToast('Failed to Save Progress')).toHaveTextContent('Some days could not be saved.');
    expect(await findCell('Midnight Prayer, November 3: Not set')).toBeInTheDocument();
  });

  it("shows 'Failed to fetch daily log: {status}' when the month cannot be loaded", async () => {
    const server = trackingServer();
    server.routes[`GET /api/communities/${COMMUNITY_ID}/daily-log?month=11&year=2026`] = () => apiError(500, 'Something went wrong.');
    mockApi(server.routes);
    renderApp('/tracking');
    expect((await screen.findAllByText('Failed to fetch daily log: 500')).length).toBeGreaterThan(0);
  });

  it('offers Retry wherever the failure is shown, and Retry loads the month again', async () => {
    const server = trackingServer();
    const monthUrl = `GET /api/communities/${COMMUNITY_ID}/daily-log?month=11&year=2026`;
    const working = server.routes[monthUrl] ?? server.routes[`GET /api/communities/${COMMUNITY_ID}/daily-log`];
    let failing = true;
    const api = mockApi({ ...server.routes, [monthUrl]: (request) => (failing ? apiError(500, 'Something went wrong.') : working!(request)) });
    const { user } = renderApp('/tracking');
    await screen.findAllByText('Failed to fetch daily log: 500');
    const alerts = screen.getAllByRole('alert').filter((alert) => alert.textContent?.includes('Failed to fetch daily log: 500'));
    expect(alerts.length).toBeGreaterThanOrEqual(3); // check-in, calendar, completion goals
    for (const alert of alerts) expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();

    failing = false;
    await user.click(within(alerts[0]!).getByRole('button', { name: 'Retry' }));
    expect(await findCell('Bible Reading, November 5: Not set')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch daily log: 500')).not.toBeInTheDocument();
    expect(api.calls('GET', `/api/communities/${COMMUNITY_ID}/daily-log?month=11&year=2026`).length).toBeGreaterThanOrEqual(2);
  });

  it("shows the 'Completion Goals Only' badge to a non-admin only", async () => {
    renderTracking();
    expect(await screen.findByText('Completion Goals Only')).toBeInTheDocument();
  });

  it("does not show 'Completion Goals Only' to an admin", async () => {
    renderTracking({ roles: ['CommunityModerator'] });
    await findCell('Bible Reading, November 5: Not set');
    expect(screen.queryByText('Completion Goals Only')).not.toBeInTheDocument();
  });
});

describe('/tracking for another member', () => {
  it('is read-only: no carousel, no editable cell, no completion goals card', async () => {
    const { user, api } = renderTracking({
      logs: { [logKey(OTHER.id, 2026, 11)]: { userId: OTHER.id, dayStatus: daysOf('fasting', [2, 3]), monthlyCompletions: { prayerWalk: true } } },
    });
    await screen.findByRole('region', { name: 'Quick Daily Check-in' });
    await within(screen.getByLabelText('Member')).findByRole('option', { name: 'Boaz Bethlehem' });
    await user.selectOptions(screen.getByLabelText('Member'), OTHER.id);

    expectReadOnly(await findCell('Fasting, November 2: Yes'));
    expect(api.calls('GET', `/api/communities/${COMMUNITY_ID}/daily-log?month=11&year=2026&userId=${OTHER.id}`)).toHaveLength(1);
    expect(screen.getByText((_, element) => element?.textContent === "You are viewing Boaz Bethlehem's tracking. It is read-only." && element.tagName === 'SPAN')).toBeInTheDocument();
    // Said once: no second read-only sentence, and no 'you mark your progress' badge on someone else's month.
    expect(screen.queryByText(/Read-only: this is/)).not.toBeInTheDocument();
    expect(screen.queryByText('Completion Goals Only')).not.toBeInTheDocument();
    expect(carousel()).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Monthly Completion Goals' })).not.toBeInTheDocument();
    const cells = screen.getAllByRole('button', { name: /^(Bible Reading|Fasting|Morning Intimacy|Midnight Prayer|Meditation), November \d+: / });
    expect(cells).toHaveLength(150);
    for (const button of cells) expectReadOnly(button);
    expect(screen.getByText('Prayer Walk: Completed')).toBeInTheDocument();
    expect(screen.getByText('Evangelism: Not completed')).toBeInTheDocument();
  });
});

describe('/tracking with a discipline kept in secret', () => {
  const secretFasting = DEFAULT_DISCIPLINES.map((discipline) => ({ ...discipline, isPrivate: discipline.key === 'fasting' || discipline.key === 'prayerWalk' }));

  it("shows the member their own with a lock and who sees it", async () => {
    renderTracking({ disciplines: secretFasting });
    const row = await screen.findByRole('rowheader', { name: 'Fasting (kept in secret)' });
    expect(row.querySelector('svg.lucide-lock')).not.toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Bible Reading' })).toBeInTheDocument();
    expect(screen.getByText("Fasting is kept in secret: only you, your commander and your community's admins see it.")).toBeInTheDocument();
  });

  it("leaves it out of another member's month when the server withheld it", async () => {
    const { user } = renderTracking({
      disciplines: secretFasting,
      logs: { [logKey(OTHER.id, 2026, 11)]: { userId: OTHER.id, dayStatus: daysOf('bibleReading', [2]), monthlyCompletions: { evangelism: true }, withheldKeys: ['fasting', 'prayerWalk'] } },
    });
    await screen.findByRole('region', { name: 'Quick Daily Check-in' });
    await within(screen.getByLabelText('Member')).findByRole('option', { name: 'Boaz Bethlehem' });
    await user.selectOptions(screen.getByLabelText('Member'), OTHER.id);
    expectReadOnly(await findCell('Bible Reading, November 2: Yes'));
    expect(screen.queryByRole('rowheader', { name: /Fasting/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Fasting, November/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/kept in secret/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Prayer Walk/)).not.toBeInTheDocument();
    expect(screen.getByText('Evangelism: Completed')).toBeInTheDocument();
  });
});

describe('/tracking locked month', () => {
  it("shows 'Locked' to a non-admin and makes the calendar and the carousel read-only", async () => {
    renderTracking({ lockedMonths: ['2026-11'] });
    expect(await screen.findByText('Locked')).toBeInTheDocument();
    expect(screen.queryByText('Locked (Admin Override)')).not.toBeInTheDocument();
    expectReadOnly(await findCell('Bible Reading, November 5: Not set'));
    expectReadOnly(cell('Meditation, November 15: Not set'));
    // One notice says why, not one per card.
    expect(screen.getAllByText("This month is locked by your community's admins, so it can no longer be changed.")).toHaveLength(1);
    const region = within(carousel()!);
    expect(region.getByRole('button', { name: 'Mark Bible Reading Yes for today' })).toBeDisabled();
    expect(region.getByRole('button', { name: 'Mark Bible Reading Yes for today' })).toHaveAccessibleDescription(
      "This month is locked by your community's admins, so it can no longer be changed.",
    );
    expect(screen.getByRole('checkbox', { name: 'Prayer Walk' })).toBeDisabled();
  });

  it("shows 'Locked (Admin Override)' to an admin, who can still change the month", async () => {
    const { user, api } = renderTracking({ roles: ['CommunityModerator'], lockedMonths: ['2026-11'] });
    expect(await screen.findByText('Locked (Admin Override)')).toBeInTheDocument();
    expect(screen.queryByText('Locked', { exact: true })).not.toBeInTheDocument();
    await user.click(await findCell('Bible Reading, November 5: Not set'));
    await user.click(await screen.findByRole('menuitemradio', { name: 'No' }));
    expect(await findCell('Bible Reading, November 5: No')).toBeInTheDocument();
    expect(dailyLogPosts(api)).toHaveLength(1);
    expect(within(carousel()!).getByRole('button', { name: 'Mark Bible Reading Yes for today' })).toBeEnabled();
  });

  it('shows no lock badge in an open month', async () => {
    renderTracking();
    await findCell('Bible Reading, November 5: Not set');
    expect(screen.queryByText(/^Locked/)).not.toBeInTheDocument();
  });
});

describe('/tracking targets and goals', () => {
  it('hides the targets card and the monthly plan from a non-admin', async () => {
    renderTracking({ roles: ['Commander'] });
    await findCell('Bible Reading, November 5: Not set');
    expect(screen.queryByRole('heading', { name: 'Discipline Targets' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Monthly Targets' })).not.toBeInTheDocument();
  });

  it("lets an admin edit the viewed member's targets for the month with POST /api/users/monthly-targets", async () => {
    const { user, api } = renderTracking({
      roles: ['CommunityModerator'],
      members: [makeMember({ roles: ['CommunityModerator'], role: 'CommunityModerator' }), OTHER],
      targets: { bibleReading: '1 chapter', evangelism: 'Yes' },
    });
    await within(await screen.findByLabelText('Member')).findByRole('option', { name: 'Boaz Bethlehem' });
    await user.selectOptions(screen.getByLabelText('Member'), OTHER.id);
    await user.selectOptions(screen.getByLabelText('Month'), '10');

    const targetsCard = (await screen.findByRole('heading', { name: 'Discipline Targets' })).closest('div.rounded-2xl') as HTMLElement;
    expect(await within(targetsCard).findByText('1 chapter')).toBeInTheDocument();
    expect(within(targetsCard).getByText('One day monthly')).toBeInTheDocument();
    expect(within(targetsCard).getByText('1 hour weekly')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Update Monthly Plan' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update Monthly Targets' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Discipline Targets & Goals (Admin Only)' }));
    expect(dialog.getByLabelText('Bible Reading')).toHaveValue('1 chapter');
    expect(dialog.getByRole('switch', { name: 'Evangelism' })).toBeChecked();
    expect(dialog.getByRole('switch', { name: 'Monthly Retreat' })).toBeDisabled();
    expect(dialog.getByRole('switch', { name: 'Monthly Retreat' })).toBeChecked();
    expect(dialog.getByRole('switch', { name: '1 Hr Silence' })).toBeDisabled();

    await user.clear(dialog.getByLabelText('Bible Reading'));
    await user.type(dialog.getByLabelText('Bible Reading'), '2 chapters');
    await user.type(dialog.getByLabelText('Fasting'), 'Until 3 pm');
    await user.click(dialog.getByRole('switch', { name: 'Prayer Walk' }));
    await user.click(dialog.getByRole('switch', { name: 'Evangelism' }));
    await user.click(dialog.getByRole('button', { name: 'Save Targets' }));

    expect(await findToast('Targets Updated')).toBeInTheDocument();
    expect(api.calls('POST', '/api/users/monthly-targets')[0]?.body).toEqual({
      userId: OTHER.id,
      month: 10,
      year: 2026,
      bibleReading: '2 chapters',
      fasting: 'Until 3 pm',
      morningIntimacy: null,
      midnightPrayer: null,
      meditation: null,
      monthlyRetreat: 'Yes',
      prayerWalk: 'Yes',
      evangelism: null,
      completionOfNewTestament: null,
      silenceHour: 'Yes',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the monthly completion goals card for oneself and saves a ticked goal', async () => {
    const { user, api } = renderTracking();
    expect(await screen.findByRole('heading', { name: 'Monthly Completion Goals' })).toBeInTheDocument();
    const prayerWalk = await screen.findByRole('checkbox', { name: 'Prayer Walk' });
    expect(prayerWalk).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Monthly Retreat' })).toHaveAccessibleDescription('Required: One day monthly');

    await user.click(prayerWalk);
    expect(await findToast('Completion Goals Updated')).toBeInTheDocument();
    expect(api.calls('POST', '/api/users/monthly-completion-goals')[0]?.body).toEqual({
      monthlyRetreat: false,
      prayerWalk: true,
      evangelism: false,
      completionOfNewTestament: false,
      silenceHour: false,
      month: 11,
      year: 2026,
      userId: SELF.id,
    });
    expect(screen.getByRole('checkbox', { name: 'Prayer Walk' })).toBeChecked();
  });
});

describe('/tracking roles', () => {
  it.each<[Role[], boolean]>([
    [['Member'], false],
    [['InstitutionAdmin'], true],
  ])('with roles %j shows the admin plan: %s', async (roles, shown) => {
    renderTracking({ roles });
    await findCell('Bible Reading, November 5: Not set');
    expect(Boolean(screen.queryByRole('button', { name: 'Update Monthly Targets' }))).toBe(shown);
  });
});

describe('/tracking left open across midnight', () => {
  it('moves to the new day and month at local midnight, and a save after midnight lands on the new day', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date(2026, 10, 30, 23, 59, 50)); // Monday, November 30, ten seconds before midnight
    const server = trackingServer();
    const api = mockApi(server.routes);
    const { user } = renderApp('/tracking', { userEvent: { delay: null } });
    expect(await screen.findByText(/Monday, November 30/)).toBeInTheDocument();
    expect(screen.getByLabelText('Month')).toHaveValue('11');

    await act(() => vi.advanceTimersByTimeAsync(15_000)); // 00:00:05 on Tuesday, December 1

    expect(await screen.findByText(/Tuesday, December 1/)).toBeInTheDocument();
    expect(screen.getByLabelText('Month')).toHaveValue('12');
    await user.click(await screen.findByRole('button', { name: 'Mark Bible Reading Yes for today' }));
    await waitFor(() => expect(dailyLogPosts(api)).toHaveLength(1));
    expect(dailyLogPosts(api)[0]?.body).toMatchObject({ month: 12, year: 2026, dayStatus: { bibleReading: { '1': 'Yes' } } });
  });

  it('recomputes today when the page comes back into focus (a sleeping laptop runs no timer)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 15, 21, 0, 0));
    mockApi(trackingServer().routes);
    renderApp('/tracking');
    expect(await screen.findByText(/Sunday, November 15/)).toBeInTheDocument();
    vi.setSystemTime(new Date(2026, 10, 16, 7, 30, 0)); // the next morning, timers never ran
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByText(/Monday, November 16/)).toBeInTheDocument();
  });

  it('keeps a month picked on purpose when the month changes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date(2026, 10, 30, 23, 59, 50));
    mockApi(trackingServer().routes);
    const { user } = renderApp('/tracking', { userEvent: { delay: null } });
    await screen.findByRole('region', { name: 'Quick Daily Check-in' });
    await user.selectOptions(screen.getByLabelText('Month'), '9');
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    await waitFor(() => expect(screen.getByLabelText('Year')).toHaveValue('2026'));
    expect(screen.getByLabelText('Month')).toHaveValue('9');
  });
});

describe('/tracking month grid by keyboard (WAI-ARIA grid)', () => {
  it('is one Tab stop on today; arrows, Home, End and Page keys move; Enter opens the menu and focus comes back', async () => {
    const { user } = renderTracking();
    const grid = await screen.findByRole('grid', { name: 'Monthly Progress calendar, November 2026' });
    await findCell('Bible Reading, November 15: Not set');
    const tabbable = within(grid).getAllByRole('button').filter((button) => button.tabIndex === 0);
    expect(tabbable.map((button) => button.getAttribute('aria-label'))).toEqual(['Bible Reading, November 15: Not set']);

    act(() => tabbable[0]!.focus());
    await user.keyboard('{ArrowRight}');
    expect(cell('Bible Reading, November 16: Not set')).toHaveFocus(); // a future day: reachable, read-only
    await user.keyboard('{ArrowDown}');
    expect(cell('Fasting, November 16: Not set')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(cell('Fasting, November 1: Not set')).toHaveFocus();
    await user.keyboard('{End}');
    expect(cell('Fasting, November 30: Not set')).toHaveFocus();
    await user.keyboard('{PageUp}');
    expect(cell('Fasting, November 23: Not set')).toHaveFocus();
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(cell('Bible Reading, November 1: Not set')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(cell('Bible Reading, November 1: Not set')).toHaveFocus();
    // Still one Tab stop, now where the focus is.
    expect(within(grid).getAllByRole('button').filter((button) => button.tabIndex === 0)).toEqual([cell('Bible Reading, November 1: Not set')]);

    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: 'Not set' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(cell('Bible Reading, November 1: Not set')).toHaveFocus());

    // Tab leaves the grid instead of walking through its cells.
    await user.tab();
    expect(grid.contains(document.activeElement)).toBe(false);
  });
});

describe('/tracking month grid on a phone', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  });

  it('shows one week at a time, opening on the week of today, with previous and next', async () => {
    const { user } = renderTracking();
    expect(await screen.findByRole('grid', { name: 'Monthly Progress calendar, November 2026, November 15–21' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Bible Reading, November \d+: / }).map((button) => button.getAttribute('aria-label'))).toEqual(
      [15, 16, 17, 18, 19, 20, 21].map((day) => `Bible Reading, November ${day}: Not set`),
    );
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByRole('grid', { name: /November 22–28$/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByRole('grid', { name: /November 29–30$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next week' })).toBeDisabled();
    for (let i = 0; i < 4; i++) await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(screen.getByRole('grid', { name: /November 1–7$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous week' })).toBeDisabled();
  });

  it("pages the reader's own calendar weeks: Monday to Sunday in Spanish", async () => {
    // A member whose language is Spanish (their choice, or their community's): the app follows GET /api/user.
    const server = trackingServer();
    mockApi({ ...server.routes, 'GET /api/user': () => json({ ...SELF, locale: 'es' }) });
    renderApp('/tracking');
    try {
      // Sunday 15 November ends the Spanish week that began on Monday the 9th.
      expect(await screen.findByRole('grid', { name: /9–15 de noviembre$/ })).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: /^Lectura bíblica, \d+ de noviembre/ }).map((button) => button.getAttribute('aria-label')?.match(/\d+/)?.[0])).toEqual(
        ['9', '10', '11', '12', '13', '14', '15'],
      );
      expect(document.documentElement.lang).toBe('es');
    } finally {
      await act(() => activateLocale('en', { remember: false }));
    }
  });


  it('moves to the next week when the arrow keys leave the week shown', async () => {
    const { user } = renderTracking();
    const today = await findCell('Bible Reading, November 15: Not set');
    act(() => today.focus());
    for (let i = 0; i < 7; i++) await user.keyboard('{ArrowRight}');
    expect(cell('Bible Reading, November 22: Not set')).toHaveFocus();
    expect(screen.getByRole('grid', { name: /November 22–28$/ })).toBeInTheDocument();
  });
});

describe('/tracking for a member removed while signed in', () => {
  const gone = () => new Response(JSON.stringify({ message: 'Community not found.', code: 'community_not_found' }), { status: 404, headers: { 'Content-Type': 'application/json' } });

  it('leaves for /community-access when the only failing call is the daily log', async () => {
    const server = trackingServer();
    let removed = false;
    const routes = { ...server.routes };
    for (const key of Object.keys(routes).filter((route) => route.startsWith(`GET /api/communities/${COMMUNITY_ID}/daily-log`))) {
      const working = routes[key]!;
      routes[key] = (request) => (removed ? gone() : working(request));
    }
    routes['GET /api/memberships'] = (request) => (removed ? json([]) : server.routes['GET /api/memberships']!(request));
    mockApi(routes);
    const { user, location } = renderApp('/tracking');
    await findCell('Bible Reading, November 5: Not set');
    removed = true;
    await user.selectOptions(screen.getByLabelText('Month'), '10');
    expect(await findToast('No longer a member')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/community-access'));
    expect(screen.queryByText('Failed to fetch daily log: 404')).not.toBeInTheDocument();
  });

  it('stays when the refusal is about another community than the one on screen', async () => {
    const other = 'c9999999-0000-4000-8000-000000000009';
    const { location, queryClient } = (() => {
      mockApi({ ...trackingServer().routes, [`GET /api/communities/${other}/members`]: gone });
      return renderApp('/tracking');
    })();
    await findCell('Bible Reading, November 5: Not set');
    await expect(queryClient.fetchQuery({ queryKey: ['/api/communities', other, 'members'] })).rejects.toThrow();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(location()).toBe('/tracking');
    expect(screen.queryByText('No longer a member')).not.toBeInTheDocument();
  });
});

describe('/tracking month grid edges', () => {
  it('a key press at the edge of the grid leaves no focus change waiting for later', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    const { user } = renderTracking();
    const today = await findCell('Bible Reading, November 15: Not set');
    act(() => today.focus());
    await user.keyboard('{ArrowUp}'); // first row: nothing to move to
    const next = screen.getByRole('button', { name: 'Next week' });
    await user.click(next);
    expect(screen.getByRole('grid', { name: /November 22–28$/ })).toBeInTheDocument();
    expect(next).toHaveFocus();
  });
});
