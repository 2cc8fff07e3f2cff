import { Router } from 'express';
import { linkImportedMemberBody } from '@shared/contracts/imported-members';
import type { Database } from '../../db/client';
import { inCommunity } from '../../http/community-context';
import { body, idParam } from '../../http/validate';
import { IMPORTED_MEMBER_NOT_FOUND, linkImportedMember } from './link-service';

/** An admin links a name-only imported record of their community to a real member of it (link-service.ts). */
export function importedMemberLinkRoutes(db: Database, now: () => Date): Router {
  const router = Router();

  router.post(
    '/api/communities/:id/imported-members/:importedUserId/link',
    inCommunity(db, 'members:manage', { pathParam: 'id' }),
    body(linkImportedMemberBody),
    async (req, res) => {
      const importedUserId = idParam(req.params.importedUserId, IMPORTED_MEMBER_NOT_FOUND);
      res.status(202).json(await linkImportedMember(db, req.community!, req.user!, importedUserId, req.body.userId, now()));
    },
  );

  return router;
}
