import { TOPIC_LABELS, type NotificationTopic } from '@shared/contracts/notification-preferences';
import { msg } from '@shared/domain/messages';
import type { ServerTranslate } from '../../i18n/translate';
import type { QueuedMail } from '../../mail/outbox';

export const REMINDER_LABEL = msg('Daily reminder');

/**
 * Words of someone without an account (an applicant's name): shown only in an e-mail's body, each line
 * quoted (`> `) and defanged, under a label of ours. Never in a subject or a push.
 */
export interface QuotedPart {
  /** A message id (`msg('Name')`), written in the reader's language. */
  label: string;
  text: string;
}

export interface NotificationEmailParts {
  to: string;
  /** What kind of e-mail this is: a notification topic, or the daily reminder. */
  topic: NotificationTopic | 'reminder';
  /** Says what happened without any private text (DECISIONS.md): a question's subject, a time, a member's name; in the reader's language. */
  headline: string;
  /** Shown under the headline, quoted (see QuotedPart). */
  quoted?: readonly QuotedPart[];
  communityName: string | null;
  link: string;
  preferencesLink: string;
  unsubscribeLink: string;
}

/**
 * A notification as an e-mail, in the reader's language (`t`): plain text, the headline, where to act, and how
 * to stop them. One-click unsubscribe (RFC 8058): mail providers POST `List-Unsubscribe=One-Click` to the header's URL.
 */
export function notificationEmail(t: ServerTranslate, parts: NotificationEmailParts): QueuedMail {
  const { headline, communityName: community } = parts;
  const first = community && !namesCommunity(headline, community) ? t('{headline} in {community}.', { headline, community }) : `${headline}.`;
  const quoted = parts.quoted?.length ? `\n\n${quotedBlock(t, parts.quoted)}` : '';
  const topic = t(parts.topic === 'reminder' ? REMINDER_LABEL : TOPIC_LABELS[parts.topic]);
  return {
    kind: parts.topic === 'reminder' ? 'reminder' : `notify-${parts.topic}`,
    to: parts.to,
    language: t.locale,
    subject: headline,
    text:
      `${first}${quoted}\n\n${t('Open it in Steadfast:')}\n${parts.link}\n\n` +
      `— Steadfast${community ? ` · ${community}` : ''}\n\n` +
      `${t('You receive this because e-mails for "{topic}" are on. Choose which e-mails you get: {link}', { topic, link: parts.preferencesLink })}\n` +
      t('Stop these e-mails: {link}', { link: parts.unsubscribeLink }),
    headers: {
      'List-Unsubscribe': `<${parts.unsubscribeLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Whether a headline already ends with the community's name ("New application to Grace Church"): not said twice. */
export const namesCommunity = (headline: string, communityName: string) => headline.endsWith(communityName);

const LINE_BREAKS = /\r\n|[\r\n\u0085\u2028\u2029]/;
/** What mail clients link without a scheme's `//`: mailto:, tel: … (any `word:` right before a non-space). */
const SCHEME_WITHOUT_SLASHES = /([a-z][a-z0-9+.-]*):(?=[^\s/])/gi;
const SCHEME_WITH_SLASHES = /([a-z][a-z0-9+.-]*):\/\//gi;
/** A dot (or a full stop that some clients read as one) between two characters of a name: a domain's, an address's. */
const NAME_DOT = /(?<=[\p{L}\p{N}_-])[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}])/gu;
const AT_SIGNS = /[@\uFF20\uFE6B]/g;

/**
 * Text no mail client turns into a link: `https://` is `hxxps://` (any other `scheme://` is `scheme[:]//`,
 * `mailto:` is `mailto[:]`), a dot inside a name is `[.]` (`example[.]com`, `1[.]2[.]3[.]4`) and `@` is `[at]`
 * (`name[at]example[.]org`): what someone without an account wrote stays readable and leads nowhere.
 */
export function defang(text: string): string {
  return text
    .replace(SCHEME_WITH_SLASHES, (_match, scheme: string) => {
      const lower = scheme.toLowerCase();
      if (lower === 'http' || lower === 'https') return `${scheme[0]}xx${scheme.slice(3)}://`;
      if (lower === 'ftp') return `${scheme[0]}x${scheme.slice(2)}://`;
      return `${scheme}[:]//`;
    })
    .replace(SCHEME_WITHOUT_SLASHES, '$1[:]')
    .replace(NAME_DOT, '[.]')
    .replace(AT_SIGNS, '[at]');
}

/** Quoted parts as e-mail text: a line saying what they are, then each line after `> `, defanged. */
function quotedBlock(t: ServerTranslate, parts: readonly QuotedPart[]): string {
  const lines = parts.flatMap(({ label, text }) => {
    const [first = '', ...rest] = text.split(LINE_BREAKS);
    return [`${t(label)}: ${defang(first)}`, ...rest.map(defang)];
  });
  return `${t('As they wrote it (not checked by Steadfast):')}\n${lines.map((line) => `> ${line}`.trimEnd()).join('\n')}`;
}
