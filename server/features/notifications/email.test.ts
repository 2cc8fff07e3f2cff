import { defang, notificationEmail } from './email';
import { translator } from '../../i18n/translate';

describe('defang', () => {
  it.each([
    ['https://evil.example/path?x=1', 'hxxps://evil[.]example/path?x=1'],
    ['HTTP://EVIL.EXAMPLE', 'HxxP://EVIL[.]EXAMPLE'],
    ['ftp://files.example.org', 'fxp://files[.]example[.]org'],
    ['javascript://evil.example', 'javascript[:]//evil[.]example'],
    ['mailto:someone@example.org', 'mailto[:]someone[at]example[.]org'],
    ['tel:+15551234567', 'tel[:]+15551234567'],
    ['name@example.org', 'name[at]example[.]org'],
    ['name＠example．org', 'name[at]example[.]org'],
    ['www.evil.example', 'www[.]evil[.]example'],
    ['evil。example', 'evil[.]example'],
    ['10.0.0.1', '10[.]0[.]0[.]1'],
    ['xn--80ak6aa92e.com', 'xn--80ak6aa92e[.]com'],
  ])('%j is %j', (text, defanged) => {
    expect(defang(text)).toBe(defanged);
  });

  it('leaves words, sentences and times as they are', () => {
    expect(defang('Ruth Naomi. We meet at 7:30, Sunday.')).toBe('Ruth Naomi. We meet at 7:30, Sunday.');
  });
});

describe('notificationEmail with quoted words', () => {
  const parts = {
    to: 'moderator@example.org',
    topic: 'applications' as const,
    headline: 'New application to Grace Fellowship',
    communityName: 'Grace Fellowship',
    link: 'https://steadfast.example.org/admin?tab=applications',
    preferencesLink: 'https://steadfast.example.org/profile#notifications',
    unsubscribeLink: 'https://steadfast.example.org/api/notifications/unsubscribe?token=t',
  };

  it('puts them only in the body, each line after "> ", defanged, and never in the subject', () => {
    const mail = notificationEmail(translator('en'), { ...parts, quoted: [{ label: 'Name', text: 'Lydia evil.example' }, { label: 'Message', text: 'One\r\nTwo https://x.example\u2028Three' }] });
    expect(mail.subject).toBe('New application to Grace Fellowship');
    expect(mail.text.split('\n').slice(0, 7)).toEqual([
      'New application to Grace Fellowship.',
      '',
      'As they wrote it (not checked by Steadfast):',
      '> Name: Lydia evil[.]example',
      '> Message: One',
      '> Two hxxps://x[.]example',
      '> Three',
    ]);
  });

  it('says the community once when the headline names it, and otherwise after it', () => {
    expect(notificationEmail(translator('en'), parts).text.split('\n')[0]).toBe('New application to Grace Fellowship.');
    expect(notificationEmail(translator('en'), { ...parts, headline: 'New question: Fasting' }).text.split('\n')[0]).toBe('New question: Fasting in Grace Fellowship.');
  });
});
