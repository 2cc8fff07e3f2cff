import fs from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { createCommunityThroughUi, generateInviteCode, joinThroughUi, newIdentity, signUpThroughUi } from './fixtures';

// A member and their commander, each in their own browser: question, bell, answer, meeting request, the
// commander's Upcoming list and .ics, and a second request for the same slot refused. On phones.
test.setTimeout(300_000); // a ceiling, for the slow machine of 2026-11-28

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function person(browser: Browser, prefix: string, code: string) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const identity = await signUpThroughUi(page, newIdentity(prefix));
  await joinThroughUi(page, code);
  const me = (await (await page.request.get('/api/user')).json()) as { id: string };
  return { page, identity, id: me.id };
}

/** An administrator's call through the moderator's session, naming the community. */
const adminCall = (request: APIRequestContext, communityId: string) => ({
  patch: (url: string, data: unknown) => request.patch(url, { data, headers: { 'X-Community-Id': communityId } }),
  post: (url: string, data: unknown) => request.post(url, { data, headers: { 'X-Community-Id': communityId } }),
});

async function bellCount(page: Page) {
  return page.getByRole('button', { name: /^Notifications/ });
}

test('a member asks, the commander answers, the member books a meeting and a second booking of the slot is refused', async ({ browser }) => {
  const moderatorContext = await browser.newContext();
  const moderator = await moderatorContext.newPage();
  await signUpThroughUi(moderator, newIdentity('Moderator'));
  const communityId = await createCommunityThroughUi(moderator, 'Shepherds Fellowship');
  const code = await generateInviteCode(moderator);

  const commander = await person(browser, 'Commander', code);
  const member = await person(browser, 'Member', code);
  const neighbour = await person(browser, 'Neighbour', code);

  // The moderator makes the commander lead a subgroup with the two members (set-up through the API).
  const admin = adminCall(moderator.request, communityId);
  expect((await admin.patch(`/api/users/${commander.id}/role`, { roles: ['Commander'] })).ok()).toBe(true);
  const subgroup = (await (await admin.post('/api/subgroups', { name: 'Alpha Group' })).json()) as { id: string };
  expect((await admin.patch(`/api/subgroups/${subgroup.id}/commander`, { commanderId: commander.id })).ok()).toBe(true);
  for (const who of [member, neighbour]) expect((await admin.patch(`/api/users/${who.id}/subgroup`, { subgroupId: subgroup.id })).ok()).toBe(true);

  // 1. The member asks from My Subgroup.
  await member.page.goto('/my-subgroup');
  await expect(member.page.getByText(commander.identity.displayName)).toBeVisible();
  await member.page.getByRole('button', { name: 'Ask Your Commander' }).click();
  const ask = member.page.getByRole('dialog');
  await ask.getByLabel(/subject/i).fill('Fasting on work days');
  await ask.getByLabel(/message/i).fill('How should I fast when I work long shifts?');
  await ask.getByRole('button', { name: 'Send Question' }).click();
  await expect(member.page.getByText('Question Sent')).toBeVisible();

  // 2. The commander's bell shows it within one poll (30 s), without a reload.
  await commander.page.goto('/');
  await expect(await bellCount(commander.page)).toHaveAccessibleName(/1 unread/, { timeout: 40_000 });

  // 3. The commander answers from Received Questions.
  await commander.page.goto('/questions');
  await commander.page.getByRole('tab', { name: 'Received Questions' }).click();
  await commander.page.getByRole('button', { name: 'Respond' }).first().click();
  const respond = commander.page.getByRole('dialog');
  await respond.getByRole('textbox').first().fill('Start with a half day and drink water.');
  await respond.getByRole('button', { name: 'Send Answer' }).click();
  await expect(commander.page.getByText('Question Answered')).toBeVisible();

  // 4. The member sees the answer and a notification.
  await member.page.goto('/questions');
  await member.page.getByText('Fasting on work days').first().click();
  await expect(member.page.getByRole('dialog')).toContainText('Start with a half day and drink water.');
  await member.page.keyboard.press('Escape');
  await expect(await bellCount(member.page)).toHaveAccessibleName(/1 unread/, { timeout: 40_000 });

  // 5. Member and neighbour both open Request Meeting on the same free slot; the member books it first.
  const openRequest = async (page: Page) => {
    await page.goto('/my-subgroup');
    await page.getByRole('button', { name: 'Request Meeting with Commander' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/title/i).fill('Talk about fasting');
    const dateInput = dialog.getByLabel('Preferred date');
    await dateInput.fill((await dateInput.getAttribute('min'))!);
    const time = dialog.getByLabel('Preferred time');
    await expect(time.locator('option[value="09:00"]')).toHaveCount(1);
    await time.selectOption('09:00');
    return dialog;
  };
  const memberDialog = await openRequest(member.page);
  const neighbourDialog = await openRequest(neighbour.page);
  await memberDialog.getByRole('button', { name: 'Request Meeting' }).click();
  await expect(member.page.getByText('Meeting Requested')).toBeVisible();
  await neighbourDialog.getByRole('button', { name: 'Request Meeting' }).click();
  await expect(neighbour.page.getByText(/already has a meeting at that time/)).toBeVisible();

  // 6. The commander sees it under Upcoming and downloads a valid .ics.
  await commander.page.goto('/meetings');
  await expect(commander.page.getByRole('tab', { name: /Upcoming \(1\)/ })).toBeVisible();
  await expect(commander.page.getByText(`Meeting with ${member.identity.displayName}`)).toBeVisible();
  const downloadPromise = commander.page.waitForEvent('download');
  await commander.page.getByRole('link', { name: /calendar/i }).first().click();
  const download = await downloadPromise;
  const ics = fs.readFileSync((await download.path())!, 'utf8');
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  expect(ics).toContain(`SUMMARY:Meeting with ${member.identity.displayName}`);
  expect(ics).toMatch(/END:VCALENDAR\r\n$/);

  for (const page of [moderator, commander.page, member.page, neighbour.page]) await page.context().close();
});
