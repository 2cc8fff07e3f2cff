import { expect, test } from '@playwright/test';
import { createCommunityThroughUi, newIdentity, signUpThroughUi } from './fixtures';
import { SIZES } from './screens-kit';

const INTENSIVE = ['Bible Reading', 'Prayer Time', 'Meditation', 'Fasting', 'Worship & Praise', 'Evangelism'];

test('a new community is set up in six steps, a visitor applies through the copied link and the moderator approves with a code', async ({ browser }) => {
  test.setTimeout(240_000); // a ceiling: the slow machine of 2026-11-28 runs these walks 2-3 times slower
  const moderatorContext = await browser.newContext();
  await moderatorContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await moderatorContext.newPage();

  await signUpThroughUi(page, newIdentity('Founder'));
  const communityId = await createCommunityThroughUi(page, 'Emmaus Road Fellowship');

  // 1 Welcome.
  await expect(page.getByRole('heading', { name: 'Welcome', exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Setup progress' })).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();

  // 2 Theme: Next without one is refused; Intensive Discipleship fills the later steps.
  await expect(page.getByRole('heading', { name: 'Choose Community Theme' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please choose a community theme to continue.')).toBeVisible();
  await page.getByRole('radio', { name: /Intensive Discipleship/ }).check({ force: true });
  await page.getByRole('button', { name: 'Next' }).click();

  // 3 Disciplines: the theme's six, plus one of the community's own.
  await expect(page.getByRole('heading', { name: 'Choose Spiritual Disciplines' })).toBeVisible();
  for (const label of INTENSIVE) await expect(page.getByRole('checkbox', { name: new RegExp(`^${label.replace('&', '\\&')}`) })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^Fellowship/ })).not.toBeChecked();
  await page.getByLabel('Discipline name').fill('Scripture Memory');
  await page.getByLabel('Unit (optional)').fill('verses');
  await page.getByRole('button', { name: 'Add Discipline' }).click();
  await expect(page.getByRole('button', { name: 'Remove Scripture Memory' })).toBeVisible();
  // Fasting kept in secret: only the member, their commander and the admins will see it.
  await page.getByRole('switch', { name: 'Keep Fasting in secret' }).click();
  const templatesSaved = page.waitForResponse((response) => response.url().endsWith(`/api/communities/${communityId}/discipline-templates`) && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Next' }).click();
  const saved = await templatesSaved;
  expect(saved.status()).toBe(200);
  const templates = (await saved.json()) as { key: string; isPrivate: boolean }[];
  expect(templates.filter((template) => template.isPrivate).map((template) => template.key)).toEqual(['fasting']);

  // 4 Guidance: the theme's text, saved as is.
  await expect(page.getByRole('heading', { name: 'Community Guidance' })).toBeVisible();
  await expect(page.getByLabel('Guidance for your members')).toHaveValue(/Welcome, disciple\./);
  await expect(page.getByLabel('Guidance for your members')).toHaveAttribute('rows', '10');
  await page.getByRole('button', { name: 'Next' }).click();

  // 5 Structure: subgroups on, named after the theme.
  await expect(page.getByRole('heading', { name: 'Community Structure' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Organise members into subgroups' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('First subgroup name')).toHaveValue('Disciples Group');
  await page.getByRole('button', { name: 'Next' }).click();

  // 6 Launch: the first invitation code and the apply link.
  await expect(page.getByRole('heading', { name: 'Launch Community' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Setup progress' })).toHaveAttribute('aria-valuenow', '100');
  await page.getByRole('button', { name: 'Generate Invitation Code' }).click();
  await expect(page.getByTestId('setup-invite-code')).toHaveText(/^[A-Z2-9]{8}$/);
  await page.getByRole('button', { name: 'Copy apply link' }).click();
  await expect(page.getByText('Link copied!').first()).toBeVisible();
  const applyLink = await page.evaluate(() => navigator.clipboard.readText());
  expect(applyLink).toBe(`${new URL(page.url()).origin}/apply?community=${communityId}`);
  await page.getByRole('button', { name: 'Launch Community' }).click();

  // The dashboard: exactly the chosen disciplines in the check-in, the theme's guidance in the card.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Community setup complete!')).toBeVisible();
  const checkIn = page.getByRole('region', { name: 'Quick Daily Check-in' });
  await expect(checkIn.getByRole('button', { name: /^Show / })).toHaveCount(INTENSIVE.length + 1);
  const shown = await checkIn.getByRole('button', { name: /^Show / }).evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')!.replace(/^Show /, '')));
  expect(shown).toEqual([...INTENSIVE, 'Scripture Memory']);
  const guidelines = page.locator('div').filter({ has: page.getByRole('heading', { name: 'Guidelines', exact: true }) }).filter({ hasText: 'Our practices' }).last();
  await expect(guidelines.getByText('Welcome, disciple.', { exact: false })).toBeVisible();
  await expect(guidelines.getByRole('heading', { name: 'Our practices' })).toBeVisible();

  // The first subgroup exists.
  await page.goto('/admin?tab=subgroups');
  await expect(page.getByText('Disciples Group').first()).toBeVisible();

  // A visitor with no account, on a phone, applies through the copied link.
  const visitorContext = await browser.newContext({ ...SIZES.phone });
  const visitor = await visitorContext.newPage();
  await visitor.goto(applyLink);
  await expect(visitor.getByRole('heading', { name: 'Welcome to Emmaus Road Fellowship' })).toBeVisible();
  await visitor.getByLabel('Your name').fill('Lydia of Thyatira');
  await visitor.getByLabel('E-mail').fill('lydia@example.org');
  await visitor.getByLabel('Message (optional)').fill('I sell purple cloth and would love to join.');
  await visitor.getByLabel('Bible Reading').fill('One chapter a day');
  await visitor.getByRole('button', { name: 'Join Our Community' }).click();
  await expect(visitor.getByText('Welcome Message Sent!')).toBeVisible();
  await expect(visitor.getByText('Thank you for sharing! Our community leaders will reach out to welcome you soon.')).toBeVisible();
  await expect(visitor.getByLabel('Your name')).toHaveValue('');
  await expect(visitor.getByLabel('Monthly Retreat (required)')).toHaveValue('Required - One day monthly');
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await visitorContext.close();

  // The moderator is notified, reviews and approves: a code to send.
  await page.goto('/admin?tab=applications');
  const row = page.getByRole('row', { name: /Lydia of Thyatira/ });
  await expect(row.getByText('Pending')).toBeVisible();
  await row.getByRole('button', { name: 'Details of Lydia of Thyatira' }).click();
  await expect(page.getByText('I sell purple cloth and would love to join.')).toBeVisible();
  await expect(page.getByText('One chapter a day')).toBeVisible();
  await row.getByRole('button', { name: 'Approve Lydia of Thyatira' }).click();
  await page.getByLabel('Review notes (optional)').fill('Met her at the river.');
  await page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('Application Approved')).toBeVisible();
  await expect(page.getByTestId('approval-invite-code')).toHaveText(/^[A-Z2-9]{8}$/);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(row.getByText('Reviewed')).toBeVisible();
  await expect(row.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);

  await moderatorContext.close();
});

test('guidance with script, event handlers and javascript: or data: links renders none of them', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpThroughUi(page, newIdentity('Editor'));
  await createCommunityThroughUi(page, 'Berea Study Circle');

  await page.goto('/admin?tab=guidance');
  await page.getByRole('button', { name: 'Edit Guidance' }).click();
  const hostile = [
    '## Read with care',
    '<img src=x onerror="window.__pwned=1">',
    '<script>window.__pwned=2</script>',
    '[run me](javascript:window.__pwned=3)',
    '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<a href="javascript:window.__pwned=4" onclick="window.__pwned=5">raw link</a>',
    '[Bible Gateway](https://www.biblegateway.com)',
  ].join('\n\n');
  await page.getByLabel('More guidance (markdown)').fill(hostile);
  await page.getByRole('button', { name: 'Save Guidelines' }).click();
  await expect(page.getByText('Guidelines Saved')).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Bible Gateway' })).toHaveAttribute('href', 'https://www.biblegateway.com');
  const findings = await page.evaluate(() => {
    const everything = [...document.querySelectorAll('*')];
    return {
      handlers: everything.filter((element) => [...element.attributes].some((attribute) => attribute.name.toLowerCase().startsWith('on'))).map((element) => element.outerHTML.slice(0, 80)),
      scripts: [...document.querySelectorAll('main script')].length,
      images: [...document.querySelectorAll('main img')].length,
      badLinks: [...document.querySelectorAll('[href], [src]')]
        .map((element) => element.getAttribute('href') ?? element.getAttribute('src') ?? '')
        .filter((url) => /^\s*(javascript|data|vbscript):/i.test(url)),
      pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
    };
  });
  expect(findings).toEqual({ handlers: [], scripts: 0, images: 0, badLinks: [], pwned: null });
  await context.close();
});
