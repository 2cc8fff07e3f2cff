import request from 'supertest';
import { createTestApp } from '../test/app';
import { TEST_PASSWORD, uniqueIdentity } from '../test/factories';
import { startTestSmtpServer } from '../test/smtp';
import ko from '../locales/ko.json';
import es from '../locales/es.json';

/*
 * The account e-mails are written in the reader's language (issue 43 item 4): the browser they signed up from, then
 * their own choice. Delivered to a real SMTP server started here.
 */
const smtp = await startTestSmtpServer();
const { app } = await createTestApp(
  { SMTP_URL: smtp.url, PUBLIC_URL: 'http://steadfast.example.test', RATE_LIMIT_REGISTER_PER_IP: 10_000, RATE_LIMIT_PASSWORD_RESET_PER_IP: 10_000 },
  { mail: { worker: { recipientSuffix: `@${smtp.domain}`, pollMs: 200 } } },
);

describe('the account e-mails', () => {
  it('greet a sign-up from a Korean browser in Korean, and follow the language they choose after', async () => {
    const email = smtp.address('jiwoo');
    const agent = request.agent(app);
    await agent.post('/api/register').set('Accept-Language', 'ko-KR,ko;q=0.9').send({ ...uniqueIdentity('jiwoo'), email, password: TEST_PASSWORD }).expect(201);
    const [verification] = await smtp.waitFor(email);
    expect(verification!.subject).toBe(ko['Confirm your e-mail for Steadfast']);
    expect(verification!.subject).not.toBe('Confirm your e-mail for Steadfast');
    expect(verification!.text).toContain(ko['The link works once and for 24 hours. If you did not sign up for Steadfast, you can ignore this message.']);
    expect(verification!.link).toMatch(/\/verify-email\?token=/);

    await agent.put('/api/user/locale').send({ locale: 'es' }).expect(200);
    // Asked from a browser in English: the reset still reads as the member chose.
    await request(app).post('/api/password-reset').set('Accept-Language', 'en').send({ email }).expect(202);
    const mails = await smtp.waitFor(email, 2);
    const reset = mails.find((mail) => mail.subject === es['Reset your Steadfast password']);
    expect(reset?.text).toContain(es['Someone (we hope you) asked to reset the password of your Steadfast account. Open this link to choose a new one:']);
  });

  it('are in English for a browser that names none of our languages', async () => {
    const email = smtp.address('amelie');
    await request(app).post('/api/register').set('Accept-Language', 'fr-FR,fr;q=0.9').send({ ...uniqueIdentity('amelie'), email, password: TEST_PASSWORD }).expect(201);
    const [verification] = await smtp.waitFor(email);
    expect(verification!.subject).toBe('Confirm your e-mail for Steadfast');
  });
});
