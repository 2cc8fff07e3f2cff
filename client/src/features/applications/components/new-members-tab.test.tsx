import { screen, waitFor, within } from '@testing-library/react';
import type { ApplicationView, ReviewResult } from '@shared/contracts/applications';
import type { InviteCodeView } from '@shared/contracts/communities';
import { formatLongDate } from '@/lib/dates';
import { makeMembership, makeUser } from '@/test/fixtures';
import { apiError, deferred, type Handler, json, mockApi, type RecordedRequest } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

const COMMUNITY_ID = 'c7000000-0000-4000-8000-000000000007';
const LIST_URL = '/api/member-applications';
const statusUrl = (id: string) => `/api/member-applications/${id}/status`;

function application(overrides: Partial<ApplicationView> = {}): ApplicationView {
  return {
    id: 'a1000000-0000-4000-8000-000000000001',
    communityId: COMMUNITY_ID,
    name: 'Lydia of Thyatira',
    email: 'lydia@example.org',
    message: 'I sell purple cloth and would love to join.',
    disciplineTargets: { bibleReading: '2 chapters a day', fasting: 'Wednesdays', monthlyRetreat: 'Required - One day monthly' },
    status: 'Pending',
    reviewNotes: null,
    reviewedBy: null,
    createdAt: '2026-11-12T15:00:00.000Z',
    updatedAt: '2026-11-12T15:00:00.000Z',
    ...overrides,
  };
}

const LYDIA = application();
const TABITHA = application({
  id: 'a1000000-0000-4000-8000-000000000002',
  name: 'Tabitha of Joppa',
  email: 'tabitha@example.org',
  message: null,
  disciplineTargets: {},
  createdAt: '2026-11-10T15:00:00.000Z',
});
const SIMON = application({
  id: 'a1000000-0000-4000-8000-000000000003',
  name: 'Simon Magus',
  email: 'simon@example.org',
  status: 'Rejected',
  reviewNotes: 'Wanted to buy the gift.',
  reviewedBy: 'Ruth Moab',
  createdAt: '2026-11-01T15:00:00.000Z',
});
const CORNELIUS = application({
  id: 'a1000000-0000-4000-8000-000000000004',
  name: 'Cornelius of Caesarea',
  email: 'cornelius@example.org',
  status: 'Approved',
  reviewNotes: 'Devout, gives alms.',
  reviewedBy: 'Ruth Moab',
  createdAt: '2026-10-20T15:00:00.000Z',
});

const CODE: InviteCodeView = {
  id: 'b2000000-0000-4000-8000-000000000001',
  inviteCode: 'K7M2QX9P',
  expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  createdBy: 'Ruth Moab',
  createdAt: new Date().toISOString(),
  uses: 0,
};

/** The server's answer to a review: the application as reviewed, and a code when approved. */
const reviewed = (base: ApplicationView) => (request: RecordedRequest) => {
  const { status, reviewNotes } = request.body as { status: 'Approved' | 'Rejected'; reviewNotes: string | null };
  const result: ReviewResult = { application: { ...base, status, reviewNotes, reviewedBy: 'Ruth Moab' }, inviteCode: status === 'Approved' ? CODE : null };
  return json(result);
};

function renderTab(routes: Record<string, Handler> = {}, applications: ApplicationView[] = [LYDIA, TABITHA, SIMON, CORNELIUS]) {
  const membership = makeMembership({
    communityId: COMMUNITY_ID,
    role: 'CommunityModerator',
    roles: ['CommunityModerator'],
    community: { id: COMMUNITY_ID, name: 'Hope Chapel', description: null },
  });
  const api = mockApi({
    'GET /api/user': () => json(makeUser()),
    'GET /api/memberships': () => json([membership]),
    'GET /api/notifications': () => json([]),
    [`GET ${LIST_URL}`]: () => json(applications),
    [`PATCH ${statusUrl(LYDIA.id)}`]: reviewed(LYDIA),
    [`PATCH ${statusUrl(TABITHA.id)}`]: reviewed(TABITHA),
    ...routes,
  });
  return { ...renderApp('/admin?tab=applications'), api };
}

// The admin screen loads on demand: its first showing can take seconds on a busy two-core machine.
const SLOW = { timeout: 12_000 };
const table = () => screen.findByRole('table', {}, SLOW);
const rowOf = async (name: string) => (await screen.findByRole('cell', { name: new RegExp(name) }, SLOW)).closest('tr') as HTMLElement;

describe('Administration > New Members', () => {
  it('lists the applications with the columns Name, Email, Date, Status and Actions', async () => {
    const { api } = renderTab();
    const list = await table();
    expect(within(list).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Email', 'Date', 'Status', 'Actions']);
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const cells = within(rows[0]!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Lydia of Thyatira');
    expect(cells[1]).toHaveTextContent('lydia@example.org');
    expect(cells[2]).toHaveTextContent(formatLongDate(LYDIA.createdAt));
    expect(cells[3]).toHaveTextContent('Pending');
    expect(within(rows[2]!).getAllByRole('cell')[3]).toHaveTextContent('Rejected');
    expect(within(rows[3]!).getAllByRole('cell')[3]).toHaveTextContent('Approved');
    expect(api.calls('GET', LIST_URL)).toHaveLength(1);
  });

  it("offers Approve and Reject only while Pending, and 'Reviewed' afterwards", async () => {
    renderTab();
    for (const pending of [LYDIA, TABITHA]) {
      const row = within(await rowOf(pending.name));
      expect(row.getByRole('button', { name: `Approve ${pending.name}` })).toBeInTheDocument();
      expect(row.getByRole('button', { name: `Reject ${pending.name}` })).toBeInTheDocument();
      expect(row.queryByText('Reviewed')).not.toBeInTheDocument();
    }
    for (const done of [SIMON, CORNELIUS]) {
      const row = within(await rowOf(done.name));
      expect(row.getByText('Reviewed')).toBeInTheDocument();
      expect(row.queryByRole('button', { name: /^(Approve|Reject)/ })).not.toBeInTheDocument();
    }
  });

  it("names the targets by the community's own disciplines", async () => {
    const custom = application({ disciplineTargets: { psalms: 'Psalm 23 daily', prayer: '20 minutes', silenceHour: 'Required - 1 hour weekly' } });
    const { user } = renderTab(
      {
        [`GET /api/communities/${COMMUNITY_ID}/discipline-templates`]: () =>
          json([
            { key: 'prayer', label: 'Prayer', unit: 'minutes', isNumeric: true, isDailyGrid: true, order: 1 },
            { key: 'psalms', label: 'A psalm a day', unit: null, isNumeric: false, isDailyGrid: true, order: 2 },
          ]),
      },
      [custom],
    );
    const toggle = within(await rowOf('Lydia of Thyatira')).getByRole('button', { name: 'Details of Lydia of Thyatira' });
    await user.click(toggle);
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    await waitFor(() => expect(details).toHaveTextContent('Prayer: 20 minutes'));
    expect(details).toHaveTextContent('A psalm a day: Psalm 23 daily');
    expect(details).toHaveTextContent('1 Hr Silence: Required - 1 hour weekly');
    // In the community's order: Prayer before the psalm.
    expect(details.textContent!.indexOf('Prayer:')).toBeLessThan(details.textContent!.indexOf('A psalm a day:'));
  });

  it('expands a row to show the message, the discipline targets and the review notes', async () => {
    const { user } = renderTab();
    const toggle = within(await rowOf('Lydia of Thyatira')).getByRole('button', { name: 'Details of Lydia of Thyatira' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('I sell purple cloth and would love to join.')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(details).toHaveTextContent('I sell purple cloth and would love to join.');
    expect(details).toHaveTextContent('Bible Reading: 2 chapters a day');
    expect(details).toHaveTextContent('Fasting: Wednesdays');
    expect(details).toHaveTextContent('Monthly Retreat: Required - One day monthly');
    expect(details).toHaveTextContent(/Review notes/);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('I sell purple cloth and would love to join.')).not.toBeInTheDocument();

    const simonToggle = within(await rowOf('Simon Magus')).getByRole('button', { name: 'Details of Simon Magus' });
    await user.click(simonToggle);
    expect(document.getElementById(simonToggle.getAttribute('aria-controls')!)).toHaveTextContent('Wanted to buy the gift.');
  });

  it('approves with PATCH {status: Approved, reviewNotes}, says so, then shows the invitation code to send', async () => {
    const answer = deferred<void>();
    const { user, api } = renderTab({ [`PATCH ${statusUrl(LYDIA.id)}`]: (request) => answer.promise.then(() => reviewed(LYDIA)(request)) });
    await user.click(within(await rowOf('Lydia of Thyatira')).getByRole('button', { name: 'Approve Lydia of Thyatira' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Application' });
    expect(dialog).toHaveTextContent('lydia@example.org');
    await user.type(within(dialog).getByLabelText('Review notes (optional)'), 'Welcome!');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await within(dialog).findByRole('button', { name: 'Approving...' })).toBeDisabled();
    const patches = api.calls('PATCH', statusUrl(LYDIA.id));
    expect(patches).toHaveLength(1);
    expect(patches[0]!.body).toEqual({ status: 'Approved', reviewNotes: 'Welcome!' });

    answer.resolve();
    expect(await findToast('Application Approved')).toBeInTheDocument();
    expect(await screen.findByTestId('approval-invite-code')).toHaveTextContent('K7M2QX9P');
    const codeDialog = screen.getByRole('dialog');
    expect(codeDialog).toHaveTextContent('lydia@example.org');
    await user.click(within(codeDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const row = within(await rowOf('Lydia of Thyatira'));
    expect(row.getByText('Reviewed')).toBeInTheDocument();
    expect(row.getByText('Approved')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Details of Lydia of Thyatira' }));
    expect(screen.getByText(/Welcome!/)).toBeInTheDocument();
  });

  it("rejects with PATCH {status: Rejected, reviewNotes} and says 'Application Rejected'", async () => {
    const { user, api } = renderTab();
    await user.click(within(await rowOf('Tabitha of Joppa')).getByRole('button', { name: 'Reject Tabitha of Joppa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Application' });
    await user.type(within(dialog).getByLabelText('Review notes (optional)'), 'Not local');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await findToast('Application Rejected')).toBeInTheDocument();
    expect(api.calls('PATCH', statusUrl(TABITHA.id))[0]!.body).toEqual({ status: 'Rejected', reviewNotes: 'Not local' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByTestId('approval-invite-code')).not.toBeInTheDocument();
    const row = within(await rowOf('Tabitha of Joppa'));
    expect(row.getByText('Reviewed')).toBeInTheDocument();
    expect(row.getByText('Rejected')).toBeInTheDocument();
  });

  it('sends null review notes when none are written', async () => {
    const { user, api } = renderTab();
    await user.click(within(await rowOf('Tabitha of Joppa')).getByRole('button', { name: 'Reject Tabitha of Joppa' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reject Application' })).getByRole('button', { name: 'Reject' }));
    await findToast('Application Rejected');
    expect(api.calls('PATCH', statusUrl(TABITHA.id))[0]!.body).toEqual({ status: 'Rejected', reviewNotes: null });
  });

  it("shows 'Approval Failed' with the server's message and leaves the application Pending", async () => {
    const { user } = renderTab({ [`PATCH ${statusUrl(LYDIA.id)}`]: () => apiError(409, 'This application was already reviewed.') });
    await user.click(within(await rowOf('Lydia of Thyatira')).getByRole('button', { name: 'Approve Lydia of Thyatira' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Approve Application' })).getByRole('button', { name: 'Approve' }));
    const toast = await findToast('Approval Failed');
    expect(toast).toHaveTextContent('This application was already reviewed.');
    expect(toast).toHaveClass('bg-destructive');
    expect(screen.queryByTestId('approval-invite-code')).not.toBeInTheDocument();
  });

  it("shows 'Rejection Failed' with the server's message", async () => {
    const { user } = renderTab({ [`PATCH ${statusUrl(TABITHA.id)}`]: () => apiError(403, 'Only the community’s admins can review applications.') });
    await user.click(within(await rowOf('Tabitha of Joppa')).getByRole('button', { name: 'Reject Tabitha of Joppa' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reject Application' })).getByRole('button', { name: 'Reject' }));
    expect(await findToast('Rejection Failed')).toHaveTextContent('Only the community’s admins can review applications.');
  });

  it('Cancel closes the review dialog without a call', async () => {
    const { user, api } = renderTab();
    await user.click(within(await rowOf('Lydia of Thyatira')).getByRole('button', { name: 'Approve Lydia of Thyatira' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Approve Application' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests.filter((request) => request.method === 'PATCH')).toHaveLength(0);
  });

  it('says when there are no applications yet', async () => {
    renderTab({}, []);
    expect(await screen.findByText('No applications yet', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers Retry when the applications cannot be loaded', async () => {
    let failures = 0;
    const { user, api } = renderTab({ [`GET ${LIST_URL}`]: () => (failures++ === 0 ? apiError(500, 'Database unavailable.') : json([LYDIA])) });
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await rowOf('Lydia of Thyatira')).toBeInTheDocument();
    expect(api.calls('GET', LIST_URL)).toHaveLength(2);
  });

  it("copies the apply link /apply?community=<id> and says 'Link copied!'", async () => {
    const { user } = renderTab();
    const link = `${window.location.origin}/apply?community=${COMMUNITY_ID}`;
    expect(await screen.findByText(link, {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy apply link' }));
    expect(await screen.findByRole('button', { name: 'Link copied!' })).toBeInTheDocument();
    expect(await findToast('Link copied!')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(link);
    // The apply page opens in a new tab.
    const open = screen.getByRole('link', { name: /Open Apply Page/ });
    expect(open).toHaveAttribute('href', link);
    expect(open).toHaveAttribute('target', '_blank');
  });
});
