import express, { Router } from 'express';
import { notificationPreferencesBody } from '@shared/contracts/notification-preferences';
import type { Database } from '../../db/client';
import { badRequest } from '../../http/errors';
import { requireUser } from '../../http/require';
import { body } from '../../http/validate';
import { readUnsubscribeToken } from './delivery';
import { REMINDER_LABEL } from './email';
import { preferencesOf, turnOffEmail, updatePreferences } from './preferences';
import { TOPIC_LABELS } from '@shared/contracts/notification-preferences';
import { DEFAULT_LOCALE, type Locale, localeFromAcceptLanguage } from '@shared/domain/locales';
import { apiMessage, msg } from '@shared/domain/messages';
import { type ServerTranslate, translator } from '../../i18n/translate';
import { readerLocale } from '../auth/locale';

export const UNSUBSCRIBE_LINK_INVALID = apiMessage(msg('This unsubscribe link is not valid. Choose which e-mails you get under Profile in Steadfast.'));
export const UNSUBSCRIBE_BODY_REQUIRED = apiMessage('Send List-Unsubscribe=One-Click to stop these e-mails.');

/** GET and PUT /api/user/notification-preferences: the caller's own, nobody else's. */
export function notificationPreferenceRoutes(db: Database, now: () => Date): Router {
  const router = Router();
  router.get('/api/user/notification-preferences', requireUser, async (req, res) => {
    res.json(await preferencesOf(db, req.user!.id));
  });
  router.put('/api/user/notification-preferences', requireUser, body(notificationPreferencesBody), async (req, res) => {
    res.json(await updatePreferences(db, req.user!.id, req.body, now()));
  });
  return router;
}

const topicLabel = (t: ServerTranslate, topic: string) => t(topic === 'reminder' ? REMINDER_LABEL : TOPIC_LABELS[topic as keyof typeof TOPIC_LABELS]);

/**
 * One-click unsubscribe (RFC 8058), the one write route outside the same-origin JSON rule: a mail provider
 * POSTs the form body `List-Unsubscribe=One-Click` with no cookie and no Origin. The signed token in the URL
 * is its only authority, and it can do one thing: turn one kind of e-mail off for one person. A GET (someone
 * opening the link) only shows a button that sends that POST: link scanners must not unsubscribe anyone.
 */
export function unsubscribeRoutes(db: Database, linkKey: Buffer, now: () => Date): Router {
  const router = Router();
  const path = '/api/notifications/unsubscribe';
  router.use(path, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // The page reads in the language of the person the link names (their e-mail was written in it); a link that
  // names nobody, in the browser's.
  router.get(path, async (req, res) => {
    const named = readUnsubscribeToken(linkKey, req.query.token);
    const acceptLanguage = req.get('accept-language');
    // Someone opened the link in a browser: a page, not the API's JSON error.
    if (!named) {
      const locale = localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
      const t = translator(locale);
      res
        .status(400)
        .type('html')
        .send(page(locale, t, `<h1>${t('This link does not work')}</h1><p>${t(UNSUBSCRIBE_LINK_INVALID)}</p><p><a href="/profile#notifications">${t('Open your notification settings')}</a></p>`));
      return;
    }
    const locale = await readerLocale(db, named.userId, acceptLanguage);
    const t = translator(locale);
    res.type('html').send(
      page(
        locale,
        t,
        `<h1>${t('Stop these e-mails?')}</h1><p>${t('You will no longer receive e-mails for “{topic}”. The bell in Steadfast still shows them.', { topic: topicLabel(t, named.topic) })}</p>` +
          `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${t('Stop these e-mails')}</button></form>` +
          `<p><a href="/profile#notifications">${t('Choose which e-mails you get in Steadfast')}</a></p>`,
      ),
    );
  });
  router.post(path, express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 5 }), async (req, res) => {
    const named = readUnsubscribeToken(linkKey, req.query.token);
    if (!named) throw badRequest(UNSUBSCRIBE_LINK_INVALID);
    if ((req.body as Record<string, unknown> | undefined)?.['List-Unsubscribe'] !== 'One-Click') throw badRequest(UNSUBSCRIBE_BODY_REQUIRED);
    await turnOffEmail(db, named.userId, named.topic, now());
    // A person who pressed the button sees a page; a mail provider reads the status.
    const locale = await readerLocale(db, named.userId, req.get('accept-language'));
    const t = translator(locale);
    res
      .status(200)
      .type('html')
      .send(
        page(
          locale,
          t,
          `<h1>${t('Done')}</h1><p>${t('You will no longer receive e-mails for “{topic}”. You can turn them on again under Profile in Steadfast.', { topic: topicLabel(t, named.topic) })}</p><p><a href="/profile#notifications">${t('Open your notification settings')}</a></p>`,
        ),
      );
  });
  return router;
}

/** The page around the unsubscribe words: every text in it is ours (no name, nothing typed), so none needs escaping. */
function page(locale: Locale, t: ServerTranslate, content: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('Steadfast e-mails')}</title><meta name="robots" content="noindex">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.5rem}a{color:#2d3a8c}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#2d3a8c;color:#fff;cursor:pointer}</style></head><body><main>${content}</main></body></html>`;
}
