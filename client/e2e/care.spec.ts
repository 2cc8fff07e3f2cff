import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { addDays, dateInTimeZone, parseIsoDate, shiftMonth } from '../../shared/domain/calendar';
import { call, openTrackingMonth, register } from './fixtures';
import { type AnySize, checkScreen, openPage } from './screens-kit';

/**
 * Issue 26 in the browser, on two phones: Walker's calendar (filled in through the app, as a member does who
 * brings the days they kept before joining) ends six days ago; Leader, who leads Walker's subgroup, sees Walker
 * under Needs a word with why, sends the prefilled note; Walker finds it on My Subgroup and answers it with a
 * question, which Leader finds under Received Questions.
 */
test.setTimeout(240_000); // a ceiling, for the slow machine of 2026-11-28

/** Leader created the community and leads Alpha Group; Walker joined and is in it. */
async function careWorld(browser: Browser) {
  const leader = await register(browser, 'Leader');
  const lead = leader.context.request;
  const { id: communityId, timeZone } = (await call(lead, 'post', '/api/communities', { name: 'Emmaus Road Fellowship' })) as { id: string; timeZone: string };
  const { inviteCode } = (await call(lead, 'post', `/api/communities/${communityId}/invite-codes`)) as { inviteCode: string };
  const walker = await register(browser, 'Walker');
  await call(walker.context.request, 'post', '/api/communities/join', { inviteCode });
  const alpha = (await call(lead, 'post', '/api/subgroups', { name: 'Alpha Group' }, communityId)) as { id: string };
  await call(lead, 'patch', `/api/subgroups/${alpha.id}/commander`, { commanderId: leader.id }, communityId);
  await call(lead, 'patch', `/api/users/${walker.id}/subgroup`, { subgroupId: alpha.id }, communityId);
  return { leader, walker, communityId, timeZone };
}

/** A week kept up to six days ago, then nothing: quiet for five whole days (the community asks after four). */
async function goQuiet(walker: { context: { request: APIRequestContext } }, communityId: string, timeZone: string) {
  const today = dateInTimeZone(new Date(), timeZone);
  const byMonth = new Map<string, { year: number; month: number; days: Record<string, 'Yes'> }>();
  for (let back = 6; back <= 12; back++) {
    const { year, month, day } = parseIsoDate(addDays(today, -back));
    const entry = byMonth.get(`${year}-${month}`) ?? { year, month, days: {} };
    entry.days[String(day)] = 'Yes';
    byMonth.set(`${year}-${month}`, entry);
  }
  for (const { year, month, days } of byMonth.values()) {
    await call(walker.context.request, 'post', `/api/communities/${communityId}/daily-log`, { communityId, month, year, entries: {}, dayStatus: { bibleReading: days } }, communityId);
  }
}

/** The month that ended before the community's today, and how the screens name it ('October 2026'). */
function endedMonth(timeZone: string) {
  const { year, month } = parseIsoDate(dateInTimeZone(new Date(), timeZone));
  const ended = shiftMonth({ year, month }, -1);
  const label = `${new Date(Date.UTC(ended.year, ended.month - 1, 15)).toLocaleString('en', { month: 'long', timeZone: 'UTC' })} ${ended.year}`;
  return { ended, label, secondOfThisMonth: new Date(year, month - 1, 2, 10, 0, 0) };
}

test('two phones: a member goes quiet, the commander sends the prefilled note, the member answers it with a question', async ({ browser }) => {
  const { leader, walker, communityId, timeZone } = await careWorld(browser);
  await goQuiet(walker, communityId, timeZone);
  const leaderState = await leader.context.storageState();
  const walkerState = await walker.context.storageState();
  await leader.context.close();
  await walker.context.close();

  // The commander's phone: the dashboard names Walker and why.
  const commander = await openPage(browser, 'phone', leaderState);
  await commander.goto('/');
  const needs = commander.getByRole('region', { name: 'Needs a word' });
  const row = needs.getByRole('listitem').filter({ hasText: walker.identity.displayName });
  await expect(row).toContainText('No check-in for 5 days');
  await checkScreen(commander, 'care-needs-a-word', 'phone');

  await row.getByRole('button', { name: `Send a note to ${walker.identity.displayName}` }).click();
  const dialog = commander.getByRole('dialog', { name: `A note to ${walker.identity.displayName}` });
  await expect(dialog.getByLabel('Your note')).toHaveValue('Thinking of you this week. How are you?');
  await checkScreen(commander, 'care-note-dialog', 'phone');
  await dialog.getByRole('button', { name: 'Send Note' }).click();
  await expect(commander.getByText('Note Sent', { exact: true })).toBeVisible();
  await expect(needs.getByText(walker.identity.displayName)).toHaveCount(0);

  // The member's phone: the note on My Subgroup, answered with a question.
  const member = await openPage(browser, 'phone', walkerState);
  await member.goto('/my-subgroup');
  const note = member.getByRole('region', { name: `A word from ${leader.identity.displayName}` });
  await expect(note).toContainText('Thinking of you this week. How are you?');
  await checkScreen(member, 'care-note-received', 'phone');
  await member.getByRole('button', { name: 'Ask Your Commander' }).click();
  const ask = member.getByRole('dialog', { name: 'Ask Your Commander' });
  await expect(ask.getByLabel(/Subject/)).toHaveValue(`Re: A word from ${leader.identity.displayName}`);
  await ask.getByLabel(/Message/).fill('Thank you. It has been a hard week at work; I would value your prayers.');
  await ask.getByRole('button', { name: 'Send Question' }).click();
  await expect(member.getByText('Question Sent', { exact: true })).toBeVisible();

  // The commander finds the answer under Received Questions.
  await commander.goto('/questions?tab=received');
  await expect(commander.getByText(`Re: A word from ${leader.identity.displayName}`).first()).toBeVisible();

  // The same screens on a desktop.
  const wide = await openPage(browser, 'desktop', leaderState);
  await wide.goto('/my-subgroup');
  await expect(wide.getByRole('region', { name: 'Needs a word' })).toBeVisible();
  await checkScreen(wide, 'care-needs-a-word-subgroup', 'desktop');
  const tablet = await openPage(browser, 'tablet', leaderState);
  await tablet.goto('/my-subgroup');
  await expect(tablet.getByRole('region', { name: 'Needs a word' })).toBeVisible();
  await checkScreen(tablet, 'care-needs-a-word-subgroup', 'tablet');
  const wideMember = await openPage(browser, 'desktop', walkerState);
  await wideMember.goto('/my-subgroup');
  await expect(wideMember.getByRole('region', { name: `A word from ${leader.identity.displayName}` })).toBeVisible();
  await checkScreen(wideMember, 'care-note-received', 'desktop');
});

test('two phones: a member writes a reflection on the 2nd, the commander replies, both see it beside the month', async ({ browser }) => {
  const { leader, walker, timeZone } = await careWorld(browser);
  const leaderState = await leader.context.storageState();
  const walkerState = await walker.context.storageState();
  await leader.context.close();
  await walker.context.close();

  // The month that ended, and the 2nd of this one on the member's phone.
  const { ended, label, secondOfThisMonth } = endedMonth(timeZone);

  const member = await openPage(browser, 'phone', walkerState);
  await member.clock.setFixedTime(secondOfThisMonth);
  await member.goto('/');
  const invitation = member.getByRole('region', { name: `Look back on ${label}` });
  await expect(invitation).toBeVisible();
  await checkScreen(member, 'care-reflection-invitation', 'phone');
  await invitation.getByRole('button', { name: 'Write a reflection' }).click();
  const dialog = member.getByRole('dialog', { name: `Looking back on ${label}` });
  await dialog.getByLabel('What helped').fill('Praying the psalms on the bus.');
  await dialog.getByLabel('Prayer request').fill('For patience at home.');
  await checkScreen(member, 'care-reflection-dialog', 'phone');
  await dialog.getByRole('button', { name: 'Save Reflection' }).click();
  await expect(member.getByText('Reflection Saved', { exact: true })).toBeVisible();
  await expect(invitation).toHaveCount(0);

  // The commander's phone: My Subgroup lists it; the reply is a prayer and a few words.
  const commander = await openPage(browser, 'phone', leaderState);
  await commander.goto('/my-subgroup');
  const list = commander.getByRole('region', { name: `Reflections on ${label}` });
  const item = list.getByRole('listitem').filter({ hasText: walker.identity.displayName });
  await expect(item).toContainText('Praying the psalms on the bus.');
  await checkScreen(commander, 'care-reflections-list', 'phone');
  await item.getByLabel(`Reply to ${walker.identity.displayName}`).fill('Praying for patience with you this week.');
  await item.getByRole('button', { name: 'Send Reply' }).click();
  await expect(commander.getByText('Reply Sent', { exact: true })).toBeVisible();

  // Both see it beside the month's calendar.
  await openTrackingMonth(commander, ended, walker.identity.displayName);
  const seenByCommander = commander.getByRole('region', { name: `Reflection on ${label}` });
  await expect(seenByCommander).toContainText('Praying for patience with you this week.');
  await openTrackingMonth(member, ended);
  const seenByMember = member.getByRole('region', { name: `Reflection on ${label}` });
  await expect(seenByMember).toContainText('Praying the psalms on the bus.');
  await expect(seenByMember).toContainText(`${leader.identity.displayName} replied`);
  await checkScreen(member, 'care-reflection-beside-month', 'phone');

  const wide = await openPage(browser, 'desktop', walkerState);
  await openTrackingMonth(wide, ended);
  await expect(wide.getByRole('region', { name: `Reflection on ${label}` })).toContainText('Praying for patience with you this week.');
  await checkScreen(wide, 'care-reflection-beside-month', 'desktop');
  const tablet = await openPage(browser, 'tablet', leaderState);
  await tablet.goto('/my-subgroup');
  await expect(tablet.getByRole('region', { name: `Reflections on ${label}` })).toContainText('Praying for patience with you this week.');
  await checkScreen(tablet, 'care-reflections-list', 'tablet');
});

test('the care screens on a desktop and a tablet: the commander\'s list and note, the member\'s invitation, reflection and note', async ({ browser }) => {
  // Eleven screens, each checked by axe and photographed: 2.0 minutes on the slow machine of 2026-11-28.
  test.setTimeout(300_000);
  const { leader, walker, communityId, timeZone } = await careWorld(browser);
  await goQuiet(walker, communityId, timeZone);
  const { ended, label, secondOfThisMonth } = endedMonth(timeZone);
  const leaderState = await leader.context.storageState();
  const walkerState = await walker.context.storageState();

  for (const size of ['desktop', 'tablet'] as AnySize[]) {
    // The commander's dashboard names Walker; the note's dialog, left without sending.
    const commander = await openPage(browser, size, leaderState);
    await commander.goto('/');
    const row = commander.getByRole('region', { name: 'Needs a word' }).getByRole('listitem').filter({ hasText: walker.identity.displayName });
    await expect(row).toContainText('No check-in for 5 days');
    await checkScreen(commander, 'care-needs-a-word', size);
    await row.getByRole('button', { name: `Send a note to ${walker.identity.displayName}` }).click();
    await expect(commander.getByRole('dialog', { name: `A note to ${walker.identity.displayName}` }).getByLabel('Your note')).toHaveValue('Thinking of you this week. How are you?');
    await checkScreen(commander, 'care-note-dialog', size);
    await commander.keyboard.press('Escape');

    // The member on the 2nd: the invitation and its dialog, left without saving.
    const member = await openPage(browser, size, walkerState);
    await member.clock.setFixedTime(secondOfThisMonth);
    await member.goto('/');
    const invitation = member.getByRole('region', { name: `Look back on ${label}` });
    await expect(invitation).toBeVisible();
    await checkScreen(member, 'care-reflection-invitation', size);
    await invitation.getByRole('button', { name: 'Write a reflection' }).click();
    await member.getByRole('dialog', { name: `Looking back on ${label}` }).getByLabel('What was hard').fill('Getting up early.');
    await checkScreen(member, 'care-reflection-dialog', size);
    await member.context().close();
    await commander.context().close();
  }

  // A reflection written (waiting for its reply) and a note received: seen on the sizes not seen yet.
  await call(walker.context.request, 'put', `/api/communities/${communityId}/reflections`, { ...ended, helped: 'Praying the psalms on the bus.', hard: '', prayerRequest: 'For patience at home.' }, communityId);
  await call(leader.context.request, 'post', `/api/communities/${communityId}/needs-a-word/${walker.id}/note`, { message: 'Thinking of you this week. How are you?' }, communityId);
  const wide = await openPage(browser, 'desktop', leaderState);
  await wide.goto('/my-subgroup');
  await expect(wide.getByRole('region', { name: `Reflections on ${label}` })).toContainText('Praying the psalms on the bus.');
  await checkScreen(wide, 'care-reflections-list', 'desktop');
  const tabletMember = await openPage(browser, 'tablet', walkerState);
  await tabletMember.goto('/my-subgroup');
  await expect(tabletMember.getByRole('region', { name: `A word from ${leader.identity.displayName}` })).toBeVisible();
  await checkScreen(tabletMember, 'care-note-received', 'tablet');
  await openTrackingMonth(tabletMember, ended);
  await expect(tabletMember.getByRole('region', { name: `Reflection on ${label}` })).toContainText('For patience at home.');
  await checkScreen(tabletMember, 'care-reflection-beside-month', 'tablet');
  await leader.context.close();
  await walker.context.close();
});
