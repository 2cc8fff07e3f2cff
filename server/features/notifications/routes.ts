import { Router } from 'express';
import { notificationPageQuery, UNREAD_COUNT_HEADER } from '@shared/contracts/notifications';
import type { Database } from '../../db/client';
import { sessionPrincipal } from '../../auth/passport';
import { unauthorized } from '../../http/errors';
import { requireUser } from '../../http/require';
import { idParam } from '../../http/validate';
import * as notifications from './service';

export function notificationRoutes(db: Database): Router {
  const router = Router();

  // Polled every 30 s: an unchanged list answers 304 after one cheap query beside the session's (see
  // notificationsVersion; the user is not loaded for this route).
  // Older pages (?before=<id>) carry the count too, but no ETag: only the newest page is polled.
  router.get('/api/notifications', async (req, res) => {
    const principal = sessionPrincipal(req);
    const version = principal ? await notifications.notificationsVersion(db, principal) : null;
    if (!principal || !version) throw unauthorized();
    const { before } = notificationPageQuery.parse(req.query);
    res.setHeader(UNREAD_COUNT_HEADER, String(version.unread));
    if (!before) {
      res.setHeader('ETag', version.etag);
      if (req.headers['if-none-match'] === version.etag) {
        res.status(304).end();
        return;
      }
    }
    res.json(await notifications.listNotifications(db, principal.id, before));
  });

  // Declared before /:id/read so 'read-all' is never taken for an id.
  router.patch('/api/notifications/read-all', requireUser, async (req, res) => {
    await notifications.markAllRead(db, req.user!.id);
    res.json({ message: 'All notifications marked read.' });
  });

  router.patch('/api/notifications/:id/read', requireUser, async (req, res) => {
    await notifications.markRead(db, req.user!.id, idParam(req.params.id, notifications.NOTIFICATION_NOT_FOUND));
    res.json({ message: 'Notification marked read.' });
  });

  return router;
}
