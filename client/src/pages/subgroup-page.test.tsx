import { screen, waitFor, within } from '@testing-library/react';
import type { NeedsAWordRow } from '@shared/contracts/care';
import type { MembershipView } from '@shared/contracts/communities';
import type { NotificationView } from '@shared/contracts/notifications';
import type { OwnSubgroupView } from '@shared/contracts/subgroups';
import type { AvailabilityWindow } from '@shared/domain/meetings';
import { earliestMeetingDate, slotToMeetingTimes } from '@/features/meetings/components/slot-picker';
import { formatLongDate } from '@/lib/dates';
import { makeCommunity, makeMembership, makeUser } from '@/test/fixtures';
import { apiError, deferred, type Handler, json, mockApi } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

const me = makeUser();
const TIME_ZONE = 'America/Chicago';
const COMMANDER = { id: 'e0000000-0000-4000-8000-00000000000e', displayName: 'Boaz of Bethlehem' };
const ASSIGNED: OwnSubgroupView = {
  subgroup: { id: 'a0000000-0000-4000-8000-00000000000a', name: 'Alpha Group', description: 'Early risers', createdAt: '2026-03-14T15:00:00.000Z' },
  commander: COMMANDER,
  ledSubgroups: [],
};
const UNASSIGNED: OwnSubgroupView = { subgroup: null, commander: null, ledSubgroups: [] };
const FREE_SLOTS = `/api/commanders/${COMMANDER.id}/free-slots`;

function renderSubgroup(routes: Record<string, Handler> = {}, roles: MembershipView['roles'] = ['Member'], path = '/my-subgroup') {
  const api = mockApi({
    'GET /api/user': () => json(me),
    'GET /api/memberships': () => json([makeMembership({ communityId: 'c1', role: roles[0]!, roles, community: { id: 'c1', name: 'Hope Chapel', description: null } })]),
    'GET /api/notifications': () => json([]),
    'GET /api/communities/c1': () => json(makeCommunity({ id: 'c1', timeZone: TIME_ZONE })),
    'GET /api/user/subgroup': () => json(ASSIGNED),
    'GET /api/communities/c1/needs-a-word': () => json([]),
    'GET /api/communities/c1/reflections/subgroup': () => json([]),
    [`GET ${FREE_SLOTS}`]: (request) => json({ date: new URL(request.url, 'http://localhost').searchParams.get('date'), slots: ['10:00', '15:00'] }),
    ...routes,
  });
  return { ...renderApp(path), api };
}

describe('My Subgroup', () => {
  it("shows 'Loading your subgroup' while it loads", async () => {
    const pending = deferred<Response>();
    renderSubgroup({ 'GET /api/user/subgroup': () => pending.promise });
    expect(await screen.findByRole('status', { name: 'Loading your subgroup' })).toBeInTheDocument();
    pending.resolve(json(UNASSIGNED));
    expect(await screen.findByRole('heading', { name: 'Not Assigned to a Subgroup' })).toBeInTheDocument();
  });

  it.each(['/my-subgroup', '/subgroup'])("says 'Not Assigned to a Subgroup' on %s when the member has none", async (path) => {
    renderSubgroup({ 'GET /api/user/subgroup': () => json(UNASSIGNED) }, ['Member'], path);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Subgroup' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Not Assigned to a Subgroup' })).toBeInTheDocument();
    expect(screen.getByText(/have not been assigned to a subgroup yet.*contact your administrator/)).toBeInTheDocument();
    expect(screen.getByText('Until then there is no commander to ask questions or to meet with.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask Your Commander' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Office hours' })).not.toBeInTheDocument();
  });

  it('shows the subgroup, since when, and the commander card with the two actions', async () => {
    renderSubgroup();
    expect(await screen.findByRole('heading', { name: 'Alpha Group' })).toBeInTheDocument();
    expect(screen.getByText('Early risers')).toBeInTheDocument();
    expect(screen.getByText(/^Member since/)).toHaveTextContent(`Member since ${formatLongDate(ASSIGNED.subgroup!.createdAt)}`);
    const commander = screen.getByRole('region', { name: 'Your commander' });
    expect(commander).toHaveTextContent('Boaz of Bethlehem');
    expect(within(commander).getByText('Commander')).toBeInTheDocument();
    expect(within(commander).getByText('Leader')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask Your Commander' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Meeting with Commander' })).toBeInTheDocument();
  });

  it('shows a commander the subgroup they lead, and the others they lead besides, without asking themselves', async () => {
    const led: OwnSubgroupView = {
      subgroup: { ...ASSIGNED.subgroup!, name: 'Beta Group' },
      commander: { id: me.id, displayName: me.displayName },
      ledSubgroups: [{ id: 'a0000000-0000-4000-8000-0000000000b2', name: 'Gamma Group', description: 'Night shift', createdAt: '2026-04-01T15:00:00.000Z' }],
    };
    renderSubgroup({ 'GET /api/user/subgroup': () => json(led) }, ['Commander']);
    expect(await screen.findByRole('heading', { name: 'Beta Group' })).toBeInTheDocument();
    expect(screen.getByText("You lead this subgroup: your members' questions and meeting requests come to you.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'You also lead' })).toBeInTheDocument();
    expect(screen.getByText('Gamma Group')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Not Assigned to a Subgroup' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask Your Commander' })).not.toBeInTheDocument();
  });

  it('says so when the subgroup has no commander yet, without the two actions', async () => {
    renderSubgroup({ 'GET /api/user/subgroup': () => json({ ...ASSIGNED, commander: null }) });
    expect(await screen.findByText(/has no commander yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Meeting with Commander' })).not.toBeInTheDocument();
  });

  it('offers Retry when the subgroup cannot be loaded', async () => {
    let failing = true;
    const { user } = renderSubgroup({ 'GET /api/user/subgroup': () => (failing ? apiError(500, 'Database unavailable.') : json(ASSIGNED)) });
    expect(await screen.findByText('Database unavailable.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Alpha Group' })).toBeInTheDocument();
  });

  it('opens Ask Your Commander', async () => {
    const { user } = renderSubgroup();
    await user.click(await screen.findByRole('button', { name: 'Ask Your Commander' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask Your Commander' });
    // Sending it blank says what is missing instead of a grey button.
    await user.click(within(dialog).getByRole('button', { name: 'Send Question' }));
    expect(await within(dialog).findByText('Subject is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Message is required')).toBeInTheDocument();
  });
});

describe("an admin's care on My Subgroup", () => {
  const subgroup = (id: string, name: string, commanderId: string | null) => ({ id, communityId: 'c1', name, description: null, commanderId, commanderName: null, memberCount: 3, createdAt: '2026-03-14T15:00:00.000Z' });
  const ALPHA = subgroup('a0000000-0000-4000-8000-00000000000a', 'Alpha Group', COMMANDER.id);
  const BETA = subgroup('b0000000-0000-4000-8000-00000000000b', 'Beta Group', null);
  const row = (displayName: string): NeedsAWordRow => ({ userId: `${displayName}-id`, displayName, reasons: [{ kind: 'quiet', days: 5 }] });

  it('starts an admin who leads no subgroup on the first one, and reads the care of the one they choose', async () => {
    const { user, api } = renderSubgroup(
      {
        'GET /api/communities/c1/subgroups': () => json([ALPHA, BETA]),
        [`GET /api/communities/c1/needs-a-word?subgroupId=${ALPHA.id}`]: () => json([row('Ruth Okafor')]),
        [`GET /api/communities/c1/needs-a-word?subgroupId=${BETA.id}`]: () => json([row('Naomi Haddad')]),
      },
      ['CommunityModerator'],
    );
    const picker = await screen.findByRole('combobox', { name: 'Whose care' });
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['Alpha Group', 'Beta Group']);
    expect(await screen.findByText('Ruth Okafor')).toBeInTheDocument();
    expect(screen.getByText(/Members of this subgroup who may be glad/)).toBeInTheDocument();
    await user.selectOptions(picker, BETA.id);
    expect(await screen.findByText('Naomi Haddad')).toBeInTheDocument();
    expect(api.calls('GET', '/api/communities/c1/needs-a-word')).toHaveLength(0); // never the empty 'subgroups I lead'
    expect(api.requests.some((request) => request.url.startsWith(`/api/communities/c1/reflections/subgroup?`) && request.url.includes(`subgroupId=${BETA.id}`))).toBe(true);
  });

  it('starts an admin who leads a subgroup on the ones they lead, and offers the others', async () => {
    renderSubgroup({ 'GET /api/communities/c1/subgroups': () => json([subgroup(ALPHA.id, 'Alpha Group', me.id), BETA]) }, ['CommunityModerator']);
    const picker = await screen.findByRole('combobox', { name: 'Whose care' });
    expect(picker).toHaveValue('led');
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['The subgroups I lead', 'Alpha Group', 'Beta Group']);
  });

  it('offers no choice to a commander', async () => {
    renderSubgroup({}, ['Commander']);
    expect(await screen.findByRole('heading', { name: /Needs a word/ })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Whose care' })).not.toBeInTheDocument();
  });
});

describe('Request Meeting with Commander', () => {
  async function openRequest(user: ReturnType<typeof renderSubgroup>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Request Meeting with Commander' }));
    return screen.findByRole('dialog', { name: 'Request Meeting with Commander' });
  }

  async function fillIn(user: ReturnType<typeof renderSubgroup>['user'], dialog: HTMLElement, { title = 'Talk about fasting', description = '' } = {}) {
    await user.type(within(dialog).getByLabelText('Meeting title'), title);
    if (description) await user.type(within(dialog).getByLabelText('Description (optional)'), description);
    const date = await within(dialog).findByLabelText('Preferred date');
    await user.type(date, earliestMeetingDate(TIME_ZONE));
    const time = within(dialog).getByLabelText('Preferred time');
    await waitFor(() => expect(within(time).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a time', '10:00', '15:00']));
    await user.selectOptions(time, '15:00');
  }

  it('requests one of the free times from tomorrow with the title and description as notes', async () => {
    const { user, api } = renderSubgroup({ 'POST /api/meetings': () => json({ id: 'm1' }, 201) });
    const dialog = await openRequest(user);
    expect(dialog).toHaveTextContent('The time is booked at once and Boaz of Bethlehem is notified. Either of you can reschedule or cancel it from Meetings.');
    const submit = within(dialog).getByRole('button', { name: 'Request Meeting' });
    expect(submit).toBeDisabled();

    const date = await within(dialog).findByLabelText('Preferred date');
    expect(date).toHaveAttribute('min', earliestMeetingDate(TIME_ZONE));
    await fillIn(user, dialog, { description: 'Long shifts this month' });
    expect(api.calls('GET', `${FREE_SLOTS}?date=${earliestMeetingDate(TIME_ZONE)}`)).toHaveLength(1);
    expect(submit).toBeEnabled();

    await user.click(submit);
    expect(await findToast('Meeting Requested')).toHaveTextContent('Boaz of Bethlehem');
    expect(api.calls('POST', '/api/meetings')[0]!.body).toEqual({
      ...slotToMeetingTimes({ date: earliestMeetingDate(TIME_ZONE), time: '15:00' }, TIME_ZONE),
      notes: 'Talk about fasting: Long shifts this month',
      location: 'TBD',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request Meeting with Commander' })).not.toBeInTheDocument());
  });

  it('keeps Request Meeting disabled until title, date and time are set, and sends the title alone without a description', async () => {
    const { user, api } = renderSubgroup({ 'POST /api/meetings': () => json({ id: 'm1' }, 201) });
    const dialog = await openRequest(user);
    const submit = within(dialog).getByRole('button', { name: 'Request Meeting' });
    await user.type(within(dialog).getByLabelText('Meeting title'), '   ');
    await user.type(await within(dialog).findByLabelText('Preferred date'), earliestMeetingDate(TIME_ZONE));
    const time = within(dialog).getByLabelText('Preferred time');
    await waitFor(() => expect(time).toBeEnabled());
    await user.selectOptions(time, '10:00');
    expect(submit).toBeDisabled(); // a blank title

    await user.type(within(dialog).getByLabelText('Meeting title'), 'Prayer walk');
    expect(submit).toBeEnabled();
    await user.click(submit);
    await findToast('Meeting Requested');
    expect((api.calls('POST', '/api/meetings')[0]!.body as { notes: string }).notes).toBe('Prayer walk');
  });

  it("shows the server's message when the time was just taken, and offers the times still free", async () => {
    let slots = ['10:00', '15:00'];
    const { user, api } = renderSubgroup({
      [`GET ${FREE_SLOTS}`]: () => json({ date: earliestMeetingDate(TIME_ZONE), slots }),
      'POST /api/meetings': () => {
        slots = ['10:00'];
        return apiError(409, 'Your commander already has a meeting at that time. Please choose another time.');
      },
    });
    const dialog = await openRequest(user);
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Request Meeting' }));

    expect(await findToast('Error')).toHaveTextContent('Your commander already has a meeting at that time. Please choose another time.');
    const time = within(dialog).getByLabelText('Preferred time');
    await waitFor(() => expect(within(time).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a time', '10:00']));
    expect(time).toHaveValue('');
    expect(within(dialog).getByText('Choose another time.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Request Meeting' })).toBeDisabled();
    expect(api.calls('GET', `${FREE_SLOTS}?date=${earliestMeetingDate(TIME_ZONE)}`).length).toBeGreaterThanOrEqual(2);
  });

  it("falls back to 'Failed to request meeting' when the server says nothing", async () => {
    const { user } = renderSubgroup({ 'POST /api/meetings': () => new Response('', { status: 500 }) });
    const dialog = await openRequest(user);
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Request Meeting' }));
    expect(await findToast('Error')).toHaveTextContent('Failed to request meeting');
    expect(screen.getByRole('dialog', { name: 'Request Meeting with Commander' })).toBeInTheDocument();
  });

  it("shows 'Requesting...' while the request is on its way", async () => {
    const pending = deferred<Response>();
    const { user } = renderSubgroup({ 'POST /api/meetings': () => pending.promise });
    const dialog = await openRequest(user);
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Request Meeting' }));
    expect(await within(dialog).findByRole('button', { name: 'Requesting...' })).toBeDisabled();
    pending.resolve(json({ id: 'm1' }, 201));
    await findToast('Meeting Requested');
  });
});

describe('Office hours', () => {
  const MONDAY: AvailabilityWindow = { dayOfWeek: 1, startTime: '09:00', endTime: '12:00' };

  it('is shown to commanders only', async () => {
    const { api } = renderSubgroup();
    await screen.findByRole('heading', { name: 'Alpha Group' });
    expect(screen.queryByRole('heading', { name: /Office hours/ })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/user/availability')).toHaveLength(0);
  });

  it('explains that without office hours every time is offered', async () => {
    renderSubgroup({ 'GET /api/user/availability': () => json({ windows: [] }) }, ['Commander']);
    expect(await screen.findByRole('heading', { name: /Office hours/ })).toBeInTheDocument();
    expect(await screen.findByText('No office hours set: members are offered every meeting time.')).toBeInTheDocument();
    expect(screen.getByText(/Without office hours, every one of those times is offered/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save office hours' })).toBeDisabled();
  });

  it('adds, edits and removes windows, refuses an end before the start, and saves the week', async () => {
    const { user, api } = renderSubgroup(
      {
        'GET /api/user/availability': () => json({ windows: [MONDAY] }),
        'PUT /api/user/availability': (request) => json(request.body),
      },
      ['Commander'],
    );
    const list = await screen.findByRole('list', { name: 'Weekly windows' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByLabelText('Day of window 1')).toHaveValue('1');
    expect(screen.getByLabelText('From (window 1)')).toHaveValue('09:00');

    await user.click(screen.getByRole('button', { name: 'Add window' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    // A new window follows the last one: the next day, the same hours.
    expect(screen.getByLabelText('Day of window 2')).toHaveValue('2');
    await user.selectOptions(screen.getByLabelText('Day of window 2'), 'Thursday');
    const end = screen.getByLabelText('Until (window 2)');
    await user.clear(end);
    await user.type(end, '08:00');

    const save = screen.getByRole('button', { name: 'Save office hours' });
    await user.click(save);
    expect(await screen.findByText('The end must be after the start.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/user/availability')).toHaveLength(0);

    await user.clear(end);
    await user.type(end, '20:00');
    await user.click(screen.getByRole('button', { name: 'Remove window 1 (Monday)' }));
    await user.click(save);

    expect(await findToast('Office Hours Saved')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/user/availability')[0]!.body).toEqual({ windows: [{ dayOfWeek: 4, startTime: '09:00', endTime: '20:00' }] });
    expect(screen.getByLabelText('Day of window 1')).toHaveValue('4');
    expect(screen.getByRole('button', { name: 'Save office hours' })).toBeDisabled();
  });

  it("shows 'Save Failed' with the server's message", async () => {
    const { user } = renderSubgroup(
      {
        'GET /api/user/availability': () => json({ windows: [] }),
        'PUT /api/user/availability': () => apiError(403, 'Only commanders set office hours.'),
      },
      ['Commander'],
    );
    await user.click(await screen.findByRole('button', { name: 'Add window' }));
    await user.click(screen.getByRole('button', { name: 'Save office hours' }));
    expect(await findToast('Save Failed')).toHaveTextContent('Only commanders set office hours.');
  });

  describe('Needs a word', () => {
    const rows: NeedsAWordRow[] = [
      { userId: 'u1', displayName: 'Naomi Ephrath', reasons: [{ kind: 'quiet', days: 5 }, { kind: 'progress-drop', points: 40, previous: 70, current: 30 }] },
      { userId: 'u2', displayName: 'Orpah Moab', reasons: [{ kind: 'streak-ended', days: 12 }] },
      { userId: 'u3', displayName: 'Jesse Obed', reasons: [{ kind: 'quiet', days: 28 }] },
    ];

    it('shows a commander who needs a word and why, in plain words', async () => {
      renderSubgroup({ 'GET /api/communities/c1/needs-a-word': () => json(rows) }, ['Commander']);
      const list = await screen.findByRole('list', { name: 'Members who need a word' });
      expect(within(list).getByRole('list', { name: 'Why Naomi Ephrath' })).toHaveTextContent('No check-in for 5 days30% of the month so far, against 70% last month by this day');
      expect(within(list).getByRole('list', { name: 'Why Orpah Moab' })).toHaveTextContent('A 12-day streak ended yesterday');
      expect(within(list).getByRole('list', { name: 'Why Jesse Obed' })).toHaveTextContent('No check-in for four weeks or more');
    });

    it('says when nobody needs a word, and offers Retry when the list fails', async () => {
      let failing = true;
      const { user } = renderSubgroup({ 'GET /api/communities/c1/needs-a-word': () => (failing ? apiError(500, 'Database unavailable.') : json([])) }, ['Commander']);
      expect(await screen.findByText(/Could not load who needs a word\. Database unavailable\./)).toBeInTheDocument();
      failing = false;
      await user.click(within(screen.getByRole('region', { name: 'Needs a word' })).getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('Nobody in the subgroups you lead needs a word right now.')).toBeInTheDocument();
    });

    it("takes a member off the list with 'I've reached out', and says when that fails", async () => {
      const { user, api } = renderSubgroup(
        { 'GET /api/communities/c1/needs-a-word': () => json(rows), 'POST /api/communities/c1/needs-a-word/u2/reached-out': () => json({ userId: 'u2', hiddenUntil: '2026-12-03T12:00:00.000Z' }), 'POST /api/communities/c1/needs-a-word/u3/reached-out': () => apiError(403, "Only the member's commander and admins can mark that they reached out.") },
        ['Commander'],
      );
      const list = await screen.findByRole('list', { name: 'Members who need a word' });
      await user.click(within(list).getByRole('button', { name: "I've reached out to Orpah Moab" }));
      expect(await findToast('Thank you for reaching out')).toHaveTextContent('Orpah Moab is off this list for a week.');
      await waitFor(() => expect(within(list).queryByText('Orpah Moab')).not.toBeInTheDocument());
      expect(api.calls('POST', '/api/communities/c1/needs-a-word/u2/reached-out')).toHaveLength(1);

      await user.click(within(list).getByRole('button', { name: "I've reached out to Jesse Obed" }));
      expect(await findToast('Could not save')).toHaveTextContent("Only the member's commander and admins can mark that they reached out.");
      expect(within(list).getByText('Jesse Obed')).toBeInTheDocument();
    });

    it('sends a prefilled, editable note, refusing an empty one, and takes the member off the list', async () => {
      const { user, api } = renderSubgroup(
        { 'GET /api/communities/c1/needs-a-word': () => json(rows), 'POST /api/communities/c1/needs-a-word/u1/note': () => json({ userId: 'u1', hiddenUntil: '2026-12-03T12:00:00.000Z' }, 201) },
        ['Commander'],
      );
      const list = await screen.findByRole('list', { name: 'Members who need a word' });
      await user.click(within(list).getByRole('button', { name: 'Send a note to Naomi Ephrath' }));
      const dialog = await screen.findByRole('dialog', { name: 'A note to Naomi Ephrath' });
      const note = within(dialog).getByLabelText('Your note');
      expect(note).toHaveValue('Thinking of you this week. How are you?');

      await user.clear(note);
      await user.click(within(dialog).getByRole('button', { name: 'Send Note' }));
      expect(await within(dialog).findByText('Please write a short note.')).toBeInTheDocument();
      expect(note).toHaveAttribute('aria-invalid', 'true');
      expect(api.calls('POST', '/api/communities/c1/needs-a-word/u1/note')).toHaveLength(0);

      await user.type(note, 'Missed you on Sunday.{Enter}Coffee this week?');
      await user.click(within(dialog).getByRole('button', { name: 'Send Note' }));
      expect(await findToast('Note Sent')).toHaveTextContent('Naomi Ephrath will find it in their notifications.');
      expect(api.calls('POST', '/api/communities/c1/needs-a-word/u1/note')[0]!.body).toEqual({ message: 'Missed you on Sunday.\nCoffee this week?' });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(within(list).queryByText('Naomi Ephrath')).not.toBeInTheDocument();
    });

    it("shows a member their commander's note and offers to answer it with a question", async () => {
      const note: NotificationView = {
        id: 'n1',
        type: 'care_note',
        title: 'A word from Boaz of Bethlehem',
        message: 'Thinking of you this week.\nHow are you?',
        isRead: false,
        communityId: 'c1',
        fromUserId: COMMANDER.id,
        createdAt: new Date().toISOString(),
      };
      const { user } = renderSubgroup({ 'GET /api/notifications': () => json([note]) });
      const shown = await screen.findByRole('region', { name: 'A word from Boaz of Bethlehem' });
      expect(shown).toHaveTextContent('Thinking of you this week. How are you?');
      await user.click(screen.getByRole('button', { name: 'Ask Your Commander' }));
      const dialog = await screen.findByRole('dialog', { name: 'Ask Your Commander' });
      expect(within(dialog).getByLabelText(/Subject/)).toHaveValue('Re: A word from Boaz of Bethlehem');
    });

    it("shows a note from someone else (an admin) without offering to answer it as the commander's", async () => {
      const note: NotificationView = {
        id: 'n2',
        type: 'care_note',
        title: 'A word from Ruth Moab',
        message: 'Welcome to Hope Chapel.',
        isRead: false,
        communityId: 'c1',
        fromUserId: 'f0000000-0000-4000-8000-00000000000f',
        createdAt: new Date().toISOString(),
      };
      const { user } = renderSubgroup({ 'GET /api/notifications': () => json([note]) });
      expect(await screen.findByRole('region', { name: 'A word from Ruth Moab' })).toHaveTextContent('Welcome to Hope Chapel.');
      expect(screen.queryByText(/Answer with "Ask Your Commander"/)).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Ask Your Commander' }));
      expect(within(await screen.findByRole('dialog', { name: 'Ask Your Commander' })).getByLabelText(/Subject/)).toHaveValue('');
    });

    it('shows the note to a member in no subgroup too', async () => {
      const note: NotificationView = { id: 'n3', type: 'care_note', title: 'A word from Ruth Moab', message: 'Glad you came.', isRead: false, communityId: 'c1', fromUserId: null, createdAt: new Date().toISOString() };
      renderSubgroup({ 'GET /api/notifications': () => json([note]), 'GET /api/user/subgroup': () => json(UNASSIGNED) });
      expect(await screen.findByRole('region', { name: 'A word from Ruth Moab' })).toHaveTextContent('Glad you came.');
      expect(screen.getByRole('heading', { name: 'Not Assigned to a Subgroup' })).toBeInTheDocument();
    });

    it('is not shown to a plain member, who never asks for it', async () => {
      const { api } = renderSubgroup();
      expect(await screen.findByRole('heading', { name: 'Alpha Group' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Needs a word' })).not.toBeInTheDocument();
      expect(api.calls('GET', '/api/communities/c1/needs-a-word')).toHaveLength(0);
    });
  });
});
