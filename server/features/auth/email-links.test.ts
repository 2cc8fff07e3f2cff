import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { LINK_INVALID_MESSAGE, LINK_OF_ANOTHER_ACCOUNT_MESSAGE, PASSWORD_RESET_SENT_MESSAGE } from '@shared/contracts/auth';
import { auditLogs } from '@shared/schema/audit';
import { emailTokens } from '@shared/schema/auth';
import { mailOutbox } from '@shared/schema/mail';
import { createTestApp } from '../../test/app';
import { createCommunity, signUp, TEST_PASSWORD, uniqueIdentity } from '../../test/factories';
import { type ReceivedMail, startTestSmtpServer } from '../../test/smtp';
import { importPerson } from '../claims/claims-test-kit';
import { ALREADY_VERIFIED_MESSAGE } from './resend-verification';

// Mail goes to a real SMTP server started here; links point at PUBLIC_URL, never at a request's Host header.
const smtp = await startTestSmtpServer();
// http: a Secure (https) session cookie would not travel over supertest's plain http.
const PUBLIC_URL = 'http://steadfast.example.test';
const testApp = await createTestApp(
  { SMTP_URL: smtp.url, PUBLIC_URL, RATE_LIMIT_REGISTER_PER_IP: 10_000, RATE_LIMIT_PASSWORD_RESET_PER_IP: 10_000 },
  { mail: { worker: { recipientSuffix: `@${smtp.domain}`, pollMs: 200 } } },
);
const { app } = testApp;
const { db } = testApp.database;

const tokenOf = (link: string | null) => new URL(link!).searchParams.get('token')!;
const NEW_PASSWORD = 'a-new-and-better-password';
const RESET_SUBJECT = 'Reset your Steadfast password';
// The verification and reset messages of one account may arrive in either order.
const resetMail = (mails: ReceivedMail[]) => mails.find((mail) => mail.subject === RESET_SUBJECT);

async function registered(prefix = 'ruth') {
  const email = smtp.address(prefix);
  return { ...(await signUp(app, { ...uniqueIdentity(prefix), email })), email };
}

describe('e-mail verification', () => {
  it('sign-up sends a link to the address; following it verifies the e-mail, once', async () => {
    const ruth = await registered();
    expect(ruth.user.emailVerified).toBe(false);
    const [mail] = await smtp.waitFor(ruth.email);
    expect(mail!.subject).toBe('Confirm your e-mail for Steadfast');
    expect(mail!.link).toMatch(new RegExp(`^${PUBLIC_URL}/verify-email\\?token=[\\w-]{43}$`));
    // Only a hash of the token is stored; the sent message's body is blanked.
    const [stored] = await db.select().from(emailTokens).where(eq(emailTokens.email, ruth.email));
    expect(stored!.tokenHash).not.toContain(tokenOf(mail!.link));
    await testApp.outbox!.drain();
    const [queued] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, ruth.email));
    expect(queued!.sentAt).not.toBeNull();
    expect(queued!.textBody).toBe('');

    // Only the account's own session follows it: signed out the page asks to sign in first (401); signed in as
    // someone else, it says the link is another account's (and leaves it unspent for its own).
    await request(app).post('/api/verify-email').send({ token: tokenOf(mail!.link) }).expect(401);
    const boaz = await registered('boaz');
    const elsewhere = await boaz.agent.post('/api/verify-email').send({ token: tokenOf(mail!.link) }).expect(409);
    expect(elsewhere.body).toMatchObject({ message: LINK_OF_ANOTHER_ACCOUNT_MESSAGE, code: 'link_other_account' });
    expect(JSON.stringify(elsewhere.body)).not.toContain(ruth.email);
    expect((await boaz.agent.get('/api/user').expect(200)).body.emailVerified).toBe(false);
    const answer = await ruth.agent.post('/api/verify-email').send({ token: tokenOf(mail!.link) }).expect(200);
    expect(answer.body.message).toMatch(/verified/);
    expect((await ruth.agent.get('/api/user').expect(200)).body.emailVerified).toBe(true);
    const again = await ruth.agent.post('/api/verify-email').send({ token: tokenOf(mail!.link) }).expect(400);
    expect(again.body).toMatchObject({ message: LINK_INVALID_MESSAGE, code: 'link_invalid' });
  });

  it('refuses a made-up, malformed or expired token with the same answer', async () => {
    const ruth = await registered();
    for (const token of ['x'.repeat(43), 'not a token', '']) {
      const answer = await ruth.agent.post('/api/verify-email').send({ token });
      expect(answer.status).toBe(400);
    }
    const [mail] = await smtp.waitFor(ruth.email);
    testApp.advanceClock(24 * 60 * 60 * 1000 + 1000);
    const late = await ruth.agent.post('/api/verify-email').send({ token: tokenOf(mail!.link) }).expect(400);
    expect(late.body.message).toBe(LINK_INVALID_MESSAGE);
    expect((await ruth.agent.get('/api/user').expect(200)).body.emailVerified).toBe(false);
  });

  it('resends a link while unverified (signed in only), and says so once verified', async () => {
    await request(app).post('/api/verify-email/resend').expect(401);
    const ruth = await registered();
    await smtp.waitFor(ruth.email);
    const resent = await ruth.agent.post('/api/verify-email/resend').expect(202);
    expect(resent.body.message).toContain(ruth.email);
    const mails = await smtp.waitFor(ruth.email, 2);
    // The newer link voids the older one (a link left in an old e-mail stops working), and works itself.
    const [older, newer] = mails.map((mail) => tokenOf(mail.link));
    const stale = await ruth.agent.post('/api/verify-email').send({ token: older }).expect(400);
    expect(stale.body.message).toBe(LINK_INVALID_MESSAGE);
    expect((await ruth.agent.get('/api/user').expect(200)).body.emailVerified).toBe(false);
    await ruth.agent.post('/api/verify-email').send({ token: newer }).expect(200);
    expect((await ruth.agent.post('/api/verify-email/resend').expect(202)).body.message).toBe(ALREADY_VERIFIED_MESSAGE);
  });

  it('limits resends per account with a 429', async () => {
    const ruth = await registered();
    for (let i = 0; i < 5; i++) await ruth.agent.post('/api/verify-email/resend').expect(202);
    const over = await ruth.agent.post('/api/verify-email/resend').expect(429);
    expect(over.body.message).toMatch(/inbox/);
  });
});

describe('password reset', () => {
  it('answers alike for an account, an unknown address and an imported one; only the account gets a link', async () => {
    const ruth = await registered();
    const unknown = smtp.address('nobody');
    const community = await createCommunity(app);
    const imported = { ...uniqueIdentity('hannah'), email: smtp.address('hannah') };
    await importPerson(db, community.owner.agent, community.community.id, imported);
    const answers = await Promise.all([ruth.email, unknown, imported.email].map((email) => request(app).post('/api/password-reset').send({ email })));
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ message: PASSWORD_RESET_SENT_MESSAGE });
    }
    const mails = await smtp.waitFor(ruth.email, 2);
    const reset = mails.find((mail) => mail.subject === 'Reset your Steadfast password');
    expect(reset!.link).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password\\?token=`));
    for (const email of [unknown, imported.email]) expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))).toEqual([]);
  });

  it('sets the new password, verifies the e-mail, ends every session, signs in, and is audit-logged', async () => {
    const ruth = await registered();
    await request(app).post('/api/password-reset').send({ email: ruth.email.toUpperCase() }).expect(202);
    const reset = resetMail(await smtp.waitFor(ruth.email, 2));
    const browser = request.agent(app);
    const answer = await browser.post('/api/password-reset/confirm').send({ token: tokenOf(reset!.link), password: NEW_PASSWORD }).expect(200);
    expect(answer.body).toMatchObject({ id: ruth.user.id, emailVerified: true });
    expect((await browser.get('/api/user').expect(200)).body.id).toBe(ruth.user.id);
    // The session from before the reset is over; the old password no longer opens the account.
    await ruth.agent.get('/api/user').expect(401);
    await request(app).post('/api/login').send({ username: ruth.email, password: TEST_PASSWORD }).expect(401);
    await request(app).post('/api/login').send({ username: ruth.email, password: NEW_PASSWORD }).expect(200);
    // Single use.
    await request(app).post('/api/password-reset/confirm').send({ token: tokenOf(reset!.link), password: 'yet-another-password' }).expect(400);
    const audit = await db.select().from(auditLogs).where(and(eq(auditLogs.entityId, ruth.user.id), eq(auditLogs.action, 'password-reset')));
    expect(audit).toHaveLength(1);
  });

  it('refuses a weak password with the field message and spends nothing', async () => {
    const ruth = await registered();
    await request(app).post('/api/password-reset').send({ email: ruth.email }).expect(202);
    const reset = resetMail(await smtp.waitFor(ruth.email, 2));
    const weak = await request(app).post('/api/password-reset/confirm').send({ token: tokenOf(reset!.link), password: 'password' }).expect(400);
    expect(weak.body.fields.password).toBeTruthy();
    await request(app).post('/api/password-reset/confirm').send({ token: tokenOf(reset!.link), password: NEW_PASSWORD }).expect(200);
  });

  it('voids a link once the password changed after it was sent, and after 60 minutes', async () => {
    const ruth = await registered();
    await request(app).post('/api/password-reset').send({ email: ruth.email }).expect(202);
    await request(app).post('/api/password-reset').send({ email: ruth.email }).expect(202);
    const [first, second] = (await smtp.waitFor(ruth.email, 3)).filter((mail) => mail.subject === RESET_SUBJECT);
    await ruth.agent.post('/api/user/password').send({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }).expect(200);
    const stale = await request(app).post('/api/password-reset/confirm').send({ token: tokenOf(first!.link), password: 'chosen-after-change' }).expect(400);
    expect(stale.body.message).toBe(LINK_INVALID_MESSAGE);
    testApp.advanceClock(61 * 60 * 1000);
    await request(app).post('/api/password-reset/confirm').send({ token: tokenOf(second!.link), password: 'chosen-after-change' }).expect(400);
    await request(app).post('/api/login').send({ username: ruth.email, password: NEW_PASSWORD }).expect(200);
  });

  it('sends at most 5 reset e-mails per address an hour, counted alike for addresses without an account', async () => {
    const ruth = await registered();
    const unknown = smtp.address('nobody');
    for (const email of [ruth.email, unknown]) {
      for (let i = 0; i < 5; i++) await request(app).post('/api/password-reset').send({ email }).expect(202);
      const over = await request(app).post('/api/password-reset').send({ email });
      expect(over.status).toBe(429);
    }
    await smtp.waitFor(ruth.email, 6);
    await testApp.outbox!.drain();
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, ruth.email))).filter((mail) => mail.kind === 'password-reset')).toHaveLength(5);
  });
});
