import { expect } from '@playwright/test';
import { createCommunityThroughUi, newIdentity, signUpThroughUi } from './fixtures';
import { addDays, dateInTimeZone, zonedInstant } from '../../shared/domain/calendar';
import { checkScreen, openPage, type Size, SIZES, test } from './screens-kit';

// Every route of SPEC.md section 2 that exists, with its dialogs and menus open, at 1280x800 and
// 390x844: axe finds nothing, nothing scrolls sideways, and each state is photographed into
// test-results/screens/. One community per worker (see screens-kit.ts); each test opens its own pages.
test.describe.configure({ mode: 'parallel' });

const ADMIN_TABS = ['overview', 'settings', 'members', 'invites', 'applications', 'subgroups', 'guidance', 'calendar-locks', 'reports'] as const;

for (const size of Object.keys(SIZES) as Size[]) {
  test.describe(size, () => {
    test.setTimeout(300_000); // a ceiling, for the slow machine of 2026-11-28

    test(`public screens and a new account (${size})`, async ({ browser, world }) => {
      const page = await openPage(browser, size);

      await page.goto('/auth');
      await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
      await checkScreen(page, 'auth-sign-in', size);
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await checkScreen(page, 'auth-sign-up', size);

      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
      await checkScreen(page, 'not-found-signed-out', size);

      await page.goto(`/apply?community=${world.communityId}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await checkScreen(page, 'apply', size);
      await page.goto('/apply');
      await expect(page.getByRole('heading', { name: 'This apply link does not work' })).toBeVisible();
      await checkScreen(page, 'apply-invalid-link', size);

      // A new account has no community yet: /community-access with its two tabs.
      await signUpThroughUi(page, newIdentity('Newcomer'));
      await checkScreen(page, 'community-access-join', size);
      await page.getByRole('tab', { name: 'Create Community' }).click();
      await checkScreen(page, 'community-access-create', size);

      await page.context().close();
    });

    test(`moderator screens (${size})`, async ({ browser, world }) => {
      const page = await openPage(browser, size, world.moderator.state);

      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      await checkScreen(page, 'dashboard', size);

      if (size === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
        await checkScreen(page, 'mobile-menu', size);
        await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: /Switch communities/ }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await checkScreen(page, 'mobile-menu-community-switcher', size);
        await page.keyboard.press('Escape');
        await page.keyboard.press('Escape');
      } else {
        await page.getByRole('button', { name: /Switch communities/ }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await checkScreen(page, 'community-switcher', size);
        await page.keyboard.press('Escape');
      }
      await page.getByRole('button', { name: /, account menu$/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await checkScreen(page, 'user-menu', size);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Notifications' }).click();
      await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
      await checkScreen(page, 'notifications', size);
      await page.keyboard.press('Escape');

      // The moderator looks at the member's month.
      await page.getByLabel('Member').selectOption({ label: world.member.displayName });
      await checkScreen(page, 'dashboard-other-member', size);

      await page.goto('/tracking');
      await expect(page.getByRole('heading', { name: 'My Tracking' })).toBeVisible();
      await checkScreen(page, 'tracking', size);
      await page.getByRole('button', { name: /^Bible Reading, .*: Not set$/ }).first().click();
      await expect(page.getByRole('menu')).toBeVisible();
      await checkScreen(page, 'tracking-day-menu', size);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Update Monthly Targets' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await checkScreen(page, 'tracking-targets-dialog', size);
      await page.keyboard.press('Escape');

      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
      await checkScreen(page, 'profile', size);
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByRole('dialog', { name: 'Change Password' })).toBeVisible();
      await checkScreen(page, 'profile-change-password', size);
      await page.keyboard.press('Escape');

      for (const [route, name] of [
        ['/questions', 'questions'],
        ['/meetings', 'meetings'],
        ['/my-subgroup', 'my-subgroup'],
        ['/subgroup', 'subgroup'],
        ['/reports', 'reports'],
        [`/community-setup?community=${world.communityId}`, 'community-setup'],
        ['/community-setup', 'community-setup-invalid-link'],
      ] as const) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await checkScreen(page, name, size);
      }

      await page.goto('/community-access');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await checkScreen(page, 'community-access-signed-in', size);

      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
      await checkScreen(page, 'not-found-signed-in', size);

      await page.context().close();
    });

    test(`administration tabs (${size})`, async ({ browser, world }) => {
      const page = await openPage(browser, size, world.moderator.state);

      // All nine sections are in view on a wide screen, and reachable from the Section picker on a phone.
      await page.goto('/admin');
      if (size === 'desktop') {
        const tabs = page.getByRole('tab');
        await expect(tabs).toHaveCount(ADMIN_TABS.length);
        for (const tab of await tabs.all()) {
          await expect(tab).toBeInViewport({ ratio: 1 });
          expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true); // no clipped label
        }
      } else {
        const picker = page.getByRole('combobox', { name: 'Section' });
        await expect(picker.getByRole('option')).toHaveCount(ADMIN_TABS.length);
        await picker.selectOption('calendar-locks');
        await expect(page).toHaveURL(/\?tab=calendar-locks$/);
        await expect(page.getByRole('heading', { name: 'Lock a Month' })).toBeVisible();
      }

      // Someone has applied through the public form (no session needed), so New Members has a row.
      const applicant = `Applicant ${size}`;
      const applied = await page.request.post('/api/member-applications', {
        data: { name: applicant, email: `applicant-${size}@example.org`, message: 'I would love to walk with you.', disciplineTargets: { bibleReading: 'A chapter a day' }, communityId: world.communityId },
      });
      expect(applied.status()).toBe(201);

      for (const tab of ADMIN_TABS) {
        await page.goto(tab === 'overview' ? '/admin' : `/admin?tab=${tab}`);
        await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
        await checkScreen(page, `admin-${tab}`, size);

        if (tab === 'settings') {
          await page.getByRole('button', { name: 'Edit', exact: true }).click();
          await expect(page.getByRole('dialog', { name: 'Edit Community' })).toBeVisible();
          await checkScreen(page, 'admin-settings-edit-dialog', size);
          await page.keyboard.press('Escape');
        }
        if (tab === 'applications') {
          const row = size === 'desktop' ? page.getByRole('row', { name: new RegExp(applicant) }) : page.getByRole('listitem').filter({ hasText: applicant });
          await row.getByRole('button', { name: `Details of ${applicant}` }).click();
          await checkScreen(page, 'admin-applications-expanded', size);
          await row.getByRole('button', { name: `Approve ${applicant}` }).click();
          await expect(page.getByRole('dialog', { name: 'Approve Application' })).toBeVisible();
          await checkScreen(page, 'admin-applications-approve-dialog', size);
          await page.keyboard.press('Escape');
          await row.getByRole('button', { name: `Reject ${applicant}` }).click();
          await expect(page.getByRole('dialog', { name: 'Reject Application' })).toBeVisible();
          await checkScreen(page, 'admin-applications-reject-dialog', size);
          await page.keyboard.press('Escape');
        }
        if (tab === 'guidance') {
          await page.getByRole('button', { name: 'Edit Guidance' }).click();
          await expect(page.getByRole('dialog', { name: 'Edit Guidance' })).toBeVisible();
          await checkScreen(page, 'admin-guidance-editor', size);
          await page.keyboard.press('Escape');
        }
        if (tab === 'members') {
          await page.getByRole('button', { name: `Edit roles for ${world.member.displayName}` }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await checkScreen(page, 'admin-members-role-editor', size);
          await page.keyboard.press('Escape');
          await page.getByRole('button', { name: `Remove ${world.member.displayName}` }).click();
          await expect(page.getByRole('alertdialog')).toBeVisible();
          await checkScreen(page, 'admin-members-remove-dialog', size);
          await page.getByRole('button', { name: 'Cancel' }).click();
        }
      }

      await page.context().close();
    });

    test(`setup wizard, import wizard and reports (${size})`, async ({ browser }) => {
      // A community of its own: the wizard saves disciplines and guidance, which the shared one must keep.
      const page = await openPage(browser, size);
      await signUpThroughUi(page, newIdentity('Founder'));
      await createCommunityThroughUi(page, 'Cedar Hill Church');
      const steps = ['Welcome', 'Choose Community Theme', 'Choose Spiritual Disciplines', 'Community Guidance', 'Community Structure', 'Launch Community'];
      for (const [index, title] of steps.entries()) {
        await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
        if (index === 1) await page.getByRole('radio', { name: /General Community/ }).check({ force: true });
        if (index === 2) {
          await page.getByLabel('Discipline name').fill('Scripture Memory');
          await page.getByRole('button', { name: 'Add Discipline' }).click();
          await page.getByRole('switch', { name: 'Keep Scripture Memory in secret' }).click();
        }
        if (index === 5) await page.getByRole('button', { name: 'Generate Invitation Code' }).click();
        await checkScreen(page, `community-setup-step-${index + 1}`, size);
        if (index < steps.length - 1) await page.getByRole('button', { name: 'Next' }).click();
      }
      await page.getByRole('button', { name: 'Launch Community' }).click();
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

      // The import wizard's four steps, then /reports with the imported month.
      const lastMonth = new Date(new Date().getFullYear(), new Date().getMonth() - 1, 1);
      await page.goto('/admin?tab=members');
      await page.getByRole('button', { name: 'Import from CSV' }).click();
      const wizard = page.getByRole('dialog', { name: 'Import from CSV' });
      await wizard.getByLabel('Or paste the CSV text').fill(`Name,Email,Role,Bible Reading 1,Bible Reading 2\n"Moab, Ruth ${size}",ruth-${size}@example.org,Member,Yes,Partially\nBoaz ${size},,Admin,Yes,Maybe\n`);
      await checkScreen(page, 'admin-import-step-1', size);
      await wizard.getByRole('button', { name: 'Continue' }).click();
      await expect(wizard.getByText('Step 2 of 4: Map the columns')).toBeVisible();
      await checkScreen(page, 'admin-import-step-2', size);
      await wizard.getByRole('button', { name: 'Continue' }).click();
      await wizard.getByLabel('Month').selectOption(String(lastMonth.getMonth() + 1));
      await wizard.getByLabel('Year').selectOption(String(lastMonth.getFullYear()));
      await checkScreen(page, 'admin-import-step-3', size);
      await wizard.getByRole('button', { name: 'Start Import' }).click();
      await expect(wizard.getByText('Step 4 of 4: Import complete')).toBeVisible();
      await checkScreen(page, 'admin-import-step-4', size);
      await wizard.getByRole('button', { name: 'Done' }).click();

      await page.goto('/reports');
      await page.getByLabel('Month', { exact: true }).selectOption(String(lastMonth.getMonth() + 1));
      await page.getByLabel('Year', { exact: true }).selectOption(String(lastMonth.getFullYear()));
      await expect(page.getByRole('heading', { name: 'By member' })).toBeVisible();
      await checkScreen(page, 'reports-with-data', size);
      await page.getByRole('group', { name: 'Show By member as' }).getByRole('button', { name: 'Table' }).click();
      await checkScreen(page, 'reports-member-table', size);
      await page.context().close();
    });

    test(`commander and member screens (${size})`, async ({ browser, world }) => {
      // The moderator leads a subgroup with the member; the member has asked a question and booked a meeting.
      const moderator = await openPage(browser, size, world.moderator.state);
      const headers = { 'X-Community-Id': world.communityId };
      const members = (await (await moderator.request.get(`/api/communities/${world.communityId}/members`)).json()) as Array<{ id: string; displayName: string }>;
      const memberId = members.find((m) => m.displayName === world.member.displayName)!.id;
      const subgroup = (await (await moderator.request.post('/api/subgroups', { headers, data: { name: `Alpha Group ${size}` } })).json()) as { id: string };
      const moderatorId = ((await (await moderator.request.get('/api/user')).json()) as { id: string }).id;
      expect((await moderator.request.patch(`/api/subgroups/${subgroup.id}/commander`, { headers, data: { commanderId: moderatorId } })).ok()).toBe(true);
      expect((await moderator.request.patch(`/api/users/${memberId}/subgroup`, { headers, data: { subgroupId: subgroup.id } })).ok()).toBe(true);

      const member = await openPage(browser, size, world.member.state);
      const { timeZone } = (await (await member.request.get(`/api/communities/${world.communityId}`)).json()) as { timeZone: string };
      const day = addDays(dateInTimeZone(new Date(), timeZone), size === 'desktop' ? 3 : 4);
      const startsAt = zonedInstant(day, '11:00', timeZone);
      const asked = await member.request.post('/api/questions', { headers, data: { title: `Prayer at night (${size})`, body: 'How do I keep awake for midnight prayer?' } });
      expect(asked.status()).toBe(201);
      // The commander schedules it, with a call link (a member's own request would say 'TBD').
      const booked = await moderator.request.post('/api/meetings', {
        headers,
        data: { memberId, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(), notes: 'Talk about prayer', location: 'https://meet.example.org/alpha' },
      });
      expect(booked.status()).toBe(201);

      await member.goto('/my-subgroup');
      await expect(member.getByRole('button', { name: 'Ask Your Commander' })).toBeVisible();
      await checkScreen(member, 'my-subgroup-assigned', size);
      await member.getByRole('button', { name: 'Ask Your Commander' }).click();
      await expect(member.getByRole('dialog')).toBeVisible();
      await checkScreen(member, 'my-subgroup-ask-dialog', size);
      await member.keyboard.press('Escape');
      await member.getByRole('button', { name: 'Request Meeting with Commander' }).click();
      await expect(member.getByRole('dialog')).toBeVisible();
      await checkScreen(member, 'my-subgroup-request-meeting-dialog', size);
      await member.keyboard.press('Escape');

      await member.goto('/questions');
      await member.getByText(`Prayer at night (${size})`).first().click();
      await expect(member.getByRole('dialog')).toBeVisible();
      await checkScreen(member, 'questions-detail-dialog', size);
      await member.keyboard.press('Escape');

      await member.goto('/meetings');
      await expect(member.getByRole('button', { name: /Reschedule/ }).first()).toBeVisible();
      await checkScreen(member, 'meetings-upcoming', size);
      await member.getByRole('button', { name: /Reschedule/ }).first().click();
      await expect(member.getByRole('dialog')).toBeVisible();
      await checkScreen(member, 'meetings-reschedule-dialog', size);
      await member.keyboard.press('Escape');

      await moderator.goto('/questions?tab=received');
      await expect(moderator.getByRole('button', { name: 'Respond' }).first()).toBeVisible();
      await checkScreen(moderator, 'questions-received', size);
      await moderator.getByRole('button', { name: 'Respond' }).first().click();
      await expect(moderator.getByRole('dialog')).toBeVisible();
      await checkScreen(moderator, 'questions-respond-dialog', size);
      await moderator.getByRole('dialog').getByRole('tab', { name: /Schedule Meeting/ }).click();
      await checkScreen(moderator, 'questions-respond-schedule', size);
      await moderator.keyboard.press('Escape');

      await moderator.goto('/my-subgroup');
      await expect(moderator.getByRole('heading', { level: 1 })).toBeVisible();
      await checkScreen(moderator, 'my-subgroup-commander', size);

      await member.context().close();
      await moderator.context().close();
    });

    test(`member screens (${size})`, async ({ browser, world }) => {
      const page = await openPage(browser, size, world.member.state);

      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      await checkScreen(page, 'member-dashboard', size);

      await page.goto('/tracking');
      await expect(page.getByRole('heading', { name: 'My Tracking' })).toBeVisible();
      await checkScreen(page, 'member-tracking', size);

      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
      await checkScreen(page, 'member-admin', size);
      await page.getByRole('button', { name: 'Leave Community' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await checkScreen(page, 'member-admin-leave-dialog', size);
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/admin?tab=members');
      await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
      await checkScreen(page, 'member-admin-no-access', size);

      await page.context().close();
    });
  });
}
