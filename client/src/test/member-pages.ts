import type { CommunityMember, MembersPage } from '@shared/contracts/communities';
import { atLeast } from '@shared/domain/roles';
import { type Handler, json } from './api-mock';

/**
 * GET /api/communities/{id}/members as the server answers it, from a fixed list: with `limit`, a page
 * (by the list's order; the cursor is the index to start from; `search` matched on name or e-mail, case
 * and accents aside; `role` held, `subgroupId` an id, none, or unassigned (none, and not among
 * `leaderIds`), `mayLead` Commander or above by rank or role), else the whole array.
 */
export function servesMembers(members: readonly CommunityMember[], leaderIds: readonly string[] = []): Handler {
  return (request) => {
    const query = new URL(request.url, 'http://test').searchParams;
    const limit = query.get('limit');
    if (limit === null) return json(members);
    const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const search = plain(query.get('search') ?? '');
    const role = query.get('role');
    const subgroup = query.get('subgroupId');
    const mayLead = query.get('mayLead') === 'true';
    const inSubgroup = (member: CommunityMember) =>
      !subgroup ||
      (subgroup === 'none' ? member.subgroupId === null : subgroup === 'unassigned' ? member.subgroupId === null && !leaderIds.includes(member.id) : member.subgroupId === subgroup);
    const matching = members.filter(
      (member) =>
        (!search || plain(member.displayName).includes(search) || plain(member.email ?? '').includes(search)) &&
        (!role || member.roles.includes(role as CommunityMember['roles'][number])) &&
        inSubgroup(member) &&
        (!mayLead || atLeast([member.rank, ...member.roles], 'Commander')),
    );
    const start = Number(query.get('cursor') ?? 0);
    const end = start + Number(limit);
    const page: MembersPage = { members: matching.slice(start, end), nextCursor: end < matching.length ? String(end) : null, total: query.get('cursor') ? null : matching.length };
    return json(page);
  };
}
