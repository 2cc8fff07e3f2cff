import { type RequestHandler, Router } from 'express';
import { apiMessage, fill } from '@shared/domain/messages';
import { confirmWithPasswordBody } from '@shared/contracts/your-data';
import type { Database } from '../../db/client';
import { inCommunity } from '../../http/community-context';
import { type LimitRequests, MINUTE } from '../../http/security';
import { body } from '../../http/validate';
import { confirmIdentity } from '../auth/reauthentication';
import { closeCommunity, reopenCommunity } from './closing';
import { communityExportFileName, writeCommunityExport } from './community-export';

const onPath = { pathParam: 'id' } as const;

/** Community exports one account may download an hour (issue 39). */
export const COMMUNITY_EXPORTS_PER_HOUR = 5;
export const COMMUNITY_EXPORT_LIMIT_MESSAGE = fill(apiMessage('You can download this community’s data {count} times an hour. Please try again later.'), { count: COMMUNITY_EXPORTS_PER_HOUR });

/** Closing and reopening a community, and its export (issue 39 item 3). */
export function communityClosingRoutes(db: Database, limitRequests: LimitRequests, wrongPasswordPerAccount: RequestHandler, now: () => Date): Router {
  const router = Router();

  router.post('/api/communities/:id/close', inCommunity(db, 'community:close', onPath), wrongPasswordPerAccount, body(confirmWithPasswordBody), async (req, res) => {
    await confirmIdentity(db, req, req.body.password, now());
    res.json(await closeCommunity(db, req.community!, now()));
  });

  router.post('/api/communities/:id/reopen', inCommunity(db, 'community:close', onPath), async (req, res) => {
    res.json(await reopenCommunity(db, req.community!, now()));
  });

  // Five downloads an hour per account, counted when one is served.
  const exportLimit = limitRequests({
    name: 'community-export-per-account',
    windowMs: 60 * MINUTE,
    limit: COMMUNITY_EXPORTS_PER_HOUR,
    countSuccessesOnly: true,
    key: (req) => `community-export:${req.user?.id}`,
    message: COMMUNITY_EXPORT_LIMIT_MESSAGE,
  });

  router.get('/api/communities/:id/export', inCommunity(db, 'community:export', onPath), exportLimit, async (req, res) => {
    const at = now();
    res.status(200);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${communityExportFileName(req.community!.community, at)}"`);
    try {
      await writeCommunityExport(db, req.community!, res, at);
      res.end();
    } catch (error) {
      // Once the file has started, a failure can only cut it short: the download fails rather than saving half a file.
      if (!res.headersSent) throw error;
      req.log?.error({ err: error }, 'community export failed midway');
      res.destroy();
    }
  });

  return router;
}
