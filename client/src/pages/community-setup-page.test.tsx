import { screen, waitFor, within } from '@testing-library/react';
import type { MembershipView } from '@shared/contracts/communities';
import { makeMembership, makeUser } from '@/test/fixtures';
import { apiError, deferred, type Handler, json, mockApi, type RecordedRequest } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

const COMMUNITY_ID = 'c5000000-0000-4000-8000-000000000005';
const TEMPLATES_URL = `/api/communities/${COMMUNITY_ID}/discipline-templates`;
const GUIDANCE_URL = `/api/communities/${COMMUNITY_ID}/guidance`;
const INVALID_LINK = 'Invalid community setup link. Please create a community first.';
const STEP_TITLES = ['Welcome', 'Choose Community Theme', 'Choose Spiritual Disciplines', 'Community Guidance', 'Community Structure', 'Launch Community'];

/** SPEC.md section 3: the catalogue, in its order, with units (all numeric but fasting). */
const CATALOGUE = [
  { key: 'bible_reading', label: 'Bible Reading', unit: 'chapters', isNumeric: true },
  { key: 'prayer', label: 'Prayer Time', unit: 'minutes', isNumeric: true },
  { key: 'meditation', label: 'Meditation', unit: 'minutes', isNumeric: true },
  { key: 'fasting', label: 'Fasting', unit: 'type', isNumeric: false },
  { key: 'worship', label: 'Worship & Praise', unit: 'minutes', isNumeric: true },
  { key: 'evangelism', label: 'Evangelism', unit: 'people', isNumeric: true },
  { key: 'service', label: 'Acts of Service', unit: 'activities', isNumeric: true },
  { key: 'fellowship', label: 'Fellowship', unit: 'gatherings', isNumeric: true },
] as const;
const labelOf = (key: string) => CATALOGUE.find((discipline) => discipline.key === key)!.label;

/** CHECKLIST N10-N15. */
const THEMES = [
  { name: 'General Community', disciplines: ['bible_reading', 'prayer', 'worship', 'fellowship'], subgroups: true, subgroupName: 'Alpha Group', guidance: true },
  { name: 'Intensive Discipleship', disciplines: ['bible_reading', 'prayer', 'meditation', 'fasting', 'worship', 'evangelism'], subgroups: true, subgroupName: 'Disciples Group', guidance: true },
  { name: 'Youth Ministry', disciplines: ['bible_reading', 'prayer', 'worship', 'fellowship', 'service'], subgroups: true, subgroupName: 'Young Warriors', guidance: true },
  { name: 'Prayer Focused', disciplines: ['prayer', 'meditation', 'fasting', 'worship'], subgroups: true, subgroupName: 'Prayer Warriors', guidance: true },
  { name: 'Bible Study Group', disciplines: ['bible_reading', 'meditation', 'fellowship'], subgroups: false, subgroupName: 'Study Group', guidance: false },
  { name: 'Custom Setup', disciplines: [], subgroups: true, subgroupName: 'Alpha Group', guidance: false },
] as const;

function moderator(roles: MembershipView['roles'] = ['CommunityModerator']) {
  return makeMembership({ communityId: COMMUNITY_ID, role: roles[0]!, roles, community: { id: COMMUNITY_ID, name: 'Hope Chapel', description: null } });
}

const saved = (request: RecordedRequest) => json((request.body as { templates: unknown[] }).templates, 201);

function renderSetup(path = `/community-setup?community=${COMMUNITY_ID}`, routes: Record<string, Handler> = {}, membership = moderator()) {
  const api = mockApi({
    'GET /api/user': () => json(makeUser()),
    'GET /api/memberships': () => json([membership]),
    'GET /api/notifications': () => json([]),
    [`GET /api/communities/${COMMUNITY_ID}/subgroups`]: () => json([]),
    [`GET /api/communities/${COMMUNITY_ID}/invite-codes/latest`]: () => json(null),
    [`POST ${TEMPLATES_URL}`]: saved,
    [`POST ${GUIDANCE_URL}`]: (request) => json({ sections: [], contentMarkdown: (request.body as { contentMarkdown: string }).contentMarkdown, updatedAt: new Date().toISOString() }),
    'POST /api/subgroups': (request) => json({ id: 'a0000000-0000-4000-8000-00000000000a', communityId: COMMUNITY_ID, description: null, commanderId: null, commanderName: null, memberCount: 0, createdAt: new Date().toISOString(), ...(request.body as object) }, 201),
    ...routes,
  });
  return { ...renderApp(path), api };
}

type User = ReturnType<typeof renderApp>['user'];

const stepTitle = (title: string) => screen.findByRole('heading', { level: 2, name: title });
const nextButton = () => screen.getByRole('button', { name: /^(Next|Saving\.\.\.)$/ });
const progress = () => screen.getByRole('progressbar');
const checkbox = (label: string) => screen.getByRole('checkbox', { name: new RegExp(`^${label.replace(/[&]/g, '\\$&')} \\(`) });
const checkedKeys = () => CATALOGUE.filter((discipline) => checkbox(discipline.label).matches(':checked')).map((discipline) => discipline.key);

async function toThemes(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Next' }));
  await stepTitle('Choose Community Theme');
}
async function chooseTheme(user: User, name: string) {
  await user.click(screen.getByRole('radio', { name: new RegExp(`^${name}`) }));
}
async function next(user: User, title: string) {
  await user.click(nextButton());
  return stepTitle(title);
}

describe('community setup wizard: access', () => {
  it('without ?community= says the link is invalid and links to /community-access', async () => {
    const { user, location } = renderSetup('/community-setup');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(INVALID_LINK);
    const link = within(alert).getByRole('link');
    expect(link).toHaveAttribute('href', '/community-access');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(link);
    await waitFor(() => expect(location()).toBe('/community-access'));
  });

  it("with a community the user does not belong to shows the same message", async () => {
    renderSetup('/community-setup?community=d9000000-0000-4000-8000-000000000009');
    expect(await screen.findByText(INVALID_LINK)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("tells a member without an admin role that only the community's moderators can set it up", async () => {
    const { api } = renderSetup(undefined, {}, moderator(['Member']));
    expect(await screen.findByText("Only the community's moderators can set it up.")).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('is protected: a signed-out visitor goes to /auth', async () => {
    mockApi({ 'GET /api/user': () => apiError(401, 'Please sign in to continue.') });
    const { location } = renderApp(`/community-setup?community=${COMMUNITY_ID}`);
    await waitFor(() => expect(location()).toBe('/auth'));
  });
});

describe('community setup wizard: steps', () => {
  it('walks the six steps one at a time with the progress bar at 0, 20, 40, 60, 80 and 100', async () => {
    const { user } = renderSetup();
    const seen: Array<[string, string | null]> = [];
    const record = async (title: string) => {
      await stepTitle(title);
      // One step at a time: no other step's title is shown.
      for (const other of STEP_TITLES.filter((name) => name !== title)) expect(screen.queryByRole('heading', { level: 2, name: other })).not.toBeInTheDocument();
      seen.push([title, progress().getAttribute('aria-valuenow')]);
    };
    await record('Welcome');
    expect(screen.getByText('Step 1 of 6')).toBeInTheDocument();
    expect(screen.getByText('Hope Chapel', { selector: 'strong' })).toBeInTheDocument();
    await user.click(nextButton());
    await record('Choose Community Theme');
    await chooseTheme(user, 'General Community');
    await user.click(nextButton());
    await record('Choose Spiritual Disciplines');
    await user.click(nextButton());
    await record('Community Guidance');
    await user.click(nextButton());
    await record('Community Structure');
    await user.click(nextButton());
    await record('Launch Community');
    expect(screen.getByText('Step 6 of 6')).toBeInTheDocument();
    expect(seen).toEqual(STEP_TITLES.map((title, index) => [title, String(index * 20)]));
    expect(progress()).toHaveAttribute('aria-valuemin', '0');
    expect(progress()).toHaveAttribute('aria-valuemax', '100');
    // 'Next' reads 'Launch Community' on the last step.
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Launch Community' })).toBeEnabled();
    // On a phone the two buttons stack at full width (side by side they stuck out of the card at 390 px).
    for (const name of ['Launch Community', 'Previous']) expect(screen.getByRole('button', { name })).toHaveClass('w-full', 'sm:w-auto');
    expect(screen.getByRole('button', { name: 'Launch Community' }).parentElement).toHaveClass('flex-col-reverse', 'sm:flex-row');
  });

  it("disables 'Previous' on step 1; elsewhere it goes back one step, keeping the choices", async () => {
    const { user } = renderSetup();
    await stepTitle('Welcome');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await toThemes(user);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await chooseTheme(user, 'Youth Ministry');
    await next(user, 'Choose Spiritual Disciplines');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await stepTitle('Choose Community Theme');
    expect(progress()).toHaveAttribute('aria-valuenow', '20');
    expect(screen.getByRole('radio', { name: /^Youth Ministry/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await stepTitle('Welcome');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it("'Next' on step 2 without a theme shows 'Select a theme' and stays", async () => {
    const { user } = renderSetup();
    await toThemes(user);
    expect(screen.getAllByRole('radio')).toHaveLength(6);
    expect(screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(0);
    await user.click(nextButton());
    const toast = await findToast('Select a theme');
    expect(toast).toHaveTextContent('Please choose a community theme to continue.');
    expect(toast).toHaveClass('bg-destructive');
    expect(screen.getByRole('heading', { level: 2, name: 'Choose Community Theme' })).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '20');
  });

  it('offers the six themes of SPEC.md, each with a description', async () => {
    const { user } = renderSetup();
    await toThemes(user);
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')!.textContent)).toEqual(THEMES.map((theme) => expect.stringMatching(new RegExp(`^${theme.name}.{20,}`))));
  });

  it('lists the 8 catalogue disciplines with their units and descriptions', async () => {
    const { user } = renderSetup();
    await toThemes(user);
    await chooseTheme(user, 'Custom Setup');
    await next(user, 'Choose Spiritual Disciplines');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(8);
    boxes.forEach((box, index) => {
      const { label, unit } = CATALOGUE[index]!;
      const text = box.closest('label')!.textContent!;
      expect(text.startsWith(`${label} (${unit})`), text).toBe(true);
      expect(text.length, `${label} has a description`).toBeGreaterThan(`${label} (${unit})`.length + 10);
    });
  });
});

describe('community setup wizard: themes', () => {
  it.each(THEMES)('$name fills the disciplines, guidance and structure', async (theme) => {
    const { user, api } = renderSetup();
    await toThemes(user);
    await chooseTheme(user, theme.name);
    await next(user, 'Choose Spiritual Disciplines');
    expect(checkedKeys()).toEqual(CATALOGUE.map((d) => d.key).filter((key) => (theme.disciplines as readonly string[]).includes(key)));

    if (theme.disciplines.length === 0) {
      await user.type(screen.getByLabelText('Discipline name'), 'Journaling');
      await user.click(screen.getByRole('button', { name: 'Add Discipline' }));
    }
    await next(user, 'Community Guidance');
    const templates = (api.calls('POST', TEMPLATES_URL)[0]!.body as { templates: Array<{ key: string }> }).templates;
    expect(templates.map((template) => template.key).slice(0, theme.disciplines.length)).toEqual(CATALOGUE.map((d) => d.key).filter((key) => (theme.disciplines as readonly string[]).includes(key)));

    const guidance = screen.getByRole('textbox', { name: /Guidance for your members/ });
    if (theme.name === 'Custom Setup') expect(guidance).toHaveValue('');
    else expect((guidance as HTMLTextAreaElement).value).toMatch(/welcome/i);

    await next(user, 'Community Structure');
    const toggle = screen.getByRole('switch', { name: 'Organise members into subgroups' });
    expect(toggle).toHaveAttribute('aria-checked', String(theme.subgroups));
    if (theme.subgroups) expect(screen.getByRole('textbox', { name: 'First subgroup name' })).toHaveValue(theme.subgroupName);
    else expect(screen.queryByRole('textbox', { name: 'First subgroup name' })).not.toBeInTheDocument();
  });

  it("the Bible Study Group's subgroup name 'Study Group' shows when subgroups are turned on", async () => {
    const { user } = renderSetup();
    await toThemes(user);
    await chooseTheme(user, 'Bible Study Group');
    await next(user, 'Choose Spiritual Disciplines');
    await next(user, 'Community Guidance');
    await next(user, 'Community Structure');
    await user.click(screen.getByRole('switch', { name: 'Organise members into subgroups' }));
    expect(screen.getByRole('switch', { name: 'Organise members into subgroups' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('textbox', { name: 'First subgroup name' })).toHaveValue('Study Group');
  });

  it('choosing another theme replaces the selection made for the first', async () => {
    const { user } = renderSetup();
    await toThemes(user);
    await chooseTheme(user, 'Intensive Discipleship');
    await next(user, 'Choose Spiritual Disciplines');
    await user.click(checkbox('Acts of Service'));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await stepTitle('Choose Community Theme');
    await chooseTheme(user, 'Bible Study Group');
    await next(user, 'Choose Spiritual Disciplines');
    expect(checkedKeys()).toEqual(['bible_reading', 'meditation', 'fellowship']);
  });
});

describe('community setup wizard: disciplines (step 3)', () => {
  it('toggles disciplines and saves {templates} numbered from 1, all daily, numeric but fasting, those switched kept in secret', async () => {
    const { user, api } = renderSetup();
    await toThemes(user);
    await chooseTheme(user, 'General Community');
    await next(user, 'Choose Spiritual Disciplines');
    await user.click(checkbox('Prayer Time'));
    expect(checkbox('Prayer Time')).not.toBeChecked();
    await user.click(checkbox('Fasting'));
    await user.click(checkbox('Meditation'));
    expect(checkbox('Fasting')).toBeChecked();
    expect(checkedKeys()).toEqual(['bible_reading', 'meditation', 'fasting', 'worship', 'fellowship']);
    // Only chosen disciplines can be kept in secret.
    expect(screen.queryByRole('switch', { name: 'Keep Prayer Time in secret' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Keep Fasting in secret' }));
    expect(screen.getByRole('switch', { name: 'Keep Fasting in secret' })).toBeChecked();

    await next(user, 'Community Guidance');
    const posts = api.calls('POST', TEMPLATES_URL);
    expect(posts).toHaveLength(1);
    expect(Object.keys(posts[0]!.body as object)).toEqual(['templates']);
    expect((posts[0]!.body as { templates: unknown }).templates).toEqual(
      ['bible_reading', 'meditation', 'fasting', 'worship', 'fellowship'].map((key, index) => {
        const { label, unit, isNumeric } = CATALOGUE.find((discipline) => discipline.key === key)!;
        return { key, label, unit, isNumeric, isDailyGrid: true, isPrivate: key === 'fasting', order: index + 1 };
      }),
    );
  });

  it("with none selected shows 'Select at least one discipline' and saves nothing", async () => {
    const { user, api } = renderSetup();
    await toThemes(user);
    await chooseTheme(user, 'Prayer Focused');
    await next(user, 'Choose Spiritual Disciplines');
    for (const key of ['prayer', 'meditation', 'fasting', 'worship']) await user.click(checkbox(labelOf(key)));
    expect(checkedKeys()).toEqual([]);
    await user.click(nextButton());
    const toast = await findToast('Select at least one discipline');
    expect(toast).toHaveTextContent('Your community needs at least one spiritual discipline to track.');
    expect(screen.getByRole('heading', { level: 2, name: 'Choose Spiritual Disciplines' })).toBeInTheDocument();
    expect(api.calls('POST', TEMPLATES_URL)).toHaveLength(0);
  });

  it('counts a custom discipline toward the minimum: Custom Setup with one custom discipline moves on', async () => {
    const { user, api } = renderSetup();
    await toThemes(user);
    await chooseTheme(user, 'Custom Setup');
    await next(user, 'Choose Spiritual Disciplines');
    expect(checkedKeys()).toEqual([]);
    await user.type(screen.getByLabelText('Discipline name'), 'Scripture Memory');
    await user.type(screen.getByLabelText('Unit (optional)'), 'verses');
    await user.click(screen.getByRole('button', { name: 'Add Discipline' }));
    expect(screen.getByRole('button', { name: 'Remove Scripture Memory' })).toBeInTheDocument();
    expect(screen.getByLabelText('Discipline name')).toHaveValue('');

    await next(user, 'Community Guidance');
    const { templates } = api.calls('POST', TEMPLATES_URL)[0]!.body as { templates: Array<Record<string, unknown>> };
    expect(templates).toHaveLength(1);
    expect(templates[0]).toEqual({ key: expect.stringMatching(/^[a-z0-9_]+$/), label: 'Scripture Memory', unit: 'verses', isNumeric: true, isDailyGrid: true, isPrivate: false, order: 1 });
    expect(['bible_reading', 'prayer', 'meditation', 'fasting', 'worship', 'evangelism', 'service', 'fellowship']).not.toContain(templates[0]!.key);
  });

  it('places custom disciplines after the chosen ones, and a removed one is not saved', async () => {
    const { user, api } = renderSetup();
    await toThemes(user);
    await chooseTheme(user, 'Bible Study Group');
    await next(user, 'Choose Spiritual Disciplines');
    for (const name of ['Journaling', 'Hospitality']) {
      await user.type(screen.getByLabelText('Discipline name'), name);
      await user.click(screen.getByRole('button', { name: 'Add Discipline' }));
    }
    await user.click(screen.getByRole('button', { name: 'Remove Journaling' }));
    await next(user, 'Community Guidance');
    const { templates } = api.calls('POST', TEMPLATES_URL)[0]!.body as { templates: Array<{ label: string; order: number; isDailyGrid: boolean }> };
    expect(templates.map((template) => [template.label, template.order, template.isDailyGrid])).toEqual([
      ['Bible Reading', 1, true],
      ['Meditation', 2, true],
      ['Fellowship', 3, true],
      ['Hospitality', 4, true],
    ]);
  });

  it('saves a custom discipline without a unit as numeric too (N21: isNumeric true for all but fasting)', async () => {
    const { user, api } = renderSetup();
    await toThemes(user);
    await chooseTheme(user, 'Custom Setup');
    await next(user, 'Choose Spiritual Disciplines');
    await user.type(screen.getByLabelText('Discipline name'), 'Journaling');
    await user.click(screen.getByRole('button', { name: 'Add Discipline' }));
    await next(user, 'Community Guidance');
    const { templates } = api.calls('POST', TEMPLATES_URL)[0]!.body as { templates: Array<Record<string, unknown>> };
    expect(templates[0]).toMatchObject({ label: 'Journaling', isNumeric: true, isDailyGrid: true, order: 1 });
  });

  it("disables 'Next' (and 'Previous') while the disciplines are being saved", async () => {
    const answer = deferred<Response>();
    const { user, api } = renderSetup(undefined, { [`POST ${TEMPLATES_URL}`]: (request) => answer.promise.then(() => saved(request)) });
    await toThemes(user);
    await chooseTheme(user, 'General Community');
    await next(user, 'Choose Spiritual Disciplines');
    await user.click(nextButton());
    await waitFor(() => expect(nextButton()).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(nextButton());
    expect(api.calls('POST', TEMPLATES_URL)).toHaveLength(1);
    answer.resolve(new Response());
    await stepTitle('Community Guidance');
    expect(nextButton()).toBeEnabled();
  });

  it('stays on step 3 when saving the disciplines fails, and Next tries again', async () => {
    let fail = true;
    const { user, api } = renderSetup(undefined, { [`POST ${TEMPLATES_URL}`]: (request) => (fail ? apiError(500, 'Database unavailable.') : saved(request)) });
    await toThemes(user);
    await chooseTheme(user, 'General Community');
    await next(user, 'Choose Spiritual Disciplines');
    await user.click(nextButton());
    await waitFor(() => expect(api.calls('POST', TEMPLATES_URL)).toHaveLength(1));
    await waitFor(() => expect(nextButton()).toBeEnabled());
    expect(screen.getByRole('heading', { level: 2, name: 'Choose Spiritual Disciplines' })).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '40');
    expect(checkedKeys()).toEqual(['bible_reading', 'prayer', 'worship', 'fellowship']);

    fail = false;
    await next(user, 'Community Guidance');
    expect(api.calls('POST', TEMPLATES_URL)).toHaveLength(2);
  });
});

describe('community setup wizard: guidance (step 4)', () => {
  async function toGuidance(user: User, theme = 'General Community') {
    await toThemes(user);
    await chooseTheme(user, theme);
    if (theme === 'Custom Setup') {
      await next(user, 'Choose Spiritual Disciplines');
      await user.click(checkbox('Prayer Time'));
      return next(user, 'Community Guidance');
    }
    await next(user, 'Choose Spiritual Disciplines');
    return next(user, 'Community Guidance');
  }

  it("has a 10-row text area holding the theme's guidance, and saves only {contentMarkdown}", async () => {
    const { user, api } = renderSetup();
    await toGuidance(user);
    const guidance = screen.getByRole('textbox', { name: /Guidance for your members/ }) as HTMLTextAreaElement;
    expect(guidance.tagName).toBe('TEXTAREA');
    expect(guidance).toHaveAttribute('rows', '10');
    const themeText = guidance.value;
    expect(themeText.length).toBeGreaterThan(50);
    expect(screen.getByText(/markdown/i)).toBeInTheDocument();

    await next(user, 'Community Structure');
    const posts = api.calls('POST', GUIDANCE_URL);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ contentMarkdown: themeText.trim() });
  });

  it('saves what the moderator wrote, markdown included', async () => {
    const { user, api } = renderSetup();
    await toGuidance(user);
    const guidance = screen.getByRole('textbox', { name: /Guidance for your members/ });
    await user.clear(guidance);
    await user.click(guidance);
    await user.paste('## Our rule\n\n- **Pray** daily');
    await next(user, 'Community Structure');
    expect(api.calls('POST', GUIDANCE_URL)[0]!.body).toEqual({ contentMarkdown: '## Our rule\n\n- **Pray** daily' });
  });

  it('saves a default welcome message when the guidance is left blank', async () => {
    const { user, api } = renderSetup();
    await toGuidance(user, 'Custom Setup');
    expect(screen.getByRole('textbox', { name: /Guidance for your members/ })).toHaveValue('');
    await next(user, 'Community Structure');
    const body = api.calls('POST', GUIDANCE_URL)[0]!.body as { contentMarkdown: string };
    expect(Object.keys(body)).toEqual(['contentMarkdown']);
    expect(body.contentMarkdown.trim()).not.toBe('');
    expect(body.contentMarkdown).toMatch(/welcome/i);
  });

  it('disables Next while the guidance is being saved and stays on step 4 when it fails', async () => {
    const answer = deferred<Response>();
    const { user, api } = renderSetup(undefined, { [`POST ${GUIDANCE_URL}`]: () => answer.promise });
    await toGuidance(user);
    await user.click(nextButton());
    await waitFor(() => expect(nextButton()).toBeDisabled());
    answer.resolve(apiError(500, 'Database unavailable.'));
    await waitFor(() => expect(nextButton()).toBeEnabled());
    expect(screen.getByRole('heading', { level: 2, name: 'Community Guidance' })).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '60');
    expect(api.calls('POST', GUIDANCE_URL)).toHaveLength(1);
  });
});

describe('community setup wizard: launch (step 6)', () => {
  async function toLaunch(user: User, theme = 'General Community') {
    await toThemes(user);
    await chooseTheme(user, theme);
    await next(user, 'Choose Spiritual Disciplines');
    await next(user, 'Community Guidance');
    await next(user, 'Community Structure');
  }

  it('shows the apply link and a Generate Invitation Code button', async () => {
    const code = { id: 'b1000000-0000-4000-8000-000000000001', inviteCode: 'K7M2QX9P', expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(), createdBy: 'Ruth Moab', createdAt: new Date().toISOString(), uses: 0 };
    let latest: typeof code | null = null;
    const { user, api } = renderSetup(undefined, {
      [`GET /api/communities/${COMMUNITY_ID}/invite-codes/latest`]: () => json(latest),
      [`POST /api/communities/${COMMUNITY_ID}/invite-codes`]: () => {
        latest = code;
        return json(code, 201);
      },
    });
    await toLaunch(user);
    await next(user, 'Launch Community');
    expect(screen.getByText(`${window.location.origin}/apply?community=${COMMUNITY_ID}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open Apply Page/ })).toHaveAttribute('href', `${window.location.origin}/apply?community=${COMMUNITY_ID}`);
    const generate = await screen.findByRole('button', { name: 'Generate Invitation Code' });
    await waitFor(() => expect(generate).toBeEnabled());
    await user.click(generate);
    expect(await screen.findByText('K7M2QX9P')).toBeInTheDocument();
    expect(api.calls('POST', `/api/communities/${COMMUNITY_ID}/invite-codes`)).toHaveLength(1);
  });

  it("'Launch Community' creates the first subgroup, says 'Community setup complete!' and opens the dashboard", async () => {
    const { user, api, location } = renderSetup();
    await toLaunch(user);
    const name = screen.getByRole('textbox', { name: 'First subgroup name' });
    await user.clear(name);
    await user.type(name, 'Gideon Band');
    await next(user, 'Launch Community');
    await user.click(screen.getByRole('button', { name: 'Launch Community' }));

    const toast = await findToast('Community setup complete!');
    expect(toast).toHaveTextContent('Your community is ready for members.');
    const posts = api.calls('POST', '/api/subgroups');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({ name: 'Gideon Band', communityId: COMMUNITY_ID });
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('switches to the new community when another one is on screen (stores it and reloads)', async () => {
    const OTHER_ID = 'c6000000-0000-4000-8000-000000000006';
    localStorage.setItem('steadfast.communityId', OTHER_ID);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const other = makeMembership({ communityId: OTHER_ID, role: 'Member', roles: ['Member'], community: { id: OTHER_ID, name: 'Grace Fellowship', description: null } });
    const mine = moderator();
    const api = mockApi({
      'GET /api/user': () => json(makeUser()),
      'GET /api/memberships': () => json([other, mine]),
      'GET /api/notifications': () => json([]),
      [`GET /api/communities/${COMMUNITY_ID}/subgroups`]: () => json([]),
      [`GET /api/communities/${COMMUNITY_ID}/invite-codes/latest`]: () => json(null),
      [`POST ${TEMPLATES_URL}`]: saved,
      [`POST ${GUIDANCE_URL}`]: () => json({ sections: [], contentMarkdown: 'x', updatedAt: null }),
      'POST /api/subgroups': (request) => json({ id: 'a0000000-0000-4000-8000-00000000000a', ...(request.body as object) }, 201),
    });
    const { user } = renderApp(`/community-setup?community=${COMMUNITY_ID}`);
    await toLaunch(user);
    await next(user, 'Launch Community');
    await user.click(screen.getByRole('button', { name: 'Launch Community' }));
    expect(await findToast('Community setup complete!')).toHaveTextContent('Your community is ready for members.');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('steadfast.communityId')).toBe(COMMUNITY_ID);
    expect(api.calls('POST', '/api/subgroups')[0]!.body).toMatchObject({ name: 'Alpha Group', communityId: COMMUNITY_ID });
  });

  it('creates no subgroup when subgroups are off', async () => {
    const { user, api, location } = renderSetup();
    await toLaunch(user, 'Bible Study Group');
    expect(screen.getByRole('switch', { name: 'Organise members into subgroups' })).toHaveAttribute('aria-checked', 'false');
    await next(user, 'Launch Community');
    await user.click(screen.getByRole('button', { name: 'Launch Community' }));
    await findToast('Community setup complete!');
    expect(api.calls('POST', '/api/subgroups')).toHaveLength(0);
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('creates no subgroup when the moderator turns subgroups off on step 5', async () => {
    const { user, api } = renderSetup();
    await toLaunch(user);
    await user.click(screen.getByRole('switch', { name: 'Organise members into subgroups' }));
    await next(user, 'Launch Community');
    await user.click(screen.getByRole('button', { name: 'Launch Community' }));
    await findToast('Community setup complete!');
    expect(api.calls('POST', '/api/subgroups')).toHaveLength(0);
  });
});
