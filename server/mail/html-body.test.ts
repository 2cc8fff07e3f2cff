import { createRequire } from 'node:module';
import { translator } from '../i18n/translate';
import { passwordResetMessage } from './messages';
import { htmlBodyOf } from './html-body';
import { notificationEmail } from '../features/notifications/email';

// A browser's HTML parser (jsdom ships no types of its own).
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: Window } };

const words = (text: string) => text.replace(/\s+/g, ' ').trim();
const documentOf = (html: string) => new JSDOM(html).window.document;

describe('the HTML part of an e-mail', () => {
  it('says the same words as the text part, with each link alone on its line as a button labelled by the line before it', () => {
    const mail = notificationEmail(translator('en'), {
      to: 'ruth@example.org',
      topic: 'answers',
      headline: 'Boaz answered your question',
      communityName: 'Hope Chapel',
      link: 'https://steadfast.example.org/questions?tab=sent',
      preferencesLink: 'https://steadfast.example.org/profile#notifications',
      unsubscribeLink: 'https://steadfast.example.org/api/notifications/unsubscribe?token=abc.answers.def',
    });
    const document = documentOf(htmlBodyOf(mail.subject, mail.text));
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Boaz answered your question');
    const button = [...document.querySelectorAll('a')].find((anchor) => anchor.textContent === 'Open it in Steadfast')!;
    expect(button.href).toBe('https://steadfast.example.org/questions?tab=sent');
    expect(button.getAttribute('style')).toContain('display:inline-block');
    // Every link of the text is a link here too, and the words are the same (the button's label is the line it replaces).
    const hrefs = [...document.querySelectorAll('a')].map((anchor) => anchor.getAttribute('href'));
    for (const url of mail.text.match(/https?:\/\/\S+/g)!) expect(hrefs).toContain(url);
    // Read as a screen reader would: paragraph by paragraph, a line break as a break.
    const read = [...documentOf(htmlBodyOf(mail.subject, mail.text).replace(/<br>/g, '\n')).querySelectorAll('p')].map((p) => p.textContent).join(' ');
    expect(words(read)).toBe(words(mail.text.replace('Open it in Steadfast:\n', 'Open it in Steadfast ')));
  });

  it('escapes what it is given and keeps to one column a phone can read', () => {
    const html = htmlBodyOf('A <b>subject</b>', 'Hello <script>alert(1)</script> & "friends"\n\nOpen this link:\nhttps://example.org/a?b=1&c=<2>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<title>A &lt;b&gt;subject&lt;/b&gt;</title>');
    expect(html).toContain('max-width:560px');
    expect(html).toContain('name="viewport"');
  });

  it('gives an account e-mail a button for its link, and the address under it to copy', () => {
    const mail = passwordResetMessage(translator('en'), 'ruth@example.org', 'https://steadfast.example.org/reset-password?token=T0k3n');
    const document = documentOf(htmlBodyOf(mail.subject, mail.text));
    const links = [...document.querySelectorAll('a')];
    expect(links.map((anchor) => [anchor.textContent, anchor.href])).toEqual([
      ['Open the link', 'https://steadfast.example.org/reset-password?token=T0k3n'],
      ['https://steadfast.example.org/reset-password?token=T0k3n', 'https://steadfast.example.org/reset-password?token=T0k3n'],
    ]);
    expect(document.body.textContent).toContain('Open this link to choose a new one:');
  });
});
