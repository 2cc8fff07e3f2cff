import { expect } from '@playwright/test';
import { addDays, dateInTimeZone, zonedInstant } from '../../shared/domain/calendar';
import { call, linkFromMail, register } from './fixtures';
import { MAIL_CATCHER_PORT } from './playwright.config';
import { type AnySize, checkScreen, openPage, test } from './screens-kit';

/*
 * Issue 24: a notification e-mail as it arrives (real SMTP to mail-catcher.mjs): its title and a link, no
 * private text, and an unsubscribe link whose page turns that kind of e-mail off with one press.
 */
for (const size of ['desktop', 'tablet', 'phone'] as AnySize[]) {
  test(`a meeting e-mail's unsubscribe link turns meeting e-mails off (${size})`, async ({ browser }) => {
    const leader = await register(browser, 'Leader');
    const lead = leader.context.request;
    const { id: communityId } = (await call(lead, 'post', '/api/communities', { name: `Mail ${size} Fellowship` })) as { id: string };
    const { timeZone } = (await call(lead, 'get', `/api/communities/${communityId}`)) as { timeZone: string };
    const { inviteCode } = (await call(lead, 'post', `/api/communities/${communityId}/invite-codes`)) as { inviteCode: string };
    const member = await register(browser, 'Member');
    await call(member.context.request, 'post', '/api/communities/join', { inviteCode });
    // The member proves the address with the link from the verification e-mail (only verified addresses get notifications).
    const verify = await linkFromMail(member.identity.email, /Confirm your e-mail/);
    await call(member.context.request, 'post', '/api/verify-email', { token: new URL(verify).searchParams.get('token') });

    const startsAt = zonedInstant(addDays(dateInTimeZone(new Date(), timeZone), 2), '10:00', timeZone);
    await call(lead, 'post', '/api/meetings', { memberId: member.id, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(), notes: 'PRIVATE: about my fasting', location: 'TBD' }, communityId);

    let text = '';
    await expect
      .poll(async () => {
        const mails = (await (await fetch(`http://127.0.0.1:${MAIL_CATCHER_PORT}/messages?to=${encodeURIComponent(member.identity.email)}`)).json()) as Array<{ subject: string; text: string }>;
        text = mails.find((mail) => mail.subject.startsWith('Meeting scheduled: '))?.text ?? '';
        return text;
      }, { message: 'the meeting e-mail', timeout: 15_000 })
      .not.toBe('');
    expect(text).not.toContain('PRIVATE');
    expect(text).toMatch(/\/meetings\n/);
    const unsubscribe = text.match(/Stop these e-mails: (\S+)/)?.[1];
    expect(unsubscribe).toMatch(/\/api\/notifications\/unsubscribe\?token=/);

    // Opened from the inbox, signed out: a page that asks, then turns meeting e-mails off.
    const page = await openPage(browser, size);
    await page.goto(unsubscribe!);
    await expect(page.getByRole('heading', { name: 'Stop these e-mails?' })).toBeVisible();
    await checkScreen(page, 'unsubscribe', size);
    await page.getByRole('button', { name: 'Stop these e-mails' }).click();
    await expect(page.getByRole('heading', { name: 'Done' })).toBeVisible();
    await checkScreen(page, 'unsubscribe-done', size);
    const preferences = (await call(member.context.request, 'get', '/api/user/notification-preferences')) as { email: Record<string, boolean> };
    expect(preferences.email).toMatchObject({ meetings: false, questions: true });
    for (const context of [page.context(), leader.context, member.context]) await context.close();
  });
}
