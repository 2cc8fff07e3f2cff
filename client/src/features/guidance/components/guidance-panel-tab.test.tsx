import { screen, waitFor, within } from '@testing-library/react';
import { GUIDANCE_NESTING_MESSAGE, type GuidanceSection, type GuidanceView, type SaveGuidanceBody } from '@shared/contracts/guidance';
import { COMMUNITY_ID, TODAY, trackingServer } from '@/features/tracking/test-kit';
import { makeMembership, makeUser } from '@/test/fixtures';
import { apiError, deferred, type Handler, json, mockApi, type RecordedRequest } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';
import { guidanceSection, guidanceView } from '../test-kit';

const GUIDANCE_URL = `/api/communities/${COMMUNITY_ID}/guidance`;
const DEFAULT_TITLES = ['Bible Reading', 'Fasting', 'Morning Intimacy', 'Midnight Prayer'];

const view = guidanceView;
const section = (overrides: Partial<GuidanceSection> = {}) => guidanceSection({ id: 'saved-1', title: 'Hope Chapel Rule', content: 'Pray without ceasing.', ...overrides });

/** What the server answers to a save: the saved body, as GET would return it afterwards. */
const echo = (request: RecordedRequest) => {
  const body = request.body as SaveGuidanceBody;
  return json(view({ sections: (body.sections ?? []) as GuidanceSection[], contentMarkdown: body.contentMarkdown ?? '', updatedAt: new Date().toISOString() }));
};

function renderPanel(routes: Record<string, Handler> = {}, guidance: GuidanceView = view()) {
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
    [`GET ${GUIDANCE_URL}`]: () => json(guidance),
    [`POST ${GUIDANCE_URL}`]: echo,
    ...routes,
  });
  return { ...renderApp('/admin?tab=guidance'), api };
}

// The admin screen loads on demand: its first showing can take seconds on a busy two-core machine.
const SLOW = { timeout: 12_000 };
const openEditor = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Edit Guidance' }, SLOW));
  return screen.findByRole('dialog', { name: 'Edit Guidance' });
};
/** The editor's section groups (a fieldset per section, named by its legend), in order. */
const sectionNames = (dialog: HTMLElement) => within(dialog).getAllByRole('group').map((group) => group.querySelector('legend')?.textContent);
const optionTexts = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);
/** Replaces a field's text (pasting: typing long text key by key is slow on a busy machine). */
async function fill(user: ReturnType<typeof renderApp>['user'], field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}
const preview = (dialog: HTMLElement) => within(dialog).getByRole('region', { name: 'Preview' });

describe('Administration > Guidance Panel', () => {
  it('shows the default guidelines while the community has saved none', async () => {
    const { api } = renderPanel();
    const panel = await screen.findByRole('tabpanel', {}, SLOW);
    for (const title of DEFAULT_TITLES) expect(await within(panel).findByRole('heading', { name: title })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { level: 1 })).toHaveClass('text-[2rem]');
    expect(within(panel).getByRole('button', { name: 'Edit Guidance' })).toBeInTheDocument();
    expect(api.calls('GET', GUIDANCE_URL)).toHaveLength(1);
  });

  it("shows the community's current guidance: its sections and its markdown", async () => {
    renderPanel({}, view({ sections: [section()], contentMarkdown: '**Walk together.**', updatedAt: '2026-11-10T12:00:00.000Z' }));
    const panel = await screen.findByRole('tabpanel', {}, SLOW);
    expect(await within(panel).findByRole('heading', { name: 'Hope Chapel Rule' })).toBeInTheDocument();
    expect(within(panel).getByText('Pray without ceasing.')).toBeInTheDocument();
    expect(await within(panel).findByText('Walk together.')).toHaveProperty('tagName', 'STRONG');
    for (const title of DEFAULT_TITLES) expect(within(panel).queryByRole('heading', { name: title })).not.toBeInTheDocument();
  });

  it('opens the editor on the default sections when none are saved: a large blue centred header, then the four disciplines', async () => {
    const { user } = renderPanel();
    const dialog = await openEditor(user);
    const groups = within(dialog).getAllByRole('group');
    expect(groups).toHaveLength(5);
    expect(sectionNames(dialog).slice(1)).toEqual(DEFAULT_TITLES);

    const header = within(groups[0]!);
    expect(header.getByLabelText('Type')).toHaveValue('header');
    expect(header.getByLabelText('Header size')).toHaveValue('large');
    expect(header.getByLabelText('Text colour')).toHaveValue('blue');
    expect(header.getByLabelText('Alignment')).toHaveValue('center');
    // Only a header has a size.
    expect(within(groups[1]!).queryByLabelText('Header size')).not.toBeInTheDocument();

    for (const title of DEFAULT_TITLES) expect(within(preview(dialog)).getByRole('heading', { name: title })).toBeInTheDocument();
  });

  it('opens the editor on the saved sections when there are some', async () => {
    const { user } = renderPanel({}, view({ sections: [section(), section({ id: 'saved-2', title: 'Second', type: 'list', content: 'a\nb' })], contentMarkdown: 'More' }));
    const dialog = await openEditor(user);
    expect(sectionNames(dialog)).toEqual(['Hope Chapel Rule', 'Second']);
    expect(within(dialog).getByLabelText('More guidance (markdown)')).toHaveValue('More');
  });

  it('offers exactly the text colours, backgrounds, types, alignments, styles and header sizes of SPEC section 9', async () => {
    const { user } = renderPanel();
    const dialog = await openEditor(user);
    const header = within(within(dialog).getAllByRole('group')[0]!);
    expect(optionTexts(header.getByLabelText('Text colour'))).toEqual(['Black', 'Dark gray', 'Red', 'Orange', 'Yellow', 'Green', 'Blue', 'Purple', 'Brown']);
    expect(optionTexts(header.getByLabelText('Background'))).toEqual(['None', 'Light gray', 'Red', 'Orange', 'Yellow', 'Green', 'Blue', 'Purple']);
    expect(optionTexts(header.getByLabelText('Type'))).toEqual(['Header', 'Text', 'List']);
    expect(optionTexts(header.getByLabelText('Alignment'))).toEqual(['Left', 'Center', 'Right']);
    expect(optionTexts(header.getByLabelText('Text style'))).toEqual(['Normal', 'Bold', 'Italic']);
    expect(optionTexts(header.getByLabelText('Header size'))).toEqual(['Large', 'Medium', 'Small']);
  });

  it('updates the live preview as a section is edited', async () => {
    const { user } = renderPanel();
    const dialog = await openEditor(user);
    const bible = within(within(dialog).getByRole('group', { name: 'Bible Reading' }));
    await fill(user, bible.getByLabelText('Title'), 'Scripture Reading');
    expect(within(preview(dialog)).getByRole('heading', { name: 'Scripture Reading' })).toBeInTheDocument();
    expect(within(preview(dialog)).queryByRole('heading', { name: 'Bible Reading' })).not.toBeInTheDocument();
    // The legend follows the title too.
    expect(within(dialog).getByRole('group', { name: 'Scripture Reading' })).toBeInTheDocument();

    const scripture = within(within(dialog).getByRole('group', { name: 'Scripture Reading' }));
    await user.selectOptions(scripture.getByLabelText('Type'), 'list');
    await fill(user, scripture.getByLabelText('Content'), 'Genesis\nExodus');
    const list = within(preview(dialog)).getByRole('list');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Genesis', 'Exodus']);
  });

  it("saves {sections, contentMarkdown} with POST, says 'Guidelines Saved' and shows the new guidance", async () => {
    const saved = deferred<Response>();
    const { user, api } = renderPanel({ [`POST ${GUIDANCE_URL}`]: (request) => saved.promise.then(() => echo(request)) });
    const dialog = await openEditor(user);
    const fasting = within(within(dialog).getByRole('group', { name: 'Fasting' }));
    await fill(user, fasting.getByLabelText('Title'), 'Weekly Fast');
    await user.selectOptions(fasting.getByLabelText('Background'), 'light-gray');
    await user.selectOptions(fasting.getByLabelText('Text style'), 'italic');
    await fill(user, within(dialog).getByLabelText('More guidance (markdown)'), 'Ask your **commander**.');
    await user.click(within(dialog).getByRole('button', { name: 'Save Guidelines' }));

    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    const posts = api.calls('POST', GUIDANCE_URL);
    expect(posts).toHaveLength(1);
    const body = posts[0]!.body as { sections: GuidanceSection[]; contentMarkdown: string };
    expect(Object.keys(body).sort()).toEqual(['contentMarkdown', 'sections']);
    expect(body.contentMarkdown).toBe('Ask your **commander**.');
    expect(body.sections.map((s) => s.title)).toEqual([expect.any(String), 'Bible Reading', 'Weekly Fast', 'Morning Intimacy', 'Midnight Prayer']);
    expect(body.sections[0]).toMatchObject({ type: 'header', headerSize: 'large', color: 'blue', alignment: 'center' });
    expect(body.sections[2]).toMatchObject({ type: 'text', backgroundColor: 'light-gray', textStyle: 'italic', color: 'black', alignment: 'left' });
    for (const s of body.sections) expect(Object.keys(s).sort()).toEqual(['alignment', 'backgroundColor', 'color', 'content', 'headerSize', 'id', 'textStyle', 'title', 'type']);

    saved.resolve(new Response());
    expect(await findToast('Guidelines Saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Guidance' })).not.toBeInTheDocument());
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'Weekly Fast' })).toBeInTheDocument();
    expect(await within(panel).findByText('commander')).toHaveProperty('tagName', 'STRONG');
  });

  it("shows 'Save Failed' with the server's message and keeps the editor open", async () => {
    const { user } = renderPanel({ [`POST ${GUIDANCE_URL}`]: () => apiError(400, 'Title must be at most 200 characters') });
    const dialog = await openEditor(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save Guidelines' }));
    expect(await findToast('Save Failed')).toHaveTextContent('Title must be at most 200 characters');
    expect(screen.getByRole('dialog', { name: 'Edit Guidance' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save Guidelines' })).toBeEnabled();
  });

  it('says under the markdown, as it is typed, that it nests too deeply, and previews the deeper levels as text', async () => {
    const { user } = renderPanel();
    const dialog = await openEditor(user);
    const markdown = within(dialog).getByLabelText('More guidance (markdown)');
    await fill(user, markdown, `${'>'.repeat(13)} Deepest`);
    expect(markdown).toHaveAccessibleDescription(expect.stringContaining(GUIDANCE_NESTING_MESSAGE));
    expect(markdown).toHaveAttribute('aria-invalid', 'true');
    expect(await within(preview(dialog)).findByText('> Deepest')).toBeInTheDocument();
    expect(preview(dialog).querySelectorAll('blockquote')).toHaveLength(12);

    await fill(user, markdown, `${'>'.repeat(12)} Deep enough`);
    expect(within(dialog).queryByText(GUIDANCE_NESTING_MESSAGE)).not.toBeInTheDocument();
    expect(markdown).not.toHaveAttribute('aria-invalid');
  });

  it('says under the markdown, as it is typed, that it holds too many blocks, and previews those past the limit as text', async () => {
    const { user } = renderPanel();
    const dialog = await openEditor(user);
    const markdown = within(dialog).getByLabelText('More guidance (markdown)');
    await fill(user, markdown, 'a\n-\n'.repeat(1002));
    expect(markdown).toHaveAccessibleDescription(expect.stringContaining('Guidance can hold at most 1,000 blocks (paragraphs, headings, list items, table rows…); this has 1,002'));
    expect(markdown).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(preview(dialog).querySelectorAll('.guidance-markdown :is(h1, h2, h3, h4, h5, h6)')).toHaveLength(1000));
    expect(preview(dialog).querySelector('p.whitespace-pre-wrap')).toHaveTextContent('a - a -');
  });

  it("shows the server's message for the markdown under it when a save is refused", async () => {
    const message = 'Guidance cannot hold that';
    const { user } = renderPanel({ [`POST ${GUIDANCE_URL}`]: () => apiError(400, 'Please check the highlighted fields.', { contentMarkdown: message }) });
    const dialog = await openEditor(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save Guidelines' }));
    expect(await findToast('Save Failed')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('More guidance (markdown)')).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it("highlights a section's title and content refused by the server, with their messages", async () => {
    const { user } = renderPanel({
      [`POST ${GUIDANCE_URL}`]: () =>
        apiError(400, 'Please check the highlighted fields.', { 'sections.1.title': 'Title must be one line without control characters', 'sections.0.content': 'Content is too long' }),
    });
    const dialog = await openEditor(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save Guidelines' }));
    await findToast('Save Failed');
    const titles = within(dialog).getAllByLabelText('Title');
    const contents = within(dialog).getAllByLabelText('Content');
    expect(titles[1]).toHaveAccessibleDescription(expect.stringContaining('Title must be one line without control characters'));
    expect(titles[1]).toHaveAttribute('aria-invalid', 'true');
    expect(contents[0]).toHaveAccessibleDescription(expect.stringContaining('Content is too long'));
    expect(titles[0]).not.toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['an empty body', () => new Response('', { status: 500 })],
    ['a JSON body without a message', () => json({ code: 'internal' }, 500)],
  ])("falls back to 'Failed to save guidance content' when the failure has %s", async (_, answer) => {
    const { user } = renderPanel({ [`POST ${GUIDANCE_URL}`]: answer });
    const dialog = await openEditor(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save Guidelines' }));
    expect(await findToast('Save Failed')).toHaveTextContent('Failed to save guidance content');
  });

  it('adds, moves and removes sections, and saves them in the new order', async () => {
    const { user, api } = renderPanel();
    const dialog = await openEditor(user);
    const allNames = () => sectionNames(dialog);
    const start = allNames();
    expect(start).toHaveLength(5);

    await user.click(within(dialog).getByRole('button', { name: 'Add Section' }));
    expect(allNames()).toHaveLength(6);
    const added = within(dialog).getAllByRole('group')[5]!;
    expect(within(added).getByLabelText('Title')).toHaveValue('');
    await fill(user, within(added).getByLabelText('Title'), 'Evening Walk');
    expect(allNames()[5]).toBe('Evening Walk');

    // The first section cannot move up, the last cannot move down.
    expect(within(dialog).getByRole('button', { name: `Move ${start[0]} up` })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Move Evening Walk down' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Move Evening Walk up' }));
    expect(allNames().slice(4)).toEqual(['Evening Walk', 'Midnight Prayer']);
    await user.click(within(dialog).getByRole('button', { name: 'Move Bible Reading down' }));
    expect(allNames().slice(1, 3)).toEqual(['Fasting', 'Bible Reading']);

    await user.click(within(dialog).getByRole('button', { name: 'Remove Morning Intimacy' }));
    expect(allNames()).toEqual([start[0], 'Fasting', 'Bible Reading', 'Evening Walk', 'Midnight Prayer']);
    expect(within(preview(dialog)).queryByRole('heading', { name: 'Morning Intimacy' })).not.toBeInTheDocument();
    expect(within(preview(dialog)).getAllByRole('heading').slice(1).map((heading) => heading.textContent)).toEqual([start[0], 'Fasting', 'Bible Reading', 'Evening Walk', 'Midnight Prayer']);

    await user.click(within(dialog).getByRole('button', { name: 'Save Guidelines' }));
    await findToast('Guidelines Saved');
    const body = api.calls('POST', GUIDANCE_URL)[0]!.body as { sections: GuidanceSection[] };
    expect(body.sections.map((s) => s.title)).toEqual([start[0], 'Fasting', 'Bible Reading', 'Evening Walk', 'Midnight Prayer']);
    expect(new Set(body.sections.map((s) => s.id)).size).toBe(5);
  });

  it('Cancel closes the editor without saving, and it opens again from what is saved', async () => {
    const { user, api } = renderPanel();
    let dialog = await openEditor(user);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Fasting' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', GUIDANCE_URL)).toHaveLength(0);
    dialog = await openEditor(user);
    expect(sectionNames(dialog).slice(1)).toEqual(DEFAULT_TITLES);
  });

  it("shows the saved guidance on the dashboard's guidelines card", async () => {
    vi.setSystemTime(TODAY);
    // The server keeps what was saved: the dashboard's own call answers it too.
    let stored = view();
    const server = trackingServer({ roles: ['CommunityModerator'], guidance: () => stored });
    const api = mockApi({
      ...server.routes,
      [`POST ${GUIDANCE_URL}`]: async (request) => {
        const response = await echo(request);
        stored = (await response.clone().json()) as typeof stored;
        return response;
      },
      'GET /api/notifications': () => json([]),
    });
    const { user } = renderApp('/admin?tab=guidance');
    const dialog = await openEditor(user);
    const bible = within(within(dialog).getByRole('group', { name: 'Bible Reading' }));
    await fill(user, bible.getByLabelText('Title'), 'Daily Scripture');
    await user.click(within(dialog).getByRole('button', { name: 'Save Guidelines' }));
    await findToast('Guidelines Saved');

    await user.click(within(screen.getAllByRole('navigation', { name: 'Main' })[0]!).getByRole('link', { name: 'Dashboard' }));
    const guidelines = (await screen.findByRole('heading', { name: 'Guidelines' })).closest('div.rounded-2xl') as HTMLElement;
    expect(await within(guidelines).findByRole('heading', { name: 'Daily Scripture' })).toBeInTheDocument();
    expect(within(guidelines).queryByRole('heading', { name: 'Bible Reading' })).not.toBeInTheDocument();
    expect(api.calls('POST', GUIDANCE_URL)).toHaveLength(1);
  });
});
