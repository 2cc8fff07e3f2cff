import { type RequestHandler, Router } from 'express';
import { administeredQuery, createCommunityBody, membersPageQuery, updateCommunityBody, updateRolesBody } from '@shared/contracts/communities';
import { uuidField } from '@shared/contracts/fields';
import { apiMessage } from '@shared/domain/messages';
import type { Database } from '../../db/client';
import { COMMUNITY_HEADER, COMMUNITY_NOT_FOUND, inCommunity, loadCommunityContext, requestedCommunityId } from '../../http/community-context';
import { unauthorized } from '../../http/errors';
import { heavyReadGate } from '../../http/heavy-read-gate';
import { requireUser } from '../../http/require';
import { body, idParam } from '../../http/validate';
import { listMembers, membersPage } from './member-list';
import * as communities from './service';
import { overviewFigures } from './overview-figures';

const onPath = { pathParam: 'id' } as const;

export function communityRoutes(db: Database, now: () => Date): Router {
  const router = Router();

  router.get('/api/memberships', requireUser, async (req, res) => {
    // The community on screen (X-Community-Id), so a SuperAdmin's open community resolves on every screen.
    const shown = uuidField.safeParse(req.headers[COMMUNITY_HEADER]);
    res.json(await communities.listMemberships(db, req.user!, shown.success ? shown.data : undefined));
  });

  router.get('/api/communities/administered', requireUser, async (req, res) => {
    const { search } = administeredQuery.parse(req.query);
    res.json(await communities.administeredCommunities(db, req.user!, search));
  });

  router.post('/api/communities', requireUser, body(createCommunityBody), async (req, res) => {
    res.status(201).json(await communities.createCommunity(db, req.user!, req.body));
  });

  // Public with ?community=<id> (the apply page greets visitors by the community's name and asks about its
  // disciplines); otherwise
  // the signed-in caller's current community.
  router.get('/api/communities/info', async (req, res) => {
    const requested = typeof req.query.community === 'string' ? req.query.community : undefined;
    if (requested !== undefined) {
      res.json(await communities.applyInfo(db, idParam(requested, COMMUNITY_NOT_FOUND)));
      return;
    }
    if (!req.user) throw unauthorized();
    const context = await loadCommunityContext(db, req.user, requestedCommunityId(req));
    res.json(communities.toCommunityView(context.community));
  });

  router.get('/api/communities/:id', inCommunity(db, 'community:read', onPath), (req, res) => {
    res.json(communities.toCommunityView(req.community!.community));
  });

  router.put('/api/communities/:id', inCommunity(db, 'community:update', onPath), body(updateCommunityBody), async (req, res) => {
    res.json(await communities.updateCommunity(db, req.community!, req.user!.id, req.body));
  });

  router.post('/api/communities/:id/leave', inCommunity(db, 'community:leave', onPath), async (req, res) => {
    await communities.leaveCommunity(db, req.community!);
    res.json({ message: 'You have left the community.' });
  });

  // SPEC.md's whole list grows with the congregation (seconds and megabytes at 20,000): a few at a time per
  // server, waiting in a queue of their community's own (one community's flood refuses nobody else).
  const wholeListGate = heavyReadGate({
    concurrent: 2,
    queued: 8,
    retryAfterSeconds: 5,
    message: apiMessage("This community's member list is being read many times right now. Please try again in a few seconds."),
    key: (req) => req.community!.community.id,
  });
  const wholeListTurn: RequestHandler = (req, res, next) => (req.query.limit === undefined ? wholeListGate(req, res, next) : next());

  router.get('/api/communities/:id/members', inCommunity(db, 'members:read', onPath), wholeListTurn, async (req, res) => {
    // With a limit, a page of the list (the app); without, SPEC.md's whole array.
    if (req.query.limit === undefined) res.json(await listMembers(db, req.community!));
    else res.json(await membersPage(db, req.community!, membersPageQuery.parse(req.query)));
  });

  router.get('/api/communities/:id/stats', inCommunity(db, 'stats:read', onPath), async (req, res) => {
    res.json(await overviewFigures(db, req.community!, now()));
  });

  router.delete('/api/communities/:id/members/:userId', inCommunity(db, 'members:manage', onPath), async (req, res) => {
    await communities.removeMember(db, req.community!, idParam(req.params.userId, communities.MEMBER_NOT_FOUND), now());
    res.json({ message: 'Member removed.' });
  });

  router.patch(
    '/api/users/:userId/role',
    inCommunity(db, 'roles:assign', { forbiddenMessage: communities.ROLE_PERMISSION_MESSAGE }),
    body(updateRolesBody),
    async (req, res) => {
      res.json(await communities.updateRoles(db, req.community!, idParam(req.params.userId, communities.MEMBER_NOT_FOUND), req.body.roles));
    },
  );

  return router;
}
