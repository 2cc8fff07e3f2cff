import { expect, type Page, type Route } from '@playwright/test';
import { checkScreen, openPage, type Size, SIZES } from './screens-kit';
import { openAs, registerThroughApi, test } from './screens-crew';
import { linkFromMail } from './fixtures';

// The states added since issue 8's walk (screens.spec.ts): filled, empty and error states, validation
// messages, toasts and every dialog a user can open, for each role that sees them, at 1280x800 and
// 390x844, with the same checks (axe, no sideways scrolling, a photograph in test-results/screens/).
// The data comes from one community per worker made through the API (screens-crew.ts).
test.describe.configure({ mode: 'parallel' });

const ADMIN_TABS = ['overview', 'settings', 'members', 'invites', 'applications', 'subgroups', 'guidance', 'calendar-locks', 'reports'] as const;

/** Opens a Radix dialog or menu with `open`, checks it, and closes it with Escape. */
async function checkOpened(page: Page, name: string, size: Size, open: () => Promise<void>, role: 'dialog' | 'alertdialog' | 'menu' = 'dialog') {
  await open();
  await expect(page.getByRole(role)).toBeVisible();
  await checkScreen(page, name, size);
  await page.keyboard.press('Escape');
  await expect(page.getByRole(role)).toHaveCount(0);
}

/**
 * A toast is on screen: check it there, then close it so the next state starts without it. The pointer
 * rests on it meanwhile, which holds it open (toasts close after 5 s).
 */
async function checkToast(page: Page, title: string | RegExp, name: string, size: Size) {
  const toast = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem').filter({ hasText: title });
  await expect(toast).toBeVisible();
  await toast.hover();
  await checkScreen(page, name, size);
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);
}

/**
 * Waits until the screen offers Retry and nothing is loading any more. React Query waits 1, 2 and 4 s
 * between the retries of the reads that retry (the members, the guidance, the subgroups): the page's fake
 * clock jumps over those waits.
 */
async function waitForFailures(page: Page) {
  const loading = page.locator('[role="status"][aria-label^="Loading"], .animate-pulse, button:has-text("Loading")');
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(5_000);
        return (await retry.count()) > 0 && (await loading.count()) === 0;
      },
      { message: 'the reads have not all failed yet', intervals: [100] },
    )
    .toBe(true);
}

/** Picks the month and year in a screen's period pickers. */
async function choosePeriod(page: Page, period: { year: number; month: number }) {
  await page.getByLabel('Month', { exact: true }).selectOption(String(period.month));
  await page.getByLabel('Year', { exact: true }).selectOption(String(period.year));
}

for (const size of Object.keys(SIZES) as Size[]) {
  test.describe(size, () => {
    test.setTimeout(300_000); // a ceiling, for the slow machine of 2026-11-28

    test(`visitors: sign-in and sign-up messages, Google, the apply form and an account found on joining (${size})`, async ({ browser, crew }) => {
      const page = await openPage(browser, size);

      // Sign In: the form's own messages, then a refused password.
      await page.goto('/auth');
      const signIn = page.getByRole('tabpanel', { name: 'Sign In' });
      await signIn.getByRole('button', { name: 'Sign in to Steadfast' }).click();
      await expect(signIn.getByText(/e-?mail/i).and(page.locator('[id$="-error"]')).first()).toBeVisible();
      await checkScreen(page, 'visitor-sign-in-errors', size);
      await signIn.getByLabel(/e-?mail/i).fill(crew.walker.email);
      await signIn.getByLabel(/^password$/i).fill('not-the-password');
      await signIn.getByRole('button', { name: 'Sign in to Steadfast' }).click();
      await checkToast(page, 'Login failed', 'visitor-sign-in-failed', size);

      // Sign Up: a taken name; then a name with imported history (its toast) and the form's messages; then claim mode.
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      const signUp = page.getByRole('tabpanel', { name: 'Sign Up' });
      await signUp.getByLabel(/name/i).fill(crew.walker.displayName);
      await expect(signUp.getByText('This name is already taken and cannot be claimed')).toBeVisible();
      await checkScreen(page, 'visitor-sign-up-name-taken', size);
      await signUp.getByLabel(/name/i).fill(crew.imported[size].displayName);
      await expect(signUp.getByText('This name has existing data that you can claim!')).toBeVisible();
      await signUp.getByLabel(/^password$/i).fill('short');
      await signUp.getByLabel(/confirm password/i).fill('different');
      await signUp.getByRole('button', { name: 'Start Your Journey' }).click();
      await expect(signUp.locator('[aria-invalid="true"]').first()).toBeVisible();
      await checkToast(page, 'Account found!', 'visitor-sign-up-claimable-errors', size);
      await signUp.getByRole('button', { name: 'Claim Your Account' }).click();
      await expect(signUp.getByRole('button', { name: 'Complete Claim' })).toBeVisible();
      await checkScreen(page, 'visitor-sign-up-claim-mode', size);

      // The apply form: its messages, then a sent application (its toast, the fixed goals filled in).
      await page.goto(`/apply?community=${crew.communityId}`);
      await page.getByRole('button', { name: 'Join Our Community' }).click();
      await expect(page.getByText('Name is required')).toBeVisible();
      await checkToast(page, 'Required Fields', 'visitor-apply-errors', size);
      await page.getByLabel('Your name').fill(`Lydia of Thyatira ${size}`);
      await page.getByLabel('E-mail').fill(`lydia-${size}-${crew.communityId.slice(0, 8)}@example.org`);
      await page.getByLabel('Message (optional)').fill('I sell purple cloth and would love to pray with you.');
      await page.getByRole('button', { name: 'Join Our Community' }).click();
      await checkToast(page, 'Welcome Message Sent!', 'visitor-apply-sent', size);

      // Google: offered once it is set up (a stand-in popup that never answers), then waiting for Google.
      const google = await openPage(browser, size);
      await google.addInitScript(() => {
        window.__steadfastGoogleStub = () => new Promise(() => {});
      });
      await google.goto('/auth');
      const googleButton = google.getByRole('tabpanel', { name: 'Sign In' }).getByRole('button', { name: 'Continue with Google' });
      await expect(googleButton).toBeEnabled();
      await checkScreen(google, 'visitor-google-ready', size);
      await googleButton.click();
      await expect(google.getByRole('tabpanel', { name: 'Sign In' }).getByRole('button', { name: 'Connecting to Google...' })).toBeDisabled();
      await checkScreen(google, 'visitor-google-pending', size);
      await google.context().close();

      // A newcomer with the e-mail of an imported member: a wrong code first, then 'Account Found!'.
      const newcomer = await openPage(browser, size);
      await registerThroughApi(newcomer.request, 'Newcomer', crew.imported[size].email);
      // The e-mail proven first (the sign-up link, opened signed in), so the offer is the one that claims.
      await newcomer.goto(await linkFromMail(crew.imported[size].email, /Confirm your e-mail for Steadfast/));
      await expect(newcomer.getByRole('heading', { level: 1, name: 'E-mail confirmed' })).toBeVisible();
      await newcomer.goto('/community-access');
      await newcomer.getByLabel('Invitation code').fill(crew.code);
      await newcomer.getByRole('button', { name: 'Join Community' }).click();
      await expect(newcomer.getByRole('dialog', { name: 'Account Found!' })).toBeVisible();
      await checkScreen(newcomer, 'visitor-account-found', size);
      await newcomer.getByRole('button', { name: 'Skip for Now' }).click();
      await expect(newcomer.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

      await newcomer.context().close();
      await page.context().close();
    });

    test(`moderator who leads a subgroup: filled dashboard, notifications, questions, meetings, another member's and a locked month, office hours, reports (${size})`, async ({ browser, crew }) => {
      const page = await openAs(browser, size, crew.leader, crew.communityId);

      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      await expect(page.getByRole('heading', { name: /subgroup/i }).first()).toBeVisible();
      await page.getByRole('button', { name: /^Show \d+ More$/ }).click();
      await expect(page.getByRole('button', { name: 'Show Less' })).toBeVisible();
      await checkScreen(page, 'leader-dashboard-members-expanded', size);
      await checkOpened(page, 'leader-notifications', size, () => page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click());

      // Questions received: one open, one answered; an empty answer is refused.
      await page.goto('/questions?tab=received');
      await expect(page.getByText(crew.questions.open)).toBeVisible();
      await checkScreen(page, 'leader-questions-received', size);
      await page.getByRole('button', { name: 'Respond' }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Send Answer' }).click();
      await checkToast(page, 'Answer Required', 'leader-respond-answer-required', size);
      await page.getByRole('dialog').getByRole('tab', { name: 'Schedule Meeting' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Schedule Meeting' }).click();
      await checkToast(page, 'Date and Time Required', 'leader-respond-schedule-required', size);
      await page.keyboard.press('Escape');

      // Meetings: the one Walker booked, a past one with its outcome (the list is extended in the browser:
      // the server only books future times), and the Schedule New tab.
      await page.route(
        (url) => url.pathname === '/api/meetings',
        async (route: Route) => {
          if (route.request().method() !== 'GET') return route.continue();
          const response = await route.fetch();
          const meetings = (await response.json()) as Array<Record<string, unknown>>;
          const past = meetings.slice(0, 1).map((meeting) => ({
            ...meeting,
            id: '00000000-0000-4000-8000-000000000001',
            startsAt: new Date(Date.now() - 9 * 86_400_000).toISOString(),
            endsAt: new Date(Date.now() - 9 * 86_400_000 + 3_600_000).toISOString(),
            notes: 'Talk about fasting',
            outcome: 'Agreed on a half-day fast every Wednesday; we pray together again next month.',
          }));
          await route.fulfill({ response, json: [...meetings, ...past] });
        },
      );
      await page.goto('/meetings');
      await expect(page.getByRole('tab', { name: 'Upcoming (1)' })).toBeVisible();
      await page.getByRole('tab', { name: 'Past Meetings' }).click();
      await expect(page.getByText('Completed')).toBeVisible();
      await checkScreen(page, 'meetings-past', size);
      await page.getByRole('tab', { name: 'Schedule New' }).click();
      await expect(page.getByRole('heading', { name: 'Schedule a New Meeting' })).toBeVisible();
      await checkScreen(page, 'meetings-schedule-new', size);
      await page.unroute((url) => url.pathname === '/api/meetings');

      // Tracking: Walker's month (read-only), then last month, locked (the admin may still correct it).
      await page.goto('/tracking');
      await page.getByLabel('Member').selectOption({ label: crew.walker.displayName });
      await expect(page.getByRole('grid')).toHaveAttribute('aria-readonly', 'true');
      await checkScreen(page, 'leader-tracking-other-member', size);
      await page.getByLabel('Member').selectOption({ index: 0 });
      await choosePeriod(page, crew.lockedMonth);
      await expect(page.getByText('Locked (Admin Override)')).toBeVisible();
      await checkScreen(page, 'leader-tracking-locked-month', size);

      // My Subgroup: Leader is in no subgroup, and has office hours; a window that ends before it starts is refused.
      await page.goto('/my-subgroup');
      await expect(page.getByRole('list', { name: 'Weekly windows' })).toBeVisible();
      await page.getByRole('button', { name: 'Add window' }).click();
      await page.getByLabel('Until (window 6)').fill('08:00');
      await page.getByRole('button', { name: 'Save office hours' }).click();
      await expect(page.getByText('The end must be after the start.')).toBeVisible();
      await checkScreen(page, 'leader-office-hours-errors', size);

      // Reports: the community's month with everyone in it.
      await page.goto('/reports');
      await expect(page.getByRole('heading', { name: 'By member' })).toBeVisible();
      await checkScreen(page, 'leader-reports-community', size);

      await page.context().close();
    });

    test(`moderator: administration with data and its dialogs, the setup wizard's messages, a congregation's member list and a refused import row (${size})`, async ({ browser, crew }) => {
      const page = await openAs(browser, size, crew.leader, crew.communityId);
      const openTab = async (tab: (typeof ADMIN_TABS)[number]) => {
        await page.goto(tab === 'overview' ? '/admin' : `/admin?tab=${tab}`);
        await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
      };

      // Invite codes: the active one, a new one (its toast), and Revoke's confirmation.
      await openTab('invites');
      await expect(page.getByTestId('invite-code')).toBeVisible();
      await page.getByRole('button', { name: 'Generate Invite Code' }).click();
      await checkToast(page, 'Invite Code Generated', 'leader-admin-invites-generated', size);
      await checkOpened(page, 'leader-admin-invites-revoke-dialog', size, () => page.getByRole('button', { name: `Revoke ${crew.code}` }).click(), 'alertdialog');

      // Members: imported members, a search that finds nobody.
      await openTab('members');
      await expect(page.getByText('Imported').first()).toBeVisible();
      await checkScreen(page, 'leader-admin-members', size);
      await page.getByRole('searchbox', { name: 'Search members' }).fill('Nobody by this name');
      await expect(page.getByText('No members match "Nobody by this name".')).toBeVisible();
      await checkScreen(page, 'leader-admin-members-no-match', size);

      // Subgroups: two, with their members and commanders, and Create sent without a name.
      await openTab('subgroups');
      await expect(page.getByRole('group', { name: 'Bethel Group' })).toBeVisible();
      await checkScreen(page, 'leader-admin-subgroups', size);
      await page.getByRole('button', { name: 'Create Subgroup' }).click();
      const create = page.getByRole('dialog', { name: 'Create Subgroup' });
      await create.getByRole('button', { name: 'Create Subgroup' }).click();
      await expect(create.getByText('Please enter a name for the subgroup.')).toBeVisible();
      await checkScreen(page, 'leader-admin-subgroups-create-errors', size);
      await page.keyboard.press('Escape');

      // Calendar locks: last month's lock.
      await openTab('calendar-locks');
      await expect(page.getByRole('list', { name: 'Calendar locks' })).toBeVisible();
      await checkScreen(page, 'leader-admin-calendar-locks', size);

      // Guidance: a section added in the editor.
      await openTab('guidance');
      await page.getByRole('button', { name: 'Edit Guidance' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit Guidance' });
      await editor.getByRole('button', { name: /Add Section/i }).click();
      await checkScreen(page, 'leader-admin-guidance-editor-new-section', size);
      await page.keyboard.press('Escape');

      // The setup wizard of this community: Next without a theme is refused; then every discipline unticked.
      await page.goto(`/community-setup?community=${crew.communityId}`);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { name: 'Choose Community Theme', exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText('Please choose a community theme to continue.').first()).toBeVisible();
      await page.getByRole('radio', { name: /General Community/ }).check({ force: true });
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { name: 'Choose Spiritual Disciplines', exact: true })).toBeVisible();
      const ticked = page.getByRole('checkbox', { checked: true });
      while ((await ticked.count()) > 0) await ticked.first().uncheck({ force: true });
      await page.getByRole('button', { name: 'Next' }).click();
      await checkToast(page, 'Select at least one discipline', 'leader-setup-no-disciplines', size);

      // Harvest Church: 101 members, of which only those in view are rendered; an import with refused rows.
      await page.evaluate((id) => window.localStorage.setItem('steadfast.communityId', id), crew.harvestId);
      await page.addInitScript((id) => window.localStorage.setItem('steadfast.communityId', id), crew.harvestId);
      await openTab('members');
      await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem').first()).toHaveAttribute('aria-setsize', /\d{3}/);
      await checkScreen(page, 'leader-admin-members-congregation', size);
      await page.getByRole('button', { name: 'Import from CSV' }).click();
      const wizard = page.getByRole('dialog', { name: 'Import from CSV' });
      await wizard.getByLabel('Or paste the CSV text').fill(`Name,Email,Role\nJoanna ${size},joanna-${size}@example.org,Member\nSusanna ${size},not-an-e-mail,Member\n,,Member\nMary ${size},mary-${size}@example.org,Pharaoh\n`);
      await wizard.getByRole('button', { name: 'Continue' }).click();
      await expect(wizard.getByText('Step 2 of 4: Map the columns')).toBeVisible();
      for (const select of await wizard.getByRole('combobox').all()) await select.selectOption('');
      await wizard.getByRole('button', { name: 'Continue' }).click();
      await expect(wizard.getByRole('alert')).toContainText('No mapped column can create a member');
      await checkScreen(page, 'leader-admin-import-mapping-error', size);
      await wizard.getByLabel('Name').selectOption('displayName');
      await wizard.getByLabel('Email').selectOption('email');
      await wizard.getByLabel('Role').selectOption('role');
      await wizard.getByRole('button', { name: 'Continue' }).click();
      await wizard.getByLabel('Month').selectOption('1');
      await wizard.getByRole('button', { name: 'Start Import' }).click();
      await expect(wizard.getByText('Step 4 of 4: Import complete')).toBeVisible();
      await expect(wizard.getByRole('list', { name: 'Rows not imported' })).toBeVisible();
      await expect(wizard.getByRole('list', { name: 'Cells left out' })).toBeVisible();
      await checkScreen(page, 'leader-admin-import-refused-rows', size);

      await page.context().close();
    });

    test(`member: a filled dashboard, questions and answers, booking a time, a locked month and the password form's messages (${size})`, async ({ browser, crew }) => {
      const page = await openAs(browser, size, crew.walker, crew.communityId);

      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      await expect(page.getByText(crew.questions.answered).first()).toBeVisible();
      await checkScreen(page, 'walker-dashboard', size);

      await page.goto('/questions');
      await expect(page.getByText(crew.questions.open)).toBeVisible();
      await checkScreen(page, 'walker-questions', size);
      await page.getByText(crew.questions.answered).click();
      await expect(page.getByRole('dialog')).toContainText('Start with a half day');
      await checkScreen(page, 'walker-question-answered-dialog', size);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'New Question' }).click();
      const ask = page.getByRole('dialog');
      await ask.getByLabel(/priority/i).selectOption('Urgent');
      await ask.getByLabel(/message/i).fill('Please pray for my exams next week.');
      await checkScreen(page, 'walker-questions-ask-filled', size);
      await page.keyboard.press('Escape');

      // Booking: a weekday inside Leader's office hours offers its free times.
      await page.goto('/my-subgroup');
      await page.getByRole('button', { name: 'Request Meeting with Commander' }).click();
      const request = page.getByRole('dialog');
      const monday = nextWeekday(crew.timeZone, 1);
      await request.getByLabel('Meeting title').fill('Planning the fast');
      await request.getByLabel('Preferred date').fill(monday);
      await expect(request.getByLabel('Preferred time').getByRole('option', { name: '10:00' })).toBeAttached();
      await request.getByLabel('Preferred time').selectOption('10:00');
      await checkScreen(page, 'walker-request-meeting-slots', size);
      await request.getByLabel('Preferred date').fill(nextWeekday(crew.timeZone, 0));
      await expect(request.getByLabel('Preferred time').getByRole('option', { name: 'No free time that day' })).toBeAttached();
      await checkScreen(page, 'walker-request-meeting-no-slots', size);
      await page.keyboard.press('Escape');

      // Tracking: last month, locked for members; then Walker's reports.
      await page.goto('/tracking');
      await choosePeriod(page, crew.lockedMonth);
      await expect(page.getByText('Locked', { exact: true }).first()).toBeVisible();
      await checkScreen(page, 'walker-tracking-locked-month', size);

      // Profile: Change Password sent empty.
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Change Password' }).click();
      const password = page.getByRole('dialog', { name: 'Change Password' });
      await password.getByLabel('New password', { exact: true }).fill('short');
      await password.getByRole('button', { name: 'Save New Password' }).click();
      await expect(password.locator('[aria-invalid="true"]').first()).toBeVisible();
      await checkScreen(page, 'walker-change-password-errors', size);

      await page.context().close();
    });

    test(`commander leading nobody, in a subgroup without a commander (${size})`, async ({ browser, crew }) => {
      const page = await openAs(browser, size, crew.seeker, crew.communityId);

      await page.goto('/');
      await expect(page.getByText('No members are in your subgroup yet', { exact: false })).toBeVisible();
      await checkScreen(page, 'seeker-dashboard', size);

      await page.goto('/my-subgroup');
      await expect(page.getByText('Your subgroup has no commander yet', { exact: false })).toBeVisible();
      await checkScreen(page, 'seeker-my-subgroup-no-commander', size);

      await page.goto('/questions?tab=received');
      await expect(page.getByText('No questions received')).toBeVisible();
      await checkScreen(page, 'seeker-questions-received-empty', size);

      await page.goto('/reports');
      await expect(page.getByRole('heading', { name: 'Your last 12 months' })).toBeVisible();
      await checkScreen(page, 'seeker-reports', size);

      await page.context().close();
    });

    test(`error states: every screen's reads fail and offer Retry (${size})`, async ({ browser, crew }) => {
      const page = await openAs(browser, size, crew.leader, crew.communityId);
      await page.clock.install();
      // Every read but the user and the memberships (which decide whether a screen opens at all) fails.
      await page.route(
        (url) => url.pathname.startsWith('/api/') && !['/api/user', '/api/memberships'].includes(url.pathname),
        (route) => (route.request().method() === 'GET' ? route.fulfill({ status: 503, json: { message: 'The server is resting for a moment.' } }) : route.continue()),
      );

      for (const [route, name] of [
        ['/', 'error-dashboard'],
        ['/tracking', 'error-tracking'],
        ['/questions?tab=received', 'error-questions'],
        ['/meetings', 'error-meetings'],
        ['/my-subgroup', 'error-my-subgroup'],
        ['/reports', 'error-reports'],
      ] as const) {
        await page.goto(route);
        await waitForFailures(page);
        await checkScreen(page, name, size);
      }
      await checkOpened(page, 'error-notifications', size, () => page.getByRole('button', { name: 'Notifications' }).click());

      // The tabs are switched in the page (as a person would), which spares a reload per tab.
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
      for (const tab of ADMIN_TABS) {
        if (tab !== 'overview') {
          if (size === 'phone') await page.getByRole('combobox', { name: 'Section' }).selectOption(tab);
          else await page.getByRole('tablist', { name: 'Administration sections' }).getByRole('tab').nth(ADMIN_TABS.indexOf(tab)).click();
          await expect(page).toHaveURL(new RegExp(`\\?tab=${tab}$`));
        }
        // The Reports tab reads nothing until the export is asked for: ask, and watch that read fail.
        if (tab === 'reports') await page.getByRole('button', { name: 'Generate Report' }).click();
        await waitForFailures(page);
        await checkScreen(page, `error-admin-${tab}`, size);
      }

      // The memberships fail too: the screen says so with Retry (not "no community yet"), and a toast. The signed-in page carries
      // them (index.html's session tag, issue 40 item 4), so the page is the built one without it, which reads them.
      await page.route('**/api/memberships', (route) => route.fulfill({ status: 503, json: { message: 'The server is resting for a moment.' } }));
      await page.route(
        (url) => url.pathname === '/',
        async (route) => route.fulfill({ response: await route.fetch({ url: new URL('/index.html', route.request().url()).href }) }),
      );
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Your communities could not be loaded' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
      await checkToast(page, 'Failed to fetch memberships', 'error-memberships', size);

      await page.context().close();
    });
  });
}

/** The next date (from the day after tomorrow) falling on `weekday` (0 Sunday) in `timeZone`, as YYYY-MM-DD. */
function nextWeekday(timeZone: string, weekday: number): string {
  for (let days = 2; days < 10; days++) {
    const date = new Date(Date.now() + days * 86_400_000);
    const name = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(date);
    if (['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name) === weekday) return new Intl.DateTimeFormat('en-CA', { timeZone }).format(date);
  }
  throw new Error('no such weekday');
}
