import { ROLES, type Role } from './constants';
import { msg } from './messages';

/** Highest first: SuperAdmin > InstitutionAdmin > CommunityModerator > Commander > Member. */
export const ROLE_ORDER: readonly Role[] = ROLES;
export const ADMIN_ROLES: readonly Role[] = ['SuperAdmin', 'InstitutionAdmin', 'CommunityModerator'];

const rank = (role: Role) => ROLE_ORDER.length - ROLE_ORDER.indexOf(role);

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

export function highestRole(roles: readonly Role[]): Role {
  return ROLE_ORDER.find((role) => roles.includes(role)) ?? 'Member';
}

/** True when `role` is at or above `floor` in the role order (a higher role can do what a lower one can). */
export const atLeast = (roles: readonly Role[], floor: Role) => rank(highestRole(roles)) >= rank(floor);

export const isAdmin = (roles: readonly Role[]) => atLeast(roles, 'CommunityModerator');
export const isCommander = (roles: readonly Role[]) => atLeast(roles, 'Commander');

/** How a role reads on screen. */
export const ROLE_LABELS: Record<Role, string> = {
  SuperAdmin: msg('Super Admin'),
  InstitutionAdmin: msg('Institution Admin'),
  CommunityModerator: msg('Community Moderator'),
  Commander: msg('Commander'),
  Member: msg('Member'),
};

/** 'CommunityModerator' -> 'Community Moderator'. */
export const roleLabel = (role: Role) => ROLE_LABELS[role];

/** Every action a membership may take, with the lowest role that may take it. */
export const ACTION_FLOORS = {
  'community:read': 'Member',
  'community:update': 'CommunityModerator',
  'members:read': 'Member',
  'members:manage': 'CommunityModerator',
  'members:export': 'CommunityModerator',
  'roles:assign': 'CommunityModerator',
  'invites:create': 'CommunityModerator',
  'stats:read': 'Member',
  'subgroups:manage': 'CommunityModerator',
  'subgroup-stats:read': 'Commander',
  'care:read': 'Commander',
  'care:reach-out': 'Commander',
  'questions:answer': 'Commander',
  'targets:edit': 'CommunityModerator',
  'locks:manage': 'CommunityModerator',
  'locks:override': 'CommunityModerator',
  'guidance:edit': 'CommunityModerator',
  'templates:edit': 'CommunityModerator',
  'applications:review': 'CommunityModerator',
  'import:run': 'CommunityModerator',
  'reports:read': 'CommunityModerator',
  'audit:read': 'CommunityModerator',
  /** Close a community (30 days read-only, then erased) or reopen it before then (issue 39). */
  'community:close': 'CommunityModerator',
  /** Download the community's data as one JSON file (issue 39). */
  'community:export': 'CommunityModerator',
  /** Leave the community (a member's own step, allowed while it is closing). */
  'community:leave': 'Member',
} as const satisfies Record<string, Role>;

export type Action = keyof typeof ACTION_FLOORS;

/** The one permission check, used by the server to enforce and by the client to hide. */
export function can(membership: { roles: readonly Role[] } | null | undefined, action: Action): boolean {
  return membership ? atLeast(membership.roles, ACTION_FLOORS[action]) : false;
}

/** A role may be granted only by someone whose highest role is at least that role. */
export const canGrant = (granterRoles: readonly Role[], role: Role) => rank(highestRole(granterRoles)) >= rank(role);

/**
 * The roles that apply in a community: the membership's own (in their stored order), preceded by
 * InstitutionAdmin when the user holds it in any community of the same institution, and by SuperAdmin for a
 * server-granted super admin.
 */
export function effectiveRoles(own: readonly Role[], granted: { institutionAdmin: boolean; superAdmin: boolean }): Role[] {
  const extra: Role[] = [];
  if (granted.superAdmin && !own.includes('SuperAdmin')) extra.push('SuperAdmin');
  if (granted.institutionAdmin && !own.includes('InstitutionAdmin')) extra.push('InstitutionAdmin');
  return [...extra, ...own];
}
