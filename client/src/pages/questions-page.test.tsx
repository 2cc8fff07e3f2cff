import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QUESTION_LIST_LIMIT, type QuestionView } from '@shared/contracts/questions';
import type { Role } from '@shared/domain/constants';
import { makeMeeting } from '@/features/meetings/test-kit';
import { ASK_REASONS } from '@/features/questions/ask-availability';
import { ASKER, baseRoutes, COMMANDER, COMMUNITY_ID, makeQuestion, OWN_SUBGROUP, SELF } from '@/features/questions/test-kit';
import { makeMembership } from '@/test/fixtures';
import { formatDateTime } from '@/lib/dates';
import { apiError, deferred, type Handler, json, mockApi } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

/** Sunday, November 15, 2026, 10:00 in Chicago (the community's time zone): tomorrow there is the 16th. */
const NOW = new Date('2026-11-15T16:00:00.000Z');

beforeEach(() => {
  vi.setSystemTime(NOW);
});

interface Options {
  roles?: Role[];
  sent?: QuestionView[];
  received?: QuestionView[];
  routes?: Record<string, Handler>;
  path?: string;
}

function renderQuestions({ roles = ['Member'], sent = [], received = [], routes = {}, path = '/questions' }: Options = {}) {
  const api = mockApi({
    ...baseRoutes({ roles }),
    'GET /api/questions': () => json(sent),
    'GET /api/questions/received': () => json(received),
    ...routes,
  });
  return { ...renderApp(path), api };
}

const list = (name: string) => screen.findByRole('list', { name });
const cardOf = (item: HTMLElement) => within(item);

describe('Questions: My Questions', () => {
  it("lists a member's own questions with priority, status and a relative date, and offers no 'Received Questions'", async () => {
    const sent = [
      makeQuestion({ title: 'Fasting on work days', priority: 'Urgent', status: 'Answered', createdAt: '2026-11-15T13:00:00.000Z' }),
      makeQuestion({ title: 'Reading plan', priority: 'Low', status: 'InProgress', createdAt: '2026-10-01T13:00:00.000Z' }),
    ];
    const { api } = renderQuestions({ sent });
    expect(await screen.findByRole('heading', { level: 1, name: 'Questions' })).toBeInTheDocument();
    const items = within(await list('My questions')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Fasting on work days');
    expect(cardOf(items[0]!).getByText('Urgent')).toBeInTheDocument();
    expect(cardOf(items[0]!).getByText('Answered')).toBeInTheDocument();
    expect(cardOf(items[0]!).getByText('3 hours ago')).toBeInTheDocument();
    expect(cardOf(items[1]!).getByText('In Progress')).toBeInTheDocument();
    expect(cardOf(items[1]!).getByText('October 1, 2026')).toBeInTheDocument();
    // Nobody asked a member: no tab, no Respond, and the received list is not even read.
    expect(screen.queryByRole('tab', { name: 'Received Questions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Respond' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/questions/received')).toHaveLength(0);
  });

  it('says when there are no questions yet, and offers to ask one', async () => {
    const { user } = renderQuestions();
    expect(await screen.findByText('No questions yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask a Question' }));
    expect(await screen.findByRole('dialog', { name: 'Ask Your Commander' })).toBeInTheDocument();
  });

  it('shows a failed load with Retry, which reads the list again', async () => {
    let calls = 0;
    const { user } = renderQuestions({
      routes: { 'GET /api/questions': () => (calls++ === 0 ? apiError(500, 'Database unavailable.') : json([makeQuestion({ title: 'Second try' })])) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the questions.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Second try')).toBeInTheDocument();
  });

  it('opens the details: subject, message, answer, priority, status, created and tags', async () => {
    const question = makeQuestion({
      title: 'Fasting on work days',
      body: 'How should I fast when I work long shifts?',
      answer: 'Start with a half day and drink water.',
      status: 'Answered',
      priority: 'High',
      tags: ['fasting', 'work'],
    });
    const { user } = renderQuestions({ sent: [question] });
    await user.click(await screen.findByText('Fasting on work days'));
    const dialog = await screen.findByRole('dialog', { name: 'Fasting on work days' });
    expect(dialog).toHaveTextContent('How should I fast when I work long shifts?');
    expect(dialog).toHaveTextContent('Start with a half day and drink water.');
    expect(within(dialog).getByText('High')).toBeInTheDocument();
    expect(within(dialog).getByText('Answered')).toBeInTheDocument();
    expect(within(dialog).getByText(formatDateTime(question.createdAt))).toBeInTheDocument();
    expect(within(dialog).getByText('fasting')).toBeInTheDocument();
    expect(within(dialog).getByText('work')).toBeInTheDocument();
    // One's own question cannot be responded to.
    expect(within(dialog).queryByRole('button', { name: 'Respond' })).not.toBeInTheDocument();
    // The footer's Close (the corner's X has the same name).
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'No answer yet' and 'No tags' for a question still open", async () => {
    const { user } = renderQuestions({ sent: [makeQuestion({ title: 'Still waiting' })] });
    await user.click(await screen.findByText('Still waiting'));
    const dialog = await screen.findByRole('dialog', { name: 'Still waiting' });
    expect(dialog).toHaveTextContent('No answer yet.');
    expect(dialog).toHaveTextContent('No tags');
  });
});

describe('Questions: Ask Your Commander', () => {
  it("sends subject, message and priority, says 'Question Sent', closes and reads the list again", async () => {
    const sent: QuestionView[] = [];
    const posted = deferred<Response>();
    const { user, api } = renderQuestions({
      routes: {
        'GET /api/questions': () => json(sent),
        'POST /api/questions': () => posted.promise,
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New Question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask Your Commander' });
    const send = within(dialog).getByRole('button', { name: 'Send Question' });
    expect(within(dialog).getByLabelText('Priority')).toHaveValue('Normal');
    // What leaves the app is said where it is typed: the subject, not the message.
    expect(within(dialog).getByLabelText('Subject')).toHaveAccessibleDescription(
      'Your commander is told of it by e-mail or push with this subject; the message itself stays in Steadfast.',
    );

    await user.type(within(dialog).getByLabelText('Subject'), 'Fasting on work days');
    await user.type(within(dialog).getByLabelText('Message'), 'How should I fast when I work long shifts?');
    await user.selectOptions(within(dialog).getByLabelText('Priority'), 'High');
    expect(send).toBeEnabled();
    await user.click(send);

    expect(await within(dialog).findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(api.calls('POST', '/api/questions')[0]!.body).toEqual({
      title: 'Fasting on work days',
      body: 'How should I fast when I work long shifts?',
      priority: 'High',
      tags: [],
    });
    const created = makeQuestion({ title: 'Fasting on work days', priority: 'High' });
    sent.push(created);
    posted.resolve(json(created, 201));

    expect(await findToast('Question Sent')).toHaveTextContent('Your question has been sent to your commander.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(await list('My questions')).findByText('Fasting on work days')).toBeInTheDocument();

    // The next question starts blank.
    await user.click(screen.getByRole('button', { name: 'New Question' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText('Subject')).toHaveValue('');
  });

  it("says 'Subject is required' and 'Message is required' when sending blank fields (spaces count as blank), and sends nothing", async () => {
    const { user, api } = renderQuestions();
    await user.click(await screen.findByRole('button', { name: 'New Question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask Your Commander' });
    const send = within(dialog).getByRole('button', { name: 'Send Question' });
    expect(send).toBeEnabled();
    await user.click(send);
    expect(await within(dialog).findByText('Subject is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Message is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Subject')).toHaveAccessibleDescription(/^Subject is required/);
    expect(within(dialog).getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(dialog).getByLabelText('Subject'), 'Fasting');
    await user.type(within(dialog).getByLabelText('Message'), '   ');
    await user.click(send);
    await waitFor(() => expect(within(dialog).queryByText('Subject is required')).not.toBeInTheDocument());
    expect(within(dialog).getByText('Message is required')).toBeInTheDocument();
    expect(api.calls('POST', '/api/questions')).toHaveLength(0);
  });

  it("shows 'No commander found for your subgroup' under 'Error' and keeps the draft", async () => {
    const { user } = renderQuestions({ routes: { 'POST /api/questions': () => apiError(409, 'No commander found for your subgroup') } });
    await user.click(await screen.findByRole('button', { name: 'New Question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask Your Commander' });
    await user.type(within(dialog).getByLabelText('Subject'), 'Anyone there?');
    await user.type(within(dialog).getByLabelText('Message'), 'Who leads my subgroup?');
    await user.click(within(dialog).getByRole('button', { name: 'Send Question' }));
    expect(await findToast('Error')).toHaveTextContent('No commander found for your subgroup');
    expect(screen.getByRole('dialog', { name: 'Ask Your Commander' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Subject')).toHaveValue('Anyone there?');
    expect(within(dialog).getByRole('button', { name: 'Send Question' })).toBeEnabled();
  });
});

describe('Questions: asking only when someone can answer', () => {
  const noSubgroup = { subgroup: null, commander: null, ledSubgroups: [] };
  const noCommander = { ...OWN_SUBGROUP, commander: null };
  const leadsOwn = { ...OWN_SUBGROUP, commander: { id: SELF.id, displayName: SELF.displayName } };

  it.each([
    ['a member without a subgroup', ['Member'], noSubgroup, ASK_REASONS.noSubgroup],
    ["a member whose subgroup has no commander", ['Member'], noCommander, ASK_REASONS.noCommander],
    ['a moderator outside a subgroup', ['CommunityModerator'], noSubgroup, ASK_REASONS.noSubgroup],
    ['a commander who leads their own subgroup', ['Commander'], leadsOwn, ASK_REASONS.leadsOwn],
  ] as const)('shows %s the reason in place of the Ask buttons', async (_who, roles, own, reason) => {
    // Their own questions (those who answer start on Received; a plain member has only these).
    renderQuestions({ roles: [...roles], path: '/questions?tab=sent', routes: { 'GET /api/user/subgroup': () => json(own) } });
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(await screen.findByText('No questions yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Question' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask a Question' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Ask your commander anything/)).not.toBeInTheDocument();
  });

  it("keeps a plain member's 'My Questions' heading, and offers Ask once a commander leads their subgroup", async () => {
    renderQuestions({ routes: { 'GET /api/user/subgroup': () => json({ ...OWN_SUBGROUP, commander: COMMANDER }) } });
    expect(await screen.findByRole('heading', { level: 2, name: 'My Questions' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'New Question' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask a Question' })).toBeInTheDocument();
    expect(screen.queryByText(ASK_REASONS.noSubgroup)).not.toBeInTheDocument();
  });

  it('tells an admin who does not belong to the community that they have no commander to ask, without asking the server', async () => {
    const { api } = renderQuestions({
      roles: ['InstitutionAdmin'],
      routes: {
        'GET /api/memberships': () =>
          json([makeMembership({ id: null, communityId: COMMUNITY_ID, role: 'InstitutionAdmin', roles: ['InstitutionAdmin'], community: { id: COMMUNITY_ID, name: 'Grace Fellowship', description: null } })]),
      },
    });
    expect(await screen.findByText(ASK_REASONS.notMember)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Question' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/user/subgroup')).toHaveLength(0);
  });
});

describe('Questions: Received Questions', () => {
  const open = makeQuestion({ title: 'Fasting on work days', fromUserId: ASKER.id, fromUserName: ASKER.displayName, body: 'How should I fast when I work long shifts?' });
  const inProgress = makeQuestion({ title: 'Prayer at night', fromUserId: ASKER.id, fromUserName: ASKER.displayName, status: 'InProgress' });
  const answered = makeQuestion({ title: 'Reading plan', fromUserId: ASKER.id, fromUserName: ASKER.displayName, status: 'Answered', answer: 'One chapter a day.' });

  // A commander starts on what waits for them.
  const openReceived = async (options: Options = {}) => {
    const rendered = renderQuestions({ roles: ['Commander'], received: [open, inProgress, answered], ...options });
    await screen.findByRole('tab', { name: 'Received Questions', selected: true });
    return rendered;
  };

  it("shows both tabs to a commander, starting on the received questions with who asked, and Respond only on Open and In Progress ones", async () => {
    const { api, location } = await openReceived();
    expect(screen.getByRole('tab', { name: 'My Questions', selected: false })).toBeInTheDocument();
    expect(location()).toBe('/questions');
    const items = within(await list('Received questions')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('From Boaz Bethlehem');
    expect(cardOf(items[0]!).getByRole('button', { name: 'Respond' })).toHaveAccessibleDescription('Fasting on work days');
    expect(cardOf(items[1]!).getByRole('button', { name: 'Respond' })).toBeInTheDocument();
    expect(cardOf(items[2]!).queryByRole('button', { name: 'Respond' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/questions/received')).toHaveLength(1);
  });

  it('pages back: a full page of 100 offers Show older questions, which loads the page before the oldest shown', async () => {
    const newest = Array.from({ length: QUESTION_LIST_LIMIT }, (_, n) => makeQuestion({ title: `Flood ${n}`, fromUserId: ASKER.id, fromUserName: ASKER.displayName }));
    const oldest = newest.at(-1)!;
    const { api, user } = await openReceived({
      routes: {
        'GET /api/questions/received': (request) => json(new URL(request.url, 'http://x').searchParams.get('before') === oldest.id ? [open] : newest),
      },
    });
    expect(within(await list('Received questions')).getAllByRole('listitem')).toHaveLength(QUESTION_LIST_LIMIT);
    await user.click(screen.getByRole('button', { name: 'Show older questions' }));
    expect(await screen.findByText('Fasting on work days')).toBeInTheDocument();
    expect(within(await list('Received questions')).getAllByRole('listitem')).toHaveLength(QUESTION_LIST_LIMIT + 1);
    expect(api.calls('GET', `/api/questions/received?before=${oldest.id}`)).toHaveLength(1);
    // A page shorter than 100 is the last one.
    expect(screen.queryByRole('button', { name: 'Show older questions' })).not.toBeInTheDocument();
  });

  it("opens a commander's own questions under My Questions, at ?tab=sent, and comes back to Received", async () => {
    const { user, location } = await openReceived({ sent: [makeQuestion({ title: 'My own question' })] });
    await user.click(screen.getByRole('tab', { name: 'My Questions' }));
    expect(await within(await list('My questions')).findByText('My own question')).toBeInTheDocument();
    expect(location()).toBe('/questions?tab=sent');
    await user.click(screen.getByRole('tab', { name: 'Received Questions' }));
    expect(location()).toBe('/questions');
  });

  it('offers Respond on a question whose meeting is booked: the answer only, no second meeting', async () => {
    const met = makeQuestion({ title: 'Talked it through', fromUserId: ASKER.id, fromUserName: ASKER.displayName, status: 'Meeting Scheduled' });
    const { user, api } = await openReceived({
      received: [met],
      routes: { [`PATCH /api/questions/${met.id}`]: (request) => json({ ...met, status: 'Answered', answer: (request.body as { answer: string }).answer }) },
    });
    await user.click(cardOf(within(await list('Received questions')).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Respond' }));
    const dialog = await screen.findByRole('dialog', { name: 'Respond to Question' });
    expect(dialog).toHaveTextContent('A meeting is booked for this question.');
    expect(within(dialog).queryByRole('tab', { name: 'Schedule Meeting' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Your answer'), 'As we said: one day a week.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Answer' }));
    expect(await findToast('Question Answered')).toBeInTheDocument();
    expect(api.calls('PATCH', `/api/questions/${met.id}`)[0]!.body).toEqual({ status: 'Answered', answer: 'As we said: one day a week.' });
  });

  it('offers no Show older questions when the list holds fewer than 100', async () => {
    await openReceived();
    await list('Received questions');
    expect(screen.queryByRole('button', { name: 'Show older questions' })).not.toBeInTheDocument();
  });

  it('shows the received questions to an admin too, and opens that tab from ?tab=received', async () => {
    renderQuestions({ roles: ['CommunityModerator'], received: [open], path: '/questions?tab=received' });
    expect(await screen.findByRole('tab', { name: 'Received Questions', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Fasting on work days')).toBeInTheDocument();
  });

  it('says when no question has been received', async () => {
    await openReceived({ received: [] });
    expect(await screen.findByText('No questions received')).toBeInTheDocument();
  });

  it("opens the details with who asked, and Respond from there", async () => {
    const { user } = await openReceived();
    await user.click(await screen.findByText('Fasting on work days'));
    const details = await screen.findByRole('dialog', { name: 'Fasting on work days' });
    expect(details).toHaveTextContent('Asked by Boaz Bethlehem');
    await user.click(within(details).getByRole('button', { name: 'Respond' }));
    expect(await screen.findByRole('dialog', { name: 'Respond to Question' })).toHaveTextContent('Boaz Bethlehem asked: Fasting on work days');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it("answers now: PATCH Answered with the trimmed answer, 'Question Answered', and the list is read again", async () => {
    let received = [open, inProgress, answered];
    const { user, api } = await openReceived({
      routes: {
        'GET /api/questions/received': () => json(received),
        [`PATCH /api/questions/${open.id}`]: (request) => {
          const body = request.body as { answer: string };
          received = received.map((question) => (question.id === open.id ? { ...question, status: 'Answered', answer: body.answer } : question));
          return json(received[0]);
        },
      },
    });
    await user.click(cardOf(within(await list('Received questions')).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Respond' }));
    const dialog = await screen.findByRole('dialog', { name: 'Respond to Question' });
    expect(within(dialog).getByRole('tab', { name: 'Answer Now', selected: true })).toBeInTheDocument();

    // A blank answer is refused before any call.
    await user.type(within(dialog).getByLabelText('Your answer'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send Answer' }));
    expect(await findToast('Answer Required')).toHaveTextContent('Please provide an answer before submitting.');
    expect(api.calls('PATCH', `/api/questions/${open.id}`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Your answer'), 'Start with a half day and drink water.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send Answer' }));
    expect(await findToast('Question Answered')).toHaveTextContent('Your response has been sent to the member.');
    expect(api.calls('PATCH', `/api/questions/${open.id}`)[0]!.body).toEqual({ status: 'Answered', answer: 'Start with a half day and drink water.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Read again: the question is Answered and cannot be responded to any more.
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Received questions' })).getAllByRole('button', { name: 'Respond' })).toHaveLength(1));
  });

  it("shows 'Failed to Send Answer' and keeps the dialog and the answer when the answer is refused", async () => {
    const { user } = await openReceived({ routes: { [`PATCH /api/questions/${open.id}`]: () => new Response('', { status: 500 }) } });
    await user.click(cardOf(within(await list('Received questions')).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Respond' }));
    const dialog = await screen.findByRole('dialog', { name: 'Respond to Question' });
    await user.type(within(dialog).getByLabelText('Your answer'), 'Drink water.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Answer' }));
    expect(await findToast('Failed to Send Answer')).toHaveTextContent('Unable to send answer. Please try again.');
    expect(within(dialog).getByLabelText('Your answer')).toHaveValue('Drink water.');
  });

  const openSchedule = async (options: Options = {}) => {
    const rendered = await openReceived(options);
    await rendered.user.click(cardOf(within(await list('Received questions')).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Respond' }));
    const dialog = await screen.findByRole('dialog', { name: 'Respond to Question' });
    await rendered.user.click(within(dialog).getByRole('tab', { name: 'Schedule Meeting' }));
    return { ...rendered, dialog };
  };

  const freeSlots: Handler = (request) => json({ date: new URL(request.url, 'http://localhost').searchParams.get('date'), slots: ['09:00', '14:00'] });

  it('schedules a meeting with the asker in one of my free slots, then marks the question Meeting Scheduled', async () => {
    const order: string[] = [];
    const { user, api, dialog } = await openSchedule({
      routes: {
        [`GET /api/commanders/${SELF.id}/free-slots`]: freeSlots,
        'POST /api/meetings': () => {
          order.push('meeting');
          return json(makeMeeting({ memberId: ASKER.id, commanderId: SELF.id, questionId: open.id }), 201);
        },
        [`PATCH /api/questions/${open.id}`]: () => {
          order.push('status');
          return json({ ...open, status: 'Meeting Scheduled' });
        },
      },
    });
    const date = within(dialog).getByLabelText('Preferred date');
    expect(date).toHaveAttribute('min', '2026-11-16');
    expect(within(dialog).getByLabelText('Notes')).toHaveValue('Discussion about: Fasting on work days');

    // Without a date and time nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Meeting' }));
    expect(await findToast('Date and Time Required')).toHaveTextContent('Please select both date and time for the meeting.');
    expect(api.calls('POST', '/api/meetings')).toHaveLength(0);

    fireEvent.change(date, { target: { value: '2026-11-20' } });
    const time = within(dialog).getByLabelText('Preferred time');
    await within(time).findByRole('option', { name: '14:00' });
    await user.selectOptions(time, '14:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Meeting' }));

    expect(await findToast('Meeting Scheduled')).toHaveTextContent('Meeting has been scheduled to discuss this question.');
    expect(order).toEqual(['meeting', 'status']);
    expect(api.calls('GET', `/api/commanders/${SELF.id}/free-slots?date=2026-11-20`).length).toBeGreaterThan(0);
    // 14:00 in Chicago on November 20 (CST, UTC-6), for one hour.
    expect(api.calls('POST', '/api/meetings')[0]!.body).toEqual({
      startsAt: '2026-11-20T20:00:00.000Z',
      endsAt: '2026-11-20T21:00:00.000Z',
      memberId: ASKER.id,
      questionId: open.id,
      notes: 'Discussion about: Fasting on work days',
      location: 'TBD',
    });
    expect(api.calls('PATCH', `/api/questions/${open.id}`)[0]!.body).toEqual({ status: 'Meeting Scheduled' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("sends the location and notes the commander wrote", async () => {
    const { user, api, dialog } = await openSchedule({
      routes: {
        [`GET /api/commanders/${SELF.id}/free-slots`]: freeSlots,
        'POST /api/meetings': () => json(makeMeeting(), 201),
        [`PATCH /api/questions/${open.id}`]: () => json({ ...open, status: 'Meeting Scheduled' }),
      },
    });
    fireEvent.change(within(dialog).getByLabelText('Preferred date'), { target: { value: '2026-11-16' } });
    await within(within(dialog).getByLabelText('Preferred time')).findByRole('option', { name: '09:00' });
    await user.selectOptions(within(dialog).getByLabelText('Preferred time'), '09:00');
    await user.type(within(dialog).getByLabelText('Location (optional)'), 'https://meet.example.org/boaz');
    await user.clear(within(dialog).getByLabelText('Notes'));
    await user.type(within(dialog).getByLabelText('Notes'), 'Bring your fasting journal');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Meeting' }));
    await findToast('Meeting Scheduled');
    expect(api.calls('POST', '/api/meetings')[0]!.body).toMatchObject({
      startsAt: '2026-11-16T15:00:00.000Z',
      location: 'https://meet.example.org/boaz',
      notes: 'Bring your fasting journal',
    });
  });

  it("shows 'Failed to Schedule Meeting' with the server's message on a double booking, and leaves the question alone", async () => {
    const { user, api, dialog } = await openSchedule({
      routes: {
        [`GET /api/commanders/${SELF.id}/free-slots`]: freeSlots,
        'POST /api/meetings': () => apiError(409, 'Your commander already has a meeting at that time. Please choose another time.'),
      },
    });
    fireEvent.change(within(dialog).getByLabelText('Preferred date'), { target: { value: '2026-11-20' } });
    await within(within(dialog).getByLabelText('Preferred time')).findByRole('option', { name: '09:00' });
    await user.selectOptions(within(dialog).getByLabelText('Preferred time'), '09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Meeting' }));
    expect(await findToast('Failed to Schedule Meeting')).toHaveTextContent('Your commander already has a meeting at that time. Please choose another time.');
    expect(api.calls('PATCH', `/api/questions/${open.id}`)).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Respond to Question' })).toBeInTheDocument();
  });
});
