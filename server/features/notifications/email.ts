import { TOPIC_LABELS, type NotificationTopic } from '@shared/contracts/notification-preferences';
import type { QueuedMail } from '../../mail/outbox';

export const REMINDER_LABEL = 'Daily reminder';

export interface NotificationEmailParts {
  to: string;
  /** What kind of e-mail this is: a notification topic, or the daily reminder. */
  topic: NotificationTopic | 'reminder';
  /** Says what happened without any private text (DECISIONS.md): a question's subject, a time, a name. */
  headline: string;
  communityName: string | null;
  link: string;
  preferencesLink: string;
  unsubscribeLink: string;
}

/**
 * A notification as an e-mail: plain text, the headline, where to act, and how to stop them. One-click
 * unsubscribe (RFC 8058): mail providers POST `List-Unsubscribe=One-Click` to the header's URL.
 */
export function notificationEmail(parts: NotificationEmailParts): QueuedMail {
  const where = parts.communityName ? ` in ${parts.communityName}` : '';
  return {
    kind: parts.topic === 'reminder' ? 'reminder' : `notify-${parts.topic}`,
    to: parts.to,
    subject: parts.headline,
    text:
      `${parts.headline}${where}.\n\nOpen it in Steadfast:\n${parts.link}\n\n` +
      `— Steadfast${parts.communityName ? ` · ${parts.communityName}` : ''}\n\n` +
      `You receive this because e-mails for "${parts.topic === 'reminder' ? REMINDER_LABEL : TOPIC_LABELS[parts.topic]}" are on. Choose which e-mails you get: ${parts.preferencesLink}\n` +
      `Stop these e-mails: ${parts.unsubscribeLink}`,
    headers: {
      'List-Unsubscribe': `<${parts.unsubscribeLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
