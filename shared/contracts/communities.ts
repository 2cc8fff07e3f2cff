import type { Role } from '../domain/constants';

/** GET /api/memberships: one entry per community the user belongs to. */
export interface MembershipView {
  id: string;
  communityId: string;
  userId: string;
  /** The highest of `roles`. */
  role: Role;
  roles: Role[];
  subgroupId: string | null;
  community: { id: string; name: string; description: string | null };
}
