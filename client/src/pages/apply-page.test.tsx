import { screen, waitFor, within } from '@testing-library/react';
import { FIXED_APPLICATION_TARGETS } from '@shared/domain/disciplines';
import { apiError, deferred, type Handler, json, mockApi, unauthorized } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

const COMMUNITY_ID = '3f2a9c4e-1b7d-4e8a-9c0f-5d6e7f8a9b0c';
const INFO_URL = `/api/communities/info?community=${COMMUNITY_ID}`;
const APPLY_URL = '/api/member-applications';
const BROKEN_LINK = 'This apply link does not work';

function renderApply(path = `/apply?community=${COMMUNITY_ID}`, routes: Record<string, Handler> = {}) {
  const api = mockApi({
    'GET /api/user': unauthorized,
    [`GET ${INFO_URL}`]: () => json({ name: 'Hope Chapel' }),
    [`POST ${APPLY_URL}`]: () => json({ message: 'Application received.', id: 'a9000000-0000-4000-8000-000000000009' }, 201),
    ...routes,
  });
  return { ...renderApp(path), api };
}

type User = ReturnType<typeof renderApp>['user'];

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const retreat = () => field(/^Monthly Retreat/);
const silence = () => field(/^1 Hr Silence/);
const submitButton = () => screen.getByRole('button', { name: /^(Join Our Community|Sending\.\.\.)$/ });

async function fillIn(user: User, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.click(field(label));
    await user.paste(value);
  }
}

describe('/apply', () => {
  it('opens without signing in, with the product name, the tagline and a greeting that names the community', async () => {
    const { api, location } = renderApply();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Hope Chapel' })).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(banner).toHaveTextContent('Steadfast');
    expect(banner).toHaveTextContent('Faith Journey Community');
    expect(location()).toMatch(/^\/apply/);
    expect(api.calls('GET', INFO_URL)).toHaveLength(1);
  });

  it('has the personal information and discipline target fields, the button and the footer note', async () => {
    renderApply();
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Hope Chapel' });
    expect(field('Your name')).toHaveValue('');
    expect(field('E-mail')).toHaveAttribute('type', 'email');
    expect(field('Message (optional)').tagName).toBe('TEXTAREA');
    for (const label of ['Bible Reading', 'Fasting', 'Morning Intimacy', 'Midnight Prayer', 'Meditation', 'Prayer Walk', 'Evangelism', 'Completion of the New Testament']) {
      expect(field(label)).toHaveValue('');
      expect(field(label)).not.toHaveAttribute('readonly');
    }
    expect(submitButton()).toHaveTextContent('Join Our Community');
    expect(screen.getByText(/submitting.*respect and commitment/i)).toBeInTheDocument();
  });

  it('shows monthlyRetreat and silenceHour read-only, empty at first, marked required for all members', async () => {
    const { user } = renderApply();
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Hope Chapel' });
    for (const input of [retreat(), silence()]) {
      expect(input).toHaveAttribute('readonly');
      expect(input).toHaveValue('');
      expect(input).toHaveAccessibleDescription(/required for all members/i);
    }
    expect(retreat().placeholder + (retreat().getAttribute('aria-describedby') ?? '')).toMatch(/one day monthly/i);
    expect(silence().placeholder).toMatch(/1 hour weekly|one hour weekly/i);
    await user.click(retreat());
    await user.keyboard('Two days');
    expect(retreat()).toHaveValue('');
  });

  it.each([
    ['nothing', {}],
    ['a name only', { 'Your name': 'Lydia of Thyatira' }],
    ['an e-mail only', { 'E-mail': 'lydia@example.org' }],
    ['a blank name', { 'Your name': '   ', 'E-mail': 'lydia@example.org' }],
  ])("asks for name and e-mail ('Required Fields') and sends nothing when given %s", async (_, values: Record<string, string>) => {
    const { user, api } = renderApply();
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Hope Chapel' });
    await fillIn(user, values);
    await user.click(submitButton());
    const toast = await findToast('Required Fields');
    expect(toast).toHaveTextContent('Please fill in your name and email address.');
    expect(toast).toHaveClass('bg-destructive');
    expect(api.calls('POST', APPLY_URL)).toHaveLength(0);
  });

  it('posts {name, email, message, disciplineTargets, communityId} with the id from the link, showing Sending... meanwhile', async () => {
    const answer = deferred<Response>();
    const { user, api } = renderApply(undefined, { [`POST ${APPLY_URL}`]: () => answer.promise });
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Hope Chapel' });
    await fillIn(user, {
      'Your name': 'Lydia of Thyatira',
      'E-mail': 'lydia@example.org',
      'Message (optional)': 'I sell purple cloth and would love to join.',
      'Bible Reading': '2 chapters a day',
      Fasting: 'Wednesdays until noon',
    });
    await user.click(submitButton());

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    const posts = api.calls('POST', APPLY_URL);
    expect(posts).toHaveLength(1);
    const body = posts[0]!.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['communityId', 'disciplineTargets', 'email', 'message', 'name']);
    expect(body).toMatchObject({ name: 'Lydia of Thyatira', email: 'lydia@example.org', message: 'I sell purple cloth and would love to join.', communityId: COMMUNITY_ID });
    const targets = body.disciplineTargets as Record<string, string>;
    expect(targets).toMatchObject({ bibleReading: '2 chapters a day', fasting: 'Wednesdays until noon' });
    // Nothing left blank is sent, and only discipline keys are.
    expect(Object.values(targets).every((value) => value.trim() !== '')).toBe(true);
    for (const key of Object.keys(targets)) expect(['bibleReading', 'fasting', 'morningIntimacy', 'midnightPrayer', 'meditation', 'monthlyRetreat', 'prayerWalk', 'evangelism', 'completionOfNewTestament', 'silenceHour']).toContain(key);

    answer.resolve(json({ message: 'Application received.', id: 'a9000000-0000-4000-8000-000000000009' }, 201));
    const toast = await findToast('Welcome Message Sent!');
    expect(toast).toHaveTextContent('Thank you for sharing! Our community leaders will reach out to welcome you soon.');
  });

  it('resets the form after success, with the two fixed goals filled in', async () => {
    const { user } = renderApply();
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Hope Chapel' });
    await fillIn(user, { 'Your name': 'Lydia of Thyatira', 'E-mail': 'lydia@example.org', 'Message (optional)': 'Hello', Meditation: '10 minutes' });
    await user.click(submitButton());
    await findToast('Welcome Message Sent!');
    await waitFor(() => expect(field('Your name')).toHaveValue(''));
    expect(field('E-mail')).toHaveValue('');
    expect(field('Message (optional)')).toHaveValue('');
    expect(field('Meditation')).toHaveValue('');
    expect(retreat()).toHaveValue('Required - One day monthly');
    expect(silence()).toHaveValue('Required - 1 hour weekly');
    expect(submitButton()).toHaveTextContent('Join Our Community');
    expect(submitButton()).toBeEnabled();
  });

  it('keeps a confirmation on the page after sending (not only a toast), saying when an earlier application was updated', async () => {
    const { user } = renderApply(undefined, {
      [`POST ${APPLY_URL}`]: () => json({ message: 'We updated it.', id: 'a9000000-0000-4000-8000-000000000009', updated: true }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Hope Chapel' });
    await fillIn(user, { 'Your name': 'Lydia of Thyatira', 'E-mail': 'lydia@example.org' });
    await user.click(submitButton());
    const confirmation = (await screen.findByRole('heading', { name: 'Your application was updated' })).closest('[role="status"]') as HTMLElement;
    expect(confirmation).toHaveTextContent('Thank you, Lydia of Thyatira. You had already applied with lydia@example.org, so we updated that application');
    // On the page, beside the (reset) form: not inside a toast, which is gone in seconds.
    expect(confirmation.closest('form')).not.toBeNull();
    expect(field('Your name')).toHaveValue('');
  });

  it("asks about the community's own disciplines, and sends the targets under their keys", async () => {
    const { user, api } = renderApply(undefined, {
      [`GET ${INFO_URL}`]: () =>
        json({
          name: 'Hope Chapel',
          disciplines: [
            { key: 'prayer', label: 'Prayer', isDailyGrid: true },
            { key: 'psalms', label: 'A psalm a day', isDailyGrid: true },
            { key: 'monthlyRetreat', label: 'Monthly Retreat', isDailyGrid: false },
          ],
        }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Hope Chapel' });
    expect(screen.queryByLabelText('Bible Reading')).not.toBeInTheDocument();
    await fillIn(user, { 'Your name': 'Lydia of Thyatira', 'E-mail': 'lydia@example.org', Prayer: '20 minutes', 'A psalm a day': 'Psalm 23' });
    // The fixed goals stay as SPEC.md shows them, read-only.
    expect(retreat()).toHaveAttribute('readonly');
    await user.click(submitButton());
    await findToast('Welcome Message Sent!');
    const [sent] = api.calls('POST', APPLY_URL);
    expect((sent!.body as { disciplineTargets: Record<string, string> }).disciplineTargets).toEqual({ prayer: '20 minutes', psalms: 'Psalm 23', ...FIXED_APPLICATION_TARGETS });
  });

  it("shows 'Submission Failed' with the error, and keeps what was typed", async () => {
    const { user } = renderApply(undefined, { [`POST ${APPLY_URL}`]: () => apiError(429, 'Too many applications from this address. Try again in an hour.') });
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Hope Chapel' });
    await fillIn(user, { 'Your name': 'Lydia of Thyatira', 'E-mail': 'lydia@example.org' });
    await user.click(submitButton());
    const toast = await findToast('Submission Failed');
    expect(toast).toHaveTextContent('Too many applications from this address. Try again in an hour.');
    expect(toast).toHaveClass('bg-destructive');
    expect(field('Your name')).toHaveValue('Lydia of Thyatira');
    expect(submitButton()).toBeEnabled();
  });

  it("words a failed submission with the server's message, not the raw JSON error body (SPEC section 8)", async () => {
    const { user } = renderApply(undefined, { [`POST ${APPLY_URL}`]: () => apiError(429, 'Too many applications from this address. Try again in an hour.') });
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Hope Chapel' });
    await fillIn(user, { 'Your name': 'Lydia of Thyatira', 'E-mail': 'lydia@example.org' });
    await user.click(submitButton());
    const toast = await findToast('Submission Failed');
    expect(toast).not.toHaveTextContent('{');
    expect(toast).not.toHaveTextContent('"message"');
  });

  it.each([
    ['without ?community=', '/apply'],
    ['with a community id that is not an id', '/apply?community=default'],
  ])('says the link does not work %s, shows no form and asks nothing', async (_, path) => {
    const { api } = renderApply(path);
    expect(await screen.findByRole('heading', { name: BROKEN_LINK })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Our Community' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Your name')).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.url.startsWith('/api/communities/info'))).toHaveLength(0);
  });

  it('says the link does not work for an unknown community (404), asking only once', async () => {
    const { api } = renderApply(undefined, { [`GET ${INFO_URL}`]: () => apiError(404, 'Community not found.') });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: BROKEN_LINK })).toBeInTheDocument();
    expect(screen.queryByLabelText('Your name')).not.toBeInTheDocument();
    expect(api.calls('GET', INFO_URL)).toHaveLength(1);
  });

  it('does not retry the community name when it fails, and still lets the visitor apply', async () => {
    const { api } = renderApply(undefined, { [`GET ${INFO_URL}`]: () => apiError(500, 'Database unavailable.') });
    expect(await screen.findByRole('button', { name: 'Join Our Community' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/welcome/i);
    await new Promise((settle) => setTimeout(settle, 1200));
    expect(api.calls('GET', INFO_URL)).toHaveLength(1);
  });
});
