import { type RequestHandler, Router } from 'express';
import { apiMessage, fill } from '@shared/domain/messages';
import { confirmWithPasswordBody } from '@shared/contracts/your-data';
import { signOut } from '../../auth/passport';
import { clearSessionCookie } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { requireUser } from '../../http/require';
import { type LimitRequests, MINUTE } from '../../http/security';
import { body } from '../../http/validate';
import { confirmIdentity } from '../auth/reauthentication';
import { deleteAccount } from './account-deletion';
import { exportUserData } from './user-export';

export const EXPORTS_PER_HOUR = 5;
export const EXPORT_LIMIT_MESSAGE = fill(apiMessage('You have downloaded your data {count} times in the last hour. Please wait an hour before downloading it again.'), { count: EXPORTS_PER_HOUR });

/** A member's rights over their data (issue 39 items 1 and 2): download it, and delete the account. */
export function yourDataRoutes(db: Database, limitRequests: LimitRequests, wrongPasswordPerAccount: RequestHandler, now: () => Date): Router {
  const router = Router();
  const exportLimit = limitRequests({
    name: 'user-export',
    windowMs: 60 * MINUTE,
    limit: EXPORTS_PER_HOUR,
    key: (req) => `user-export:${req.user?.id}`,
    message: EXPORT_LIMIT_MESSAGE,
  });
  router.get('/api/user/export', requireUser, exportLimit, async (req, res) => {
    const at = now();
    const data = await exportUserData(db, req.user!.id, at);
    res.setHeader('Content-Disposition', `attachment; filename="steadfast-${at.toISOString().slice(0, 10)}.json"`);
    res.type('application/json').send(JSON.stringify(data, null, 2));
  });

  router.delete('/api/user', requireUser, wrongPasswordPerAccount, body(confirmWithPasswordBody), async (req, res) => {
    await confirmIdentity(db, req, req.body.password, now());
    await deleteAccount(db, req.user!.id, now());
    await signOut(req);
    clearSessionCookie(req, res);
    res.status(204).end();
  });

  return router;
}
