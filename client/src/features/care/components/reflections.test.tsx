import { screen, waitFor, within } from '@testing-library/react';
import type { ReflectionView } from '@shared/contracts/care';
import { COMMUNITY_ID, OTHER, SELF, TODAY, trackingServer } from '@/features/tracking/test-kit';
import { json, mockApi, type RecordedRequest } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

// Issue 26 item 3 on screen: the reflection beside a month's calendar, the dashboard's invitation in the
// first week, and the commander's reply.

const REFLECTIONS = `/api/communities/${COMMUNITY_ID}/reflections`;

function reflection(overrides: Partial<ReflectionView> = {}): ReflectionView {
  return {
    id: 'r0000000-0000-4000-8000-000000000001',
    userId: SELF.id,
    displayName: SELF.displayName,
    month: 10,
    year: 2026,
    helped: 'Praying with Naomi before work',
    hard: null,
    prayerRequest: 'For my brother',
    acknowledgedAt: null,
    acknowledgedByName: null,
    reply: null,
    updatedAt: '2026-11-02T09:00:00.000Z',
    ...overrides,
  };
}

/** The tracking routes, with one stored reflection per member and month that PUT writes and acknowledge answers. */
function serve(options: Parameters<typeof trackingServer>[0] = {}, stored: ReflectionView[] = []) {
  const server = trackingServer(options);
  const store = [...stored];
  const api = mockApi({
    ...server.routes,
    [`GET ${REFLECTIONS}`]: (request: RecordedRequest) => {
      const query = new URL(request.url, 'http://test').searchParams;
      const userId = query.get('userId') ?? SELF.id;
      return json(store.find((item) => item.userId === userId && item.month === Number(query.get('month')) && item.year === Number(query.get('year'))) ?? null);
    },
    [`PUT ${REFLECTIONS}`]: (request: RecordedRequest) => {
      const body = request.body as { month: number; year: number; helped: string; hard: string; prayerRequest: string };
      const written = reflection({ month: body.month, year: body.year, helped: body.helped || null, hard: body.hard || null, prayerRequest: body.prayerRequest || null });
      store.splice(0, store.length, ...store.filter((item) => !(item.userId === SELF.id && item.month === body.month && item.year === body.year)), written);
      return json(written);
    },
    [`POST ${REFLECTIONS}/r0000000-0000-4000-8000-000000000002/acknowledge`]: (request: RecordedRequest) => {
      const index = store.findIndex((item) => item.id === 'r0000000-0000-4000-8000-000000000002');
      store[index] = { ...store[index]!, acknowledgedAt: '2026-11-15T10:00:00.000Z', acknowledgedByName: SELF.displayName, reply: (request.body as { reply: string }).reply };
      return json(store[index]);
    },
    [`GET ${REFLECTIONS}/subgroup`]: () => json(store.filter((item) => item.userId !== SELF.id)),
    'GET /api/questions/received': () => json([]),
    'GET /api/meetings': () => json([]),
  });
  return api;
}

describe('the reflection beside a month that ended', () => {
  beforeEach(() => {
    vi.setSystemTime(TODAY);
  });

  it("lets a member write their own on October's calendar, then shows it waiting for the commander", async () => {
    const api = serve();
    const { user } = renderApp('/tracking');
    await user.selectOptions(await screen.findByLabelText('Month'), '10');
    const card = await screen.findByRole('region', { name: 'Reflection on October 2026' });
    await user.click(within(card).getByRole('button', { name: 'Write a reflection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Looking back on October 2026' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Reflection' }));
    expect(await within(dialog).findAllByText('Write at least one of the three.')).toHaveLength(3);
    expect(api.calls('PUT', REFLECTIONS)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('What helped'), 'Praying with Naomi before work');
    await user.type(within(dialog).getByLabelText('Prayer request'), 'For my brother');
    await user.click(within(dialog).getByRole('button', { name: 'Save Reflection' }));
    expect(await findToast('Reflection Saved')).toBeInTheDocument();
    expect(api.calls('PUT', REFLECTIONS)[0]!.body).toEqual({ month: 10, year: 2026, helped: 'Praying with Naomi before work', hard: '', prayerRequest: 'For my brother' });
    expect(await within(card).findByText('Praying with Naomi before work')).toBeInTheDocument();
    expect(within(card).getByText(/Waiting for your commander/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('shows the reply once acknowledged, and no Edit', async () => {
    serve({}, [reflection({ acknowledgedAt: '2026-11-03T10:00:00.000Z', acknowledgedByName: 'Boaz Bethlehem', reply: '🙏' })]);
    const { user } = renderApp('/tracking');
    await user.selectOptions(await screen.findByLabelText('Month'), '10');
    const card = await screen.findByRole('region', { name: 'Reflection on October 2026' });
    expect(await within(card).findByText('Boaz Bethlehem replied')).toBeInTheDocument();
    expect(within(card).getByText('🙏')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it("lets a commander answer a member's reflection with a prayer, on My Subgroup", async () => {
    const theirs = reflection({ id: 'r0000000-0000-4000-8000-000000000002', userId: OTHER.id, displayName: OTHER.displayName, hard: 'Fasting on night shifts' });
    const api = serve({ roles: ['Commander'] }, [theirs]);
    const { user } = renderApp('/my-subgroup');
    const card = await screen.findByRole('region', { name: 'Reflections on October 2026' });
    const item = (await within(card).findByRole('heading', { name: OTHER.displayName })).closest('li')!;
    expect(item).toHaveTextContent('Fasting on night shifts');
    await user.click(within(item).getByRole('button', { name: 'Send Reply' }));
    expect(await within(item).findByText('Please write a short reply, or send a prayer.')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Reply with a prayer' }));
    expect(await findToast('Reply Sent')).toBeInTheDocument();
    expect(api.calls('POST', `${REFLECTIONS}/r0000000-0000-4000-8000-000000000002/acknowledge`)[0]!.body).toEqual({ reply: 'Praying for you 🙏' });
    await waitFor(() => expect(within(card).getByText(`${SELF.displayName} replied`)).toBeInTheDocument());
  });
});

describe("the dashboard's invitation", () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('invites a look back from the 1st to the 7th until written or dismissed, and remembers Not now', async () => {
    vi.setSystemTime(new Date(2026, 10, 2, 10, 0, 0));
    serve();
    const first = renderApp('/');
    const invitation = await screen.findByRole('region', { name: 'Look back on October 2026' });
    await first.user.click(within(invitation).getByRole('button', { name: 'Not now: no reflection on October 2026' }));
    expect(screen.queryByRole('region', { name: 'Look back on October 2026' })).not.toBeInTheDocument();
    first.unmount();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Current Streaks' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Look back on October 2026' })).not.toBeInTheDocument();
  });

  it('is not shown after the 7th, nor once the reflection is written', async () => {
    vi.setSystemTime(new Date(2026, 10, 8, 10, 0, 0));
    serve();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Current Streaks' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Look back on/ })).not.toBeInTheDocument();
  });

  it('opens the reflection from the invitation, and leaves once it is saved', async () => {
    vi.setSystemTime(new Date(2026, 10, 3, 10, 0, 0));
    serve();
    const { user } = renderApp('/');
    const invitation = await screen.findByRole('region', { name: 'Look back on October 2026' });
    await user.click(within(invitation).getByRole('button', { name: 'Write a reflection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Looking back on October 2026' });
    await user.type(within(dialog).getByLabelText('What was hard'), 'Waking early');
    await user.click(within(dialog).getByRole('button', { name: 'Save Reflection' }));
    expect(await findToast('Reflection Saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Look back on October 2026' })).not.toBeInTheDocument());
  });
});
